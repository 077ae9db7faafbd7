import { afterEach, describe, expect, it } from 'vitest';
import { applySiteSettings, currentSiteSettings } from '../site-settings.js';
import { lessDiscount, memberDiscountOf, memberPrice } from './vip-price.js';

describe("the VIP members' discount", () => {
  const settings = currentSiteSettings();
  afterEach(() => applySiteSettings(settings));

  it('takes the percent off to the cent, rounding half up', () => {
    expect(lessDiscount(7.99, 10)).toBe(7.19);
    expect(lessDiscount(8.45, 10)).toBe(7.61);
    expect(lessDiscount(0.05, 10)).toBe(0.05);
    expect(lessDiscount(5, 0)).toBe(5);
    expect(lessDiscount(1000, 90)).toBe(100);
    expect(lessDiscount(0, 50)).toBe(0);
  });

  it("never takes a price below what Stripe charges at least, and leaves free free", () => {
    expect(memberPrice({ amount: 0.5, currency: 'EUR' }, 10)).toBe(0.5);
    expect(memberPrice({ amount: 3, currency: 'USD' }, 90)).toBe(0.5);
    expect(memberPrice({ amount: 3, currency: 'GBP' }, 90)).toBe(0.3);
    expect(memberPrice({ amount: 7.99, currency: 'EUR' }, 10)).toBe(7.19);
    expect(memberPrice({ amount: 0, currency: 'EUR' }, 10)).toBe(0);
  });

  it("gives an active member their plan's percent, and anyone else none", () => {
    applySiteSettings({ ...settings, shop: { ...settings.shop, memberDiscounts: { monthly: 10 } } });
    expect(memberDiscountOf({ plan: 'monthly', status: 'active' })).toBe(10);
    expect(memberDiscountOf({ plan: 'annual', status: 'active' })).toBe(0);
    expect(memberDiscountOf({ plan: 'monthly', status: 'past_due' })).toBe(0);
    expect(memberDiscountOf(undefined)).toBe(0);
  });
});
