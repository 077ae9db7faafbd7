import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AdminOutboxQuery,
  adminOutboxEmailResponseSchema,
  adminOutboxResponseSchema,
  adminSuppressionsResponseSchema,
  suppressionLiftedResponseSchema,
} from '../../../../shared/api/messaging.js';
import { apiGet, apiPost, apiSend, type Answer } from '../../../lib/api-client.js';
import { withAdminSession } from './admin-request.js';

/** Every outbox query starts with this key: a resend refreshes the list and the email. */
export const adminOutboxKey = ['admin', 'outbox'] as const;

/** `GET /api/admin/outbox`, newest first; the page on screen stays while the next one loads. */
export function adminOutboxQuery(token: string, query: AdminOutboxQuery) {
  return queryOptions({
    queryKey: [...adminOutboxKey, 'list', query],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof adminOutboxResponseSchema>>('/admin/outbox', query, signal, { token })),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/admin/outbox/{id}`: one email with both parts (null once past its 90 days). */
export function adminOutboxEmailQuery(token: string, id: string) {
  return queryOptions({
    queryKey: [...adminOutboxKey, 'email', id],
    queryFn: ({ signal }) =>
      withAdminSession(apiGet<Answer<typeof adminOutboxEmailResponseSchema>>(`/admin/outbox/${encodeURIComponent(id)}`, undefined, signal, { token })),
    select: (body) => body.data,
  });
}

/** `POST /api/admin/outbox/{id}/resend`: a failed email goes again, with the same Message-ID. */
export function resendEmail(token: string, id: string) {
  return withAdminSession(apiPost<Answer<typeof adminOutboxEmailResponseSchema>>(`/admin/outbox/${encodeURIComponent(id)}/resend`, undefined, { token }));
}

/** `GET /api/admin/email-suppressions`: addresses a server refused for good, newest first (docs/decisions/0090). */
export function adminSuppressionsQuery(token: string, query: { q: string | undefined; offset: number; limit: number }) {
  return queryOptions({
    queryKey: [...adminOutboxKey, 'suppressions', query],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof adminSuppressionsResponseSchema>>('/admin/email-suppressions', query, signal, { token })),
    placeholderData: keepPreviousData,
  });
}

/** `DELETE /api/admin/email-suppressions/{email}`: bulk mail reaches the address again. */
export function liftSuppression(token: string, email: string) {
  return withAdminSession(apiSend<Answer<typeof suppressionLiftedResponseSchema>>('DELETE', `/admin/email-suppressions/${encodeURIComponent(email)}`, undefined, { token }));
}
