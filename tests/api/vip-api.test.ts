import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VipSubscriptionResponse } from '../../src/shared/api/vip.js';
import { siteConfig } from '../../src/shared/site-config.js';
import { queryRows } from '../../src/server/db/client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

interface ErrorBody {
  success: false;
  error: string;
  message: string;
  field?: string;
  reqId: string;
}

const pending = (email: string) =>
  `Payments aren't open yet, so your membership is pending payment: we'll email you at ${email} when they are.`;

describe('VIP plans in the site configuration (docs/product.md §9)', () => {
  it('has Monthly $9.99/month, Annual $99.99/year (Save 17%, most popular) and Premium $199.99/year', () => {
    expect(siteConfig.vipPlans.map((p) => [p.id, p.name, p.price, p.period, p.badge, p.isPopular])).toEqual([
      ['monthly', 'Monthly', 9.99, 'month', null, false],
      ['annual', 'Annual', 99.99, 'year', 'Save 17%', true],
      ['premium', 'Premium', 199.99, 'year', null, false],
    ]);
    expect(siteConfig.vipPlans.every((p) => p.features.length > 0)).toBe(true);
  });
});

describe.each(testDatabaseKinds)('VIP subscriptions on $name', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { rateLimits: { vip: { max: 10_000, timeWindowMs: 60_000 } } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  function subscribe(payload: Record<string, unknown>, app: TestApp = t) {
    return app.app.inject({ method: 'POST', url: '/api/subscribe-vip', payload });
  }

  async function members(app: TestApp = t) {
    return queryRows<{ name: string; email: string; plan: string; status: string }>(
      app.database.db,
      sql`select name, email, plan, status from vip_members order by email`,
    );
  }

  async function expectRejected(payload: Record<string, unknown>, field: string, message: string) {
    const res = await subscribe(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorBody>()).toEqual({ success: false, error: message, message, field, reqId: expect.any(String) });
  }

  it('stores a new member as pending payment and says so (201)', async () => {
    const res = await subscribe({ name: 'Sam Rivers', email: ' Sam@Example.com ', plan: 'annual' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<VipSubscriptionResponse>();
    expect(body).toEqual({
      success: true,
      message: `You're on the list for the Annual plan. ${pending('sam@example.com')}`,
      data: { name: 'Sam Rivers', email: 'sam@example.com', plan: 'annual', status: 'pending_payment' },
    });
    expect(await members()).toContainEqual({ name: 'Sam Rivers', email: 'sam@example.com', plan: 'annual', status: 'pending_payment' });
  });

  it("answers a known email exactly as a new one, changes nothing and tells nothing of the member", async () => {
    const first = await subscribe({ name: 'Kim Ode', email: 'kim@example.com', plan: 'monthly' });
    expect(first.statusCode).toBe(201);
    const fresh = await subscribe({ name: 'Someone', email: 'someone@example.com', plan: 'premium' });
    const known = await subscribe({ name: 'Someone', email: 'KIM@Example.COM', plan: 'premium' });
    expect(known.statusCode, known.body).toBe(201);
    const expected = (email: string) => ({
      success: true,
      message: `You're on the list for the Premium plan. ${pending(email)}`,
      data: { name: 'Someone', email, plan: 'premium', status: 'pending_payment' },
    });
    expect(fresh.json()).toEqual(expected('someone@example.com'));
    expect(known.json()).toEqual(expected('kim@example.com'));
    expect(known.body).not.toMatch(/monthly|Kim Ode|2026-/i);

    const kims = (await members()).filter((m) => m.email === 'kim@example.com');
    expect(kims).toEqual([{ name: 'Kim Ode', email: 'kim@example.com', plan: 'monthly', status: 'pending_payment' }]);
    const [request] = await queryRows<{ kind: string; summary: string }>(
      t.database.db,
      sql`select kind, summary from activity_log where kind = 'member.request' order by occurred_at desc limit 1`,
    );
    expect(request).toEqual({ kind: 'member.request', summary: "Someone asked for the Premium plan with a member's email" });
  });

  it('keeps one member for two simultaneous subscriptions with one email', async () => {
    const results = await Promise.all([
      subscribe({ name: 'Ada', email: 'ada@example.com', plan: 'monthly' }),
      subscribe({ name: 'Ada', email: 'ADA@example.com', plan: 'annual' }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    expect((await members()).filter((m) => m.email === 'ada@example.com')).toHaveLength(1);
  });

  it('asks for all required fields, a valid email and a plan, naming the field', async () => {
    const required = 'Please fill in all required fields';
    await expectRejected({ email: 'a@example.com', plan: 'annual' }, 'name', required);
    await expectRejected({ name: '   ', email: 'a@example.com', plan: 'annual' }, 'name', required);
    await expectRejected({ name: 'A', plan: 'annual' }, 'email', required);
    await expectRejected({ name: 'A', email: '', plan: 'annual' }, 'email', required);
    await expectRejected({ name: 'A', email: 'not-an-email', plan: 'annual' }, 'email', 'Please enter a valid email address');
    await expectRejected({ name: 'A', email: 'a@example.com', plan: 'lifetime' }, 'plan', 'Please choose a plan: monthly, annual, premium');
    await expectRejected({ name: 'A', email: 'a@example.com' }, 'plan', 'Please choose a plan: monthly, annual, premium');
  });

  it('leaves the members unchanged for every rejected body', async () => {
    const before = await members();
    for (const payload of [{}, { name: 'B', email: 'b@', plan: 'annual' }, { name: 'B', email: 'b@example.com', plan: 'gold' }, { name: 'x'.repeat(20_000), email: 'b@example.com', plan: 'annual' }]) {
      expect((await subscribe(payload)).statusCode).toBeGreaterThanOrEqual(400);
    }
    expect(await members()).toEqual(before);
  });

  it('answers 429 with a clear message after the limit', async () => {
    const limited = await createTestApp(kind, { deps: { rateLimits: { vip: { max: 1, timeWindowMs: 60_000 } } } });
    try {
      expect((await subscribe({ name: 'R', email: 'r@example.com', plan: 'monthly' }, limited)).statusCode).toBe(201);
      const blocked = await subscribe({ name: 'R', email: 'r2@example.com', plan: 'monthly' }, limited);
      expect(blocked.statusCode).toBe(429);
      const message = 'Too many submissions from this address. Please try again in 1 minute.';
      expect(blocked.json()).toEqual({ success: false, error: message, message, reqId: expect.any(String) });
      expect(await members(limited)).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });

  it('documents both routes in OpenAPI with their tags', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { post?: { tags?: string[]; requestBody?: unknown } }>;
    }>();
    expect(docs.paths['/api/submit-demo']?.post?.tags).toEqual(['demos']);
    expect(docs.paths['/api/subscribe-vip']?.post?.tags).toEqual(['vip']);
    expect(JSON.stringify(docs.paths['/api/submit-demo']?.post?.requestBody)).toContain('soundCloudPrivateLink');
  });
});
