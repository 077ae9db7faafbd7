import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { NewsletterDraft, newsletterReachResponseSchema, newsletterResponseSchema, newslettersResponseSchema } from '../../../../shared/api/newsletters.js';
import { apiGet, apiSend, type Answer } from '../../../lib/api-client.js';
import { withAdminSession } from './admin-request.js';

// The members' newsletter (docs/decisions/0065): drafts, the reach of a plan choice, the one send.

/** `GET /api/admin/newsletters`: the latest newsletters, drafts and sent. */
export function newslettersQuery(token: string) {
  return queryOptions({
    queryKey: ['admin', 'newsletters'],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof newslettersResponseSchema>>('/admin/newsletters', { limit: 50 }, signal, { token })),
  });
}

/** `GET /api/admin/newsletters/reach`: how many members these plans reach now. */
export function newsletterReachQuery(token: string, plans: readonly string[]) {
  return queryOptions({
    queryKey: ['admin', 'newsletters', 'reach', [...plans].sort().join(',')],
    queryFn: ({ signal }) =>
      withAdminSession(apiGet<Answer<typeof newsletterReachResponseSchema>>('/admin/newsletters/reach', { plans: plans.join(',') }, signal, { token })),
    select: (body) => body.data,
    placeholderData: keepPreviousData,
  });
}

/** Saves a draft: a new one (`POST`) or over its last version (`PUT`). */
export function saveNewsletter(token: string, id: string | null, draft: NewsletterDraft) {
  const call = id
    ? apiSend<Answer<typeof newsletterResponseSchema>>('PUT', `/admin/newsletters/${encodeURIComponent(id)}`, draft, { token })
    : apiSend<Answer<typeof newsletterResponseSchema>>('POST', '/admin/newsletters', draft, { token });
  return withAdminSession(call);
}

/** `POST /api/admin/newsletters/{id}/send`: once; a second send is a 409 that sends nothing. */
export function sendNewsletter(token: string, id: string) {
  return withAdminSession(apiSend<Answer<typeof newsletterResponseSchema>>('POST', `/admin/newsletters/${encodeURIComponent(id)}/send`, undefined, { token }));
}
