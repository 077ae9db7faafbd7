import { queryOptions } from '@tanstack/react-query';
import type {
  publicDemoStatusResponseSchema,
  releaseAlertAskedResponseSchema,
  releaseAlertResponseSchema,
  unsubscribeResponseSchema,
} from '../../../../shared/api/messaging.js';
import type { waitingListAskedResponseSchema, waitingListLinkResponseSchema } from '../../../../shared/api/vip-waiting-list.js';
import { apiGet, apiPost, apiSend, type Answer } from '../../../lib/api-client.js';

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

/** GET /api/notify/{token}: the release and address (partly hidden) of a "Notify me" link; changes nothing. */
export function releaseAlertQuery(token: string) {
  return queryOptions({
    queryKey: ['notify', token],
    queryFn: ({ signal }) => apiGet<Answer<typeof releaseAlertResponseSchema>>(`/notify/${encodeURIComponent(token)}`, undefined, signal),
  });
}

/** POST /api/notify/{token}/confirm: the double opt-in's second step (saying it twice changes nothing). */
export function confirmReleaseAlert(token: string) {
  return apiPost<Answer<typeof releaseAlertResponseSchema>>(`/notify/${encodeURIComponent(token)}/confirm`, undefined);
}

/** DELETE /api/notify/{token}: forgets the address for the release at once. */
export function forgetReleaseAlert(token: string) {
  return apiSend<Answer<typeof releaseAlertAskedResponseSchema>>('DELETE', `/notify/${encodeURIComponent(token)}`, undefined);
}

/** GET /api/vip/waiting-list/{token}: the address (partly hidden) of a VIP waiting-list link; changes nothing (docs/decisions/0099). */
export function waitingListLinkQuery(token: string) {
  return queryOptions({
    queryKey: ['vip-waiting-list', token],
    queryFn: ({ signal }) => apiGet<Answer<typeof waitingListLinkResponseSchema>>(`/vip/waiting-list/${encodeURIComponent(token)}`, undefined, signal),
  });
}

/** POST /api/vip/waiting-list/{token}/confirm: the double opt-in's second step. */
export function confirmWaitingListLink(token: string) {
  return apiPost<Answer<typeof waitingListLinkResponseSchema>>(`/vip/waiting-list/${encodeURIComponent(token)}/confirm`, undefined);
}

/** DELETE /api/vip/waiting-list/{token}: takes the address off the waiting list at once. */
export function forgetWaitingListLink(token: string) {
  return apiSend<Answer<typeof waitingListAskedResponseSchema>>('DELETE', `/vip/waiting-list/${encodeURIComponent(token)}`, undefined);
}
