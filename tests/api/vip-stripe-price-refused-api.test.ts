import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../src/shared/api/admin-activity.js';
import type { AdminMember } from '../../src/shared/api/admin-members.js';
import type { VipPlanId, VipSubscriptionResponse } from '../../src/shared/api/vip.js';
import { withPlan } from '../helpers/vip-plan-settings.js';
import { buildApp, type App } from '../../src/server/app.js';
import { queryRows, type Database } from '../../src/server/db/client.js';
import { createLogger } from '../../src/server/logging.js';
import { createStripePayments } from '../../src/server/modules/membership/index.js';
import { createOrResetAdmin } from '../../src/server/modules/staff/admin-auth.service.js';
import { signAdminToken } from '../../src/server/modules/staff/admin-tokens.js';
import { startFakeStripe, type FakeStripe } from '../fakes/fake-stripe.js';
import { testNow, type PagedList } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// Issue 33, row 7: a price the site created and kept (docs/decisions/0067), later archived or deleted in
// Stripe's Dashboard, made every checkout of its plan answer 502 until someone deleted its row by hand.
// Now it is replaced once, with a warning in the log and in Recent Activity, and the checkout goes on;
// a label's own stripePriceId that Stripe refuses still fails, the log naming the setting.

const publicUrl = 'https://records.example';
const refusedMessage = 'Payments are not available right now. Please try again in a few minutes.';

interface LogEntry {
  level: number;
  msg: string;
  plan?: string;
}

describe.each(testDatabaseKinds)('Kept Stripe prices that Stripe refuses, on $name', (kind) => {
  let stripe: FakeStripe;
  let database: Database;
  let app: App;
  let auth: { authorization: string };
  const logLines: LogEntry[] = [];

  beforeAll(async () => {
    stripe = await startFakeStripe();
    database = await kind.open();
    const jwtSecret = randomBytes(32);
    const payments = createStripePayments({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url });
    const logs = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(JSON.parse(chunk.toString()) as LogEntry);
        done();
      },
    });
    app = await buildApp(
      { db: database.db, databaseKind: database.kind, clock: () => testNow, payments, publicUrl, jwtSecret, rateLimits: { vip: { max: 10_000, timeWindowMs: 60_000 } } },
      { loggerInstance: createLogger('warn', logs) },
    );
    await app.ready();
    await createOrResetAdmin(database.db, 'alice', 'correct horse battery', testNow);
    const [admin] = await queryRows<{ id: string }>(database.db, sql`select id from admin_users where username = 'alice'`);
    auth = { authorization: `Bearer ${await signAdminToken(jwtSecret, admin!.id, testNow)}` };
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await stripe?.close();
  });

  const subscribe = (email: string, plan: VipPlanId) => app.inject({ method: 'POST', url: '/api/subscribe-vip', payload: { name: `Fan ${email}`, email, plan } });
  /** The price of the Checkout Session a sign-up's answer sends the browser to. */
  const checkoutPrice = (res: Awaited<ReturnType<typeof subscribe>>) => {
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json<VipSubscriptionResponse>().data.checkoutUrl;
    const session = stripe.sessions.find((s) => s.url === url);
    if (!session) throw new Error(`No session for ${url}`);
    return session.line_items[0]?.price;
  };
  const pricesOf = async (plan: VipPlanId) =>
    queryRows<{ stripe_price_id: string; in_use: boolean }>(
      database.db,
      sql`select stripe_price_id, replaced_at is null as in_use from stripe_prices where plan_id = ${plan} order by created_at, replaced_at nulls last`,
    );
  const warningsFor = (plan: VipPlanId) => logLines.filter((line) => line.level === 40 && line.plan === plan).map((line) => line.msg);
  const activityWarnings = async (plan: string) => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/activity?limit=100', headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: ActivityEntry[] }>().data.filter((entry) => entry.summary.startsWith(`Warning: Stripe refused the ${plan} plan's price`)).map((entry) => entry.summary);
  };

  it('an archived kept price is replaced once (checkouts at once make one new price), with a warning; later checkouts use the new one', async () => {
    const first = checkoutPrice(await subscribe('before@example.com', 'monthly'));
    expect(await pricesOf('monthly')).toEqual([{ stripe_price_id: first, in_use: true }]);
    stripe.archivePrice(first as string);

    // Refused the way Stripe refuses an inactive price.
    const refused = await fetch(`${stripe.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stripe.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ mode: 'subscription', success_url: 'https://x', 'line_items[0][price]': first as string, 'line_items[0][quantity]': '1' }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: { type: 'invalid_request_error', param: 'line_items[0][price]', message: 'The price specified is inactive. This field only accepts active prices.' },
    });

    const created = stripe.prices.length;
    const answers = await Promise.all([1, 2, 3].map((i) => subscribe(`after${i}@example.com`, 'monthly')));
    const used = answers.map((res) => checkoutPrice(res));
    const replacement = used[0];
    expect(replacement).not.toBe(first);
    expect(used).toEqual([replacement, replacement, replacement]);
    expect(stripe.prices).toHaveLength(created + 1);
    expect(stripe.prices.at(-1)).toMatchObject({ id: replacement, active: true, unit_amount: 999, currency: 'usd', recurring: { interval: 'month' } });
    expect(await pricesOf('monthly')).toEqual([
      { stripe_price_id: first, in_use: false },
      { stripe_price_id: replacement, in_use: true },
    ]);
    expect(warningsFor('monthly')).toEqual(['stripe refused the kept price of VIP plan monthly (archived in Stripe): a new price was created and kept in its place']);
    expect(await activityWarnings('Monthly')).toEqual([
      `Warning: Stripe refused the Monthly plan's price ${first} at a checkout (archived in Stripe), so a new price ${replacement} was created and checkouts go on with it. ` +
        'Members already on the old price keep paying it.',
    ]);

    expect(checkoutPrice(await subscribe('later@example.com', 'monthly'))).toBe(replacement);
    expect(stripe.prices).toHaveLength(created + 1);
  });

  it('a member who paid the archived price keeps their plan: the replaced price still names it', async () => {
    const [old] = await pricesOf('monthly');
    const session = stripe.sessions.find((s) => s.line_items[0]?.price === old?.stripe_price_id && s.customer_email === 'before@example.com');
    const { events } = stripe.complete(session!.id, Math.floor(testNow.getTime() / 1000));
    for (const event of events) {
      const { body, signature } = stripe.sign(event);
      const res = await app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload: body });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await app.inject({ method: 'GET', url: '/api/admin/members?q=before%40example.com', headers: auth });
    expect(res.json<PagedList<AdminMember>>().data).toMatchObject([{ email: 'before@example.com', plan: { id: 'monthly' }, status: 'active' }]);
    const activity = (await app.inject({ method: 'GET', url: '/api/admin/activity?limit=100', headers: auth })).json<{ data: ActivityEntry[] }>().data;
    expect(activity.filter((entry) => entry.summary.includes('a price no VIP plan has'))).toEqual([]);
  });

  it('a deleted kept price is replaced the same way', async () => {
    const first = checkoutPrice(await subscribe('annual-before@example.com', 'annual'));
    stripe.deletePrice(first as string);
    const replacement = checkoutPrice(await subscribe('annual-after@example.com', 'annual'));
    expect(replacement).not.toBe(first);
    expect(stripe.prices.find((p) => p.id === replacement)).toMatchObject({ active: true, unit_amount: 9999, recurring: { interval: 'year' } });
    expect(await pricesOf('annual')).toEqual([
      { stripe_price_id: first, in_use: false },
      { stripe_price_id: replacement, in_use: true },
    ]);
    expect(warningsFor('annual')).toEqual(['stripe refused the kept price of VIP plan annual (deleted in Stripe): a new price was created and kept in its place']);
    expect(await activityWarnings('Annual')).toHaveLength(1);
  });

  it("a label's own stripePriceId that Stripe refuses fails the checkout (502), the log naming the setting; nothing is created or kept", async () => {
    const own = stripe.addPrice({ unit_amount: 19_999, currency: 'usd', interval: 'year', productName: 'Build It VIP Premium' });
    stripe.archivePrice(own.id);
    const created = stripe.prices.length;
    await withPlan('premium', { stripePriceId: own.id }, async () => {
      const res = await subscribe('own@example.com', 'premium');
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json()).toMatchObject({ success: false, error: refusedMessage });
    });
    const errors = logLines.filter((line) => line.level === 50 && line.plan === 'premium').map((line) => line.msg);
    expect(errors).toEqual([
      `stripe refused the price the site configuration names for VIP plan premium (vipPlans[].stripePriceId ${own.id}): ` +
        'its checkouts fail until the setting names an active recurring price of this Stripe account',
    ]);
    expect(stripe.prices).toHaveLength(created);
    expect(await pricesOf('premium')).toEqual([]);
    expect(await queryRows(database.db, sql`select status from vip_members where email = 'own@example.com'`)).toEqual([{ status: 'pending_payment' }]);
  });
});
