import { describe, expect, it } from 'vitest';
import type { ClientConfig } from '../../src/shared/api/client-config.js';
import type { SettingsChange, SiteSettings } from '../../src/shared/api/settings.js';
import { vipSignInRequiredMessage } from '../../src/shared/api/vip-account.js';
import { shopPublicUrl, useShopTestApp } from '../helpers/shop.js';
import { testDatabaseKinds } from '../helpers/test-database.js';
import { signedInMember } from '../helpers/vip-member.js';

// The VIP members' discount in the shop (issue 36 part 1, docs/decisions/0105): a percent per plan set by
// the owner in the site settings, given at Checkout to an active member signed in (their session), never
// from an email alone; the Checkout's amount, the order and its receipt say it.


describe.each(testDatabaseKinds)("the VIP members' discount on $name", (kind) => {
  const { t, stripe, aRelease, setPrice, buy, deliver, emailsTo } = useShopTestApp(kind, { deps: () => ({ rateLimits: { shop: { max: 10_000, timeWindowMs: 60_000 }, vip: { max: 10_000, timeWindowMs: 60_000 } } }) });

  const patch = (payload: unknown) => t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: t.auth, payload: payload as object });
  const buyAsMember = (cookie: string | undefined, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/vip/orders', headers: cookie ? { cookie } : {}, payload });
  /** The Checkout Session an answer leads to: its amount in minor units. */
  const sessionOf = (res: { json<T>(): T }) => stripe.sessions.find((s) => s.url === res.json<{ data: { checkoutUrl: string } }>().data.checkoutUrl);
  const amountOf = (res: { statusCode: number; body: string; json<T>(): T }) => {
    expect(res.statusCode, res.body).toBe(200);
    return sessionOf(res)?.line_items[0]?.price_data?.unit_amount;
  };

  it('takes a whole percent per VIP plan from the owner, logged and public, and refuses others naming the field', async () => {
    const refusals: [unknown, string, string][] = [
      [{ monthly: 91 }, 'shop.memberDiscounts.monthly', 'shop.memberDiscounts.monthly must be from 0 to 90'],
      [{ monthly: -1 }, 'shop.memberDiscounts.monthly', 'shop.memberDiscounts.monthly must be from 0 to 90'],
      [{ annual: 12.5 }, 'shop.memberDiscounts.annual', 'shop.memberDiscounts.annual must be a whole number'],
      [{ annual: '10' }, 'shop.memberDiscounts.annual', 'shop.memberDiscounts.annual must be a number'],
      [{ lifetime: 10 }, 'shop.memberDiscounts.lifetime', 'shop.memberDiscounts.lifetime: no VIP plan has the id lifetime; the plans are monthly, annual, premium'],
    ];
    for (const [memberDiscounts, field, message] of refusals) {
      const res = await patch({ shop: { memberDiscounts } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ field, message });
    }
    const saved = await patch({ shop: { memberDiscounts: { monthly: 10, annual: 15 } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: SiteSettings }>().data.shop).toEqual({ automaticTax: false, pricesIncludeTax: true, memberDiscounts: { monthly: 10, annual: 15 } });
    // Fans' pages show the discount from the public settings.
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json<{ data: ClientConfig }>().data.site.shop.memberDiscounts).toEqual({ monthly: 10, annual: 15 });
    const [change] = (await t.app.inject({ method: 'GET', url: '/api/admin/settings/changes', headers: t.auth })).json<{ data: SettingsChange[] }>().data;
    expect(change).toMatchObject({ by: 'alice', before: { shop: { memberDiscounts: {} } }, after: { shop: { memberDiscounts: { monthly: 10, annual: 15 } } } });
  });

  it('charges an active member signed in the price less their plan\'s percent, rounded half up, and says it on the receipt', async () => {
    await patch({ shop: { memberDiscounts: { monthly: 10, annual: 15 } } });
    const member = await signedInMember(t, 'vip-buyer@example.com', 'active');
    const release = await aRelease();
    await setPrice(release.id, { amount: 7.99, currency: 'EUR', pay_what_you_want: false });
    // €7.99 less 10% is €7.191: €7.19.
    const bought = await buyAsMember(member.cookie, { release_id: release.id, email: 'vip-buyer@example.com' });
    expect(amountOf(bought)).toBe('719');
    const { events } = stripe.completePayment(sessionOf(bought)?.id as string);
    await deliver(events);
    const receipt = (await emailsTo('vip-buyer@example.com')).find((mail) => mail.kind === 'order_receipt');
    expect(receipt?.text).toMatch(/Receipt: EUR 7\.19 paid on .+, VIP discount 10% \(reference cs_/);

    // €8.45 less 10% is €7.605: €7.61 (half up).
    await setPrice(release.id, { amount: 8.45, currency: 'EUR', pay_what_you_want: false });
    expect(amountOf(await buyAsMember(member.cookie, { release_id: release.id, email: 'vip-buyer@example.com' }))).toBe('761');
    // The member of another plan gets that plan's percent.
    const annual = await signedInMember(t, 'vip-annual@example.com', 'active', 'annual');
    expect(amountOf(await buyAsMember(annual.cookie, { release_id: release.id, email: 'vip-annual@example.com' }))).toBe('718');
  });

  it('never gives the discount from an email alone, nor to a member who is not active or of a plan without one', async () => {
    await patch({ shop: { memberDiscounts: { monthly: 10 } } });
    const member = await signedInMember(t, 'vip-address@example.com', 'active');
    const release = await aRelease();
    await setPrice(release.id, { amount: 7.99, currency: 'EUR', pay_what_you_want: false });
    // The member's own address, typed by anyone, on the public route: the price.
    expect(amountOf(await buy({ release_id: release.id, email: 'vip-address@example.com' }))).toBe('799');
    // The public route gives no discount even with the session.
    expect(amountOf(await t.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie: member.cookie }, payload: { release_id: release.id, email: 'vip-address@example.com' } }))).toBe('799');
    const signedOut = await buyAsMember(undefined, { release_id: release.id, email: 'vip-address@example.com' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ message: vipSignInRequiredMessage });
    for (const status of ['canceled', 'past_due', 'pending_payment'] as const) {
      const ended = await signedInMember(t, `vip-${status}@example.com`, status);
      expect(amountOf(await buyAsMember(ended.cookie, { release_id: release.id, email: `vip-${status}@example.com` }))).toBe('799');
    }
    const premium = await signedInMember(t, 'vip-premium@example.com', 'active', 'premium');
    const full = await buyAsMember(premium.cookie, { release_id: release.id, email: 'vip-premium@example.com' });
    expect(amountOf(full)).toBe('799');
    const { events } = stripe.completePayment(sessionOf(full)?.id as string);
    await deliver(events);
    const receipt = (await emailsTo('vip-premium@example.com')).find((mail) => mail.kind === 'order_receipt');
    expect(receipt?.text).toMatch(/Receipt: EUR 7\.99 paid on [^,]+ \(reference cs_/);
  });

  it("tells the buy form whether a member is signed in, with a 200 either way: a visitor's browser logs no error", async () => {
    const session = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/vip/session', headers });
    const visitor = await session();
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ success: true, data: null });
    expect((await session({ cookie: 'vip_session=not-a-session' })).json()).toEqual({ success: true, data: null });
    const member = await signedInMember(t, 'vip-session@example.com', 'past_due', 'annual');
    const signedIn = await session({ cookie: member.cookie });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(signedIn.json()).toEqual({ success: true, data: { plan: 'annual', status: 'past_due' } });
  });

  it("lowers a pay-what-you-want release's least amount for a member, who may pay more; free stays free", async () => {
    await patch({ shop: { memberDiscounts: { monthly: 10 } } });
    const member = await signedInMember(t, 'vip-pwyw@example.com', 'active');
    const release = await aRelease();
    await setPrice(release.id, { amount: 5, currency: 'USD', pay_what_you_want: true });
    const below = await buyAsMember(member.cookie, { release_id: release.id, email: 'vip-pwyw@example.com', amount: 4.49 });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ field: 'amount', message: 'Amount must be at least USD 4.50' });
    expect(amountOf(await buyAsMember(member.cookie, { release_id: release.id, email: 'vip-pwyw@example.com', amount: 4.5 }))).toBe('450');
    expect(amountOf(await buyAsMember(member.cookie, { release_id: release.id, email: 'vip-pwyw@example.com' }))).toBe('450');
    expect(amountOf(await buyAsMember(member.cookie, { release_id: release.id, email: 'vip-pwyw@example.com', amount: 12 }))).toBe('1200');
    // Never below what Stripe charges at least: €0.50 less 10% stays €0.50.
    await setPrice(release.id, { amount: 0.5, currency: 'EUR', pay_what_you_want: false });
    expect(amountOf(await buyAsMember(member.cookie, { release_id: release.id, email: 'vip-pwyw@example.com' }))).toBe('50');
    await setPrice(release.id, { amount: 5, currency: 'USD', pay_what_you_want: true });
    // Without the session, the least is the price.
    expect((await buy({ release_id: release.id, email: 'vip-pwyw@example.com', amount: 4.5 })).json()).toMatchObject({ field: 'amount', message: 'Amount must be at least USD 5.00' });

    await setPrice(release.id, { amount: 0, currency: 'USD', pay_what_you_want: false });
    const free = await buyAsMember(member.cookie, { release_id: release.id, email: 'vip-pwyw@example.com' });
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json<{ data: { checkoutUrl: string } }>().data.checkoutUrl).toMatch(new RegExp(`^${shopPublicUrl}/orders/`));
  });
});
