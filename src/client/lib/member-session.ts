import { queryOptions } from '@tanstack/react-query';
import type { vipSessionResponseSchema } from '../../shared/api/vip-account.js';
import { apiGet, type Answer } from './api-client.js';

/**
 * GET /api/vip/session: the VIP member signed in (plan and status), or null signed out. What the public
 * pages ask (the buy form's VIP price, the catalog's member perks, the member page before its account):
 * a 200 either way, where GET /api/vip/account's 401 to a visitor is an error the browser logs. One
 * key for the shop and VIP features: an answer this tab has serves both.
 */
export const memberSessionQuery = queryOptions({
  queryKey: ['vip', 'session'] as const,
  queryFn: ({ signal }) => apiGet<Answer<typeof vipSessionResponseSchema>>('/vip/session', undefined, signal),
  retry: false,
  staleTime: 60_000,
});
