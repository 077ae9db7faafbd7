import type { ShopCurrency } from '../api/shop.js';
import type { VipMemberStatus } from '../api/vip.js';
import { currentSiteSettings } from '../site-settings.js';
import { leastCharge } from './least-charge.js';

// The VIP members' discount in the shop (issue 36, docs/decisions/0105): a percent per plan, set in the
// site settings (`shop.memberDiscounts`), for active members signed in. The server applies it at
// Checkout; the buy dialog shows the same figure from the member's own account and the public settings.

/** The percent off a member gets: their plan's, while active (only `active` grants a plan's perks: api/vip.ts); 0 for anyone else. */
export function memberDiscountOf(member: { plan: string; status: VipMemberStatus } | undefined): number {
  if (member?.status !== 'active') return 0;
  return currentSiteSettings().shop.memberDiscounts[member.plan] ?? 0;
}

/** An amount in the currency's major unit less `percent`, rounded to the cent, half up (€7.99 less 10% is €7.19). */
export function lessDiscount(amount: number, percent: number): number {
  const cents = Math.round(amount * 100);
  return Math.floor((cents * (100 - percent) + 50) / 100) / 100;
}

/**
 * A price (or a pay-what-you-want minimum) for a member of `percent`: less the discount, but never below
 * what Stripe charges at least (€0.50 less 10% stays €0.50); 0 stays free.
 */
export function memberPrice(price: { amount: number; currency: ShopCurrency }, percent: number): number {
  if (price.amount === 0 || percent === 0) return price.amount;
  return Math.max(lessDiscount(price.amount, percent), leastCharge[price.currency]);
}
