import { queryOptions } from '@tanstack/react-query';
import type { StaffEmailSettings, staffEmailSettingsResponseSchema } from '../../../../shared/api/messaging.js';
import { apiGet, apiSend, type Answer } from '../../../lib/api-client.js';
import { withAdminSession } from './admin-request.js';

/** `GET /api/admin/account/email`: the signed-in admin's address and digest labels. */
export function staffEmailQuery(token: string) {
  return queryOptions({
    queryKey: ['admin', 'account', 'email'],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof staffEmailSettingsResponseSchema>>('/admin/account/email', undefined, signal, { token })),
    select: (body) => body.data,
  });
}

/** `PUT /api/admin/account/email`. */
export function saveStaffEmail(token: string, settings: StaffEmailSettings) {
  return withAdminSession(apiSend<Answer<typeof staffEmailSettingsResponseSchema>>('PUT', '/admin/account/email', settings, { token }));
}
