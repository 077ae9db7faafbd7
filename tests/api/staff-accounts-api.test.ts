import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLoginResponse } from '../../src/shared/api/admin-auth.js';
import { staffMessages, type StaffList } from '../../src/shared/api/staff.js';
import { hiddenLinkMark } from '../../src/server/modules/messaging/messaging.service.js';
import { queryRows } from '../../src/server/db/client.js';
import { removeStaff } from '../../src/server/modules/staff/staff-accounts.service.js';
import { createAdminTestApp, testAdmin, type AdminTestApp } from '../helpers/admin-test-app.js';
import { testMailroom } from '../helpers/mail.js';
import { testNow } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// Issue 34 item 2 (docs/decisions/0098): owners invite staff by email with a role, the invitee chooses a
// username and password from the one-time link (7 days), owners see and remove accounts, and a removed
// account's sessions end at once.

const publicUrl = 'https://records.example';
const day = 24 * 60 * 60 * 1000;
let addressCount = 0;
/** A new address per test: the tests share one app. */
const freshEmail = (name: string) => `${name}.${++addressCount}@staff.example`;
const freshIp = () => `10.34.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;

describe.each(testDatabaseKinds)('staff accounts on $name', (kind) => {
  let t: AdminTestApp;

  beforeAll(async () => {
    t = await createAdminTestApp(kind, { deps: { publicUrl } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  function invite(body: Record<string, unknown>, headers = t.auth) {
    return t.app.inject({ method: 'POST', url: '/api/admin/staff', headers, payload: body });
  }

  /** The token of the invitation emailed to `email` that is stored now (an earlier one was replaced), read from the link in the outbox. */
  async function emailedToken(email: string): Promise<string> {
    const rows = await queryRows<{ text_body: string }>(
      t.database.db,
      sql`select text_body from outbox_emails where kind = 'staff_invitation' and lower(${email}) = any(select lower(a) from unnest(to_addresses) a)`,
    );
    const tokens = rows.map((row) => new RegExp(`${publicUrl}/admin/invite/([\\w-]+)`).exec(row.text_body)?.[1]).filter((token) => token !== undefined);
    const stored = await queryRows<{ token_hash: string }>(t.database.db, sql`select token_hash from staff_invitations`);
    const token = tokens.find((candidate) => stored.some((row) => row.token_hash === createHash('sha256').update(candidate).digest('hex')));
    if (!token) throw new Error(`no invitation link emailed to ${email}`);
    return token;
  }

  function accept(token: string, body: Record<string, unknown>) {
    return t.app.inject({ method: 'POST', url: `/api/admin/invitations/${token}`, payload: body });
  }

  function login(username: string, password: string) {
    return t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password }, remoteAddress: freshIp() });
  }

  async function staffList(): Promise<StaffList> {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/staff', headers: t.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: StaffList }>().data;
  }

  /** An account made through an invitation: its id and its first session's token. */
  async function joined(role: string, username: string, password = 'staff password 1') {
    const email = freshEmail(username);
    expect((await invite({ email, role })).statusCode).toBe(201);
    const res = await accept(await emailedToken(email), { username, password });
    expect(res.statusCode, res.body).toBe(201);
    return { email, ...res.json<{ data: { id: string; token: string } }>().data };
  }

  it('invites by email, the invitee chooses a username and password from the link, then logs in with them', async () => {
    const email = freshEmail('erin');
    const res = await invite({ email, role: 'editor' });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ data: { id: string } }>().data;
    expect(id).toEqual(expect.any(String));

    const [mail] = await queryRows<{ subject: string; to_addresses: string[]; html: string }>(
      t.database.db,
      sql`select subject, to_addresses, html from outbox_emails where kind = 'staff_invitation' and ${email} = any(to_addresses)`,
    );
    expect(mail?.to_addresses).toEqual([email]);
    expect(mail?.subject).toMatch(/invited .*\(Editor\)/);
    const token = await emailedToken(email);
    expect(mail?.html).toContain(`${publicUrl}/admin/invite/${token}`);
    // Only the token's hash is stored.
    expect(JSON.stringify(await queryRows(t.database.db, sql`select * from staff_invitations`))).not.toContain(token);

    const shown = await t.app.inject({ method: 'GET', url: `/api/admin/invitations/${token}` });
    expect(shown.json()).toEqual({ success: true, data: { email, role: 'editor', expiresAt: new Date(testNow.getTime() + 7 * day).toISOString() } });

    const accepted = await accept(token, { username: 'erin', password: 'erin password 1' });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const session = accepted.json<{ data: { token: string } }>().data.token;
    const verified = await t.app.inject({ method: 'GET', url: '/api/admin/verify-admin-token', headers: bearer(session) });
    expect(verified.json()).toMatchObject({ data: { user: { username: 'erin', role: 'editor' } } });

    const loggedIn = await login('erin', 'erin password 1');
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
    const again = await t.app.inject({ method: 'GET', url: '/api/admin/verify-admin-token', headers: bearer(loggedIn.json<AdminLoginResponse>().token) });
    expect(again.json()).toMatchObject({ data: { user: { username: 'erin', role: 'editor' } } });

    const { accounts, invitations } = await staffList();
    expect(accounts.find((a) => a.username === 'erin')).toEqual({
      id: expect.any(String),
      username: 'erin',
      email,
      role: 'editor',
      lastSignInAt: testNow.toISOString(),
      createdAt: testNow.toISOString(),
    });
    expect(invitations.map((i) => i.email)).not.toContain(email);
  });

  it('a link works once', async () => {
    const email = freshEmail('once');
    await invite({ email, role: 'a&r' });
    const token = await emailedToken(email);
    expect((await accept(token, { username: 'once', password: 'once password 1' })).statusCode).toBe(201);
    const second = await accept(token, { username: 'twice', password: 'twice password 1' });
    expect(second.statusCode).toBe(410);
    expect(second.json()).toMatchObject({ error: staffMessages.invitationUsed });
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/invitations/${token}` })).json()).toMatchObject({ error: staffMessages.invitationUsed });
    expect((await login('twice', 'twice password 1')).statusCode).toBe(401);
  });

  it('a link is valid 7 days', async () => {
    const email = freshEmail('late');
    await invite({ email, role: 'editor' });
    const token = await emailedToken(email);
    try {
      t.setNow(new Date(testNow.getTime() + 7 * day - 1000));
      expect((await t.app.inject({ method: 'GET', url: `/api/admin/invitations/${token}` })).statusCode).toBe(200);
      t.setNow(new Date(testNow.getTime() + 7 * day));
      const res = await accept(token, { username: 'late', password: 'late password 1' });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ error: staffMessages.invitationExpired });
    } finally {
      t.setNow(testNow);
    }
    expect((await login('late', 'late password 1')).statusCode).toBe(401);
  });

  it('refuses an unknown link with 404, and nothing is made', async () => {
    const res = await accept('not-a-token', { username: 'nobody', password: 'nobody password' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: staffMessages.invitationUnknown });
  });

  it('inviting an address again replaces its pending invitation: the earlier link stops working', async () => {
    const email = freshEmail('again');
    await invite({ email, role: 'editor' });
    const first = await emailedToken(email);
    await invite({ email: email.toUpperCase(), role: 'a&r' });
    const second = await emailedToken(email.toUpperCase());
    expect(second).not.toBe(first);
    expect((await accept(first, { username: 'again', password: 'again password' })).statusCode).toBe(404);
    expect((await staffList()).invitations.filter((i) => i.email.toLowerCase() === email)).toEqual([expect.objectContaining({ role: 'a&r' })]);
    expect((await accept(second, { username: 'again', password: 'again password' })).statusCode).toBe(201);
  });

  it('cancels a pending invitation: its link stops working', async () => {
    const email = freshEmail('cancel');
    await invite({ email, role: 'editor' });
    const token = await emailedToken(email);
    const pending = (await staffList()).invitations.find((i) => i.email === email);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/staff/invitations/${pending?.id}`, headers: t.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect((await staffList()).invitations.map((i) => i.email)).not.toContain(email);
    expect((await accept(token, { username: 'cancelled', password: 'cancelled password' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/staff/invitations/${pending?.id}`, headers: t.auth })).statusCode).toBe(404);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = await queryRows(t.database.db, sql`select (select count(*) from staff_invitations)::int as invitations, (select count(*) from outbox_emails)::int as emails`);
    for (const [body, field] of [
      [{ role: 'editor' }, 'email'],
      [{ email: 'not an address', role: 'editor' }, 'email'],
      [{ email: freshEmail('x') }, 'role'],
      [{ email: freshEmail('x'), role: 'admin' }, 'role'],
    ] as const) {
      const res = await invite(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ field });
    }
    expect(await queryRows(t.database.db, sql`select (select count(*) from staff_invitations)::int as invitations, (select count(*) from outbox_emails)::int as emails`)).toEqual(before);
    // An address that is a staff account's already.
    const taken = await invite({ email: (await joined('editor', 'holder')).email, role: 'a&r' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ field: 'email', error: staffMessages.alreadyStaff });

    const email = freshEmail('rules');
    await invite({ email, role: 'editor' });
    const token = await emailedToken(email);
    for (const [body, field, status] of [
      [{ password: 'long enough 1' }, 'username', 400],
      [{ username: '   ', password: 'long enough 1' }, 'username', 400],
      [{ username: 'rules', password: 'short' }, 'password', 400],
      [{ username: 'rules', password: 'x'.repeat(1025) }, 'password', 400],
      [{ username: testAdmin.username, password: 'long enough 1' }, 'username', 409],
    ] as const) {
      const res = await accept(token, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.json()).toMatchObject({ field });
    }
    // The refusals left the link usable.
    expect((await accept(token, { username: 'rules', password: 'long enough 1' })).statusCode).toBe(201);
  });

  it('removing an account ends its sessions at once', async () => {
    const editor = await joined('editor', 'leaving');
    const other = (await login('leaving', 'staff password 1')).json<AdminLoginResponse>().token;
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/tracks', headers: bearer(editor.token) })).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/staff/${editor.id}`, headers: t.auth });
    expect(res.statusCode, res.body).toBe(200);
    for (const token of [editor.token, other]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/tracks', headers: bearer(token) })).statusCode).toBe(401);
    }
    expect((await login('leaving', 'staff password 1')).statusCode).toBe(401);
    expect((await staffList()).accounts.map((a) => a.username)).not.toContain('leaving');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/staff/${editor.id}`, headers: t.auth })).statusCode).toBe(404);
  });

  it('an owner removes another owner, never themselves', async () => {
    const second = await joined('owner', 'second-owner');
    const self = await t.app.inject({ method: 'DELETE', url: `/api/admin/staff/${t.adminId}`, headers: t.auth });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ error: staffMessages.notYourself });
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/staff/${second.id}`, headers: t.auth });
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it('never removes the last owner', async () => {
    // Reachable only when the owner removing was removed in the meantime (two owners removing each other
    // at once): the service is asked directly for an owner whose account is gone.
    const ctx = { ...{ db: t.database.db, clock: () => testNow, jwtSecret: t.jwtSecret }, endedSessions: { endSessionsBefore: () => undefined }, mailroom: testMailroom() };
    const gone = { id: '3b7f0c52-5d8e-4c1a-9f0e-2a6b7c8d9e10', username: 'gone', role: 'owner' as const };
    const owners = await queryRows<{ id: string }>(t.database.db, sql`select id from admin_users where role = 'owner'`);
    expect(owners).toEqual([{ id: t.adminId }]);
    await expect(removeStaff(ctx as never, gone, t.adminId)).rejects.toMatchObject({ statusCode: 409, message: staffMessages.lastOwner });
    expect(await queryRows(t.database.db, sql`select id from admin_users where role = 'owner'`)).toEqual([{ id: t.adminId }]);
  });

  it('records invitations, joining and removals in the activity log', async () => {
    const member = await joined('a&r', 'logged');
    await t.app.inject({ method: 'DELETE', url: `/api/admin/staff/${member.id}`, headers: t.auth });
    const rows = await queryRows<{ kind: string; summary: string }>(
      t.database.db,
      sql`select kind, summary from activity_log where kind like 'staff.%' and (summary like ${`%${member.email}%`} or summary like '%logged%') order by occurred_at, kind`,
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { kind: 'staff.invite', summary: `${testAdmin.username} invited ${member.email} as A&R` },
        { kind: 'staff.join', summary: 'logged joined as A&R' },
        { kind: 'staff.remove', summary: `${testAdmin.username} removed logged (A&R)` },
      ]),
    );
  });

  // An attacker's review of issue 34's staff work.
  it('two invitations to one address at once both succeed: the later replaces the earlier, as inviting again does', async () => {
    const email = freshEmail('twice-at-once');
    const answers = await Promise.all([invite({ email, role: 'editor' }), invite({ email: email.toUpperCase(), role: 'a&r' })]);
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201]);
    expect((await staffList()).invitations.filter((i) => i.email.toLowerCase() === email)).toHaveLength(1);
    expect((await accept(await emailedToken(email), { username: 'twice-at-once', password: 'staff password 1' })).statusCode).toBe(201);
  });

  it('shows staff an invitation email without its link: only the invitee may use it', async () => {
    const email = freshEmail('private');
    await invite({ email, role: 'editor' });
    const token = await emailedToken(email);
    const listed = await t.app.inject({ method: 'GET', url: `/api/admin/outbox?kind=staff_invitation&q=${encodeURIComponent(email)}`, headers: t.auth });
    const [row] = listed.json<{ data: { id: string }[] }>().data;
    const shown = await t.app.inject({ method: 'GET', url: `/api/admin/outbox/${row?.id}`, headers: t.auth });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.body).not.toContain(token);
    const { html, text } = shown.json<{ data: { html: string; text: string } }>().data;
    for (const body of [html, text]) expect(body).toContain(`${publicUrl}/admin/invite/${hiddenLinkMark}`);
  });

  describe("one's own address and digest", () => {
    const setEmail = (token: string, body: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/admin/account/email', headers: bearer(token), payload: body });

    it('refuses an address another staff account has, naming email, in any case', async () => {
      const holder = await joined('editor', 'address-holder');
      const other = await joined('a&r', 'address-taker');
      for (const address of [holder.email, holder.email.toUpperCase()]) {
        const res = await setEmail(other.token, { email: address, digest_labels: [] });
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toMatchObject({ field: 'email', error: staffMessages.alreadyStaff });
      }
      expect((await staffList()).accounts.find((a) => a.id === other.id)?.email).toBe(other.email);
      // One's own address, and a free one, are taken.
      expect((await setEmail(other.token, { email: other.email.toUpperCase(), digest_labels: [] })).statusCode).toBe(200);
      expect((await setEmail(other.token, { email: freshEmail('free'), digest_labels: [] })).statusCode).toBe(200);
    });

    it('refuses to make an account from an invitation whose address an account took meanwhile, naming email', async () => {
      const email = freshEmail('claimed');
      await invite({ email, role: 'editor' });
      const token = await emailedToken(email);
      const claimer = await joined('a&r', 'claimer');
      expect((await setEmail(claimer.token, { email, digest_labels: [] })).statusCode).toBe(200);
      const res = await accept(token, { username: 'claimed', password: 'staff password 1' });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ field: 'email', error: staffMessages.alreadyStaff });
      expect((await login('claimed', 'staff password 1')).statusCode).toBe(401);
    });

    it('gives the digest of new demos to the roles that read demos, and refuses it to an editor naming digest_labels', async () => {
      const editor = await joined('editor', 'digest-editor');
      const refused = await setEmail(editor.token, { email: editor.email, digest_labels: ['tech'] });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ field: 'digest_labels' });
      const [row] = await queryRows<{ digest_labels: string[] }>(t.database.db, sql`select digest_labels from admin_users where id = ${editor.id}`);
      expect(row?.digest_labels).toEqual([]);
      expect((await setEmail(editor.token, { email: editor.email, digest_labels: [] })).statusCode).toBe(200);

      const scout = await joined('a&r', 'digest-scout');
      const taken = await setEmail(scout.token, { email: scout.email, digest_labels: ['tech'] });
      expect(taken.statusCode, taken.body).toBe(200);
      expect(taken.json()).toMatchObject({ data: { digest_labels: ['buildit-tech'] } });
    });
  });
});
