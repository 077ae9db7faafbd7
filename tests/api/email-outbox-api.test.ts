import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailTemplate, OutboxEmailRow, StaffEmailSettings } from '../../src/shared/api/messaging.js';
import { buildApp } from '../../src/server/app.js';
import { queryRows, type Database } from '../../src/server/db/client.js';
import { writeDigests } from '../../src/server/modules/messaging/messaging.service.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { startCuttableProxy } from '../helpers/cuttable-proxy.js';
import { aDemoArtist, aDemoTrack } from '../helpers/demo-builders.js';
import { quickOutbox, testMailroom, TestSmtpServer } from '../helpers/mail.js';
import { testNow, type PagedList } from '../helpers/test-app.js';
import { openSameDatabase, testDatabaseKinds } from '../helpers/test-database.js';

// The outbox as a job table (docs/decisions/0060): written without a server to send to, sent by the
// next app on the same database; two instances on one PostgreSQL database; staff's templates and
// digest; one-click unsubscribe; a digest to an address a server refused for good (docs/decisions/0090).

let counter = 0;
function demoPayload(label = 'deep') {
  counter += 1;
  const artist = aDemoArtist({ name: `Kai ${counter}`, email: `kai${counter}@example.com` });
  const track = aDemoTrack({ name: `Steel Pulse ${counter}`, soundCloudPrivateLink: `https://soundcloud.com/kai/steel-${counter}/s-AbC12dEf` });
  return { label, artist, track, termsAccepted: true };
}
const manyDemos = { demos: { max: 10_000, timeWindowMs: 60_000 } };

async function statuses(database: Database) {
  return queryRows<{ status: string; n: number }>(database.db, sql`select status, count(*)::int as n from outbox_emails group by status order by status`);
}

describe.each(testDatabaseKinds)('the outbox on $name', (kind) => {
  let smtp: TestSmtpServer;
  let t: AdminTestApp;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    t = await createAdminTestApp(kind, { deps: { rateLimits: manyDemos, publicUrl: 'https://records.example' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('keeps emails written without SMTP_URL as not configured, and the next app with SMTP sends them, once', async () => {
    // Without SMTP_URL: emails are written and wait, shown to staff as not configured.
    const database = await kind.open();
    const first = await buildApp({ db: database.db, clock: () => testNow, jwtSecret: t.jwtSecret, rateLimits: manyDemos }, { logger: false });
    await first.ready();
    try {
      for (let i = 0; i < 3; i += 1) {
        expect((await first.inject({ method: 'POST', url: '/api/submit-demo', payload: demoPayload() })).statusCode).toBe(201);
      }
      expect(await statuses(database)).toEqual([{ status: 'waiting', n: 3 }]);
    } finally {
      // The app stops as a crash between commit and send would leave it: nothing was sent.
      await first.close();
    }
    const next = await buildApp(
      { db: database.db, clock: () => testNow, jwtSecret: t.jwtSecret, mail: { smtpUrl: smtp.url, from: 'demos@records.example', outbox: quickOutbox } },
      { logger: false },
    );
    await next.ready();
    try {
      const emails = await smtp.waitForAccepted(3);
      expect(new Set(emails.map((e) => e.messageId)).size).toBe(3);
      const deadline = Date.now() + 15_000;
      while ((await statuses(database)).some((s) => s.status !== 'sent')) {
        if (Date.now() > deadline) throw new Error('not every email was stored as sent');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(smtp.accepted).toHaveLength(3);
    } finally {
      await next.close();
      await database.close();
    }
  });

  it('shows staff the emails of a server without SMTP_URL as not configured', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/submit-demo', payload: demoPayload('records') })).statusCode).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/outbox?status=not_configured', headers: t.auth });
    const body = list.json<PagedList<OutboxEmailRow>>();
    expect(body.total).toBe(1);
    expect(body.data[0]).toMatchObject({ kind: 'demo_received', status: 'not_configured', attempts: 0, to: [`kai${counter}@example.com`] });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox?status=waiting', headers: t.auth })).json()).toMatchObject({ total: 0 });
  });

  it("stores a label's decision template, escapes it in the email, previews it, and refuses unknown placeholders", async () => {
    const put = (body: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/admin/email-templates/deep/accepted', headers: t.auth, payload: body });
    const bad = await put({ subject: 'Hi {name}', body: 'Text' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'subject' });
    const saved = await put({ subject: 'Signed: {trackName}', body: 'Dear {artistName},\n\n<b>{labelName}</b> & friends say yes.' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: EmailTemplate }>().data).toMatchObject({ label: 'buildit-deep', status: 'accepted', is_default: false, updated_by: 'alice' });

    const all = (await t.app.inject({ method: 'GET', url: '/api/admin/email-templates', headers: t.auth })).json<{ data: EmailTemplate[] }>().data;
    expect(all).toHaveLength(9);
    expect(all.filter((e) => !e.is_default).map((e) => [e.label, e.status])).toEqual([['buildit-deep', 'accepted']]);

    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/admin/email-templates/preview',
      headers: t.auth,
      payload: { label: 'deep', status: 'accepted', subject: 'Signed: {trackName}', body: '<b>{labelName}</b> & friends' },
    });
    expect(preview.json()).toMatchObject({ data: { subject: 'Signed: Night Shift', text: expect.stringContaining('<b>Build It Deep</b> & friends') } });
    expect(preview.json<{ data: { html: string } }>().data.html).toContain('&lt;b&gt;Build It Deep&lt;/b&gt; &amp; friends');

    const reset = await t.app.inject({ method: 'DELETE', url: '/api/admin/email-templates/deep/accepted', headers: t.auth });
    expect(reset.json()).toMatchObject({ data: { is_default: true, subject: '{labelName} wants to sign {trackName}' } });
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/email-templates/nope/accepted', headers: t.auth, payload: { subject: 'a', body: 'b' } })).json()).toMatchObject({
      message: 'Invalid label: nope',
      field: 'label',
    });
  });

  it("writes staff's daily digest with one-click unsubscribe, and nothing more once unsubscribed", async () => {
    const settings = (payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/admin/account/email', headers: t.auth, payload });
    expect((await settings({ email: null, digest_labels: ['deep'] })).json()).toMatchObject({ field: 'email' });
    const saved = await settings({ email: 'Alice@Label.example', digest_labels: ['deep', 'buildit-deep', '2'] });
    expect(saved.json<{ data: StaffEmailSettings }>().data).toEqual({ email: 'alice@label.example', digest_labels: ['buildit-deep', 'buildit-tech'] });

    for (const label of ['deep', 'deep', 'tech', 'records']) {
      expect((await t.app.inject({ method: 'POST', url: '/api/submit-demo', payload: demoPayload(label) })).statusCode).toBe(201);
    }
    const mailroom = testMailroom(t.jwtSecret);
    const dayAfter = new Date(testNow.getTime() + 24 * 3600_000);
    const before = await writeDigests(t.database.db, mailroom, dayAfter);
    expect(before).toBe(1);
    // Written once per admin and day, whichever instance (or sweep) gets there first.
    expect(await writeDigests(t.database.db, mailroom, dayAfter)).toBe(0);
    const [digest] = await queryRows<{ to_addresses: string[]; subject: string; headers: Record<string, string>; text_body: string }>(
      t.database.db,
      sql`select to_addresses, subject, headers, text_body from outbox_emails where kind = 'staff_digest'`,
    );
    expect(digest?.to_addresses).toEqual(['alice@label.example']);
    expect(digest?.subject).toMatch(/^\d+ new demos? on 21 November 2026$/);
    expect(digest?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(digest?.text_body).toContain('Unsubscribe');

    expect(digest?.text_body).toContain('Build It Deep: 2');
    expect(digest?.text_body).toContain('Build It Tech: 1');
    expect(digest?.text_body).not.toContain('Build It Records: 1');

    const oneClick = /<http:\/\/localhost(\/api\/unsubscribe\/[A-Za-z0-9_-]+)>/.exec(digest?.headers['List-Unsubscribe'] ?? '')?.[1] as string;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await t.app.inject({ method: 'GET', url: oneClick })).json()).toMatchObject({ data: { email: 'al***@label.example', list: 'digest', unsubscribed: false } });
    const left = await t.app.inject({ method: 'POST', url: oneClick, payload: 'List-Unsubscribe=One-Click', headers: form });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toMatchObject({ data: { unsubscribed: true } });
    expect((await t.app.inject({ method: 'POST', url: `${oneClick.slice(0, -3)}abc`, payload: 'List-Unsubscribe=One-Click', headers: form })).statusCode).toBe(404);

    // New demos the next day: no digest is written to the address that left.
    t.setNow(dayAfter);
    expect((await t.app.inject({ method: 'POST', url: '/api/submit-demo', payload: demoPayload('deep') })).statusCode).toBe(201);
    expect(await writeDigests(t.database.db, mailroom, new Date(dayAfter.getTime() + 24 * 3600_000))).toBe(0);
    // Asking for the digest again in Settings is a new opt-in (at the admin token's time).
    t.setNow(testNow);
    expect((await settings({ email: 'alice@label.example', digest_labels: ['deep'] })).statusCode).toBe(200);
    expect(await writeDigests(t.database.db, mailroom, new Date(dayAfter.getTime() + 24 * 3600_000))).toBe(1);
  });

  it('skips an address a server refused for good: a digest written before the refusal is cancelled when its turn comes, and none is written to it until staff lift it', async () => {
    const smtp = await TestSmtpServer.start();
    // The SMTP server behind a relay the test holds: two days' digests wait, written, while it answers nothing.
    const relay = await startCuttableProxy(smtp.port);
    // One email at a time, and no sweep of its own during the test: the digests are the test's to write.
    const outbox = { ...quickOutbox, concurrency: 1, sweepMs: 3_600_000 };
    const u = await createAdminTestApp(kind, { deps: { rateLimits: manyDemos, mail: { smtpUrl: `smtp://127.0.0.1:${relay.port}`, from: 'demos@records.example', outbox } } });
    const day = (n: number) => new Date(testNow.getTime() + n * 24 * 3600_000);
    const address = 'alice@label.example';
    const digestsTo = async () =>
      (await u.app.inject({ method: 'GET', url: `/api/admin/outbox?kind=staff_digest&q=${address}`, headers: u.auth })).json<PagedList<OutboxEmailRow>>().data;
    try {
      expect((await u.app.inject({ method: 'PUT', url: '/api/admin/account/email', headers: u.auth, payload: { email: address, digest_labels: ['deep'] } })).statusCode).toBe(200);
      for (const n of [0, 1]) {
        u.setNow(day(n));
        expect((await u.app.inject({ method: 'POST', url: '/api/submit-demo', payload: demoPayload('deep') })).statusCode).toBe(201);
      }
      u.setNow(testNow);
      const mailroom = testMailroom(u.jwtSecret);

      // Alice's mailbox is gone (550 to RCPT TO); both digests are written before any server has said so.
      smtp.mailboxesGone.add(address);
      relay.stall();
      expect(await writeDigests(u.database.db, mailroom, day(1))).toBe(1);
      expect(await writeDigests(u.database.db, mailroom, day(2))).toBe(1);
      relay.resume();
      // The first is refused; the second, written before the refusal, is cancelled when its turn comes, never tried.
      await expect.poll(async () => (await digestsTo()).map((e) => e.status).sort(), { timeout: 15_000 }).toEqual(['cancelled', 'failed']);
      const [cancelled, failed] = [...(await digestsTo())].sort((a, b) => a.status.localeCompare(b.status));
      expect(failed).toMatchObject({ to: [address], attempts: 1, last_error: expect.stringContaining('550') });
      expect(cancelled).toMatchObject({
        to: [address],
        last_error: 'The address was refused for good before (Outbox → Addresses that bounced)',
        sent_at: null,
      });
      expect(smtp.arrived.filter((e) => e.envelopeTo.includes(address))).toEqual([]);
      const listed = await u.app.inject({ method: 'GET', url: '/api/admin/email-suppressions', headers: u.auth });
      expect(listed.json()).toMatchObject({ total: 1, data: [{ email: address, email_id: failed!.id, reason: expect.stringContaining('No such user here') }] });

      // Her mailbox works again, but the address stays skipped: the next day's digest is not even written.
      smtp.mailboxesGone.delete(address);
      u.setNow(day(2));
      expect((await u.app.inject({ method: 'POST', url: '/api/submit-demo', payload: demoPayload('deep') })).statusCode).toBe(201);
      u.setNow(testNow);
      expect(await writeDigests(u.database.db, mailroom, day(3))).toBe(0);
      expect(await digestsTo()).toHaveLength(2);

      // Staff lift it: the next digest is written and arrives.
      const lifted = await u.app.inject({ method: 'DELETE', url: `/api/admin/email-suppressions/${encodeURIComponent(address)}`, headers: u.auth });
      expect(lifted.statusCode, lifted.body).toBe(200);
      expect(await writeDigests(u.database.db, mailroom, day(3))).toBe(1);
      await expect.poll(() => smtp.accepted.filter((e) => e.to.includes(address)).map((e) => e.subject), { timeout: 15_000 }).toEqual(['1 new demo on 23 November 2026']);
    } finally {
      await u.close();
      await relay.close();
      await smtp.close();
    }
  });
});

describe.each(testDatabaseKinds.filter((k) => k.name === 'postgres'))('two instances on one $name database', (kind) => {
  it('never send one email twice', async () => {
    const smtp = await TestSmtpServer.start();
    const mail = { smtpUrl: smtp.url, from: 'demos@records.example', outbox: { ...quickOutbox, concurrency: 2 } };
    const first = await createAdminTestApp(kind, { deps: { rateLimits: manyDemos, mail } });
    const database = await openSameDatabase(first.database);
    const second = await buildApp({ db: database.db, clock: () => testNow, rateLimits: manyDemos, mail }, { logger: false });
    await second.ready();
    try {
      const count = 40;
      const answers = await Promise.all(
        Array.from({ length: count }, (_, i) => (i % 2 === 0 ? first.app : second).inject({ method: 'POST', url: '/api/submit-demo', payload: demoPayload() })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(count).fill(201));
      await smtp.waitForAccepted(count);
      const deadline = Date.now() + 15_000;
      while ((await statuses(database)).some((s) => s.status !== 'sent')) {
        if (Date.now() > deadline) throw new Error('not every email was stored as sent');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(smtp.arrived).toHaveLength(count);
      expect(new Set(smtp.accepted.map((e) => e.messageId)).size).toBe(count);
      const owners = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from outbox_emails where attempts <> 1`);
      expect(owners[0]?.n).toBe(0);
    } finally {
      await second.close();
      await database.close();
      await first.close();
      await smtp.close();
    }
  });
});
