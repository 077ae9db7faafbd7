import { useQuery } from '@tanstack/react-query';
import { memberDiscountOf } from '../../../../shared/domain/vip-price.js';
import { memberSessionQuery } from '../../../lib/member-session.js';

/**
 * The visitor's VIP discount (percent, 0 for none) and whether they are a member signed in. `ask`: ask
 * GET /api/vip/session (the buy dialog, open); otherwise only what this tab already knows, so that a
 * release page asks nothing of the member's cookie (docs/decisions/0066). The server's figure is the
 * truth: this only shows it.
 */
export function useMemberDiscount(ask: boolean) {
  const session = useQuery({ ...memberSessionQuery, enabled: ask });
  const member = session.data?.data;
  return {
    isSignedIn: Boolean(member),
    isAsking: session.isLoading,
    percent: member ? memberDiscountOf(member) : 0,
  };
}
