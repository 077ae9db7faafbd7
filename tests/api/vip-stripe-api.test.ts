import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMember } from '../../src/shared/api/admin-members.js';
import type { VipAccount } from '../../src/shared/api/vip-account.js';
import type { VipSubscriptionResponse } from '../../src/shared/api/vip.js';
import { buildApp } from '../../src/server/app.js';
import { queryRows } from '../../src/server/db/client.js';
import { createStripePayments } from '../../src/server/modules/membership/index.js';
import { startFakeStripe, type FakeStripe, type FakeStripeEvent } from '../fakes/fake-stripe.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { testNow, type PagedList } from '../helpers/test-app.js';
import { openSameDatabase, testDatabaseKinds } from '../helpers/test-database.js';

// Paying for VIP with Stripe (issue 26, docs/decisions/0062 and 0063), through the real SDK against
// the fake Stripe on loopback, webhooks signed by the SDK's generateTestHeaderString.

const publicUrl = 'https://records.example';
const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
const t0 = seconds(testNow);
const day = 24 * 60 * 60;

describe.each(testDatabaseKinds)('VIP with Stripe on $name', (kind) => {
  let t: AdminTestApp;
  let stripe: FakeStripe;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    const payments = createStripePayments({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url });
    t = await createAdminTestApp(kind, { deps: { payments, publicUrl, rateLimits: { vip: { max: 10_000, timeWindowMs: 60_000 } } } });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const subscribe = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/subscribe-vip', payload });
  const deliver = (event: FakeStripeEvent, options: { secret?: string; tamper?: (body: string) => string; signature?: string | null } = {}) => {
    const signed = stripe.sign(event, options.secret);
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    if (options.signature !== null) headers['stripe-signature'] = options.signature ?? signed.signature;
    return t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers, payload: options.tamper ? options.tamper(signed.body) : signed.body });
  };
  const deliverAll = async (events: FakeStripeEvent[]) => {
    for (const event of events) {
      const res = await deliver(event);
      expect(res.statusCode, res.body).toBe(200);
    }
  };

  async function adminMember(email: string): Promise<AdminMember> {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/members?q=${encodeURIComponent(email)}`, headers: t.auth });
    expect(res.statusCode, res.body).toBe(200);
    const [member] = res.json<PagedList<AdminMember>>().data.filter((m) => m.email === email);
    if (!member) throw new Error(`${email} is not a member`);
    return member;
  }
  const emailsTo = (email: string) =>
    queryRows<{ kind: string; subject: string; text: string }>(
      t.database.db,
      sql`select kind, subject, text_body as text from outbox_emails where ${email} = any(to_addresses) order by kind, created_at`,
    );
  const eventCount = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from stripe_events`))[0]?.n;
  const memberRows = () => queryRows(t.database.db, sql`select * from vip_members order by email`);

  /** Signs up and pays on the fake Checkout: the member, their subscription and the events Stripe sends (not delivered). */
  async function joinAndPay(email: string, plan: 'monthly' | 'annual' | 'premium', at = t0) {
    const res = await subscribe({ name: `Fan ${email}`, email, plan });
    expect(res.statusCode, res.body).toBe(201);
    const checkoutUrl = res.json<VipSubscriptionResponse>().data.checkoutUrl as string;
    const session = stripe.sessions.find((s) => s.url === checkoutUrl);
    if (!session) throw new Error(`No session for ${checkoutUrl}`);
    return { session, ...stripe.complete(session.id, at) };
  }

  it('starts a Stripe Checkout Session for a sign-up and answers its URL; the member waits in pending_payment', async () => {
    const res = await subscribe({ name: 'Sam Rivers', email: 'Sam@Example.com', plan: 'annual' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<VipSubscriptionResponse>();
    const [session] = stripe.sessions.slice(-1);
    expect(body).toEqual({
      success: true,
      message: 'Taking you to payment for the Annual plan.',
      data: { name: 'Sam Rivers', email: 'sam@example.com', plan: 'annual', status: 'pending_payment', checkoutUrl: session?.url },
    });
    expect(body.data.checkoutUrl).toMatch(new RegExp(`^${stripe.url}/checkout/cs_test_`));
    const [member] = await queryRows<{ id: string; status: string; session: string }>(
      t.database.db,
      sql`select m.id, m.status, s.session_id as session from vip_members m join vip_checkout_sessions s on s.member_id = m.id where m.email = 'sam@example.com'`,
    );
    // The session is recorded as the site's own, for its Processing page (docs/decisions/0095).
    expect(member).toMatchObject({ status: 'pending_payment', session: session?.id });
    // The price from the site configuration (created in Stripe once: docs/decisions/0067), the member
    // named, and PUBLIC_URL (never the request's Host) to return to.
    const [price] = stripe.prices;
    expect(price).toMatchObject({ currency: 'usd', unit_amount: 9999, recurring: { interval: 'year' } });
    expect(stripe.products.find((p) => p.id === price?.product)?.name).toBe('VIP Annual');
    expect(session).toMatchObject({
      mode: 'subscription',
      customer_email: 'sam@example.com',
      client_reference_id: member?.id,
      line_items: [{ quantity: '1', price: price?.id }],
      success_url: `${publicUrl}/vip/welcome?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${publicUrl}/vip`,
    });
    expect(stripe.requests.slice(-2)).toEqual(
      ['/v1/prices', '/v1/checkout/sessions'].map((path) => ({ method: 'POST', path, authorization: `Bearer ${stripe.secretKey}` })),
    );
    // The welcome waits for the payment.
    expect(await emailsTo('sam@example.com')).toEqual([]);
    const status = await t.app.inject({ method: 'GET', url: `/api/vip/checkout/${session?.id}` });
    expect(status.json()).toEqual({ success: true, data: { status: 'pending_payment', planName: 'Annual' } });
  });

  it('sign-up to active: the webhook events make the member active with the period end, one welcome with the receipt; a replay changes nothing', async () => {
    const { session, subscription, customer, events } = await joinAndPay('ada@example.com', 'monthly');
    await deliverAll(events);
    const member = await adminMember('ada@example.com');
    expect(member).toMatchObject({ status: 'active', current_period_end: new Date((t0 + 30 * day) * 1000).toISOString(), cancel_at_period_end: false });
    expect((await t.app.inject({ method: 'GET', url: `/api/vip/checkout/${session.id}` })).json()).toEqual({ success: true, data: { status: 'active', planName: 'Monthly' } });
    const [row] = await queryRows(t.database.db, sql`select stripe_customer_id, stripe_subscription_id from vip_members where email = 'ada@example.com'`);
    expect(row).toEqual({ stripe_customer_id: customer, stripe_subscription_id: subscription.id });
    const emails = await emailsTo('ada@example.com');
    expect(emails.map((e) => e.kind)).toEqual(['vip_welcome']);
    expect(emails[0]?.text).toContain('Receipt: USD 9.99 paid on 21 November 2026, for your membership until 21 December 2026.');
    expect(emails[0]?.text).toContain(`${publicUrl}/vip/account`);

    const before = { rows: await memberRows(), events: await eventCount(), emails: await emailsTo('ada@example.com') };
    await deliverAll([...events].reverse());
    expect({ rows: await memberRows(), events: await eventCount(), emails: await emailsTo('ada@example.com') }).toEqual(before);
  });

  it('takes a checkout.session.completed that names the member only by email, and a subscription deleted cancels (the acceptance contract)', async () => {
    const res = await subscribe({ name: 'Kim Ode', email: 'kim@example.com', plan: 'premium' });
    expect(res.statusCode).toBe(201);
    const minimal = stripe.event('checkout.session.completed', { id: 'cs_elsewhere', object: 'checkout.session', customer: 'cus_kim', subscription: 'sub_kim', customer_email: 'kim@example.com' });
    await deliverAll([minimal]);
    expect((await adminMember('kim@example.com')).status).toBe('active');
    expect((await deliver(minimal)).statusCode).toBe(200);
    await deliverAll([stripe.event('customer.subscription.deleted', { id: 'sub_kim', object: 'subscription', customer: 'cus_kim', status: 'canceled' })]);
    expect((await adminMember('kim@example.com')).status).toBe('canceled');
    const byDetails = stripe.event('checkout.session.completed', { id: 'cs_other', customer: 'cus_lee', subscription: 'sub_lee', customer_details: { email: 'LEE@example.com' } });
    await subscribe({ name: 'Lee', email: 'lee@example.com', plan: 'monthly' });
    await deliverAll([byDetails]);
    expect((await adminMember('lee@example.com')).status).toBe('active');
  });

  it('renewal: the next invoice paid moves the period end, and sends no second welcome', async () => {
    const { subscription, events } = await joinAndPay('renew@example.com', 'monthly');
    await deliverAll(events);
    await deliverAll(stripe.renew(subscription.id as string, { paid: true }).events);
    expect(await adminMember('renew@example.com')).toMatchObject({ status: 'active', current_period_end: new Date((t0 + 60 * day) * 1000).toISOString() });
    expect((await emailsTo('renew@example.com')).map((e) => e.kind)).toEqual(['vip_welcome']);
  });

  it('failed payment to past_due, an email with the billing link, and back to active once paid', async () => {
    const { subscription, events } = await joinAndPay('late@example.com', 'monthly');
    await deliverAll(events);
    const failed = stripe.renew(subscription.id as string, { paid: false });
    await deliverAll(failed.events);
    expect((await adminMember('late@example.com')).status).toBe('past_due');
    // (By kind: the clock stands still here.)
    const emails = await emailsTo('late@example.com');
    expect(emails.map((e) => e.kind)).toEqual(['vip_payment_failed', 'vip_welcome']);
    expect(emails[0]).toMatchObject({ subject: 'Your VIP payment failed (Monthly)' });
    expect(emails[0]?.text).toContain(`${publicUrl}/vip/account`);

    await deliverAll(stripe.payInvoice(failed.invoice.id as string, t0 + 31 * day).events);
    expect(await adminMember('late@example.com')).toMatchObject({ status: 'active', current_period_end: new Date((t0 + 60 * day) * 1000).toISOString() });
    expect((await emailsTo('late@example.com')).map((e) => e.kind)).toEqual(['vip_payment_failed', 'vip_welcome']);
  });

  it('cancellation keeps the membership active to the period end, confirmed by one email; then canceled', async () => {
    const { subscription, events } = await joinAndPay('bye@example.com', 'annual');
    await deliverAll(events);
    await deliverAll(stripe.updateSubscription(subscription.id as string, { cancel_at_period_end: true }, t0 + 10 * day).events);
    const periodEnd = new Date((t0 + 365 * day) * 1000).toISOString();
    expect(await adminMember('bye@example.com')).toMatchObject({ status: 'active', cancel_at_period_end: true, current_period_end: periodEnd });
    const emails = await emailsTo('bye@example.com');
    expect(emails.map((e) => e.kind)).toEqual(['vip_cancelled', 'vip_welcome']);
    expect(emails[0]?.text).toContain('your membership stays active until 21 November 2027');

    await deliverAll(stripe.endSubscription(subscription.id as string, t0 + 365 * day).events);
    expect((await adminMember('bye@example.com')).status).toBe('canceled');
    expect((await emailsTo('bye@example.com')).map((e) => e.kind)).toEqual(['vip_cancelled', 'vip_welcome']);
  });

  it('events out of order: a late older event changes no status; a subscription event before the checkout finds the member by its metadata', async () => {
    const { subscription, events } = await joinAndPay('order@example.com', 'monthly');
    // Stripe's order reversed: the checkout completes last, the subscription is known first by its metadata.
    const [created, paid, updated, completed] = events as [FakeStripeEvent, FakeStripeEvent, FakeStripeEvent, FakeStripeEvent];
    await deliverAll([created]);
    expect((await adminMember('order@example.com')).status).toBe('active');
    const [pastDue] = stripe.updateSubscription(subscription.id as string, { status: 'past_due' }, t0 + 40 * day).events as [FakeStripeEvent];
    await deliverAll([pastDue, completed, updated, paid]);
    expect((await adminMember('order@example.com')).status).toBe('past_due');
    const [row] = await queryRows(t.database.db, sql`select stripe_subscription_id from vip_members where email = 'order@example.com'`);
    expect(row).toEqual({ stripe_subscription_id: subscription.id });
  });

  it('refuses a forged, tampered or unsigned event with 400, recording and changing nothing', async () => {
    const res = await subscribe({ name: 'Mallory', email: 'mallory@example.com', plan: 'premium' });
    expect(res.statusCode).toBe(201);
    const forged = stripe.event('checkout.session.completed', { id: 'cs_forged', customer_email: 'mallory@example.com' });
    const before = { rows: await memberRows(), events: await eventCount() };
    for (const attempt of [
      deliver(forged, { secret: 'whsec_not_the_secret' }),
      deliver(forged, { signature: null }),
      deliver(forged, { signature: 't=1,v1=deadbeef' }),
      deliver(forged, { tamper: (body) => body.replace('mallory@example.com', 'kim@example.com') }),
    ]) {
      const answer = await attempt;
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, error: 'The Stripe-Signature does not verify this body', field: 'Stripe-Signature' });
    }
    expect({ rows: await memberRows(), events: await eventCount() }).toEqual(before);
  });

  it('a crash between receiving an event and answering it loses nothing: no 2xx, nothing kept, and the retry applies it once', async () => {
    const { events } = await joinAndPay('crash@example.com', 'monthly');
    // The database fails the member's update (as a crash would end the transaction): the event's record goes with it.
    await t.database.db.execute(sql`create function fail_member_update() returns trigger language plpgsql as $$ begin raise exception 'crash'; end $$`);
    await t.database.db.execute(sql`create trigger crash_member before update on vip_members for each row when (new.email = 'crash@example.com') execute function fail_member_update()`);
    const before = { rows: await memberRows(), events: await eventCount() };
    try {
      const answer = await deliver(events.at(-1) as FakeStripeEvent);
      expect(answer.statusCode).toBe(500);
      expect({ rows: await memberRows(), events: await eventCount() }).toEqual(before);
    } finally {
      await t.database.db.execute(sql`drop trigger crash_member on vip_members`);
      await t.database.db.execute(sql`drop function fail_member_update()`);
    }
    await deliverAll(events);
    await deliverAll(events);
    expect((await adminMember('crash@example.com')).status).toBe('active');
    expect((await emailsTo('crash@example.com')).map((e) => e.kind)).toEqual(['vip_welcome']);
  });

  it('an annual plan gets a renewal reminder from invoice.upcoming; a monthly one does not', async () => {
    const annual = await joinAndPay('yearly@example.com', 'premium');
    const monthly = await joinAndPay('monthly@example.com', 'monthly');
    await deliverAll([...annual.events, ...monthly.events]);
    const renewsAt = t0 + 365 * day;
    for (const { subscription } of [annual, monthly]) {
      const upcoming = { ...stripe.invoice(subscription, { paid: false, periodStart: renewsAt, periodEnd: renewsAt + 365 * day }), id: undefined, next_payment_attempt: renewsAt };
      await deliverAll([stripe.event('invoice.upcoming', upcoming, { created: renewsAt - 7 * day })]);
    }
    const reminders = (await emailsTo('yearly@example.com')).filter((e) => e.kind === 'vip_renewal_reminder');
    expect(reminders.map((e) => e.subject)).toEqual(['Your VIP Premium plan renews soon']);
    expect(reminders[0]?.text).toContain('renews on 21 November 2027 for USD 199.99');
    expect((await emailsTo('monthly@example.com')).map((e) => e.kind)).toEqual(['vip_welcome']);
  });

  it('answers 502 naming no detail when Stripe refuses; the member stays pending and may try again', async () => {
    const broken = createStripePayments({ secretKey: 'sk_test_wrong', webhookSecret: stripe.webhookSecret, apiUrl: stripe.url });
    // A second instance on the file's database, with a key Stripe refuses: a database of its own would cost most of the test.
    const database = await openSameDatabase(t.database);
    const other = await buildApp({ db: database.db, databaseKind: database.kind, clock: () => testNow, payments: broken, publicUrl }, { logger: false });
    const byEmail = (rows: { email: string; status: string }[]) => [...rows].sort((a, b) => (a.email < b.email ? -1 : 1));
    const members = async () => byEmail(await queryRows<{ email: string; status: string }>(t.database.db, sql`select email, status from vip_members`));
    const before = await members();
    try {
      const res = await other.inject({ method: 'POST', url: '/api/subscribe-vip', payload: { name: 'Ann', email: 'ann@example.com', plan: 'monthly' } });
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json()).toMatchObject({ success: false, error: 'Payments are not available right now. Please try again in a few minutes.' });
      expect(await members()).toEqual(byEmail([...before, { email: 'ann@example.com', status: 'pending_payment' }]));
    } finally {
      await other.close();
      await database.close();
    }
  });

  describe('the member page', () => {
    const linkIn = async (email: string) => {
      const [last] = (await emailsTo(email)).filter((e) => e.kind === 'vip_sign_in').slice(-1);
      const match = /\/vip\/account\/sign-in\/([A-Za-z0-9_-]+)/.exec(last?.text ?? '');
      if (!match?.[1]) throw new Error(`No sign-in link to ${email}`);
      return match[1];
    };
    const useLink = (token: string) => t.app.inject({ method: 'POST', url: `/api/vip/sign-in/${token}`, payload: {} });
    const account = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/vip/account', headers: cookie ? { cookie } : {} });

    it("a sign-up with an active member's email is answered as anyone's, changes nothing of the member, and emails that address a sign-in link", async () => {
      const { events, customer } = await joinAndPay('paid@example.com', 'annual');
      await deliverAll(events);
      const rows = await memberRows();
      const res = await subscribe({ name: 'Someone Else', email: 'PAID@example.com', plan: 'monthly' });
      expect(res.statusCode, res.body).toBe(201);
      const [session] = stripe.sessions.slice(-1);
      expect(res.json<VipSubscriptionResponse>()).toEqual({
        success: true,
        message: 'Taking you to payment for the Monthly plan.',
        data: { name: 'Someone Else', email: 'paid@example.com', plan: 'monthly', status: 'pending_payment', checkoutUrl: session?.url },
      });
      // docs/decisions/0095: the member's own customer; paying it would be cancelled and refunded.
      expect(session?.customer).toBe(customer);
      expect(await memberRows()).toEqual(rows);
      await t.settled();
      expect((await emailsTo('paid@example.com')).map((e) => e.kind)).toEqual(['vip_sign_in', 'vip_welcome']);
    });

    it('emails one address at most 5 sign-in links in 24 hours: past them the answer is the same, with no email; a day later one more', async () => {
      const { events } = await joinAndPay('often@example.com', 'monthly');
      await deliverAll(events);
      const hour = 60 * 60_000;
      const ask = async (at: number) => {
        // An hour apart: the shorter windows (docs/decisions/0095) do not count here.
        t.setNow(new Date(testNow.getTime() + at));
        try {
          return await t.app.inject({ method: 'POST', url: '/api/vip/sign-in', payload: { email: 'often@example.com' } });
        } finally {
          await t.settled();
          t.setNow(testNow);
        }
      };
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push(await ask(i * hour));
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 202));
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      const signInLinks = async () => (await emailsTo('often@example.com')).filter((e) => e.kind === 'vip_sign_in').length;
      expect(await signInLinks()).toBe(5);
      await ask(24 * hour + 1000);
      expect(await signInLinks()).toBe(6);
    });

    it('signs in with the emailed link once: opening it changes nothing, the button uses it, a second use or a late one is refused', async () => {
      const { events } = await joinAndPay('me@example.com', 'annual');
      await deliverAll(events);
      expect((await account()).statusCode).toBe(401);
      const asked = await t.app.inject({ method: 'POST', url: '/api/vip/sign-in', payload: { email: 'Me@Example.com' } });
      const stranger = await t.app.inject({ method: 'POST', url: '/api/vip/sign-in', payload: { email: 'nobody@example.com' } });
      expect([asked.statusCode, stranger.statusCode]).toEqual([202, 202]);
      expect(asked.json()).toEqual(stranger.json());
      await t.settled();
      expect(await emailsTo('nobody@example.com')).toEqual([]);
      const token = await linkIn('me@example.com');

      // A mail scanner opens the link (the confirm page asks whether it is usable): nothing is used.
      for (let i = 0; i < 3; i++) {
        expect((await t.app.inject({ method: 'GET', url: `/api/vip/sign-in/${token}` })).json()).toEqual({ success: true, data: { usable: true } });
      }
      const signedIn = await useLink(token);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const setCookie = String(signedIn.headers['set-cookie']);
      expect(setCookie).toMatch(/^vip_session=[A-Za-z0-9_-]{43}; Path=\/api\/vip; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure$/);
      const cookie = setCookie.split(';')[0] as string;

      const again = await useLink(token);
      expect(again.statusCode).toBe(410);
      expect(again.json()).toMatchObject({ error: 'This sign-in link has been used or has expired. Ask for a new one.' });
      expect((await t.app.inject({ method: 'GET', url: `/api/vip/sign-in/${token}` })).json()).toEqual({ success: true, data: { usable: false } });

      const page = await account(cookie);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-store');
      const data = page.json<{ data: VipAccount }>().data;
      expect(data).toMatchObject({
        email: 'me@example.com',
        plan: { id: 'annual', name: 'Annual', price: 99.99 },
        status: 'active',
        current_period_end: new Date((t0 + 365 * day) * 1000).toISOString(),
        cancel_at_period_end: false,
        can_manage_billing: true,
      });
      expect(data.invoices).toEqual([
        expect.objectContaining({ amount: 99.99, currency: 'USD', status: 'paid', created_at: testNow.toISOString(), url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/invoice\//) }),
      ]);
      const portal = await t.app.inject({ method: 'POST', url: '/api/vip/account/billing-portal', headers: { cookie }, payload: {} });
      expect(portal.statusCode, portal.body).toBe(200);
      expect(portal.json<{ data: { url: string } }>().data.url).toMatch(new RegExp(`^${stripe.url}/portal/bps_test_`));

      // A link is good for 15 minutes (asked for past the minute's cooldown).
      t.setNow(new Date(testNow.getTime() + 2 * 60_000));
      await t.app.inject({ method: 'POST', url: '/api/vip/sign-in', payload: { email: 'me@example.com' } });
      await t.settled();
      const late = await linkIn('me@example.com');
      expect(late).not.toBe(token);
      t.setNow(new Date(testNow.getTime() + 2 * 60_000 + 15 * 60_000 + 1000));
      try {
        expect((await useLink(late)).statusCode).toBe(410);
      } finally {
        t.setNow(testNow);
      }
      expect((await useLink('not-a-token')).statusCode).toBe(410);

      const out = await t.app.inject({ method: 'POST', url: '/api/vip/sign-out', headers: { cookie }, payload: {} });
      expect(out.statusCode).toBe(200);
      expect((await account(cookie)).statusCode).toBe(401);
    });
  });
});
