import { queryOptions } from '@tanstack/react-query';
import type { adminBackupsResponseSchema } from '../../../../shared/api/admin-backups.js';
import { apiGet, type Answer } from '../../../lib/api-client.js';
import { withAdminSession } from './admin-request.js';

/** `GET /api/admin/backups`: the last backup, a newer failed one, and the server's schedule. */
export function adminBackupsQuery(token: string) {
  return queryOptions({
    queryKey: ['admin', 'backups'],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof adminBackupsResponseSchema>>('/admin/backups', undefined, signal, { token })),
    select: (body) => body.data,
  });
}
