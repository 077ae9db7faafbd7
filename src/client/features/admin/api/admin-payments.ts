import { queryOptions } from '@tanstack/react-query';
import type { adminMembersReconcileResponseSchema } from '../../../../shared/api/admin-members.js';
import type { adminPaymentsResponseSchema } from '../../../../shared/api/admin-payments.js';
import { apiGet, apiSend, type Answer } from '../../../lib/api-client.js';
import { withAdminSession } from './admin-request.js';

/** `GET /api/admin/payments`: Stripe connected or not, and its webhook (docs/decisions/0094). */
export function adminPaymentsQuery(token: string) {
  return queryOptions({
    queryKey: ['admin', 'payments'],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof adminPaymentsResponseSchema>>('/admin/payments', undefined, signal, { token })),
    select: (body) => body.data,
  });
}

/** `POST /api/admin/members/reconcile`: every member with a subscription checked with Stripe; how many were checked and changed. */
export async function checkMembersWithStripe(token: string) {
  return (await withAdminSession(apiSend<Answer<typeof adminMembersReconcileResponseSchema>>('POST', '/admin/members/reconcile', undefined, { token }))).data;
}
