import type { ShopCurrency } from '../api/shop.js';

// Apart from the shop's contract (api/shop.ts, which re-exports it), so that the pages that show a
// member's price carry no zod (docs/decisions/0106).

/**
 * The least Stripe charges in each currency (its documented minimum charge amounts), in the major unit: a
 * price, and an amount a buyer chooses, is 0 (free) or at least this, else Stripe refuses the Checkout.
 */
export const leastCharge: Record<ShopCurrency, number> = { EUR: 0.5, USD: 0.5, GBP: 0.3 };
