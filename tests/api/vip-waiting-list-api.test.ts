import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminWaitingList } from '../../src/shared/api/vip-waiting-list.js';
import { queryRows } from '../../src/server/db/client.js';
import { unsubscribeToken } from '../../src/server/modules/messaging/tokens.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { startStripeMemberApp } from '../helpers/stripe-member-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// The VIP waiting list while payments are off (docs/decisions/0099), on PGlite and PostgreSQL: a double
// opt-in join, then staff's one send once payments are open, each address once.

const asked = 'Check your inbox: confirm your address there, and we email you once when payments open.';

describe.each(testDatabaseKinds)('the VIP waiting list on $name', (kind) => {
  describe('while payments are off', () => {
    let t: AdminTestApp;
    beforeAll(async () => {
      t = await createAdminTestApp(kind, { deps: { rateLimits: { vip: { max: 3, timeWindowMs: 60_000 } } } });
    });
    afterAll(async () => {
      await t?.close();
    });

    let client = 0;
    /** Each call from an address of its own, so that only the rate-limit test meets the limit. */
    const join = (payload: unknown, remoteAddress = `10.0.0.${++client}`) => t.app.inject({ method: 'POST', url: '/api/vip/waiting-list', payload: payload as object, remoteAddress });
    const rowsOf = (email: string) => queryRows<{ confirmed_at: string | null }>(t.database.db, sql`select confirmed_at from vip_waiting_list where email = ${email}`);
    const confirmEmails = (email: string) =>
      queryRows<{ text: string }>(t.database.db, sql`select text_body as text from outbox_emails where kind = 'vip_waiting_list_confirm' and ${email} = any(to_addresses)`);
    const tokenOf = async (email: string) => /\/vip\/waiting-list\/([A-Za-z0-9_-]+)/.exec((await confirmEmails(email))[0]?.text ?? '')?.[1] as string;
    const waitingList = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/waiting-list', headers: t.auth })).json<{ data: AdminWaitingList }>().data;

    it('says payments are closed', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/vip/payments' });
      expect(res.json()).toEqual({ success: true, data: { open: false } });
    });

    it('refuses a bad address with 400 naming the field, and stores nothing', async () => {
      for (const payload of [{}, { email: 'not-an-address' }, { email: 42 }]) {
        const res = await join(payload);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ message: 'Please enter a valid email address', field: 'email' });
      }
      expect((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from vip_waiting_list`))[0]?.n).toBe(0);
    });

    it('keeps an address once however often and however it is typed, with one confirmation email, and the link confirms it', async () => {
      const answers = await Promise.all([join({ email: 'Sam@Example.com' }), join({ email: 'sam@example.com' }), join({ email: ' sam@EXAMPLE.com ' })]);
      for (const res of answers) expect([res.statusCode, res.json().message]).toEqual([202, asked]);
      expect(await rowsOf('sam@example.com')).toEqual([{ confirmed_at: null }]);
      expect(await confirmEmails('sam@example.com')).toHaveLength(1);

      const token = await tokenOf('sam@example.com');
      const opened = await t.app.inject({ method: 'GET', url: `/api/vip/waiting-list/${token}` });
      expect(opened.json().data).toEqual({ email: 'sa*@example.com', confirmed: false });
      expect((await rowsOf('sam@example.com'))[0]?.confirmed_at).toBeNull();
      const confirmed = await t.app.inject({ method: 'POST', url: `/api/vip/waiting-list/${token}/confirm`, payload: {} });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().data).toEqual({ email: 'sa*@example.com', confirmed: true });
      expect((await rowsOf('sam@example.com'))[0]?.confirmed_at).not.toBeNull();
      expect((await join({ email: 'sam@example.com' })).statusCode).toBe(202);
      expect(await confirmEmails('sam@example.com')).toHaveLength(1);
    });

    it('forgets an address from its link at once', async () => {
      await join({ email: 'kim@example.com' });
      const token = await tokenOf('kim@example.com');
      expect((await t.app.inject({ method: 'DELETE', url: `/api/vip/waiting-list/${token}` })).statusCode).toBe(200);
      expect(await rowsOf('kim@example.com')).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: `/api/vip/waiting-list/${token}` })).statusCode).toBe(404);
    });

    it('counts a member pending payment as on the list, with no confirmation, and staff cannot send before payments open', async () => {
      const joined = await t.app.inject({ method: 'POST', url: '/api/subscribe-vip', payload: { name: 'Lee', email: 'lee@example.com', plan: 'monthly' }, remoteAddress: '10.1.0.1' });
      expect(joined.statusCode, joined.body).toBe(201);
      expect((await join({ email: 'lee@example.com' })).statusCode).toBe(202);
      expect(await rowsOf('lee@example.com')).toEqual([]);
      expect(await confirmEmails('lee@example.com')).toEqual([]);
      expect(await waitingList()).toMatchObject({ payments_open: false, recipients: 2, confirmed: 1, unconfirmed: 0, pending_members: 1, last_send: null });

      const send = await t.app.inject({ method: 'POST', url: '/api/admin/waiting-list/send', headers: t.auth, payload: {} });
      expect([send.statusCode, send.json().message]).toEqual([409, 'Payments are not open yet: the waiting list is sent once they are.']);
      expect((await t.app.inject({ method: 'POST', url: '/api/admin/waiting-list/send', payload: {} })).statusCode).toBe(401);
    });

    it('answers 429 past the limit per address, as the VIP sign-up does', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await join({ email: `fan${i}@example.com` }, '10.2.0.1')).statusCode);
      expect(statuses).toEqual([202, 202, 202, 429]);
      expect(await rowsOf('fan3@example.com')).toEqual([]);
    });
  });

  describe('once payments are open', () => {
    let app: Awaited<ReturnType<typeof startStripeMemberApp>>;
    beforeAll(async () => {
      app = await startStripeMemberApp(kind);
      // Left from while payments were off: two confirmed, one never confirmed, two members pending payment.
      await app.t.database.db.execute(sql`
        insert into vip_waiting_list (email, token, confirmed_at) values
          ('ana@example.com', 'token-ana', now()), ('bo@example.com', 'token-bo', now()), ('cy@example.com', 'token-cy', null)`);
      await app.t.database.db.execute(sql`
        insert into vip_members (name, email, plan, status) values ('Dee', 'dee@example.com', 'annual', 'pending_payment'),
          ('Ana', 'ana@example.com', 'monthly', 'pending_payment'), ('Eve', 'eve@example.com', 'monthly', 'active')`);
    });
    afterAll(async () => {
      await app?.close();
    });

    const send = () => app.t.app.inject({ method: 'POST', url: '/api/admin/waiting-list/send', headers: app.t.auth, payload: {} });
    const openEmails = () =>
      queryRows<{ to: string; text: string; headers: Record<string, string> }>(
        app.t.database.db,
        sql`select to_addresses[1] as "to", text_body as text, headers from outbox_emails where kind = 'vip_payments_open' order by to_addresses[1]`,
      );

    it('refuses a join: the page offers the plans', async () => {
      expect((await app.t.app.inject({ method: 'GET', url: '/api/vip/payments' })).json().data).toEqual({ open: true });
      const res = await app.t.app.inject({ method: 'POST', url: '/api/vip/waiting-list', payload: { email: 'new@example.com' } });
      expect([res.statusCode, res.json().message]).toEqual([409, 'Payments are open: choose a plan to join.']);
    });

    it('sends each address on the list one email however many sends arrive together, with its own unsubscribe link', async () => {
      // One address left the list before the send (the same list its emails' links leave).
      const gone = await app.t.app.inject({ method: 'POST', url: `/api/unsubscribe/${unsubscribeToken(app.t.jwtSecret, 'waiting_list', 'bo@example.com')}`, payload: {} });
      expect(gone.statusCode, gone.body).toBe(200);

      const answers = await Promise.all([send(), send(), send()]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
      const ok = answers.find((res) => res.statusCode === 200);
      expect(ok?.json().message).toBe('Sent to 2 addresses.');
      const emails = await openEmails();
      expect(emails.map((e) => e.to)).toEqual(['ana@example.com', 'dee@example.com']);
      for (const email of emails) {
        expect(email.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
        const token = /\/api\/unsubscribe\/([A-Za-z0-9_-]+)>$/.exec(email.headers['List-Unsubscribe'] ?? '')?.[1];
        expect(email.text).toContain(`/unsubscribe/${token}`);
      }
      const left = (await app.t.app.inject({ method: 'GET', url: '/api/admin/waiting-list', headers: app.t.auth })).json<{ data: AdminWaitingList }>().data;
      expect(left).toMatchObject({ payments_open: true, recipients: 0, confirmed: 0, unconfirmed: 1, pending_members: 0, last_send: { sent_by: 'alice', recipients: 2 } });

      const again = await send();
      expect([again.statusCode, again.json().message]).toEqual([409, 'Nobody on the waiting list is left to email: nothing was sent.']);
      expect(await openEmails()).toHaveLength(2);

      const [first] = emails;
      const token = /\/api\/unsubscribe\/([A-Za-z0-9_-]+)>$/.exec(first?.headers['List-Unsubscribe'] ?? '')?.[1];
      const unsubscribed = await app.t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}`, payload: {} });
      expect(unsubscribed.json().data).toEqual({ email: 'an*@example.com', list: 'waiting_list', unsubscribed: true });
    });
  });
});
