import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EmailSuppression } from '../../src/shared/api/messaging.js';
import type { Newsletter, NewsletterReach } from '../../src/shared/api/newsletters.js';
import type { VipAccount } from '../../src/shared/api/vip-account.js';
import { queryRows } from '../../src/server/db/client.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { quickOutbox, TestSmtpServer, type ReceivedEmail } from '../helpers/mail.js';
import { testDatabaseKinds } from '../helpers/test-database.js';
import { signedInMember } from '../helpers/vip-member.js';

// The members' newsletter (docs/decisions/0065): who a plan choice reaches, one send however many
// clicks, what members receive through a real SMTP server, and unsubscribing by the page's button
// and by the one-click POST of mail clients (RFC 8058), and leaving or rejoining from the member page.

const members = [
  { name: 'Ana', email: 'ana@example.com', plan: 'monthly', status: 'active' },
  { name: 'Ben', email: 'ben@example.com', plan: 'annual', status: 'active' },
  { name: 'Cleo', email: 'cleo@example.com', plan: 'premium', status: 'active' },
  { name: 'Dev', email: 'dev@example.com', plan: 'monthly', status: 'past_due' },
  { name: 'Eve', email: 'eve@example.com', plan: 'annual', status: 'canceled' },
  { name: 'Finn', email: 'finn@example.com', plan: 'monthly', status: 'pending_payment' },
] as const;

/** The List-* headers as mailparser reads them. */
interface ListHeaders {
  unsubscribe: { url: string };
  'unsubscribe-post': { name: string };
}

describe.each(testDatabaseKinds)('members newsletter on $name', (kind) => {
  let smtp: TestSmtpServer;
  let t: AdminTestApp;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    t = await createAdminTestApp(kind, {
      deps: {
        publicUrl: 'https://records.example',
        mail: { smtpUrl: smtp.url, from: 'vip@records.example', outbox: quickOutbox },
        rateLimits: { vip: { max: 1000, timeWindowMs: 60_000 } },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await t.database.db.execute(sql`delete from vip_members`);
    await t.database.db.execute(sql`delete from email_unsubscribes`);
    await t.database.db.execute(sql`delete from email_suppressions`);
    for (const [i, m] of members.entries()) {
      await t.database.db.execute(
        sql`insert into vip_members (name, email, plan, status, created_at, updated_at) values (${m.name}, ${m.email}, ${m.plan}, ${m.status}, ${new Date(Date.UTC(2026, 0, 1 + i))}, now())`,
      );
    }
  });

  const reach = (plans: string) => t.app.inject({ method: 'GET', url: `/api/admin/newsletters/reach?plans=${plans}`, headers: t.auth });
  const create = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/admin/newsletters', headers: t.auth, payload: payload as object });
  const edit = (id: string, payload: unknown) => t.app.inject({ method: 'PUT', url: `/api/admin/newsletters/${id}`, headers: t.auth, payload: payload as object });
  const send = (id: string) => t.app.inject({ method: 'POST', url: `/api/admin/newsletters/${id}/send`, headers: t.auth });

  async function draft(payload: { subject: string; body: string; plans: string[] }) {
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: Newsletter }>().data;
  }

  async function outboxCount(subjectId?: string) {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      subjectId
        ? sql`select count(*)::int as n from outbox_emails where kind = 'vip_newsletter' and subject_id = ${subjectId}`
        : sql`select count(*)::int as n from outbox_emails where kind = 'vip_newsletter'`,
    );
    return row?.n ?? 0;
  }

  /** The emails the SMTP server accepts after `before`, `count` of them, by recipient. */
  async function delivered(before: number, count: number): Promise<Map<string, ReceivedEmail>> {
    const emails = (await smtp.waitForAccepted(before + count)).slice(before);
    return new Map(emails.map((email) => [email.to[0] as string, email]));
  }

  it('reaches the active members of the chosen plans only', async () => {
    const of = async (plans: string) => {
      const res = await reach(plans);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: NewsletterReach }>().data;
    };
    expect(await of('monthly')).toEqual({ plans: ['monthly'], recipients: 1, unsubscribed: 0 });
    expect(await of('monthly,annual')).toMatchObject({ recipients: 2 });
    expect(await of('monthly,annual,premium')).toMatchObject({ recipients: 3 });
    expect(await of('')).toMatchObject({ plans: [], recipients: 0 });
    expect((await reach('monthly,gold')).json()).toMatchObject({ success: false, field: 'plans.1', message: 'plans must be a list of monthly, annual, premium' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/newsletters/reach?plans=monthly' })).statusCode).toBe(401);
  });

  it('refuses bad input with 400 naming the field; an incomplete draft is saved but not sent', async () => {
    expect((await create({ subject: 'x'.repeat(201), body: '', plans: [] })).json()).toMatchObject({ field: 'subject' });
    expect((await create({ subject: 'Hi', body: '', plans: ['gold'] })).json()).toMatchObject({ field: 'plans.0' });
    expect((await create({ subject: 'Hi', body: 3, plans: [] })).json()).toMatchObject({ field: 'body' });
    expect((await create({ subject: 'Hi\r\nBcc: all@example.com', body: '', plans: [] })).json()).toMatchObject({ field: 'subject', message: 'subject must be one line' });
    // The longest body fits the request in any script, even as JSON escapes; one character more names the field.
    for (const character of ['a', 'é', '音', '"', '\n']) {
      const longest = await create({ subject: 'Long', body: character.repeat(20_000), plans: [] });
      expect(longest.statusCode, JSON.stringify(character)).toBe(201);
      expect(longest.json<{ data: { body: string } }>().data.body).toBe(character.repeat(20_000));
    }
    expect((await create({ subject: 'Long', body: '音'.repeat(20_001), plans: [] })).json()).toMatchObject({ field: 'body', message: 'body must be at most 20000 characters' });
    const empty = await draft({ subject: '', body: '', plans: [] });
    const sendError = async () => {
      const res = await send(empty.id);
      expect(res.statusCode).toBe(400);
      return res.json<{ field: string; message: string }>();
    };
    expect(await sendError()).toMatchObject({ field: 'subject', message: 'subject is required to send the newsletter' });
    await edit(empty.id, { subject: 'News', body: '  ', plans: [] });
    expect(await sendError()).toMatchObject({ field: 'body' });
    await edit(empty.id, { subject: 'News', body: 'Hello', plans: [] });
    expect(await sendError()).toMatchObject({ field: 'plans' });
    expect(await outboxCount(empty.id)).toBe(0);

    // Plans whose members are none of them active: nothing is sent, the draft stays a draft.
    await t.database.db.execute(sql`update vip_members set status = 'canceled' where plan = 'premium'`);
    await edit(empty.id, { subject: 'News', body: 'Hello', plans: ['premium'] });
    const nobody = await send(empty.id);
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json()).toMatchObject({ field: 'plans', message: 'No active member of Premium gets the newsletter: nothing was sent.' });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/newsletters', headers: t.auth });
    expect(list.json<{ data: Newsletter[] }>().data.find((n) => n.id === empty.id)).toMatchObject({ sent_at: null, recipient_count: null, plans: ['premium'] });

    expect((await send('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await send('nope')).json()).toMatchObject({ field: 'id' });
  });

  it('sends once, however many sends arrive together; members get the text as written, with their own unsubscribe link', async () => {
    const before = smtp.accepted.length;
    const body = 'Hello members,\n\nA new <b>record</b> & a $& party.\nSecond line.\n\nSee you there.';
    const newsletter = await draft({ subject: 'March news <live>', body, plans: ['monthly', 'annual', 'monthly'] });
    expect(newsletter).toMatchObject({ plans: ['monthly', 'annual'], created_by: 'alice', sent_at: null });

    const answers = await Promise.all(Array.from({ length: 5 }, () => send(newsletter.id)));
    const ok = answers.filter((res) => res.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]?.json()).toMatchObject({ message: 'Sent to 2 members', data: { recipient_count: 2, sent_by: 'alice' } });
    for (const refused of answers.filter((res) => res.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toMatch(/^This newsletter was sent already, on .* UTC by alice to 2 members: it is not sent or changed again\.$/);
    }
    expect((await send(newsletter.id)).statusCode).toBe(409);
    expect((await edit(newsletter.id, { subject: 'Changed', body: 'x', plans: ['premium'] })).statusCode).toBe(409);
    expect(await outboxCount(newsletter.id)).toBe(2);

    const mail = await delivered(before, 2);
    expect([...mail.keys()].sort()).toEqual(['ana@example.com', 'ben@example.com']);
    const tokens = new Set<string>();
    for (const email of mail.values()) {
      expect(email.subject).toBe('March news <live>');
      expect(email.from).toBe('"Build It Records" <vip@records.example>');
      expect(email.text).toContain('Hello members,');
      expect(email.text).toContain('A new <b>record</b> & a $& party.');
      expect(email.text).toContain('See you there.');
      expect(email.html).toContain('A new &lt;b&gt;record&lt;/b&gt; &amp; a $&amp; party.');
      expect(email.html).not.toContain('<b>record</b>');
      expect(email.html).toContain('You get this email because you are an active Build It Records VIP member.');
      // mailparser reads List-Unsubscribe and List-Unsubscribe-Post into `list`.
      const list = email.headers.get('list') as ListHeaders;
      const oneClick = /^https:\/\/records\.example\/api\/unsubscribe\/([A-Za-z0-9_-]+)$/.exec(list.unsubscribe.url);
      expect(oneClick).not.toBeNull();
      expect(list['unsubscribe-post'].name).toBe('List-Unsubscribe=One-Click');
      const token = oneClick?.[1] as string;
      expect(email.html).toContain(`href="https://records.example/unsubscribe/${token}"`);
      expect(email.text).toContain(`https://records.example/unsubscribe/${token}`);
      expect(email.text).not.toContain('unsubscribe-');
      tokens.add(token);
    }
    expect(tokens.size).toBe(2);

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/newsletters', headers: t.auth });
    expect(list.json<{ data: Newsletter[] }>().data.find((n) => n.id === newsletter.id)).toMatchObject({ recipient_count: 2, plans: ['monthly', 'annual'], sent_by: 'alice' });
    const activity = await t.app.inject({ method: 'GET', url: '/api/admin/activity', headers: t.auth });
    expect(activity.json<{ data: { kind: string; actor: string; summary: string; subject_id: string }[] }>().data).toContainEqual(
      expect.objectContaining({ kind: 'newsletter.send', actor: 'alice', subject_id: newsletter.id, summary: 'Sent the newsletter "March news <live>" to 2 members (Monthly, Annual)' }),
    );
  });

  it('unsubscribes by the page and its button, or one click; the unsubscribed get no later newsletter but keep their membership emails', async () => {
    const first = await draft({ subject: 'First', body: 'One', plans: ['monthly', 'annual'] });
    const before = smtp.accepted.length;
    expect((await send(first.id)).statusCode).toBe(200);
    const mail = await delivered(before, 2);

    // Ana opens the page of her emailed link: that changes nothing, until she presses the button.
    const page = /https:\/\/records\.example(\/unsubscribe\/[A-Za-z0-9_-]+)/.exec(mail.get('ana@example.com')?.text ?? '')?.[1] as string;
    for (let i = 0; i < 2; i += 1) {
      expect((await t.app.inject({ method: 'GET', url: `/api${page}` })).json()).toMatchObject({ data: { email: 'an*@example.com', list: 'newsletter', unsubscribed: false } });
    }
    expect((await reach('monthly,annual')).json()).toMatchObject({ data: { recipients: 2, unsubscribed: 0 } });
    const pressed = await t.app.inject({ method: 'POST', url: `/api${page}` });
    expect(pressed.json()).toMatchObject({ data: { list: 'newsletter', unsubscribed: true } });

    // Ben's mail client posts the one-click unsubscribe of the header.
    const oneClick = new URL((mail.get('ben@example.com')?.headers.get('list') as ListHeaders).unsubscribe.url).pathname;
    const clicked = await t.app.inject({ method: 'POST', url: oneClick, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(clicked.statusCode, clicked.body).toBe(200);
    expect((await reach('monthly,annual,premium')).json()).toMatchObject({ data: { recipients: 1, unsubscribed: 2 } });

    const second = await draft({ subject: 'Second', body: 'Two', plans: ['monthly', 'annual', 'premium'] });
    const beforeSecond = smtp.accepted.length;
    expect((await send(second.id)).json()).toMatchObject({ message: 'Sent to 1 member', data: { recipient_count: 1 } });
    expect([...(await delivered(beforeSecond, 1)).keys()]).toEqual(['cleo@example.com']);
    expect(await outboxCount(second.id)).toBe(1);

    // Membership emails go on: Ana asks for a sign-in link and gets it.
    const beforeSignIn = smtp.accepted.length;
    expect((await t.app.inject({ method: 'POST', url: '/api/vip/sign-in', payload: { email: 'ana@example.com' } })).statusCode).toBe(202);
    const [signIn] = (await smtp.waitForAccepted(beforeSignIn + 1)).slice(beforeSignIn);
    expect(signIn?.to).toEqual(['ana@example.com']);
    expect(signIn?.subject).toBe('Sign in to your Build It Records VIP account');
    // Nothing after the sign-in link: the SMTP server got no newsletter besides Cleo's.
    expect(smtp.accepted.slice(beforeSecond).map((e) => e.subject)).toEqual(['Second', 'Sign in to your Build It Records VIP account']);
  });

  it('an address the server refuses for good is listed for staff and skipped by later newsletters, until staff lift it', async () => {
    const suppressions = (query = '') => t.app.inject({ method: 'GET', url: `/api/admin/email-suppressions${query}`, headers: t.auth });
    const lift = (email: string, headers = t.auth) => t.app.inject({ method: 'DELETE', url: `/api/admin/email-suppressions/${encodeURIComponent(email)}`, headers });
    // Ben's mailbox is gone: his server answers 550 to RCPT TO.
    smtp.mailboxesGone.add('ben@example.com');
    const first = await draft({ subject: 'Bounce one', body: 'One', plans: ['monthly', 'annual'] });
    try {
      const before = smtp.accepted.length;
      expect((await send(first.id)).statusCode).toBe(200);
      expect([...(await delivered(before, 1)).keys()]).toEqual(['ana@example.com']);
      await expect.poll(async () => (await suppressions()).json<{ total: number }>().total).toBe(1);
    } finally {
      smtp.mailboxesGone.delete('ben@example.com');
    }
    const [refused] = await queryRows<{ id: string; status: string; last_error: string }>(
      t.database.db,
      sql`select id, status, last_error from outbox_emails where subject_id = ${first.id} and 'ben@example.com' = any(to_addresses)`,
    );
    expect(refused).toMatchObject({ status: 'failed', last_error: expect.stringContaining('550') });
    const listed = (await suppressions('?q=BEN')).json<{ data: EmailSuppression[] }>();
    expect(listed).toMatchObject({ success: true, total: 1, data: [{ email: 'ben@example.com', email_id: refused!.id, reason: expect.stringContaining('No such user here') }] });
    expect((await suppressions('?q=nobody')).json()).toMatchObject({ total: 0, data: [] });

    // The next newsletter is not written to Ben at all; membership email (his sign-in link) still goes.
    const second = await draft({ subject: 'Bounce two', body: 'Two', plans: ['monthly', 'annual'] });
    const beforeSecond = smtp.accepted.length;
    expect((await send(second.id)).json()).toMatchObject({ message: 'Sent to 1 member' });
    expect([...(await delivered(beforeSecond, 1)).keys()]).toEqual(['ana@example.com']);
    expect(await outboxCount(second.id)).toBe(1);
    expect((await t.app.inject({ method: 'POST', url: '/api/vip/sign-in', payload: { email: 'ben@example.com' } })).statusCode).toBe(202);
    expect((await smtp.waitForAccepted(beforeSecond + 2)).slice(beforeSecond + 1).map((e) => e.to)).toEqual([['ben@example.com']]);

    // Lifting: unknown and blank are refused naming why, a stranger is 401, and nothing changes.
    expect((await lift('nobody@example.com')).json()).toMatchObject({ success: false, error: 'nobody@example.com is not on the list of addresses that bounced' });
    expect((await lift(' ')).json()).toMatchObject({ success: false, field: 'email' });
    expect((await lift('ben@example.com', { authorization: 'Bearer nope' })).statusCode).toBe(401);
    expect((await suppressions()).json()).toMatchObject({ total: 1 });
    const lifted = await lift('Ben@Example.com');
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toEqual({ success: true, message: 'ben@example.com was lifted: bulk mail reaches it again' });
    expect((await suppressions()).json()).toMatchObject({ total: 0 });
    const [activity] = await queryRows<{ actor: string; summary: string }>(t.database.db, sql`select actor, summary from activity_log where kind = 'email.lift'`);
    expect(activity).toEqual({ actor: 'alice', summary: 'Lifted ben@example.com from the addresses that bounced' });

    const third = await draft({ subject: 'Bounce three', body: 'Three', plans: ['monthly', 'annual'] });
    const beforeThird = smtp.accepted.length;
    expect((await send(third.id)).json()).toMatchObject({ message: 'Sent to 2 members' });
    expect([...(await delivered(beforeThird, 2)).keys()].sort()).toEqual(['ana@example.com', 'ben@example.com']);
  });

  describe("the member page's newsletter setting", () => {
    const account = async (cookie: string) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/vip/account', headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: VipAccount }>().data;
    };
    const choose = (cookie: string | undefined, payload: unknown) =>
      t.app.inject({ method: 'PUT', url: '/api/vip/account/newsletter', headers: cookie ? { cookie } : {}, payload: payload as object });

    it('a member leaves from the page, gets no newsletter, rejoins, and the next newsletter reaches them again', async () => {
      const beforeSignIn = smtp.accepted.length;
      const ana = await signedInMember(t, 'ana@example.com', 'active');
      await smtp.waitForAccepted(beforeSignIn + 1); // her sign-in link, before the newsletters counted below
      expect(await account(ana.cookie)).toMatchObject({ email: 'ana@example.com', gets_newsletter: true });

      const left = await choose(ana.cookie, { gets_newsletter: false });
      expect(left.statusCode, left.body).toBe(200);
      expect(left.headers['cache-control']).toBe('private, no-store');
      expect(left.json()).toMatchObject({ message: "You left the members' newsletter: no more of it comes to you. Your membership emails keep coming.", data: { gets_newsletter: false } });
      expect(await account(ana.cookie)).toMatchObject({ gets_newsletter: false });
      // The same list an emailed link leaves: staff see her left out.
      expect((await reach('monthly,annual')).json()).toMatchObject({ data: { recipients: 1, unsubscribed: 1 } });

      const before = smtp.accepted.length;
      const first = await draft({ subject: 'Without Ana', body: 'One', plans: ['monthly', 'annual'] });
      expect((await send(first.id)).json()).toMatchObject({ message: 'Sent to 1 member' });
      expect([...(await delivered(before, 1)).keys()]).toEqual(['ben@example.com']);

      // Rejoining twice at once (a double click) is one choice.
      const rejoined = await Promise.all([choose(ana.cookie, { gets_newsletter: true }), choose(ana.cookie, { gets_newsletter: true })]);
      for (const res of rejoined) expect(res.json()).toMatchObject({ message: "You get the members' newsletter again.", data: { gets_newsletter: true } });
      expect(await account(ana.cookie)).toMatchObject({ gets_newsletter: true });
      expect((await reach('monthly,annual')).json()).toMatchObject({ data: { recipients: 2, unsubscribed: 0 } });

      const beforeSecond = smtp.accepted.length;
      const second = await draft({ subject: 'With Ana', body: 'Two', plans: ['monthly', 'annual'] });
      expect((await send(second.id)).json()).toMatchObject({ message: 'Sent to 2 members' });
      const mail = await delivered(beforeSecond, 2);
      expect([...mail.keys()].sort()).toEqual(['ana@example.com', 'ben@example.com']);
      expect(mail.get('ana@example.com')?.subject).toBe('With Ana');

      // Leaving by the emailed link shows on the page, and the page brings her back.
      const page = /https:\/\/records\.example(\/unsubscribe\/[A-Za-z0-9_-]+)/.exec(mail.get('ana@example.com')?.text ?? '')?.[1] as string;
      expect((await t.app.inject({ method: 'POST', url: `/api${page}` })).statusCode).toBe(200);
      expect(await account(ana.cookie)).toMatchObject({ gets_newsletter: false });
      expect((await choose(ana.cookie, { gets_newsletter: true })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: `/api${page}` })).json()).toMatchObject({ data: { unsubscribed: false } });
    });

    it('a member who is not active may choose too; bad input is 400 naming the field and changes nothing; signed out is 401', async () => {
      const eve = await signedInMember(t, 'eve@example.com', 'canceled', 'annual');
      expect((await choose(eve.cookie, { gets_newsletter: false })).statusCode).toBe(200);
      for (const payload of [{ gets_newsletter: 'yes' }, {}, { gets_newsletter: null }]) {
        const res = await choose(eve.cookie, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toMatchObject({ success: false, field: 'gets_newsletter', message: 'gets_newsletter must be true or false' });
      }
      expect(await account(eve.cookie)).toMatchObject({ status: 'canceled', gets_newsletter: false });

      const stranger = await choose(undefined, { gets_newsletter: false });
      expect(stranger.statusCode).toBe(401);
      expect(stranger.json()).toMatchObject({ error: 'Sign in with the link we email you' });
      expect((await choose('vip_session=not-a-session', { gets_newsletter: false })).statusCode).toBe(401);
      const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from email_unsubscribes`);
      expect(row?.n).toBe(1);
    });
  });
});

describe.each(testDatabaseKinds)('a newsletter to more members than one batch on $name', (kind) => {
  // No SMTP: the copies wait in the outbox, where the test counts them.
  let t: AdminTestApp;
  beforeAll(async () => {
    t = await createAdminTestApp(kind, { deps: { publicUrl: 'https://records.example' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes one copy to each of 1,203 members, batch after batch, leaving out who left wherever they stand', async () => {
    const db = t.database.db;
    await db.execute(
      sql`insert into vip_members (name, email, plan, status, created_at, updated_at)
          select 'Fan ' || n, 'fan' || lpad(n::text, 4, '0') || '@example.com', 'monthly', 'active', now(), now() from generate_series(1, 1203) as n`,
    );
    // One who left in the first batch of addresses, one in the second, one in the last.
    await db.execute(
      sql`insert into email_unsubscribes (email, list, created_at) values ('fan0007@example.com', 'newsletter', now()), ('fan0700@example.com', 'newsletter', now()), ('fan1201@example.com', 'newsletter', now())`,
    );
    const reach = await t.app.inject({ method: 'GET', url: '/api/admin/newsletters/reach?plans=monthly', headers: t.auth });
    expect(reach.json()).toMatchObject({ data: { recipients: 1200, unsubscribed: 3 } });
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/newsletters', headers: t.auth, payload: { subject: 'To all', body: 'Hello', plans: ['monthly'] } });
    const { id } = created.json<{ data: Newsletter }>().data;
    const sent = await t.app.inject({ method: 'POST', url: `/api/admin/newsletters/${id}/send`, headers: t.auth });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ data: { recipient_count: 1200 } });
    const [copies] = await queryRows<{ n: number; people: number; left: number }>(
      db,
      sql`select count(*)::int as n, count(distinct to_addresses[1])::int as people,
                 count(*) filter (where to_addresses[1] in ('fan0007@example.com', 'fan0700@example.com', 'fan1201@example.com'))::int as left
          from outbox_emails where subject_id = ${id}`,
    );
    expect(copies).toEqual({ n: 1200, people: 1200, left: 0 });
  });
});
