import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { memberSessionQuery } from '../../../lib/member-session.js';

/**
 * Whether the visitor is an active, signed-in member, asked only when they reach for a perk: the
 * public pages and their caches never depend on the member's cookie (docs/decisions/0066).
 * `isKnownActive` is what this tab already knows (the member page or the buy form read it);
 * `checkMembership` asks GET /api/vip/session (the member's status, undefined when signed out: a 200,
 * so a visitor's browser logs no error; a failure to ask throws).
 */
export function useActiveMember() {
  const queryClient = useQueryClient();
  const known = useQuery({ ...memberSessionQuery, enabled: false });
  const checkMembership = useCallback(async () => (await queryClient.fetchQuery(memberSessionQuery)).data?.status, [queryClient]);
  return { isKnownActive: known.data?.data?.status === 'active', checkMembership };
}
