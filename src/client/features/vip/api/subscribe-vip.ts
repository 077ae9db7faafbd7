import { vipSubscriptionResponseSchema, type VipSubscriptionRequest } from '../../../../shared/api/vip.js';
import { apiPost } from '../../../lib/api-client.js';

/** POST /api/subscribe-vip: a new member (201) or a changed plan for a known email (200). */
export function subscribeVip(request: VipSubscriptionRequest) {
  return apiPost(vipSubscriptionResponseSchema, '/subscribe-vip', request);
}
