import { queryOptions } from '@tanstack/react-query';
import type {
  adminLoginResponseSchema,
  adminLogoutResponseSchema,
  changePasswordResponseSchema,
  verifyAdminTokenResponseSchema,
  AdminLoginRequest,
  ChangePasswordRequest,
} from '../../../../shared/api/admin-auth.js';
import { apiGet, apiPost, type Answer } from '../../../lib/api-client.js';
import { withAdminSession } from './admin-request.js';

/** `POST /api/admin/login`: the server alone checks the credentials (docs/product.md §10.6). */
export function logIn(credentials: AdminLoginRequest) {
  return apiPost<Answer<typeof adminLoginResponseSchema>>('/admin/login', credentials);
}

/** `POST /api/admin/logout`: revokes the token on the server. */
export function logOut(token: string) {
  return apiPost<Answer<typeof adminLogoutResponseSchema>>('/admin/logout', {}, { token });
}

/** `GET /api/admin/verify-admin-token`: who the stored token belongs to; a 401 means it is no good. */
export function verifyAdminTokenQuery(token: string) {
  return queryOptions({
    queryKey: ['admin', 'session', token],
    queryFn: ({ signal }) => apiGet<Answer<typeof verifyAdminTokenResponseSchema>>('/admin/verify-admin-token', undefined, signal, { token }),
    select: (body) => body.data.user,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/**
 * `POST /api/admin/change-password` for the admin of the token; a wrong current password is a 400 on currentPassword.
 * The answer's `token` replaces the one sent, which the change has ended with every other session.
 */
export function changePassword(token: string, request: ChangePasswordRequest) {
  return withAdminSession(apiPost<Answer<typeof changePasswordResponseSchema>>('/admin/change-password', request, { token }));
}
