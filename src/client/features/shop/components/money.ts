import type { ReleasePrice } from '../../../../shared/api/shop.js';
import { memberPrice } from '../../../../shared/domain/vip-price.js';

/** An amount as buyers read it: "€7.99", "$5.00". */
export const money = (amount: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);

/** What a Buy button says: "Buy €7.99", "Free download" ("Free" on a track's row), "Name your price"; "Pre-order" before its day. */
export function buyLabel(price: ReleasePrice, isUpcoming: boolean, free = 'Free download'): string {
  if (price.pay_what_you_want) return 'Name your price';
  if (price.amount === 0) return free;
  return `${isUpcoming ? 'Pre-order' : 'Buy'} ${money(price.amount, price.currency)}`;
}

/**
 * What a VIP member's discount makes of the price (docs/decisions/0105), as the server charges it: "VIP
 * price €7.19 (10% off)", pay-what-you-want "VIP price: €4.50 or more (10% off)"; undefined when it takes
 * nothing off (no discount, or a price of 0).
 */
export function vipPriceNote(price: ReleasePrice, percent: number): string | undefined {
  if (percent === 0 || price.amount === 0) return undefined;
  const least = money(memberPrice(price, percent), price.currency);
  return price.pay_what_you_want ? `VIP price: ${least} or more (${percent}% off)` : `VIP price ${least} (${percent}% off)`;
}
