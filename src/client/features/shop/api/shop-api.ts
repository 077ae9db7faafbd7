import { queryOptions } from '@tanstack/react-query';
import type {
  checkoutResponseSchema,
  OrderRequest,
  orderResponseSchema,
  redeemResponseSchema,
  resendResponseSchema,
} from '../../../../shared/api/shop.js';
import type { DownloadFormat } from '../../../../shared/download-formats.js';
import { apiGet, apiPost, apiUrl, toApiError, type Answer } from '../../../lib/api-client.js';

// The fan's side of the shop (issue 36, docs/decisions/0105): buying, the order page, redeeming a code.

/**
 * POST /api/orders: the Checkout to pay on, or (nothing to pay) the order's page. A VIP member signed in
 * buys through POST /api/vip/orders, where their session cookie goes (it is sent to /api/vip only) and
 * their plan's discount applies.
 */
export function startOrder(request: OrderRequest, { asMember }: { asMember: boolean }) {
  return apiPost<Answer<typeof checkoutResponseSchema>>(asMember ? '/vip/orders' : '/orders', request);
}

/** GET /api/orders/{token}: what the order holds; 409 while Stripe has not confirmed, 410 once refunded. Never kept: each visit asks. */
export function orderQuery(token: string) {
  return queryOptions({
    queryKey: ['order', token],
    queryFn: ({ signal }) => apiGet<Answer<typeof orderResponseSchema>>(`/orders/${encodeURIComponent(token)}`, undefined, signal),
    retry: false,
    gcTime: 0,
  });
}

/** POST /api/redeem: a code and an address give an order; its page. */
export function redeemCode(request: { code: string; email: string }) {
  return apiPost<Answer<typeof redeemResponseSchema>>('/redeem', request);
}

/** POST /api/orders/resend: a link to each paid order of the address, by email (the answer is the same whatever the address). */
export function resendOrderLinks(email: string) {
  return apiPost<Answer<typeof resendResponseSchema>>('/orders/resend', { email });
}

/**
 * Downloads a track of the order in a format: asks the order for a fresh signed link (its 303), waits
 * while the format is being made (the file's answer comes once it is), then hands the signed link to
 * the browser, which saves the file. A refusal (the link limit's 429, a refund's 410) throws its message.
 */
export async function downloadOrderTrack({ token, trackId, format }: { token: string; trackId: string; format: DownloadFormat }): Promise<void> {
  const controller = new AbortController();
  const res = await fetch(apiUrl(`/orders/${encodeURIComponent(token)}/downloads/${encodeURIComponent(trackId)}/${format}`), { signal: controller.signal });
  if (!res.ok) throw toApiError(res.status, await res.json().catch(() => undefined));
  // Only the headers were needed: the browser fetches the file itself through the signed link, which works for a day.
  controller.abort();
  window.location.assign(res.url);
}
