import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { adminOrderResendResponseSchema, adminOrdersResponseSchema, AdminOrdersQuery, adminRevenueResponseSchema } from '../../../../shared/api/admin-orders.js';
import type { codesListResponseSchema, codesResponseSchema } from '../../../../shared/api/shop.js';
import { apiDownload, apiGet, apiSend, type Answer } from '../../../lib/api-client.js';
import { withAdminSession } from './admin-request.js';

// The shop for staff (issue 36): a release's download codes; the orders, revenue and a download email sent again (owners).

const releaseCodes = (id: string) => `/admin/releases/${encodeURIComponent(id)}/codes`;

/** `GET /api/admin/releases/{id}/codes`: oldest first, with who redeemed each. */
export function adminCodesQuery(token: string, releaseId: string) {
  return queryOptions({
    queryKey: ['admin', 'codes', releaseId],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof codesListResponseSchema>>(releaseCodes(releaseId), {}, signal, { token })),
  });
}

export function makeCodes(token: string, releaseId: string, request: { count: number; expires_at: string | null; note?: string }) {
  return withAdminSession(apiSend<Answer<typeof codesResponseSchema>>('POST', releaseCodes(releaseId), request, { token }));
}

/** `GET /api/admin/releases/{id}/codes.csv`, as a file. */
export function downloadCodesCsv(token: string, releaseId: string) {
  return withAdminSession(apiDownload(`${releaseCodes(releaseId)}.csv`, {}, { token }));
}

/** `GET /api/admin/orders`: one page, newest first, searched and filtered on the server. */
export function adminOrdersQuery(token: string, query: Partial<AdminOrdersQuery>) {
  return queryOptions({
    queryKey: ['admin', 'orders', query],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof adminOrdersResponseSchema>>('/admin/orders', query, signal, { token })),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/admin/orders/revenue`: per release and per month, per currency. */
export function adminRevenueQuery(token: string) {
  return queryOptions({
    queryKey: ['admin', 'orders', 'revenue'],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof adminRevenueResponseSchema>>('/admin/orders/revenue', {}, signal, { token })),
  });
}

export function resendOrder(token: string, orderId: string) {
  return withAdminSession(apiSend<Answer<typeof adminOrderResendResponseSchema>>('POST', `/admin/orders/${encodeURIComponent(orderId)}/resend`, undefined, { token }));
}
