import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMembersReconcile } from '../../src/shared/api/admin-members.js';
import { buildApp } from '../../src/server/app.js';
import { queryRows } from '../../src/server/db/client.js';
import { createStripePayments } from '../../src/server/modules/membership/index.js';
import { createAdminTestApp } from '../helpers/admin-test-app.js';
import { startStripeMemberApp, stripeTestPublicUrl, t0 } from '../helpers/stripe-member-app.js';
import { testNow } from '../helpers/test-app.js';
import { openSameDatabase, testDatabaseKinds } from '../helpers/test-database.js';

// Members checked with Stripe (issue 33, docs/decisions/0094): what a lost webhook left is repaired by
// POST /api/admin/members/reconcile and by the daily check, through the webhook's own way of applying
// a subscription (its emails and activity entries too).

const day = 24 * 60 * 60;

describe.each(testDatabaseKinds)('Checking members with Stripe, on $name', (kind) => {
  let s: Awaited<ReturnType<typeof startStripeMemberApp>>;

  beforeAll(async () => {
    s = await startStripeMemberApp(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  const reconcile = (headers: Record<string, string> = s.t.auth) => s.t.app.inject({ method: 'POST', url: '/api/admin/members/reconcile', headers });
  const emailKinds = async (email: string) =>
    (await queryRows<{ kind: string }>(s.t.database.db, sql`select kind from outbox_emails where ${email} = any(to_addresses) and kind <> 'vip_sign_in' order by kind`)).map((e) => e.kind);

  it('repairs a member whose webhook was lost (changed 1, in the activity log, with the email the change calls for); a second check changes nothing', async () => {
    const { subscriptionId } = await s.member('lost-renewal@example.com', 'monthly');
    await s.member('in-step@example.com', 'annual');
    // The renewal fails in Stripe; its events never arrive.
    s.stripe.renew(subscriptionId, { paid: false, at: t0 + 30 * day });
    expect((await s.adminMember('lost-renewal@example.com')).status).toBe('active');

    const res = await reconcile();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: AdminMembersReconcile }>().data).toEqual({ checked: 2, changed: 1, failed: 0 });
    expect(await s.adminMember('lost-renewal@example.com')).toMatchObject({ status: 'past_due' });
    expect(await emailKinds('lost-renewal@example.com')).toEqual(['vip_payment_failed', 'vip_welcome']);
    const summaries = (await s.activity()).map((a) => [a.kind, a.actor, a.summary]);
    expect(summaries).toContainEqual(['member.status', null, "Fan lost-renewal@example.com's membership is now past due (checked with Stripe)"]);
    expect(summaries).toContainEqual(['member.reconcile', 'alice', 'Checked 2 members with Stripe: 1 changed']);

    const again = await reconcile();
    expect(again.json<{ data: AdminMembersReconcile }>().data).toEqual({ checked: 2, changed: 0, failed: 0 });
    expect(await emailKinds('lost-renewal@example.com')).toEqual(['vip_payment_failed', 'vip_welcome']);
  });

  it('a renewal and a cancellation lost: the period end and the cancellation are repaired and logged', async () => {
    const { subscriptionId } = await s.member('lost-cancel@example.com', 'monthly');
    s.stripe.renew(subscriptionId, { paid: true, at: t0 + 30 * day });
    s.stripe.updateSubscription(subscriptionId, { cancel_at_period_end: true }, t0 + 31 * day);
    const res = await reconcile();
    expect(res.json<{ data: AdminMembersReconcile }>().data).toMatchObject({ changed: 1, failed: 0 });
    expect(await s.adminMember('lost-cancel@example.com')).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      current_period_end: new Date((t0 + 60 * day) * 1000).toISOString(),
    });
    const summaries = (await s.activity()).map((a) => a.summary);
    expect(summaries).toContain(`Fan lost-cancel@example.com's period now ends ${new Date((t0 + 60 * day) * 1000).toISOString().slice(0, 10)}, was ${new Date((t0 + 30 * day) * 1000).toISOString().slice(0, 10)} (checked with Stripe)`);
    expect(summaries).toContain("Fan lost-cancel@example.com's membership now ends at the period's end (checked with Stripe)");
  });

  it('a subscription Stripe does not answer for is counted as failed and named; the others are checked all the same', async () => {
    const { subscriptionId } = await s.member('gone@example.com', 'premium');
    await s.t.database.db.execute(sql`update vip_members set stripe_subscription_id = 'sub_unknown_to_stripe' where email = 'gone@example.com'`);
    const { subscriptionId: other } = await s.member('still-checked@example.com', 'monthly');
    s.stripe.endSubscription(other, t0 + 3 * day);
    const res = await reconcile();
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: AdminMembersReconcile }>().data;
    expect(data).toMatchObject({ changed: 1, failed: 1 });
    expect((await s.adminMember('still-checked@example.com')).status).toBe('canceled');
    expect((await s.activity()).map((a) => a.summary)).toContain(`Checked ${data.checked} members with Stripe: 1 changed; Stripe did not answer for 1 (Fan gone@example.com): checked again tomorrow`);
    await s.t.database.db.execute(sql`update vip_members set stripe_subscription_id = ${subscriptionId} where email = 'gone@example.com'`);
  });

  it('is for staff only: no token or a bad one is 401, and nothing is checked', async () => {
    const runs = async () => (await queryRows<{ n: number }>(s.t.database.db, sql`select count(*)::int as n from stripe_reconciliations`))[0]?.n;
    const before = await runs();
    const refused: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-token' }, { authorization: `Bearer ${s.t.token}x` }];
    for (const headers of refused) {
      const res = await reconcile(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false });
    }
    expect(await runs()).toBe(before);
  });

  it('runs once a day by itself, under the lock it is given, repairing as staff do', async () => {
    const { subscriptionId } = await s.member('daily@example.com', 'annual');
    s.stripe.pause(subscriptionId, t0 + 2 * day);
    const database = await openSameDatabase(s.t.database);
    const payments = createStripePayments({ secretKey: s.stripe.secretKey, webhookSecret: s.stripe.webhookSecret, apiUrl: s.stripe.url });
    let checked = () => {};
    const hasChecked = new Promise<void>((resolve) => {
      checked = resolve;
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locks = 0;
    // The first check is due at once (everyMs 0); the next waits in the lock until the test ends.
    const exclusively = async <T>(work: () => Promise<T>): Promise<T> => {
      locks += 1;
      if (locks > 1) await released;
      const done = await work();
      checked();
      return done;
    };
    const other = await buildApp({ db: database.db, databaseKind: database.kind, clock: () => testNow, payments, publicUrl: stripeTestPublicUrl, stripeChecks: { everyMs: 0, exclusively } }, { logger: false });
    try {
      await other.ready();
      await hasChecked;
      expect((await s.adminMember('daily@example.com')).status).toBe('paused');
      const [run] = await queryRows<{ trigger: string; changed: number }>(s.t.database.db, sql`select trigger, changed from stripe_reconciliations where trigger = 'schedule'`);
      expect(run).toMatchObject({ trigger: 'schedule', changed: 1 });
      expect((await s.activity()).filter((a) => a.kind === 'member.reconcile' && a.actor === null)).not.toHaveLength(0);
    } finally {
      release();
      await other.close();
      await database.close();
    }
  });

  it('stops with the server: a daily check under way reads no further member and is not recorded', async () => {
    await s.member('stopping@example.com', 'monthly');
    const runs = async () => (await queryRows<{ n: number }>(s.t.database.db, sql`select count(*)::int as n from stripe_reconciliations where trigger = 'schedule'`))[0]?.n;
    const before = await runs();
    const database = await openSameDatabase(s.t.database);
    const payments = createStripePayments({ secretKey: s.stripe.secretKey, webhookSecret: s.stripe.webhookSecret, apiUrl: s.stripe.url });
    const held = s.stripe.holdSubscriptionReads();
    const other = await buildApp(
      { db: database.db, databaseKind: database.kind, clock: () => testNow, payments, publicUrl: stripeTestPublicUrl, stripeChecks: { everyMs: 0, exclusively: (work) => work() } },
      { logger: false },
    );
    try {
      await other.ready();
      await held.arrived;
      const closing = other.close();
      held.release();
      await closing;
      expect(await runs()).toBe(before);
    } finally {
      await database.close();
    }
  });

  it('is described in the OpenAPI document with its answer', async () => {
    const doc = (await s.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>();
    const route = doc.paths['/api/admin/members/reconcile']?.post;
    expect(Object.keys(route?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '409']));
    expect(JSON.stringify(route?.responses['200'])).toMatch(/"checked".*"changed".*"failed"/);
    expect(Object.keys(doc.paths['/api/admin/payments'] ?? {})).toEqual(['get']);
  });

  it('answers 409 while payments are off, as the member billing does', async () => {
    const off = await createAdminTestApp(kind);
    try {
      const res = await off.app.inject({ method: 'POST', url: '/api/admin/members/reconcile', headers: off.auth });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, error: expect.stringContaining('STRIPE_SECRET_KEY') });
    } finally {
      await off.close();
    }
  });
});
