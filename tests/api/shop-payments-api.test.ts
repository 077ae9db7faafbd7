import { describe, expect, it } from 'vitest';
import { shopMessages, type Order } from '../../src/shared/api/shop.js';
import { paymentsUnavailableMessage } from '../../src/server/errors.js';
import { createStripePayments, type AfterAnswer, type PaymentProvider } from '../../src/server/modules/membership/index.js';
import { shopPublicUrl, useShopTestApp } from '../helpers/shop.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// The shop's money at its edges (issue 36, an attacker's review): amounts Stripe cannot charge, payments by a
// delayed method (a SEPA debit) that settle or fail days later, free orders asked for again and again, the
// "Lost your link?" answer given before its work, and Stripe's own refusals kept from the buyer.


describe.each(testDatabaseKinds)('the shop at the edges of its payments on $name', (kind) => {
  /** Work the routes left for after their answer, run when a test says. */
  const held: (() => Promise<void>)[] = [];
  const afterAnswer: AfterAnswer = (work) => void held.push(work);
  const runHeld = async () => {
    for (const work of held.splice(0)) await work();
  };
  /** The real SDK against the fake; a test swaps in one whose key Stripe refuses (a revoked key). */
  let payments: PaymentProvider;
  const swappable = new Proxy({} as PaymentProvider, { get: (_, name) => payments[name as keyof PaymentProvider] });
  const { t, stripe, aRelease, setPrice, buy, deliver, emailsTo, tokenOf } = useShopTestApp(kind, {
    deps: (connected) => {
      payments = connected;
      return { payments: swappable, afterAnswer };
    },
  });
  const connect = (secretKey: string) => createStripePayments({ secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url });

  const order = (token: string) => t.app.inject({ method: 'GET', url: `/api/orders/${token}` });
  const paymentSessions = () => stripe.sessions.filter((s) => s.mode === 'payment');
  const sessionOf = (checkoutUrl: string) => {
    const session = stripe.sessions.find((s) => s.url === checkoutUrl);
    if (!session) throw new Error(`no session for ${checkoutUrl}`);
    return session;
  };

  it('refuses a price or an amount above 0 that Stripe would not charge, naming the field, and takes a fraction of a cent as nothing', async () => {
    const release = await aRelease();
    const tooLow = await setPrice(release.id, { amount: 0.1, currency: 'EUR', pay_what_you_want: false });
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json()).toMatchObject({ field: 'price.amount', message: 'Price amount must be 0 (free) or at least EUR 0.50: Stripe charges no less' });
    expect((await setPrice(release.id, { amount: 0.29, currency: 'GBP', pay_what_you_want: true })).json()).toMatchObject({ field: 'price.amount' });
    expect((await setPrice(release.id, { amount: 0.3, currency: 'GBP', pay_what_you_want: false })).statusCode).toBe(200);

    expect((await setPrice(release.id, { amount: 0, currency: 'USD', pay_what_you_want: true })).statusCode).toBe(200);
    const sessionsBefore = paymentSessions().length;
    const cents = await buy({ release_id: release.id, email: 'cents@example.com', amount: 0.2 });
    expect(cents.statusCode).toBe(400);
    expect(cents.json()).toMatchObject({ field: 'amount', message: 'Amount must be 0 or at least USD 0.50: card payments cannot be smaller' });
    // A thousandth of a millionth of a dollar is no payment: the free download, without a Checkout of 0 cents.
    const tiny = await buy({ release_id: release.id, email: 'cents@example.com', amount: 1e-9 });
    expect(tiny.statusCode, tiny.body).toBe(200);
    expect(tiny.json<{ data: { checkoutUrl: string } }>().data.checkoutUrl).toMatch(new RegExp(`^${shopPublicUrl}/orders/`));
    expect(paymentSessions()).toHaveLength(sessionsBefore);
    const least = await buy({ release_id: release.id, email: 'cents@example.com', amount: 0.5 });
    expect(least.statusCode, least.body).toBe(200);
    expect(paymentSessions().at(-1)?.line_items[0]?.price_data).toMatchObject({ currency: 'usd', unit_amount: '50' });
  });

  it('gives the downloads of an order paid by a delayed method once the payment settles, and ends it unpaid when it fails', async () => {
    const release = await aRelease();
    await setPrice(release.id, { amount: 6, currency: 'EUR', pay_what_you_want: false });
    const settles = sessionOf((await buy({ release_id: release.id, email: 'sepa@example.com' })).json<{ data: { checkoutUrl: string } }>().data.checkoutUrl);
    await deliver(stripe.completeDelayedPayment(settles.id).events);
    const token = new URL(settles.success_url).pathname.split('/').at(-1) as string;
    // Checkout is complete, the money is not there yet: no receipt, the page waits.
    expect(await emailsTo('sepa@example.com')).toEqual([]);
    expect((await order(token)).statusCode).toBe(409);
    const settled = stripe.settleDelayedPayment(settles.id, 'succeeded').events;
    await deliver(settled);
    await deliver(settled);
    const emails = await emailsTo('sepa@example.com');
    expect(emails.map((e) => e.kind)).toEqual(['order_receipt']);
    expect(tokenOf(emails[0]?.text ?? '')).toBe(token);
    const page = await order(token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<{ data: Order }>().data.items[0]?.downloads).toHaveLength(2);

    const fails = sessionOf((await buy({ release_id: release.id, email: 'bounced-debit@example.com' })).json<{ data: { checkoutUrl: string } }>().data.checkoutUrl);
    await deliver(stripe.completeDelayedPayment(fails.id).events);
    await deliver(stripe.settleDelayedPayment(fails.id, 'failed').events);
    const failed = await order(new URL(fails.success_url).pathname.split('/').at(-1) as string);
    expect(failed.statusCode).toBe(410);
    expect(failed.json()).toMatchObject({ message: shopMessages.unpaid });
    expect(await emailsTo('bounced-debit@example.com')).toEqual([]);
  });

  it('gives an address its free order of a release again without another email, however often it is asked for', async () => {
    const release = await aRelease();
    await setPrice(release.id, { amount: 0, currency: 'EUR', pay_what_you_want: false });
    const urls: string[] = [];
    for (const email of ['victim@example.com', 'Victim@Example.com', 'victim@example.com']) {
      const res = await buy({ release_id: release.id, email });
      expect(res.statusCode, res.body).toBe(200);
      urls.push(res.json<{ data: { checkoutUrl: string } }>().data.checkoutUrl);
    }
    expect(new Set(urls).size).toBe(1);
    expect((await emailsTo('victim@example.com')).map((e) => e.kind)).toEqual(['order_downloads']);
    // Another address has its own.
    const other = await buy({ release_id: release.id, email: 'other@example.com' });
    expect(other.json<{ data: { checkoutUrl: string } }>().data.checkoutUrl).not.toBe(urls[0]);
  });

  it('answers "Lost your link?" before it looks up the address, then emails the links', async () => {
    const release = await aRelease();
    await setPrice(release.id, { amount: 0, currency: 'EUR', pay_what_you_want: false });
    await buy({ release_id: release.id, email: 'forgetful@example.com' });
    const answer = await t.app.inject({ method: 'POST', url: '/api/orders/resend', payload: { email: 'forgetful@example.com' } });
    expect(answer.statusCode).toBe(202);
    // Answered with the work still to do: its time is a stranger's.
    expect((await emailsTo('forgetful@example.com')).filter((e) => e.subject === 'Your order links')).toEqual([]);
    await runHeld();
    expect((await emailsTo('forgetful@example.com')).filter((e) => e.subject === 'Your order links')).toHaveLength(1);
  });

  it("answers 502 in the site's own words when Stripe refuses, never Stripe's (which name the key)", async () => {
    const release = await aRelease();
    await setPrice(release.id, { amount: 4, currency: 'EUR', pay_what_you_want: false });
    payments = connect('sk_test_revoked_wXyZ');
    try {
      const res = await buy({ release_id: release.id, email: 'fan@example.com' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ message: paymentsUnavailableMessage });
      expect(res.body).not.toContain('API Key');
    } finally {
      payments = connect(stripe.secretKey);
    }
  });
});
