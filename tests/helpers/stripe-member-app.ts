import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ActivityEntry } from '../../src/shared/api/admin-activity.js';
import type { AdminMember } from '../../src/shared/api/admin-members.js';
import type { VipSubscriptionResponse } from '../../src/shared/api/vip.js';
import { queryRows } from '../../src/server/db/client.js';
import { createStripePayments } from '../../src/server/modules/membership/index.js';
import { startFakeStripe, type FakeStripe, type FakeStripeEvent } from '../fakes/fake-stripe.js';
import { createAdminTestApp, type AdminTestApp } from './admin-test-app.js';
import { testNow, type PagedList } from './test-app.js';
import type { TestDatabaseKind } from './test-database.js';

/** The PUBLIC_URL of the apps made here. */
export const stripeTestPublicUrl = 'https://records.example';
/** The tests' clock in Stripe's seconds. */
export const t0 = Math.floor(testNow.getTime() / 1000);

/**
 * An admin test app taking payments through the real SDK against a fake Stripe (tests/fakes/fake-stripe.ts),
 * with STRIPE_WEBHOOK_SECRET set (the fake's), PUBLIC_URL `stripeTestPublicUrl` and sign-ups unthrottled;
 * and what its tests do with it: deliver Stripe's events, pay a Checkout, read a member as admin sees them.
 */
export async function startStripeMemberApp(kind: TestDatabaseKind) {
  const stripe = await startFakeStripe();
  const payments = createStripePayments({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url });
  const t = await createAdminTestApp(kind, { deps: { payments, publicUrl: stripeTestPublicUrl, rateLimits: { vip: { max: 10_000, timeWindowMs: 60_000 } } } });
  return { t, stripe, ...stripeMemberSteps(t, stripe), close: async () => (await t.close(), await stripe.close()) };
}

export function stripeMemberSteps(t: AdminTestApp, stripe: FakeStripe) {
  const deliver = (event: FakeStripeEvent) => {
    const { body, signature } = stripe.sign(event);
    return t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload: body });
  };
  const deliverAll = async (events: FakeStripeEvent[]) => {
    for (const event of events) {
      const res = await deliver(event);
      expect(res.statusCode, res.body).toBe(200);
    }
  };
  async function adminMember(email: string): Promise<AdminMember> {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/members?q=${encodeURIComponent(email)}`, headers: t.auth });
    const [member] = res.json<PagedList<AdminMember>>().data.filter((m) => m.email === email);
    if (!member) throw new Error(`${email} is not a member`);
    return member;
  }
  const activity = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/activity?limit=100', headers: t.auth })).json<{ data: ActivityEntry[] }>().data;
  /** Signs up and pays on the fake Checkout: the subscription, its customer and the events Stripe sends (not delivered). */
  async function joinAndPay(email: string, plan: 'monthly' | 'annual' | 'premium', at = t0) {
    const res = await t.app.inject({ method: 'POST', url: '/api/subscribe-vip', payload: { name: `Fan ${email}`, email, plan } });
    expect(res.statusCode, res.body).toBe(201);
    const session = stripe.sessions.find((s) => s.url === res.json<VipSubscriptionResponse>().data.checkoutUrl);
    if (!session) throw new Error(`No session for ${email}`);
    const paid = stripe.complete(session.id, at);
    return { ...paid, subscriptionId: paid.subscription.id as string };
  }
  /** A paying member whose Checkout's events were all delivered. */
  async function member(email: string, plan: 'monthly' | 'annual' | 'premium') {
    const paid = await joinAndPay(email, plan);
    await deliverAll(paid.events);
    expect((await adminMember(email)).status).toBe('active');
    return paid;
  }
  /** Signed in the way a member does: the emailed link and its button; the member's cookie. */
  async function signIn(email: string): Promise<string> {
    expect((await t.app.inject({ method: 'POST', url: '/api/vip/sign-in', payload: { email } })).statusCode).toBe(202);
    await t.settled();
    const [mail] = await queryRows<{ text: string }>(
      t.database.db,
      sql`select text_body as text from outbox_emails where ${email} = any(to_addresses) and kind = 'vip_sign_in' order by created_at desc, id desc limit 1`,
    );
    const token = /\/vip\/account\/sign-in\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    const res = await t.app.inject({ method: 'POST', url: `/api/vip/sign-in/${token}`, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    return String(res.headers['set-cookie']).split(';')[0] as string;
  }
  return { deliver, deliverAll, adminMember, activity, joinAndPay, member, signIn };
}
