import type {
  vipSubscriptionResponseSchema,
  VipSubscriptionRequest,
} from '../../../../shared/api/vip.js';
import { apiPost, type Answer } from '../../../lib/api-client.js';

/** POST /api/subscribe-vip: a new member (201) or a changed plan for a known email (200). */
export function subscribeVip(request: VipSubscriptionRequest) {
  return apiPost<Answer<typeof vipSubscriptionResponseSchema>>('/subscribe-vip', request);
}
