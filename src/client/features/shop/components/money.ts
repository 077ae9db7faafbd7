import type { ReleasePrice } from '../../../../shared/api/shop.js';

/** An amount as buyers read it: "€7.99", "$5.00". */
export const money = (amount: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);

/** What the release's Buy button says: "Buy €7.99", "Free download", "Name your price"; "Pre-order" before its day. */
export function buyLabel(price: ReleasePrice, isUpcoming: boolean): string {
  if (price.pay_what_you_want) return 'Name your price';
  if (price.amount === 0) return 'Free download';
  return `${isUpcoming ? 'Pre-order' : 'Buy'} ${money(price.amount, price.currency)}`;
}
