import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VipAccount } from '../../src/shared/api/vip-account.js';
import { memberPerksUnavailableMessages } from '../../src/shared/domain/member-perks.js';
import type { VipSubscriptionResponse } from '../../src/shared/api/vip.js';
import { buildApp } from '../../src/server/app.js';
import { queryRows, type Db } from '../../src/server/db/client.js';
import { vipMembers } from '../../src/server/db/schema.js';
import { createStripePayments } from '../../src/server/modules/membership/index.js';
import type { FakeStripe, FakeStripeEvent } from '../fakes/fake-stripe.js';
import type { AdminTestApp } from '../helpers/admin-test-app.js';
import { startStripeMemberApp, stripeTestPublicUrl, t0, type stripeMemberSteps } from '../helpers/stripe-member-app.js';
import { Gate } from '../helpers/gate.js';
import { testNow } from '../helpers/test-app.js';
import { openSameDatabase, testDatabaseKinds } from '../helpers/test-database.js';

// Stripe's state is the truth (issue 33, docs/decisions/0093): events in Stripe's real order and out of
// it, at once, for a plan switched in the Billing Portal, a pause, invoices of other things, and two
// events of one member interleaved. Through the real SDK against the fake Stripe, whose subscriptions
// live as Stripe documents them (tests/fakes/fake-stripe-billing.ts).

/**
 * The database as one delivery sees it (the one run inside `held`): once that delivery has read a member,
 * its next transaction (its write) waits for the gate; `reached` says it is waiting. Where a delivery
 * reads and writes is its own business: this holds it between the two, before and after issue 33.
 */
function holdWriteAfterMemberRead(db: Db, gate: Gate) {
  const held = new AsyncLocalStorage<{ hasRead: boolean; isHeld: boolean }>();
  let reached = () => {};
  const hasReached = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const watch = (target: Db): Db =>
    new Proxy(target, {
      get(object, property) {
        const value = Reflect.get(object, property, object) as unknown;
        if (typeof value !== 'function') return value;
        if (property === 'select') {
          return (...args: unknown[]) => {
            const builder = (value as (...a: unknown[]) => { from: (table: unknown, ...rest: unknown[]) => unknown }).apply(object, args);
            const from = builder.from.bind(builder);
            builder.from = (table, ...rest) => {
              const delivery = held.getStore();
              if (delivery && table === vipMembers) delivery.hasRead = true;
              return from(table, ...rest);
            };
            return builder;
          };
        }
        if (property === 'transaction') {
          return async (run: (tx: Db) => Promise<unknown>, ...rest: unknown[]) => {
            const delivery = held.getStore();
            if (delivery?.hasRead && !delivery.isHeld) {
              delivery.isHeld = true;
              reached();
              await gate.pass();
            }
            return (value as (run: (tx: Db) => Promise<unknown>, ...r: unknown[]) => Promise<unknown>).call(object, (tx: Db) => run(watch(tx)), ...rest);
          };
        }
        return (value as (...a: unknown[]) => unknown).bind(object);
      },
    });
  return { db: watch(db), reached: hasReached, run: <T>(work: () => T) => held.run({ hasRead: false, isHeld: false }, work) };
}

const publicUrl = stripeTestPublicUrl;
const day = 24 * 60 * 60;
const isoAt = (seconds: number) => new Date(seconds * 1000).toISOString();

describe.each(testDatabaseKinds)("Stripe's state is the truth, on $name", (kind) => {
  let t: AdminTestApp;
  let stripe: FakeStripe;
  let steps: ReturnType<typeof stripeMemberSteps>;
  let close = async () => {};

  beforeAll(async () => {
    ({ t, stripe, close, ...steps } = await startStripeMemberApp(kind));
  });
  afterAll(async () => {
    await close();
  });

  const deliver = (event: FakeStripeEvent) => steps.deliver(event);
  const deliverAll = (events: FakeStripeEvent[]) => steps.deliverAll(events);
  const adminMember = (email: string) => steps.adminMember(email);
  const activity = () => steps.activity();
  const joinAndPay = (email: string, plan: 'monthly' | 'annual' | 'premium', at = t0) => steps.joinAndPay(email, plan, at);
  const member = (email: string, plan: 'monthly' | 'annual' | 'premium') => steps.member(email, plan);
  const emailKinds = async (email: string) =>
    (await queryRows<{ kind: string }>(t.database.db, sql`select kind from outbox_emails where ${email} = any(to_addresses) and kind <> 'vip_sign_in' order by kind`)).map((e) => e.kind);

  const signIn = (email: string) => steps.signIn(email);
  /** A plan's price as Checkout charges it: created in the fake Stripe by a sign-up of that plan. */
  async function priceOf(plan: 'monthly' | 'annual' | 'premium') {
    await t.app.inject({ method: 'POST', url: '/api/subscribe-vip', payload: { name: 'Price', email: `price-${plan}@example.com`, plan } });
    const product = stripe.products.find((p) => p.name === `VIP ${plan[0]?.toUpperCase()}${plan.slice(1)}`);
    const price = stripe.prices.find((p) => p.product === product?.id);
    if (!price) throw new Error(`No price for ${plan}`);
    return price;
  }

  it('row 1: a late customer.subscription.created (incomplete) after the update to active leaves a paying member active', async () => {
    const { events } = await joinAndPay('late-created@example.com', 'monthly');
    const [created, paid, updated, completed] = events as [FakeStripeEvent, FakeStripeEvent, FakeStripeEvent, FakeStripeEvent];
    expect([created.type, created.data.object.status, updated.type, updated.data.object.status]).toEqual([
      'customer.subscription.created',
      'incomplete',
      'customer.subscription.updated',
      'active',
    ]);
    // All four in one second; Stripe's delivery order is not its creation order.
    expect(new Set(events.map((e) => e.created)).size).toBe(1);
    await deliverAll([updated, completed, paid]);
    expect((await adminMember('late-created@example.com')).status).toBe('active');
    await deliverAll([created]);
    expect(await adminMember('late-created@example.com')).toMatchObject({ status: 'active', current_period_end: isoAt(t0 + 30 * day) });
    expect(await emailKinds('late-created@example.com')).toEqual(['vip_welcome']);
  });

  it("events delivered all at once, and in reverse, make one active member with one welcome", async () => {
    for (const [email, order] of [
      ['at-once@example.com', 'at once'],
      ['reversed@example.com', 'reversed'],
    ] as const) {
      const { events } = await joinAndPay(email, 'annual');
      const answers = order === 'at once' ? await Promise.all(events.map(deliver)) : await Promise.all([...events].reverse().map((e) => deliver(e)));
      expect(answers.map((a) => a.statusCode)).toEqual(events.map(() => 200));
      expect(await adminMember(email)).toMatchObject({ status: 'active', plan: { id: 'annual' }, current_period_end: isoAt(t0 + 365 * day) });
      expect(await emailKinds(email)).toEqual(['vip_welcome']);
    }
  });

  it("row 2: a plan switched in the Billing Portal is the member's plan in admin, the CSV and their page; a price no plan has keeps the plan, with a warning staff see", async () => {
    const annual = await priceOf('annual');
    const { subscriptionId } = await member('switcher@example.com', 'monthly');
    const cookie = await signIn('switcher@example.com');
    await deliverAll(stripe.switchPrice(subscriptionId, annual.id, t0 + 5 * day).events);
    // A switch of interval starts a yearly period now (the proration invoice's line is not a period of the plan).
    expect(await adminMember('switcher@example.com')).toMatchObject({ status: 'active', plan: { id: 'annual', name: 'Annual' }, current_period_end: isoAt(t0 + 5 * day + 365 * day) });
    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/members/export.csv?q=switcher', headers: t.auth });
    expect(csv.body).toMatch(/"switcher@example\.com","Annual","99\.99"/);
    const page = (await t.app.inject({ method: 'GET', url: '/api/vip/account', headers: { cookie } })).json<{ data: VipAccount }>().data;
    expect(page.plan).toMatchObject({ id: 'annual', name: 'Annual', price: 99.99 });
    expect((await activity()).map((a) => a.summary)).toContain(`Fan switcher@example.com's plan is now Annual, was Monthly (Stripe price ${annual.id})`);

    // A price made in Stripe's Dashboard that no plan names.
    const stranger = stripe.addPrice({ unit_amount: 4900, currency: 'usd', interval: 'year', productName: 'Backstage' });
    await deliverAll(stripe.switchPrice(subscriptionId, stranger.id, t0 + 6 * day).events);
    expect((await adminMember('switcher@example.com')).plan.id).toBe('annual');
    const warnings = (await activity()).filter((a) => a.summary.startsWith('Warning: Stripe bills Fan switcher@example.com'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ kind: 'member.plan', summary: expect.stringContaining(`a price no VIP plan has (${stranger.id}), so their plan stays Annual`) });
  });

  it("row 3: an invoice paid after the subscription ended (a one-off of the same customer, the ended subscription's last invoice) leaves the member cancelled", async () => {
    const { subscriptionId, customer } = await member('one-off@example.com', 'monthly');
    const failed = stripe.renew(subscriptionId, { paid: false, at: t0 + 30 * day });
    await deliverAll(failed.events);
    await deliverAll(stripe.endSubscription(subscriptionId, t0 + 31 * day).events);
    expect((await adminMember('one-off@example.com')).status).toBe('canceled');
    const oneOff = stripe.oneOffInvoice(customer, { amount: 2500, at: t0 + 32 * day });
    expect(oneOff.invoice).toMatchObject({ customer, parent: null, status: 'paid' });
    await deliverAll(oneOff.events);
    expect((await adminMember('one-off@example.com')).status).toBe('canceled');
    // The ended subscription's open invoice, paid late: Stripe's subscription stays canceled, and so does the member.
    await deliverAll(stripe.payInvoice(failed.invoice.id as string, t0 + 33 * day).events);
    expect((await adminMember('one-off@example.com')).status).toBe('canceled');
    expect(await emailKinds('one-off@example.com')).toEqual(['vip_cancelled', 'vip_payment_failed', 'vip_welcome']);
  });

  it("a Checkout of another product of the account, paid with a member's address, is not a membership: a pending member stays pending, a paying one keeps theirs and it is not refunded", async () => {
    // The endpoint hears every Checkout of the Stripe account: one made outside the site (a Payment Link
    // of a cheaper product) carries none of the site's marks, only the address it was paid with.
    const sdk = new Stripe(stripe.secretKey, { host: new URL(stripe.url).hostname, port: Number(new URL(stripe.url).port), protocol: 'http' });
    const backstage = stripe.addPrice({ unit_amount: 500, currency: 'usd', interval: 'month', productName: 'Backstage Pass' });
    const pending = await t.app.inject({ method: 'POST', url: '/api/subscribe-vip', payload: { name: 'Pending', email: 'other-product@example.com', plan: 'premium' } });
    expect(pending.statusCode, pending.body).toBe(201);
    const { subscriptionId } = await member('other-product-member@example.com', 'monthly');
    for (const email of ['other-product@example.com', 'other-product-member@example.com']) {
      const elsewhere = await sdk.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: backstage.id, quantity: 1 }],
        customer_email: email,
        success_url: 'https://elsewhere.example/thanks',
        cancel_url: 'https://elsewhere.example/',
      });
      const bought = stripe.complete(elsewhere.id, t0 + day);
      await deliverAll(bought.events);
      expect(stripe.subscription(bought.subscription.id as string).status).toBe('active');
    }
    expect(await adminMember('other-product@example.com')).toMatchObject({ status: 'pending_payment', plan: { id: 'premium' } });
    expect(await adminMember('other-product-member@example.com')).toMatchObject({ status: 'active', plan: { id: 'monthly' } });
    expect(stripe.subscription(subscriptionId).status).toBe('active');
    expect(stripe.refunds).toEqual([]);
  });

  it("row 4: two events of one member interleaved (a cancellation lands between a failed payment's read and its write) lose no email", async () => {
    const { subscriptionId } = await member('interleaved@example.com', 'monthly');
    // A second instance on the same database, whose delivery a gate holds between reading the member and writing.
    const gate = new Gate();
    gate.close();
    const database = await openSameDatabase(t.database);
    const hold = holdWriteAfterMemberRead(database.db, gate);
    const payments = createStripePayments({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url });
    const other = await buildApp({ db: hold.db, databaseKind: database.kind, clock: () => testNow, payments, publicUrl }, { logger: false });
    try {
      // The renewal fails: that event reads the member, and is held before its write…
      const failed = stripe.renew(subscriptionId, { paid: false, at: t0 + 30 * day });
      const { body, signature } = stripe.sign(failed.events[0] as FakeStripeEvent);
      const first = hold.run(() =>
        other.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload: body }),
      );
      await hold.reached;
      // …while the member cancels in the portal, and that event is applied in full by the first instance.
      const cancelled = stripe.updateSubscription(subscriptionId, { cancel_at_period_end: true }, t0 + 30 * day + 60);
      await deliverAll(cancelled.events);
      gate.open();
      expect((await first).statusCode).toBe(200);
      await deliverAll(failed.events.slice(1));
    } finally {
      gate.open();
      await other.close();
      await database.close();
    }
    expect(await adminMember('interleaved@example.com')).toMatchObject({ status: 'past_due', cancel_at_period_end: true, current_period_end: isoAt(t0 + 60 * day) });
    expect(await emailKinds('interleaved@example.com')).toEqual(['vip_cancelled', 'vip_payment_failed', 'vip_welcome']);
  });

  it('row 5: a paused subscription pauses the membership and its perks, and resuming gives them back', async () => {
    const { subscriptionId, customer } = await member('pauser@example.com', 'annual');
    const cookie = await signIn('pauser@example.com');
    const downloads = () => t.app.inject({ method: 'GET', url: '/api/vip/downloads', headers: { cookie } });
    expect((await downloads()).statusCode).toBe(200);

    const paused = stripe.pause(subscriptionId, t0 + 2 * day);
    expect(paused.events.map((e) => e.type)).toEqual(['customer.subscription.paused', 'customer.subscription.updated']);
    await deliverAll(paused.events.slice(0, 1));
    expect((await adminMember('pauser@example.com')).status).toBe('paused');
    const refused = await downloads();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: memberPerksUnavailableMessages.paused });
    expect((await t.app.inject({ method: 'GET', url: '/api/vip/account', headers: { cookie } })).json<{ data: VipAccount }>().data.status).toBe('paused');
    // Its subscription goes on: joining again is answered as anyone is (docs/decisions/0095), a Checkout of the member's own
    // customer, and changes nothing of the membership (the address gets a sign-in link too).
    const again = await t.app.inject({ method: 'POST', url: '/api/subscribe-vip', payload: { name: 'Pauser', email: 'pauser@example.com', plan: 'monthly' } });
    expect(stripe.sessions.find((s) => s.url === again.json<VipSubscriptionResponse>().data.checkoutUrl)?.customer).toBe(customer);
    expect(await adminMember('pauser@example.com')).toMatchObject({ status: 'paused', plan: { id: 'annual' } });
    await deliverAll(paused.events.slice(1));

    const resumed = stripe.resume(subscriptionId, t0 + 20 * day);
    await deliverAll(resumed.events.slice(0, 1));
    expect(await adminMember('pauser@example.com')).toMatchObject({ status: 'active', current_period_end: isoAt(t0 + 20 * day + 365 * day) });
    expect((await downloads()).statusCode).toBe(200);
    await deliverAll(resumed.events.slice(1));
    expect(await emailKinds('pauser@example.com')).toEqual(['vip_welcome']);
  });

  it('a state read from Stripe and answered late never overwrites one read after it', async () => {
    const { subscriptionId } = await member('slow-read@example.com', 'monthly');
    const failed = stripe.renew(subscriptionId, { paid: false, at: t0 + 30 * day });
    const hold = stripe.holdSubscriptionReads();
    const first = deliver(failed.events[0] as FakeStripeEvent);
    await hold.arrived;
    // The first read saw past due; the card is updated and the invoice paid before it is answered.
    await deliverAll(stripe.payInvoice(failed.invoice.id as string, t0 + 30 * day + 60).events);
    expect((await adminMember('slow-read@example.com')).status).toBe('active');
    hold.release();
    expect((await first).statusCode).toBe(200);
    expect((await adminMember('slow-read@example.com')).status).toBe('active');
    expect(await emailKinds('slow-read@example.com')).toEqual(['vip_welcome']);
  });

  it('an event whose subscription cannot be read from Stripe is answered 502, recorded nowhere, and applied when Stripe sends it again', async () => {
    const { events } = await joinAndPay('unread@example.com', 'premium');
    const database = await openSameDatabase(t.database);
    const refused = createStripePayments({ secretKey: 'sk_test_revoked', webhookSecret: stripe.webhookSecret, apiUrl: stripe.url });
    const other = await buildApp({ db: database.db, databaseKind: database.kind, clock: () => testNow, payments: refused, publicUrl }, { logger: false });
    const count = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from stripe_events`))[0]?.n;
    try {
      const before = await count();
      const { body, signature } = stripe.sign(events[0] as FakeStripeEvent);
      const res = await other.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload: body });
      expect(res.statusCode).toBe(502);
      expect(await count()).toBe(before);
      expect((await adminMember('unread@example.com')).status).toBe('pending_payment');
    } finally {
      await other.close();
      await database.close();
    }
    await deliverAll(events);
    expect(await adminMember('unread@example.com')).toMatchObject({ status: 'active', plan: { id: 'premium' } });
  });
});
