import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VipPlanId, VipSubscriptionResponse } from '../../src/shared/api/vip.js';
import { buildApp, type App } from '../../src/server/app.js';
import { queryRows, type Database } from '../../src/server/db/client.js';
import { createLogger } from '../../src/server/logging.js';
import { createStripePayments } from '../../src/server/modules/membership/index.js';
import { startFakeStripe, type FakeStripe } from '../fakes/fake-stripe.js';
import { testNow } from '../helpers/test-app.js';
import { withPlan } from '../helpers/vip-plan-settings.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// The plans' prices in Stripe (issue 26, docs/decisions/0067): a plan's own price id as it is, else a
// price created once and kept, through the real SDK against the fake Stripe on loopback.

const publicUrl = 'https://records.example';

interface KeptPriceRow {
  plan_id: string;
  unit_amount: number;
  currency: string;
  interval: string;
  livemode: boolean;
  stripe_price_id: string;
}

describe.each(testDatabaseKinds)('Stripe prices on $name', (kind) => {
  let stripe: FakeStripe;
  let database: Database;
  let app: App;
  let now = testNow;
  const logLines: string[] = [];

  async function startApp(db: Database, timeoutMs?: number): Promise<App> {
    const payments = createStripePayments({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url, timeoutMs });
    const logs = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    const started = await buildApp(
      { db: db.db, databaseKind: db.kind, clock: () => now, payments, publicUrl, rateLimits: { vip: { max: 10_000, timeWindowMs: 60_000 } } },
      { loggerInstance: createLogger('warn', logs) },
    );
    await started.ready();
    return started;
  }

  beforeAll(async () => {
    stripe = await startFakeStripe();
    database = await kind.open();
    app = await startApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await stripe?.close();
  });

  const subscribe = (email: string, plan: VipPlanId, on = app) =>
    on.inject({ method: 'POST', url: '/api/subscribe-vip', payload: { name: `Fan ${email}`, email, plan } });
  /** The line item of the Checkout Session a sign-up's answer sends the browser to. */
  const lineOf = (res: Awaited<ReturnType<typeof subscribe>>) => {
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json<VipSubscriptionResponse>().data.checkoutUrl;
    const session = stripe.sessions.find((s) => s.url === url);
    if (!session) throw new Error(`No session for ${url}`);
    return session.line_items[0];
  };
  const kept = (db = database) =>
    queryRows<KeptPriceRow>(db.db, sql`select plan_id, unit_amount, currency, interval, livemode, stripe_price_id from stripe_prices order by plan_id, unit_amount`);
  const keptFor = async (plan: VipPlanId) => (await kept()).filter((row) => row.plan_id === plan);
  const priceRequests = () => stripe.requests.filter((r) => r.path === '/v1/prices').length;
  const warnings = () =>
    logLines
      .map((line) => JSON.parse(line) as { level: number; msg: string; plan?: string })
      .filter((entry) => entry.level === 40)
      .map(({ msg, plan }) => ({ msg, plan }));

  it('no price id: first checkouts at once create one price for the plan and keep it; later ones reuse it without asking Stripe', async () => {
    stripe.gatherPrices(4);
    const answers = await Promise.all([1, 2, 3, 4].map((i) => subscribe(`first${i}@example.com`, 'monthly')));
    // All four asked Stripe for the price at once; Stripe created one (one idempotency key), the table kept one.
    expect(priceRequests()).toBe(4);
    expect(stripe.prices).toHaveLength(1);
    const [price] = stripe.prices;
    expect(price).toMatchObject({ currency: 'usd', unit_amount: 999, recurring: { interval: 'month' } });
    expect(stripe.products).toEqual([{ id: price?.product, object: 'product', name: 'VIP Monthly' }]);
    expect(answers.map((res) => lineOf(res))).toEqual(answers.map(() => ({ quantity: '1', price: price?.id })));
    expect(await kept()).toEqual([{ plan_id: 'monthly', unit_amount: 999, currency: 'usd', interval: 'month', livemode: false, stripe_price_id: price?.id }]);

    expect(lineOf(await subscribe('later@example.com', 'monthly'))).toEqual({ quantity: '1', price: price?.id });
    expect(priceRequests()).toBe(4);
    expect(stripe.prices).toHaveLength(1);
  });

  it('a price changed in the site configuration gets a price of its own; the old one stays kept and serves again when the price comes back', async () => {
    const [old] = stripe.prices;
    await withPlan('monthly', { price: 12.5 }, async () => {
      const line = lineOf(await subscribe('raised@example.com', 'monthly'));
      const raised = stripe.prices.find((p) => p.id === line?.price);
      expect(raised).toMatchObject({ currency: 'usd', unit_amount: 1250, recurring: { interval: 'month' } });
      expect(raised?.id).not.toBe(old?.id);
    });
    expect((await keptFor('monthly')).map((row) => row.unit_amount)).toEqual([999, 1250]);
    const created = stripe.prices.length;
    expect(lineOf(await subscribe('back@example.com', 'monthly'))).toEqual({ quantity: '1', price: old?.id });
    expect(stripe.prices).toHaveLength(created);
  });

  it("a plan's own stripePriceId is used as it is: nothing is created or kept", async () => {
    const own = stripe.addPrice({ unit_amount: 19_999, currency: 'usd', interval: 'year', productName: 'Build It VIP Premium' });
    const requests = priceRequests();
    await withPlan('premium', { stripePriceId: own.id }, async () => {
      expect(lineOf(await subscribe('own@example.com', 'premium'))).toEqual({ quantity: '1', price: own.id });
    });
    expect(priceRequests()).toBe(requests);
    expect(await keptFor('premium')).toEqual([]);
  });

  it('without a prices API (a 404 in JSON, or bare) the checkout goes on with the price inline, says so in the log, and keeps nothing', async () => {
    try {
      for (const api of ['missing', 'missing-bare'] as const) {
        stripe.setPricesApi(api);
        expect(lineOf(await subscribe(`${api}@example.com`, 'annual'))).toEqual({
          quantity: '1',
          price_data: { currency: 'usd', unit_amount: '9999', recurring: { interval: 'year' }, product_data: { name: 'VIP Annual' } },
        });
      }
    } finally {
      stripe.setPricesApi('served');
    }
    expect(await keptFor('annual')).toEqual([]);
    const inline = { msg: 'stripe answered no price to POST /v1/prices: this checkout prices the plan inline', plan: 'annual' };
    expect(warnings()).toEqual([inline, inline]);
  });

  it('a failing price endpoint fails the sign-up as a failed checkout does (502, the member pending); a minute later the address gets its checkout', async () => {
    const sessions = stripe.sessions.length;
    const member = () =>
      queryRows(
        database.db,
        sql`select m.status, (select session_id from vip_checkout_sessions s where s.member_id = m.id order by created_at desc limit 1) as session from vip_members m where m.email = 'retry@example.com'`,
      );
    stripe.setPricesApi('failing');
    try {
      const res = await subscribe('retry@example.com', 'premium');
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json()).toMatchObject({ success: false, error: 'Payments are not available right now. Please try again in a few minutes.' });
    } finally {
      stripe.setPricesApi('served');
    }
    expect(await member()).toEqual([{ status: 'pending_payment', session: null }]);
    expect(stripe.sessions).toHaveLength(sessions);
    expect(await keptFor('premium')).toEqual([]);
    // Stripe answers an idempotency key's failure again (for 24 hours): within the minute, still 502.
    expect((await subscribe('retry@example.com', 'premium')).statusCode).toBe(502);

    now = new Date(testNow.getTime() + 60_000);
    try {
      const line = lineOf(await subscribe('retry@example.com', 'premium'));
      expect(stripe.prices.find((p) => p.id === line?.price)).toMatchObject({ unit_amount: 19_999, recurring: { interval: 'year' } });
      expect((await keptFor('premium')).map((row) => row.stripe_price_id)).toEqual([line?.price]);
      expect(await member()).toEqual([{ status: 'pending_payment', session: stripe.sessions.at(-1)?.id }]);
    } finally {
      now = testNow;
    }
  });

  it("a stalled price endpoint is given up after the SDK's timeout: 502, the member pending, nothing kept", async () => {
    const other = await kind.open();
    const impatient = await startApp(other, 100);
    stripe.setPricesApi('stalled');
    try {
      const res = await subscribe('stalled@example.com', 'annual', impatient);
      expect(res.statusCode, res.body).toBe(502);
      expect(await queryRows(other.db, sql`select email, status from vip_members`)).toEqual([{ email: 'stalled@example.com', status: 'pending_payment' }]);
      expect(await kept(other)).toEqual([]);
    } finally {
      stripe.setPricesApi('served');
      await impatient.close();
      await other.close();
    }
  });
});
