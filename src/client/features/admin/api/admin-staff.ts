import { queryOptions } from '@tanstack/react-query';
import type {
  acceptInvitationResponseSchema,
  AcceptInvitationRequest,
  invitationResponseSchema,
  InviteStaffRequest,
  inviteStaffResponseSchema,
  staffDoneResponseSchema,
  staffListResponseSchema,
} from '../../../../shared/api/staff.js';
import { apiGet, apiPost, apiSend, type Answer } from '../../../lib/api-client.js';
import { withAdminSession } from './admin-request.js';

export const adminStaffKey = ['admin', 'staff'] as const;

/** `GET /api/admin/staff`: the accounts and the pending invitations (owner). */
export function adminStaffQuery(token: string) {
  return queryOptions({
    queryKey: adminStaffKey,
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof staffListResponseSchema>>('/admin/staff', undefined, signal, { token })),
    select: (body) => body.data,
  });
}

/** `POST /api/admin/staff`: emails an invitation. */
export function inviteStaff(token: string, request: InviteStaffRequest) {
  return withAdminSession(apiPost<Answer<typeof inviteStaffResponseSchema>>('/admin/staff', request, { token }));
}

/** `DELETE /api/admin/staff/{id}`: the account's sessions end at once. */
export function removeStaff(token: string, id: string) {
  return withAdminSession(apiSend<Answer<typeof staffDoneResponseSchema>>('DELETE', `/admin/staff/${encodeURIComponent(id)}`, undefined, { token }));
}

/** `DELETE /api/admin/staff/invitations/{id}`. */
export function cancelInvitation(token: string, id: string) {
  return withAdminSession(apiSend<Answer<typeof staffDoneResponseSchema>>('DELETE', `/admin/staff/invitations/${encodeURIComponent(id)}`, undefined, { token }));
}

/** `GET /api/admin/invitations/{token}`: the invitation of an emailed link (no session). */
export function invitationQuery(invitationToken: string) {
  return queryOptions({
    queryKey: ['invitation', invitationToken],
    queryFn: ({ signal }) => apiGet<Answer<typeof invitationResponseSchema>>(`/admin/invitations/${encodeURIComponent(invitationToken)}`, undefined, signal),
    select: (body) => body.data,
    retry: false,
  });
}

/** `POST /api/admin/invitations/{token}`: makes the account; the answer carries its first session's token. */
export function acceptInvitation(invitationToken: string, request: AcceptInvitationRequest) {
  return apiPost<Answer<typeof acceptInvitationResponseSchema>>(`/admin/invitations/${encodeURIComponent(invitationToken)}`, request);
}
