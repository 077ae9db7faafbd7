import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPayments } from '../../src/shared/api/admin-payments.js';
import { buildApp } from '../../src/server/app.js';
import { createStripePayments, keepStripeWebhookSetUp, stripeWebhookUrl } from '../../src/server/modules/membership/index.js';
import { handledStripeEvents } from '../../src/server/modules/membership/stripe-events.js';
import { setUpStripeWebhook } from '../../src/server/modules/membership/stripe-webhook-setup.js';
import { startFakeStripe, type FakeStripe } from '../fakes/fake-stripe.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { captureLog } from '../helpers/captured-log.js';
import { stripeMemberSteps, stripeTestPublicUrl } from '../helpers/stripe-member-app.js';
import { testNow } from '../helpers/test-app.js';
import { openSameDatabase, testDatabaseKinds } from '../helpers/test-database.js';

// Payments set up from code (issue 33, docs/decisions/0094): with STRIPE_SECRET_KEY and PUBLIC_URL and no
// STRIPE_WEBHOOK_SECRET, the site makes its webhook endpoint in (the fake) Stripe through the real SDK,
// keeps the endpoint's secret, and verifies Stripe's events with it.

const url = `${stripeTestPublicUrl}/api/webhooks/stripe`;
const required = ['checkout.session.completed', 'customer.subscription.updated', 'customer.subscription.deleted', 'invoice.paid', 'invoice.payment_failed'];

describe.each(testDatabaseKinds)('The Stripe webhook set up from code, on $name', (kind) => {
  let stripe: FakeStripe;
  let t: AdminTestApp;
  const log = captureLog();
  /** STRIPE_SECRET_KEY and PUBLIC_URL, no STRIPE_WEBHOOK_SECRET. */
  const payments = () => createStripePayments({ secretKey: stripe.secretKey, webhookSecret: undefined, apiUrl: stripe.url });
  const setUp = (events?: readonly string[]) => setUpStripeWebhook({ db: t.database.db, payments: payments(), log: log.logger }, url, testNow, events);
  const paymentsPanel = async (app = t) => (await app.app.inject({ method: 'GET', url: '/api/admin/payments', headers: app.auth })).json<{ data: AdminPayments }>().data;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    // Started before the endpoint exists, as an instance beside the one that sets it up.
    t = await createAdminTestApp(kind, { deps: { payments: payments(), publicUrl: stripeTestPublicUrl, rateLimits: { vip: { max: 10_000, timeWindowMs: 60_000 } } } });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('the first start creates one endpoint at PUBLIC_URL with the events handled; events signed with its secret are accepted, others refused', async () => {
    expect(await paymentsPanel()).toEqual({ connected: true, webhook: { source: 'none', url, events: [...handledStripeEvents] } });
    const early = stripe.sign(stripe.event('invoice.upcoming', { id: 'in_early', object: 'invoice' }));
    const before = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': early.signature }, payload: early.body });
    expect(before.statusCode).toBe(400);
    let locks = 0;
    const setup = keepStripeWebhookSetUp({ db: t.database.db, payments: payments(), log: log.logger }, { url: stripeWebhookUrl(stripeTestPublicUrl), exclusively: (work) => (locks++, work()), clock: () => testNow });
    await setup.done;
    expect(locks).toBe(1);
    expect(stripe.webhookEndpoints).toHaveLength(1);
    const [endpoint] = stripe.webhookEndpoints;
    expect(endpoint).toMatchObject({ url, status: 'enabled', api_version: Stripe.API_VERSION });
    expect(endpoint?.enabled_events).toEqual(expect.arrayContaining(required));
    expect([...(endpoint?.enabled_events ?? [])].sort()).toEqual([...handledStripeEvents].sort());
    expect(await paymentsPanel()).toEqual({ connected: true, webhook: { source: 'site', url, events: endpoint?.enabled_events } });

    // A member pays; Stripe signs the events with the endpoint's secret, and the app, started before it existed, takes them.
    const steps = stripeMemberSteps(t, stripe);
    const { events } = await steps.joinAndPay('set-up@example.com', 'monthly');
    await steps.deliverAll(events);
    expect((await steps.adminMember('set-up@example.com')).status).toBe('active');
    const forged = stripe.sign(stripe.event('invoice.paid', { id: 'in_forged' }), stripe.webhookSecret);
    const refused = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': forged.signature }, payload: forged.body });
    expect(refused.statusCode).toBe(400);
  });

  it('a restart creates no second endpoint and keeps the secret', async () => {
    expect(await setUp()).toBe('unchanged');
    expect(stripe.webhookEndpoints).toHaveLength(1);
    const steps = stripeMemberSteps(t, stripe);
    await steps.member('after-restart@example.com', 'annual');
  });

  it("a changed list in the code updates the endpoint's events", async () => {
    const [endpoint] = stripe.webhookEndpoints;
    const changed = [...handledStripeEvents.filter((e) => e !== 'invoice.upcoming'), 'customer.subscription.trial_will_end'];
    expect(await setUp(changed)).toBe('updated');
    expect(stripe.webhookEndpoints).toHaveLength(1);
    expect(stripe.webhookEndpoints[0]).toMatchObject({ id: endpoint?.id, enabled_events: changed });
    expect((await paymentsPanel()).webhook.events).toEqual(changed);
    expect(await setUp()).toBe('updated');
    expect([...(stripe.webhookEndpoints[0]?.enabled_events ?? [])].sort()).toEqual([...handledStripeEvents].sort());
  });

  it('an endpoint whose secret the database lost (an older backup restored) is made again, and a running instance takes its new secret', async () => {
    const [before] = stripe.webhookEndpoints;
    await t.database.db.execute(sql`delete from stripe_webhook_endpoints`);
    expect(await setUp()).toBe('recreated');
    expect(stripe.webhookEndpoints.map((e) => e.id)).not.toContain(before?.id);
    expect(stripe.webhookEndpoints).toHaveLength(1);
    // The app verified with the old secret until now; Stripe signs with the new one.
    await stripeMemberSteps(t, stripe).member('after-restore@example.com', 'premium');
  });

  it("an endpoint at the URL whose secret the site never had is deleted and made again, and the log says so", async () => {
    const otherUrl = 'https://shop.example/api/webhooks/stripe';
    const dashboards = stripe.addWebhookEndpoint(otherUrl, ['*']);
    expect(await setUpStripeWebhook({ db: t.database.db, payments: payments(), log: log.logger }, otherUrl, testNow)).toBe('recreated');
    const atUrl = stripe.webhookEndpoints.filter((e) => e.url === otherUrl);
    expect(atUrl).toHaveLength(1);
    expect(atUrl[0]?.id).not.toBe(dashboards.id);
    expect(log.messages('warn')).toContain('stripe webhook endpoint at our url whose signing secret the site does not have: deleted, and created again');
  });

  it('STRIPE_WEBHOOK_SECRET wins when set: events signed with it are accepted, with the stored secret refused', async () => {
    const database = await openSameDatabase(t.database);
    const withSecret = createStripePayments({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url });
    const other = await buildApp({ db: database.db, databaseKind: database.kind, clock: () => testNow, payments: withSecret, publicUrl: stripeTestPublicUrl, jwtSecret: t.jwtSecret }, { logger: false });
    try {
      const post = (signed: { body: string; signature: string }) =>
        other.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature }, payload: signed.body });
      const event = stripe.event('invoice.upcoming', { id: 'in_env', object: 'invoice' });
      expect((await post(stripe.sign(event))).statusCode).toBe(400);
      expect((await post(stripe.sign(event, stripe.webhookSecret))).statusCode).toBe(200);
      const panel = (await other.inject({ method: 'GET', url: '/api/admin/payments', headers: t.auth })).json<{ data: AdminPayments }>().data;
      expect(panel).toEqual({ connected: true, webhook: { source: 'environment', url, events: [...handledStripeEvents] } });
    } finally {
      await other.close();
      await database.close();
    }
  });

  it('admin Settings says payments are off without STRIPE_SECRET_KEY, and is for staff only', async () => {
    const off = await createAdminTestApp(kind);
    try {
      expect(await paymentsPanel(off)).toEqual({ connected: false, webhook: { source: 'none', url: null, events: [...handledStripeEvents] } });
      expect((await off.app.inject({ method: 'GET', url: '/api/admin/payments' })).statusCode).toBe(401);
    } finally {
      await off.close();
    }
  });
});
