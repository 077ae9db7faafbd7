import { queryOptions } from '@tanstack/react-query';
import type { publicDemoStatusResponseSchema, unsubscribeResponseSchema } from '../../../../shared/api/messaging.js';
import { apiGet, apiPost, type Answer } from '../../../lib/api-client.js';

/** GET /api/demo-status/{token}: the demo of a receipt's private link. */
export function demoStatusQuery(token: string) {
  return queryOptions({
    queryKey: ['demo-status', token],
    queryFn: ({ signal }) => apiGet<Answer<typeof publicDemoStatusResponseSchema>>(`/demo-status/${encodeURIComponent(token)}`, undefined, signal),
  });
}

/** GET /api/unsubscribe/{token}: the address (partly hidden) and list of an unsubscribe link. */
export function unsubscribeQuery(token: string) {
  return queryOptions({
    queryKey: ['unsubscribe', token],
    queryFn: ({ signal }) => apiGet<Answer<typeof unsubscribeResponseSchema>>(`/unsubscribe/${encodeURIComponent(token)}`, undefined, signal),
  });
}

/** POST /api/unsubscribe/{token}: leaves the list (saying it twice changes nothing). */
export function unsubscribe(token: string) {
  return apiPost<Answer<typeof unsubscribeResponseSchema>>(`/unsubscribe/${encodeURIComponent(token)}`, undefined);
}
