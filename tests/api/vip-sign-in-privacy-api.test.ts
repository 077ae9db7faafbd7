import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VipSubscriptionResponse } from '../../src/shared/api/vip.js';
import { queryRows } from '../../src/server/db/client.js';
import { createStripePayments, type AfterAnswer } from '../../src/server/modules/membership/index.js';
import { startFakeStripe, type FakeStripe } from '../fakes/fake-stripe.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { testNow } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// Issue 33, rows 6, 8 and 9 (docs/decisions/0095): signing up and asking for a sign-in link tell nobody
// who is a member (the same answer, the same statements, the member's email written only after the
// answer); sign-in links come one a minute and three an hour, each new one replacing the unused ones;
// the member routes take JSON from the site itself only (login CSRF).

const publicUrl = 'https://records.example';
const t0 = Math.floor(testNow.getTime() / 1000);

describe.each(testDatabaseKinds)('VIP sign-up and sign-in that tell nothing, on $name', (kind) => {
  let t: AdminTestApp;
  let stripe: FakeStripe;
  /** Work the app left for after an answer, held until the test runs it. */
  const held: (() => Promise<void>)[] = [];
  const afterAnswer: AfterAnswer = (work) => void held.push(work);
  const runHeld = async () => {
    for (const work of held.splice(0)) await work();
  };
  let queries: string[] = [];

  beforeAll(async () => {
    stripe = await startFakeStripe();
    const payments = createStripePayments({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url });
    t = await createAdminTestApp(kind, {
      onQuery: (query) => queries.push(query),
      deps: { payments, publicUrl, afterAnswer, rateLimits: { vip: { max: 10_000, timeWindowMs: 60_000 } } },
    });
    stripe.setWebhookUrl('http://unused.invalid');
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const signInEmails = (email: string) =>
    queryRows<{ text: string }>(t.database.db, sql`select text_body as text from outbox_emails where ${email} = any(to_addresses) and kind = 'vip_sign_in' order by created_at, id`);
  const tokenOf = (text: string | undefined) => /\/vip\/account\/sign-in\/([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1] as string;
  const isUsable = async (token: string) => (await t.app.inject({ method: 'GET', url: `/api/vip/sign-in/${token}` })).json<{ data: { usable: boolean } }>().data.usable;

  /** A member who paid on the fake Checkout, every event delivered. */
  async function payingMember(email: string) {
    const res = await post('/api/subscribe-vip', { name: 'Fan', email, plan: 'monthly' });
    expect(res.statusCode, res.body).toBe(201);
    const session = stripe.sessions.find((s) => s.url === res.json<VipSubscriptionResponse>().data.checkoutUrl);
    const { events } = stripe.complete(session?.id as string, t0);
    for (const event of events) {
      const { body, signature } = stripe.sign(event);
      const delivered = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload: body });
      expect(delivered.statusCode, delivered.body).toBe(200);
    }
    await runHeld();
  }

  /** A request as the app's statements see it: the statements it ran before answering, its answer, the work it left. */
  async function observed(url: string, payload: Record<string, unknown>) {
    queries = [];
    const res = await post(url, payload);
    return { status: res.statusCode, body: res.body, queries: [...queries], left: held.length };
  }

  it('row 6: a sign-in link asked for a member and for a stranger: the same answer after the same statements; the email is written after it', async () => {
    await payingMember('member6@example.com');
    const member = await observed('/api/vip/sign-in', { email: 'member6@example.com' });
    // Nothing of the member's was rendered or written before the answer.
    expect(await signInEmails('member6@example.com')).toEqual([]);
    await runHeld();
    const stranger = await observed('/api/vip/sign-in', { email: 'stranger6@example.com' });
    await runHeld();
    expect(member.status).toBe(202);
    expect(stranger).toEqual(member);
    expect(await signInEmails('member6@example.com')).toHaveLength(1);
    expect(await signInEmails('stranger6@example.com')).toEqual([]);
  });

  it("row 6: joining with a paying member's address is answered as a stranger's (a Checkout link), after the same statements; the member is emailed a sign-in link after the answer", async () => {
    await payingMember('member6b@example.com');
    // The plan's price is created in Stripe at its first checkout and kept: made before, as for any plan sold once.
    expect((await post('/api/subscribe-vip', { name: 'First', email: 'first6b@example.com', plan: 'annual' })).statusCode).toBe(201);
    const sessions = stripe.sessions.length;
    const member = await observed('/api/subscribe-vip', { name: 'Someone', email: 'member6b@example.com', plan: 'annual' });
    expect(await signInEmails('member6b@example.com')).toEqual([]);
    const stranger = await observed('/api/subscribe-vip', { name: 'Someone', email: 'stranger6b@example.com', plan: 'annual' });
    // Each got a Checkout Session of its own; apart from its id and the address given, the answers are the same bytes.
    expect(stripe.sessions.length).toBe(sessions + 2);
    const same = (body: string, email: string) => body.replaceAll(email, '{email}').replace(/cs_test_\d+/g, '{session}');
    expect(member.status).toBe(201);
    expect(same(member.body, 'member6b@example.com')).toBe(same(stranger.body, 'stranger6b@example.com'));
    expect(member.body).toContain(`"checkoutUrl":"${stripe.url}/checkout/cs_test_`);
    expect(member.queries).toEqual(stranger.queries);
    await runHeld();
    expect(await signInEmails('member6b@example.com')).toHaveLength(1);
    expect(await signInEmails('stranger6b@example.com')).toEqual([]);
  });

  it('row 8: one sign-in link a minute and three an hour per member, each new one replacing the unused ones; past them the answer is the same and nothing is sent', async () => {
    await payingMember('member8@example.com');
    const answers: string[] = [];
    const askAt = async (seconds: number) => {
      t.setNow(new Date(testNow.getTime() + seconds * 1000));
      try {
        answers.push((await post('/api/vip/sign-in', { email: 'member8@example.com' })).body);
        await runHeld();
      } finally {
        t.setNow(testNow);
      }
      return (await signInEmails('member8@example.com')).map((e) => tokenOf(e.text));
    };
    const [first] = await askAt(0);
    expect(await askAt(30)).toEqual([first]);
    // Within the minute nothing was sent, and the link sent keeps working.
    t.setNow(new Date(testNow.getTime() + 30_000));
    expect(await isUsable(first as string)).toBe(true);
    t.setNow(testNow);

    const [, second] = await askAt(61);
    t.setNow(new Date(testNow.getTime() + 62_000));
    try {
      // The new link replaced the unused one.
      expect(await isUsable(first as string)).toBe(false);
      expect((await post(`/api/vip/sign-in/${first}`, {})).statusCode).toBe(410);
      expect(await isUsable(second as string)).toBe(true);
    } finally {
      t.setNow(testNow);
    }
    expect(await askAt(122)).toHaveLength(3);
    // A fourth within the hour: nothing.
    expect(await askAt(183)).toHaveLength(3);
    expect(await askAt(3600 + 1)).toHaveLength(4);
    expect(new Set(answers).size).toBe(1);
  });

  describe('row 9: member routes take JSON from the site itself only', () => {
    async function freshLink(email: string) {
      await payingMember(email);
      await post('/api/vip/sign-in', { email });
      await runHeld();
      return tokenOf((await signInEmails(email)).at(-1)?.text);
    }

    it("a sign-in link used by a cross-site form (text/plain, urlencoded, no body) or another origin's fetch is refused and stays usable; the site's own page signs in", async () => {
      const token = await freshLink('member9@example.com');
      const use = (headers: Record<string, string>, payload?: string) =>
        t.app.inject({ method: 'POST', url: `/api/vip/sign-in/${token}`, headers, ...(payload === undefined ? {} : { payload }) });

      const plain = await use({ 'content-type': 'text/plain' }, '{}');
      expect(plain.statusCode).toBe(415);
      expect(plain.json()).toMatchObject({ success: false, error: 'Send this request as application/json, not text/plain.' });
      const form = await use({ 'content-type': 'application/x-www-form-urlencoded' }, 'a=1');
      expect([form.statusCode, form.json().message]).toEqual([415, 'Send this request as application/json, not application/x-www-form-urlencoded.']);
      const bare = await use({});
      expect([bare.statusCode, bare.json().message]).toEqual([415, 'Send this request as application/json (it had no Content-Type).']);
      const otherOrigin = await use({ 'content-type': 'application/json', origin: 'https://attacker.example' }, '{}');
      expect([otherOrigin.statusCode, otherOrigin.json().message]).toEqual([403, 'This request came from another site. Use this site itself.']);
      const crossSite = await use({ 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, '{}');
      expect(crossSite.statusCode).toBe(403);
      for (const refused of [plain, form, bare, otherOrigin, crossSite]) expect(refused.headers['set-cookie']).toBeUndefined();
      expect(await isUsable(token)).toBe(true);

      const own = await use({ 'content-type': 'application/json; charset=utf-8', origin: publicUrl, 'sec-fetch-site': 'same-origin' }, '{}');
      expect(own.statusCode, own.body).toBe(200);
      expect(String(own.headers['set-cookie'])).toMatch(/^vip_session=/);
    });

    it('signing out, the newsletter choice, billing, sign-up and asking for a link refuse another site and bodies that are not JSON', async () => {
      const token = await freshLink('member9b@example.com');
      const signedIn = await post(`/api/vip/sign-in/${token}`, {});
      const cookie = String(signedIn.headers['set-cookie']).split(';')[0] as string;
      const crossSite = { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' };

      expect((await t.app.inject({ method: 'POST', url: '/api/vip/sign-out', headers: { cookie, 'content-type': 'text/plain' }, payload: '' })).statusCode).toBe(415);
      expect((await t.app.inject({ method: 'POST', url: '/api/vip/sign-out', headers: crossSite, payload: '{}' })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'PUT', url: '/api/vip/account/newsletter', headers: crossSite, payload: '{"gets_newsletter":false}' })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: '/api/vip/account/billing-portal', headers: { ...crossSite, origin: 'https://attacker.example' }, payload: '{}' })).statusCode).toBe(403);
      // The session is still there, with the newsletter as it was.
      const account = await t.app.inject({ method: 'GET', url: '/api/vip/account', headers: { cookie } });
      expect(account.statusCode).toBe(200);
      expect(account.json<{ data: { gets_newsletter: boolean } }>().data.gets_newsletter).toBe(true);

      const sessions = stripe.sessions.length;
      const join = await t.app.inject({ method: 'POST', url: '/api/subscribe-vip', headers: { 'content-type': 'text/plain' }, payload: JSON.stringify({ name: 'X', email: 'x9@example.com', plan: 'monthly' }) });
      expect([join.statusCode, join.json().message]).toEqual([415, 'Send this request as application/json, not text/plain.']);
      const ask = await t.app.inject({ method: 'POST', url: '/api/vip/sign-in', headers: { 'content-type': 'application/json', origin: 'https://attacker.example' }, payload: '{"email":"member9b@example.com"}' });
      expect(ask.statusCode).toBe(403);
      expect(stripe.sessions.length).toBe(sessions);
      expect(held).toEqual([]);

      const out = await t.app.inject({ method: 'POST', url: '/api/vip/sign-out', headers: { cookie, origin: publicUrl }, payload: {} });
      expect(out.statusCode).toBe(200);
    });

    it('the site opened by another of its names (127.0.0.1 for the PUBLIC_URL host) is still itself', async () => {
      // The page at http://127.0.0.1:3000 posts to the same address: its Origin is the request's own.
      const ask = await t.app.inject({
        method: 'POST',
        url: '/api/vip/sign-in',
        headers: { 'content-type': 'application/json', host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin' },
        payload: '{"email":"another-name@example.com"}',
      });
      expect(ask.statusCode, ask.body).toBe(202);
      // Another site naming the same port on another host is not.
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/vip/sign-in',
        headers: { 'content-type': 'application/json', host: '127.0.0.1:3000', origin: 'http://127.0.0.2:3000' },
        payload: '{"email":"another-name@example.com"}',
      });
      expect(other.statusCode).toBe(403);
    });
  });
});
