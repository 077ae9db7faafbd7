import { queryOptions } from '@tanstack/react-query';
import type { vipPaymentsResponseSchema, waitingListAskedResponseSchema, WaitingListJoin } from '../../../../shared/api/vip-waiting-list.js';
import { apiGet, apiPost, type Answer } from '../../../lib/api-client.js';

/** GET /api/vip/payments: whether VIP payments are open, which decides what the VIP page offers (docs/decisions/0099). */
export const vipPaymentsQuery = queryOptions({
  queryKey: ['vip', 'payments'],
  queryFn: ({ signal }) => apiGet<Answer<typeof vipPaymentsResponseSchema>>('/vip/payments', undefined, signal),
  select: (body) => body.data.open,
  staleTime: 60_000,
});

/** POST /api/vip/waiting-list: the address gets a link to confirm (double opt-in); the same answer for any address. */
export function joinWaitingList(request: WaitingListJoin) {
  return apiPost<Answer<typeof waitingListAskedResponseSchema>>('/vip/waiting-list', request);
}
