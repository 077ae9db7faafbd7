import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VipAccount } from '../../src/shared/api/vip-account.js';
import type { VipSubscriptionResponse } from '../../src/shared/api/vip.js';
import { queryRows } from '../../src/server/db/client.js';
import type { FakeStripe, FakeStripeEvent } from '../fakes/fake-stripe.js';
import type { AdminTestApp } from '../helpers/admin-test-app.js';
import { startStripeMemberApp, t0, type stripeMemberSteps } from '../helpers/stripe-member-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// Issue 33, rows 12 and 13 (docs/decisions/0095): asking to join again with a pending member's address
// answers their open Checkout again rather than replacing it (their "Processing" page keeps working);
// a returning member pays as their own Stripe customer, so their earlier invoices stay on their page,
// which lists no drafts.

const day = 24 * 60 * 60;

describe.each(testDatabaseKinds)('joining again with Stripe, on $name', (kind) => {
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

  const join = async (email: string, plan: 'monthly' | 'annual', name = 'Fan') => {
    const res = await t.app.inject({ method: 'POST', url: '/api/subscribe-vip', payload: { name, email, plan } });
    expect(res.statusCode, res.body).toBe(201);
    const checkoutUrl = res.json<VipSubscriptionResponse>().data.checkoutUrl as string;
    const session = stripe.sessions.find((s) => s.url === checkoutUrl);
    if (!session) throw new Error(`No session for ${checkoutUrl}`);
    return session;
  };
  const deliverAll = (events: FakeStripeEvent[]) => steps.deliverAll(events);
  const signIn = (email: string) => steps.signIn(email);
  /** What the "Processing" page of a session reads. */
  const processing = (sessionId: string) => t.app.inject({ method: 'GET', url: `/api/vip/checkout/${sessionId}` });


  it("row 12: joining again with a pending member's address answers their open Checkout again; their Processing page keeps working through another plan's checkout and their payment", async () => {
    const first = await join('pending12@example.com', 'monthly');
    const sessions = stripe.sessions.length;
    // Someone else, elsewhere, types the same address for the same plan: the same Checkout, no new session.
    const again = await join('pending12@example.com', 'monthly', 'Someone Else');
    expect(again.id).toBe(first.id);
    expect(stripe.sessions.length).toBe(sessions);
    // Another plan is another Checkout, which replaces nothing: both pages find the member.
    const annual = await join('pending12@example.com', 'annual', 'Someone Else');
    expect(annual.id).not.toBe(first.id);
    // Each page reads pending, with the plan its Checkout is for.
    expect((await processing(first.id)).json()).toEqual({ success: true, data: { status: 'pending_payment', planName: 'Monthly' } });
    expect((await processing(annual.id)).json()).toEqual({ success: true, data: { status: 'pending_payment', planName: 'Annual' } });

    // The member pays the first; its page says so before and after the webhook.
    const paid = stripe.complete(first.id, t0);
    expect((await processing(first.id)).statusCode).toBe(200);
    await deliverAll(paid.events);
    expect((await processing(first.id)).json()).toEqual({ success: true, data: { status: 'active', planName: 'Monthly' } });
  });

  it('row 12: an expired Checkout is replaced by a new one, whose page finds the member', async () => {
    const first = await join('expired12@example.com', 'monthly');
    stripe.expireSession(first.id);
    const next = await join('expired12@example.com', 'monthly');
    expect(next.id).not.toBe(first.id);
    expect((await processing(next.id)).json()).toMatchObject({ data: { status: 'pending_payment' } });
  });

  it("row 6: a paying member who pays the Checkout their address is answered with again is not charged twice: the second subscription is cancelled and refunded, theirs goes on", async () => {
    const first = await join('twice6@example.com', 'monthly');
    const paid = stripe.complete(first.id, t0);
    await deliverAll(paid.events);
    // Anyone typing the address gets a Checkout, as for any address: the member's own customer.
    const again = await join('twice6@example.com', 'annual', 'Someone Else');
    expect(again.customer).toBe(paid.customer);
    const second = stripe.complete(again.id, t0 + day);
    await deliverAll(second.events);
    expect(stripe.subscription(second.subscription.id as string).status).toBe('canceled');
    expect(stripe.refunds).toEqual([{ id: expect.stringMatching(/^re_/), payment_intent: expect.stringMatching(/^pi_/), amount: 9999 }]);
    await deliverAll(stripe.apiEvents.splice(0));

    // The second Checkout's page, paid and refunded, reads as a stranger's unpaid one; the member's own reads their membership.
    expect((await processing(again.id)).json()).toEqual({ success: true, data: { status: 'pending_payment', planName: 'Annual' } });
    expect((await processing(first.id)).json()).toEqual({ success: true, data: { status: 'active', planName: 'Monthly' } });
    const [member] = await queryRows<{ status: string; plan: string; subscription: string; session: string }>(
      t.database.db,
      sql`select status, plan, stripe_subscription_id as subscription, stripe_checkout_session_id as session from vip_members where email = 'twice6@example.com'`,
    );
    expect(member).toEqual({ status: 'active', plan: 'monthly', subscription: paid.subscription.id, session: first.id });
    const emails = await queryRows<{ kind: string }>(t.database.db, sql`select kind from outbox_emails where 'twice6@example.com' = any(to_addresses) and kind <> 'vip_sign_in'`);
    expect(emails.map((e) => e.kind)).toEqual(['vip_welcome']);
    const [entry] = await queryRows<{ summary: string }>(t.database.db, sql`select summary from activity_log where summary like ${'%second membership%'}`);
    expect(entry?.summary).toBe(`Fan paid a second membership (Stripe subscription ${String(second.subscription.id)}) while theirs goes on: it was cancelled and its payment refunded`);
  });

  it('row 13: a returning member pays as their own Stripe customer: their earlier invoices stay on their page, which lists no draft; the renewal date is the subscription\'s', async () => {
    const first = await join('returning13@example.com', 'monthly');
    const joined = stripe.complete(first.id, t0);
    await deliverAll(joined.events);
    await deliverAll(stripe.endSubscription(joined.subscription.id as string, t0 + 40 * day).events);

    const second = await join('returning13@example.com', 'annual');
    expect(second).toMatchObject({ customer: joined.customer, customer_email: null });
    const rejoined = stripe.complete(second.id, t0 + 50 * day);
    expect(rejoined.customer).toBe(joined.customer);
    await deliverAll(rejoined.events);
    stripe.draftInvoice(rejoined.subscription.id as string);

    const cookie = await signIn('returning13@example.com');
    const page = await t.app.inject({ method: 'GET', url: '/api/vip/account', headers: { cookie } });
    expect(page.statusCode, page.body).toBe(200);
    const account = page.json<{ data: VipAccount }>().data;
    expect(account).toMatchObject({ status: 'active', plan: { id: 'annual' }, current_period_end: new Date((t0 + 50 * day + 365 * day) * 1000).toISOString() });
    expect(account.invoices.map((i) => [i.amount, i.status])).toEqual([
      [99.99, 'paid'],
      [9.99, 'paid'],
    ]);
  });

  describe("a security review of joining again (decision 0095's amendment): a Checkout's page and a second ask tell nothing of the address", () => {
    /** Addresses as an asker may find them: a paying member's, a paused one's, a former member's, one that started and never paid, a new one. */
    async function addresses(tag: string) {
      const paying = `paying-${tag}@example.com`;
      await deliverAll(stripe.complete((await join(paying, 'monthly')).id, t0).events);
      const paused = `paused-${tag}@example.com`;
      const pausedSub = stripe.complete((await join(paused, 'monthly')).id, t0);
      await deliverAll([...pausedSub.events, ...stripe.pause(pausedSub.subscription.id as string, t0 + day).events]);
      const former = `former-${tag}@example.com`;
      const formerSub = stripe.complete((await join(former, 'monthly')).id, t0);
      await deliverAll([...formerSub.events, ...stripe.endSubscription(formerSub.subscription.id as string, t0 + day).events]);
      const started = `started-${tag}@example.com`;
      await join(started, 'monthly');
      return { paying, paused, former, started, stranger: `stranger-${tag}@example.com` };
    }

    it("H1: the Processing page of a Checkout anyone started for an address reads pending, with that Checkout's plan, whoever the address belongs to", async () => {
      const all = await addresses('h1');
      for (const [who, email] of Object.entries(all)) {
        const asked = await join(email, 'annual', 'Someone Else');
        expect([who, (await processing(asked.id)).json()]).toEqual([who, { success: true, data: { status: 'pending_payment', planName: 'Annual' } }]);
      }
    });

    it('M1: asking twice for the same plan answers the same Checkout for every address, after the same calls to Stripe', async () => {
      const all = await addresses('m1');
      const seen = new Map<string, string[]>();
      for (const [who, email] of Object.entries(all)) {
        const first = await join(email, 'annual', 'Someone Else');
        const before = stripe.requests.length;
        const again = await join(email, 'annual', 'Someone Else');
        expect([who, again.id]).toEqual([who, first.id]);
        seen.set(who, stripe.requests.slice(before).map((r) => `${r.method} ${r.path.replace(/cs_test_\d+/, '{session}')}`));
      }
      expect(new Set([...seen.values()].map((calls) => JSON.stringify(calls)))).toEqual(new Set([JSON.stringify(['GET /v1/checkout/sessions/{session}'])]));
    });

    it("M3: a Checkout id the site never made is no checkout, and asking costs no call to Stripe, even when Stripe has that session", async () => {
      const before = stripe.requests.length;
      for (const id of ['cs_test_000000404', `cs_live_${'a'.repeat(60)}`]) {
        const res = await processing(id);
        expect([res.statusCode, res.json().message]).toEqual([404, 'No checkout with this id']);
      }
      // A session made in Stripe for a member (with their id as the site marks its own), but not by the site.
      const first = await join('m3@example.com', 'monthly');
      await deliverAll(stripe.complete(first.id, t0).events);
      const [row] = await queryRows<{ id: string }>(t.database.db, sql`select id from vip_members where email = 'm3@example.com'`);
      const sdk = new Stripe(stripe.secretKey, { host: new URL(stripe.url).hostname, port: new URL(stripe.url).port, protocol: 'http' });
      const foreign = await sdk.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ quantity: 1, price: String(first.line_items[0]?.price) }],
        customer_email: 'm3@example.com',
        client_reference_id: row?.id,
        success_url: 'https://elsewhere.example/',
      });
      const outside = stripe.requests.length;
      expect((await processing(foreign.id)).statusCode).toBe(404);
      expect(stripe.requests.length).toBe(outside);
      expect(stripe.requests.slice(before).map((r) => `${r.method} ${r.path}`)).not.toContain('GET /v1/checkout/sessions/cs_test_000000404');
    });

    it("L1: a former member whose stored Stripe customer Checkout refuses (deleted, or test keys changed for live ones) gets a Checkout as anyone does, pays as a new customer and is a member again", async () => {
      const first = await join('l1@example.com', 'monthly');
      const joined = stripe.complete(first.id, t0);
      await deliverAll([...joined.events, ...stripe.endSubscription(joined.subscription.id as string, t0 + day).events]);
      // The stored customer is one this Stripe does not have.
      await t.database.db.execute(sql`update vip_members set stripe_customer_id = 'cus_live_000000gone' where email = 'l1@example.com'`);

      const again = await join('l1@example.com', 'annual', 'Someone Else');
      expect(again).toMatchObject({ customer: null, customer_email: 'l1@example.com' });
      const [row] = await queryRows<{ customer: string | null }>(t.database.db, sql`select stripe_customer_id as customer from vip_members where email = 'l1@example.com'`);
      expect(row?.customer).toBeNull();
      const rejoined = stripe.complete(again.id, t0 + 2 * day);
      await deliverAll(rejoined.events);
      expect((await processing(again.id)).json()).toEqual({ success: true, data: { status: 'active', planName: 'Annual' } });
    });
  });
});
