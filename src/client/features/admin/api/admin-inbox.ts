import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { adminDemoResponseSchema, adminDemosResponseSchema, AdminDemosQuery } from '../../../../shared/api/admin-inbox.js';
import type { adminMembersResponseSchema, AdminMembersFilter, AdminMembersQuery } from '../../../../shared/api/admin-members.js';
import type { DemoStatus } from '../../../../shared/api/demos.js';
import { apiDownload, apiGet, apiSend, type Answer } from '../../../lib/api-client.js';
import { withAdminSession } from './admin-request.js';

/** The Demos and Members lists come 20 to a page, with no choice of size. */
export const inboxPageSize = 20;

/** Every demo query starts with this key: a status change refreshes the list and the detail. */
export const adminDemosKey = ['admin', 'demos'] as const;

/** `GET /api/admin/demos`; the page on screen stays while the next one loads. */
export function adminDemosQuery(token: string, query: AdminDemosQuery) {
  return queryOptions({
    queryKey: [...adminDemosKey, 'list', query],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof adminDemosResponseSchema>>('/admin/demos', query, signal, { token })),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/admin/demos/{id}`: every field of the form. */
export function adminDemoQuery(token: string, id: string) {
  return queryOptions({
    queryKey: [...adminDemosKey, 'detail', id],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof adminDemoResponseSchema>>(`/admin/demos/${encodeURIComponent(id)}`, undefined, signal, { token })),
    select: (body) => body.data,
  });
}

/** `PATCH /api/admin/demos/{id}`: moves the demo to `status`; answers the demo as it now is. */
export function changeDemoStatus(token: string, id: string, status: DemoStatus) {
  return withAdminSession(apiSend<Answer<typeof adminDemoResponseSchema>>('PATCH', `/admin/demos/${encodeURIComponent(id)}`, { status }, { token }));
}

/** `GET /api/admin/members`. */
export function adminMembersQuery(token: string, query: AdminMembersQuery) {
  return queryOptions({
    queryKey: ['admin', 'members', query],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof adminMembersResponseSchema>>('/admin/members', query, signal, { token })),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/admin/members/export.csv` with the list's filters, as a file. */
export function downloadMembersCsv(token: string, filter: AdminMembersFilter) {
  return withAdminSession(apiDownload('/admin/members/export.csv', filter, { token }));
}

/** `POST /api/admin/demos/{id}/undo`: within its 10 minutes, takes back an accept or a decline and its email. */
export function undoDemoDecision(token: string, id: string) {
  return withAdminSession(apiSend<Answer<typeof adminDemoResponseSchema>>('POST', `/admin/demos/${encodeURIComponent(id)}/undo`, undefined, { token }));
}
