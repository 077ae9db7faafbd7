import { queryOptions } from '@tanstack/react-query';
import type { adminWaitingListResponseSchema, adminWaitingListSentResponseSchema } from '../../../../shared/api/vip-waiting-list.js';
import { apiGet, apiSend, type Answer } from '../../../lib/api-client.js';
import { withAdminSession } from './admin-request.js';

// The VIP waiting list's one email (docs/decisions/0099): the owner's.

/** `GET /api/admin/waiting-list`: whether payments are open, whom the email reaches now, the last send. */
export function adminWaitingListQuery(token: string) {
  return queryOptions({
    queryKey: ['admin', 'waiting-list'],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof adminWaitingListResponseSchema>>('/admin/waiting-list', undefined, signal, { token })),
    select: (body) => body.data,
  });
}

/** `POST /api/admin/waiting-list/send`: each address gets the email once, however often this is called. */
export function sendWaitingList(token: string) {
  return withAdminSession(apiSend<Answer<typeof adminWaitingListSentResponseSchema>>('POST', '/admin/waiting-list/send', undefined, { token }));
}
