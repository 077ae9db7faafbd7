import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEmail, OutboxEmailRow, PublicDemoStatus } from '../../src/shared/api/messaging.js';
import { queryRows } from '../../src/server/db/client.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { aDemoArtist, aDemoTrack } from '../helpers/demo-builders.js';
import { quickOutbox, TestSmtpServer, type SmtpVerdict } from '../helpers/mail.js';
import { testNow, type PagedList } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// Email through a real SMTP server on loopback (docs/decisions/0060): what arrives, to whom, in both
// parts; temporary and permanent refusals; the undo window on the app's clock; staff's outbox.

let counter = 0;
function demoPayload(label = 'deep') {
  counter += 1;
  const artists = [
    aDemoArtist({ name: `Mara Q${counter}`, email: `mara${counter}@example.com` }),
    aDemoArtist({ fullName: 'Jo Brand', name: 'Jo B', email: `jo${counter}@example.com` }),
  ];
  const tracks = [aDemoTrack({ name: `Night Shift ${counter}`, soundCloudPrivateLink: `https://soundcloud.com/maraq/night-${counter}/s-AbC12dEf` })];
  return { label, artist: artists[0], track: tracks[0], artists, tracks, termsAccepted: true };
}

describe.each(testDatabaseKinds)('email on $name', (kind) => {
  let smtp: TestSmtpServer;
  const verdicts: SmtpVerdict[] = [];
  let t: AdminTestApp;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start({ verdict: (arrival) => verdicts[arrival] ?? 'accept' });
    t = await createAdminTestApp(kind, {
      deps: {
        publicUrl: 'https://records.example',
        rateLimits: { demos: { max: 10_000, timeWindowMs: 60_000 } },
        mail: { smtpUrl: smtp.url, from: 'demos@records.example', outbox: quickOutbox },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  afterEach(() => {
    t.setNow(testNow);
  });

  async function submit(payload = demoPayload()) {
    const res = await t.app.inject({ method: 'POST', url: '/api/submit-demo', payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: { id: string } }>().data.id;
  }

  async function outboxRows(subjectId: string) {
    return queryRows<{ kind: string; status: string; attempts: number; message_id: string; last_error: string | null }>(
      t.database.db,
      sql`select kind, status, attempts, message_id, last_error from outbox_emails where subject_id = ${subjectId} order by created_at`,
    );
  }

  /** Polls until the email of `kind` about `subjectId` has `status` (the worker stores it after the SMTP server's answer). */
  async function waitForRow(subjectId: string, kind: string, status: string) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const row = (await outboxRows(subjectId)).find((r) => r.kind === kind);
      if (row?.status === status) return row;
      if (Date.now() > deadline) throw new Error(`the ${kind} email is ${row?.status}, not ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  function patch(id: string, status: string) {
    return t.app.inject({ method: 'PATCH', url: `/api/admin/demos/${id}`, headers: t.auth, payload: { status } });
  }

  async function shortlist(id: string) {
    expect((await patch(id, 'listening')).statusCode).toBe(200);
    expect((await patch(id, 'shortlisted')).statusCode).toBe(200);
  }

  it('sends "Demo received" to the address that sent it alone, in HTML and text, from the label, with a working status link', async () => {
    const before = smtp.accepted.length;
    const payload = demoPayload('deep');
    const id = await submit(payload);
    const [email] = (await smtp.waitForAccepted(before + 1)).slice(before);
    expect(email?.to).toEqual([payload.artists[0]?.email]);
    expect(email?.envelopeTo).toEqual(email?.to);
    expect(email?.from).toBe('"Build It Deep" <demos@records.example>');
    expect(email?.headers.get('reply-to')).toMatchObject({ text: 'demos@builditdeep.com' });
    expect(email?.subject).toBe('Build It Deep received your demo');
    for (const part of [email?.html, email?.text]) {
      expect(part).toContain('within 7 business days');
      expect(part).toContain(`Mara Q${counter} and Jo B`);
      expect(part).toContain('You get this email because');
    }
    expect(email?.html).toContain('#00BFFF');
    expect(await waitForRow(id, 'demo_received', 'sent')).toMatchObject({ attempts: 1, message_id: email?.messageId });

    const link = /https:\/\/records\.example\/demo-status\/([A-Za-z0-9_-]+)/.exec(email?.text ?? '');
    expect(link).not.toBeNull();
    const status = await t.app.inject({ method: 'GET', url: `/api/demo-status/${link?.[1]}` });
    expect(status.statusCode).toBe(200);
    expect(status.json<{ data: PublicDemoStatus }>().data).toMatchObject({ label: 'buildit-deep', label_name: 'Build It Deep', status: 'new', tracks: [payload.tracks[0]?.name] });
    expect((await t.app.inject({ method: 'GET', url: `/api/demo-status/${'x'.repeat(32)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/demo-status/short' })).json()).toMatchObject({ field: 'token' });
  });

  it('sends one address at most 3 receipts in 24 hours: a 4th demo is stored and answered alike, without one, and a day later it gets one again', async () => {
    const base = demoPayload('deep');
    const sender = base.artists[0]!.email;
    const from = (n: number) => {
      const track = aDemoTrack({ name: `Capped ${counter}-${n}`, soundCloudPrivateLink: `https://soundcloud.com/maraq/capped-${counter}-${n}/s-AbC12dEf` });
      // The same sender, written in another case the 4th time.
      const artists = [{ ...base.artists[0]!, email: n === 4 ? sender.toUpperCase() : sender }];
      return { ...base, artist: artists[0], artists, track, tracks: [track] };
    };
    const receiptsTo = async () =>
      (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from outbox_emails where kind = 'demo_received' and ${sender} = any(to_addresses)`))[0]!.n;
    const accepted = smtp.accepted.length;
    const ids = [];
    for (const n of [1, 2, 3, 4]) ids.push(await submit(from(n)));
    expect(await receiptsTo()).toBe(3);
    expect(await outboxRows(ids[3]!)).toEqual([]);
    t.setNow(new Date(testNow.getTime() + 24 * 60 * 60 * 1000 + 1));
    await submit(from(5));
    expect(await receiptsTo()).toBe(4);
    // What the sender's mailbox holds in the end: four receipts, none of them the 4th demo's.
    const arrived = (await smtp.waitForAccepted(accepted + 4)).slice(accepted);
    expect(arrived.map((email) => email.to)).toEqual(Array.from({ length: 4 }, () => [sender]));
  });

  it('sends the shortlist email at once, from the label template', async () => {
    const received = smtp.accepted.length;
    const id = await submit();
    await smtp.waitForAccepted(received + 1);
    const before = smtp.accepted.length;
    await shortlist(id);
    const [email] = (await smtp.waitForAccepted(before + 1)).slice(before);
    expect(email?.subject).toBe(`Night Shift ${counter} is on the Build It Deep shortlist`);
    expect(email?.text).toContain(`we listened to Night Shift ${counter} and put it on our shortlist`);
    expect(email?.html).toContain('https://records.example/demo-status/');
  });

  it('holds an accept for 10 minutes: an undo restores the status and sends nothing; without one it goes after', async () => {
    const undone = await submit();
    const kept = await submit();
    await shortlist(undone);
    await shortlist(kept);
    const accept = await patch(undone, 'accepted');
    expect(accept.json<{ data: { status: string; undo_until: string } }>().data).toMatchObject({
      status: 'accepted',
      undo_until: new Date(testNow.getTime() + 600_000).toISOString(),
    });
    expect((await patch(kept, 'declined')).statusCode).toBe(200);

    t.setNow(new Date(testNow.getTime() + 9 * 60_000));
    const undo = await t.app.inject({ method: 'POST', url: `/api/admin/demos/${undone}/undo`, headers: t.auth });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json<{ data: { status: string; undo_until: null } }>().data).toMatchObject({ status: 'shortlisted', undo_until: null });
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/demos/${undone}/undo`, headers: t.auth });
    expect(again.statusCode).toBe(409);

    // Past the window: the declined email goes, the undone accept never does.
    t.setNow(new Date(testNow.getTime() + 11 * 60_000));
    const late = await t.app.inject({ method: 'POST', url: `/api/admin/demos/${kept}/undo`, headers: t.auth });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: 'The 10 minutes to undo this decision have passed: its email has gone' });
    await waitForRow(kept, 'demo_declined', 'sent');
    // The outbox sends several emails at once: the undone demo's own emails may be in flight still.
    await waitForRow(undone, 'demo_received', 'sent');
    await waitForRow(undone, 'demo_shortlisted', 'sent');
    expect((await outboxRows(undone)).map((r) => [r.kind, r.status]).sort()).toEqual([
      ['demo_accepted', 'cancelled'],
      ['demo_received', 'sent'],
      ['demo_shortlisted', 'sent'],
    ]);
    const undoneIds = new Set((await outboxRows(undone)).map((r) => r.message_id));
    expect(smtp.arrived.filter((e) => undoneIds.has(e.messageId)).map((e) => e.subject)).not.toContainEqual(expect.stringContaining('wants to sign'));
    expect(smtp.accepted.filter((e) => e.subject === `Your demo Night Shift ${counter}`)).toHaveLength(1);
  });

  it('sends once after a temporary refusal (4xx), keeping the Message-ID', async () => {
    verdicts[smtp.arrived.length] = 'temporary';
    const before = smtp.accepted.length;
    const id = await submit();
    const [email] = (await smtp.waitForAccepted(before + 1)).slice(before);
    expect(await waitForRow(id, 'demo_received', 'sent')).toMatchObject({ attempts: 2, message_id: email?.messageId });
    expect(smtp.arrived.filter((e) => e.messageId === email?.messageId)).toHaveLength(2);
    expect(smtp.accepted.filter((e) => e.messageId === email?.messageId)).toHaveLength(1);
  });

  it('keeps the Message-ID when the connection is cut after the data (an unclear end)', async () => {
    verdicts[smtp.arrived.length] = 'cut';
    const before = smtp.accepted.length;
    const id = await submit();
    const [email] = (await smtp.waitForAccepted(before + 1)).slice(before);
    const copies = smtp.arrived.filter((e) => e.messageId === email?.messageId);
    expect(copies).toHaveLength(2);
    expect(await waitForRow(id, 'demo_received', 'sent')).toMatchObject({ attempts: 2 });
  });

  it('stops on a permanent refusal (5xx) with the reason, and staff can send it again', async () => {
    verdicts[smtp.arrived.length] = 'permanent';
    const id = await submit();
    expect(await waitForRow(id, 'demo_received', 'failed')).toMatchObject({ attempts: 1, last_error: expect.stringContaining('550') });

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/outbox?status=failed', headers: t.auth });
    const failed = list.json<PagedList<OutboxEmailRow>>();
    expect(failed.total).toBe(1);
    expect(failed.data[0]).toMatchObject({ kind: 'demo_received', status: 'failed', has_body: true, last_error: expect.stringContaining('Mailbox unavailable') });

    const one = await t.app.inject({ method: 'GET', url: `/api/admin/outbox/${failed.data[0]?.id}`, headers: t.auth });
    expect(one.json<{ data: OutboxEmail }>().data).toMatchObject({ html: expect.stringContaining('<html'), text: expect.stringContaining('within 7 business days') });

    const before = smtp.accepted.length;
    const resend = await t.app.inject({ method: 'POST', url: `/api/admin/outbox/${failed.data[0]?.id}/resend`, headers: t.auth });
    expect(resend.statusCode, resend.body).toBe(200);
    const [email] = (await smtp.waitForAccepted(before + 1)).slice(before);
    expect(email?.messageId).toBe(one.json<{ data: OutboxEmail }>().data.message_id);
    const twice = await t.app.inject({ method: 'POST', url: `/api/admin/outbox/${failed.data[0]?.id}/resend`, headers: t.auth });
    expect(twice.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox' })).statusCode).toBe(401);
  });

  it('welcomes a new VIP member once, and not a known address again', async () => {
    const before = smtp.accepted.length;
    const join = () => t.app.inject({ method: 'POST', url: '/api/subscribe-vip', payload: { name: 'Sam Rivers', email: 'Sam@Example.com', plan: 'annual' } });
    expect((await join()).statusCode).toBe(201);
    const [email] = (await smtp.waitForAccepted(before + 1)).slice(before);
    expect(email?.to).toEqual(['sam@example.com']);
    expect(email?.subject).toBe('Welcome to Build It Records VIP (Annual)');
    expect(email?.text).toContain('pending payment');
    expect(email?.html).toContain('Welcome to VIP');
    expect((await join()).statusCode).toBe(201);
    const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from outbox_emails where kind = 'vip_welcome'`);
    expect(row?.n).toBe(1);
  });

  it('counts waiting mail in the overview', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: t.auth });
    const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from outbox_emails where status in ('waiting', 'sending')`);
    expect(res.json<{ data: { outbox: { waiting: number } } }>().data.outbox).toEqual({ waiting: row?.n });
  });
});
