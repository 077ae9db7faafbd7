import { queryOptions } from '@tanstack/react-query';
import type { adminActivityResponseSchema, adminSetupResponseSchema, adminStatsResponseSchema } from '../../../../shared/api/admin-overview.js';
import { apiGet, type Answer } from '../../../lib/api-client.js';
import { withAdminSession } from './admin-request.js';

// No staleTime: the Overview counts again each time it is opened, after edits made in other tabs.

/** `GET /api/admin/stats`: the Quick Stats figures. */
export function adminStatsQuery(token: string) {
  return queryOptions({
    queryKey: ['admin', 'overview', 'stats'],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof adminStatsResponseSchema>>('/admin/stats', undefined, signal, { token })),
    select: (body) => body.data,
  });
}

/** `GET /api/admin/activity`: the latest `limit` events, newest first. */
export function adminActivityQuery(token: string, limit: number) {
  return queryOptions({
    queryKey: ['admin', 'overview', 'activity', limit],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof adminActivityResponseSchema>>('/admin/activity', { limit }, signal, { token })),
    select: (body) => body.data,
  });
}

/** `GET /api/admin/setup`: the setup checklist and what fans see while a setting is missing (docs/decisions/0099). */
export function adminSetupQuery(token: string) {
  return queryOptions({
    queryKey: ['admin', 'overview', 'setup'],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof adminSetupResponseSchema>>('/admin/setup', undefined, signal, { token })),
    select: (body) => body.data,
  });
}
