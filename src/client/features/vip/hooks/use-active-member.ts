import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../../../lib/api-client.js';
import { vipAccountQuery } from '../api/vip-account.js';

/** How long a membership read stays good for the catalog's buttons. */
const staleMs = 60_000;

/**
 * Whether the visitor is an active, signed-in member, asked only when they reach for a perk: the
 * public pages and their caches never depend on the member's cookie (docs/decisions/0066).
 * `isKnownActive` is what this tab already knows (the member page read it); `checkMembership` asks
 * (the member's status, undefined when signed out; a failure to ask throws).
 */
export function useActiveMember() {
  const queryClient = useQueryClient();
  const known = useQuery({ ...vipAccountQuery, enabled: false, staleTime: staleMs });
  const checkMembership = useCallback(async () => {
    try {
      const account = await queryClient.fetchQuery({ ...vipAccountQuery, staleTime: staleMs, retry: false });
      return account.data.status;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return undefined;
      throw error;
    }
  }, [queryClient]);
  return { isKnownActive: known.data?.data.status === 'active', checkMembership };
}
