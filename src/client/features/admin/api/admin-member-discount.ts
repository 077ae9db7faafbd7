import { queryOptions } from '@tanstack/react-query';
import type { adminMemberDiscountResponseSchema, MemberDiscount } from '../../../../shared/api/vip-perks.js';
import { apiGet, apiSend, type Answer } from '../../../lib/api-client.js';
import { withAdminSession } from './admin-request.js';

type DiscountAnswer = Answer<typeof adminMemberDiscountResponseSchema>;

/** `GET /api/admin/members/discount`: the members' discount code, or null (docs/decisions/0066). */
export function memberDiscountQuery(token: string) {
  return queryOptions({
    queryKey: ['admin', 'members', 'discount'],
    queryFn: ({ signal }) => withAdminSession(apiGet<DiscountAnswer>('/admin/members/discount', undefined, signal, { token })),
    select: (body) => body.data,
  });
}

export function saveMemberDiscount(token: string, discount: MemberDiscount) {
  return withAdminSession(apiSend<DiscountAnswer>('PUT', '/admin/members/discount', discount, { token }));
}

export function removeMemberDiscount(token: string) {
  return withAdminSession(apiSend<DiscountAnswer>('DELETE', '/admin/members/discount', undefined, { token }));
}
