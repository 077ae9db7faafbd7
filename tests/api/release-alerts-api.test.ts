import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEmailRow, ReleaseAlert } from '../../src/shared/api/messaging.js';
import { queryRows } from '../../src/server/db/client.js';
import { releases } from '../../src/server/db/schema.js';
import { writeReleaseDayAlerts } from '../../src/server/modules/messaging/release-alerts.service.js';
import { createAdminTestApp } from '../helpers/admin-test-app.js';
import { startCuttableProxy } from '../helpers/cuttable-proxy.js';
import { quickOutbox, testMailroom, TestSmtpServer } from '../helpers/mail.js';
import { createTestApp, testNow, type PagedList, type TestApp } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// "Notify me" on an upcoming release (docs/decisions/0061), through a real SMTP server on loopback:
// double opt-in, one email on the release day, then the address is forgotten; none to an address a
// server refused for good (docs/decisions/0090).

/** An export release made upcoming: out on 4 December 2026, after the app's 21 November. */
const releaseDay = '2026-12-04';
/** "Build It Records: Best of 2016", the export's Various Artists compilation, made upcoming a week later. */
const compilationDay = '2026-12-11';

describe.each(testDatabaseKinds)('"Notify me" on $name', (kind) => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let upcoming: { id: string; title: string };
  let out: { id: string };

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    t = await createTestApp(kind, {
      from: 'distributor-catalog',
      seed: async (database) => {
        await database.db.update(releases).set({ releaseDate: releaseDay }).where(eq(releases.catalogNumber, 'BLDR192'));
        await database.db.update(releases).set({ releaseDate: compilationDay }).where(eq(releases.catalogNumber, 'BLDR113'));
      },
      deps: {
        publicUrl: 'https://records.example',
        mail: { smtpUrl: smtp.url, from: 'news@records.example', outbox: quickOutbox },
        rateLimits: { notify: { max: 100, timeWindowMs: 60_000 } },
      },
    });
    upcoming = (await queryRows<{ id: string; title: string }>(t.database.db, sql`select id, title from releases where catalog_number = 'BLDR192'`))[0] as typeof upcoming;
    out = (await queryRows<{ id: string }>(t.database.db, sql`select id from releases where release_date < '2026-01-01' limit 1`))[0] as typeof out;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const ask = (releaseId: string, email: unknown) => t.app.inject({ method: 'POST', url: `/api/releases/${releaseId}/notify`, payload: { email } });
  const alertsOf = (email: string) => queryRows<{ confirmed_at: string | null }>(t.database.db, sql`select confirmed_at from release_alerts where email = ${email}`);
  const confirmEmailsTo = async (email: string) =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from outbox_emails where kind = 'release_alert_confirm' and ${email} = any(to_addresses)`))[0]?.n;
  /** The link of the confirmation email that reached the SMTP server for `email`. */
  async function confirmLinkOf(email: string): Promise<string> {
    const until = Date.now() + 15_000;
    for (;;) {
      const received = smtp.accepted.find((m) => m.to.includes(email) && m.subject.startsWith('Confirm:'));
      if (received) return /https:\/\/records\.example\/notify\/([A-Za-z0-9_-]+)/.exec(received.text)?.[1] as string;
      if (Date.now() > until) throw new Error(`no confirmation email reached ${email}`);
      await smtp.waitForAccepted(smtp.accepted.length + 1, 1_000).catch(() => undefined);
    }
  }

  it('refuses a bad address, an unknown release and one that is out, naming why, and stores nothing', async () => {
    const bad = await ask(upcoming.id, 'not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'email', message: 'Please enter a valid email address' });
    expect((await ask(crypto.randomUUID(), 'fan@example.com')).statusCode).toBe(404);
    expect((await ask('nope', 'fan@example.com')).statusCode).toBe(404);
    const released = await ask(out.id, 'fan@example.com');
    expect(released.statusCode).toBe(409);
    expect(released.json()).toMatchObject({ message: 'This release is out already: listen to it now.' });
    expect(await alertsOf('fan@example.com')).toEqual([]);
  });

  it('asks the address to confirm, once however often it is asked, and counts it only once confirmed', async () => {
    const asked = await ask(upcoming.id, 'Fan.One@Example.com');
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ success: true, message: 'Check your inbox: confirm your address there, and we email you on the release day.' });
    // The same answer again, and no second email: the answer tells nobody who waits.
    expect((await ask(upcoming.id, 'fan.one@example.com')).json()).toEqual(asked.json());
    expect(await confirmEmailsTo('fan.one@example.com')).toBe(1);

    const token = await confirmLinkOf('fan.one@example.com');
    const received = smtp.accepted.find((m) => m.to.includes('fan.one@example.com')) as (typeof smtp.accepted)[number];
    expect(received.subject).toBe(`Confirm: email me when “${upcoming.title}” is out`);
    expect(received.html).toContain(`href="https://records.example/notify/${token}"`);
    expect(received.text).toContain('comes out on Build It Records on 4 December 2026');

    // Opening the link (a mail scanner does) changes nothing; the button's POST confirms.
    const opened = await t.app.inject({ url: `/api/notify/${token}` });
    expect(opened.json<{ data: ReleaseAlert }>().data).toMatchObject({
      email: 'fa*****@example.com',
      confirmed: false,
      release: { id: upcoming.id, label_name: 'Build It Records', release_date: releaseDay, path: `/records/releases/${upcoming.id}` },
    });
    expect(await alertsOf('fan.one@example.com')).toEqual([{ confirmed_at: null }]);
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/notify/${token}/confirm` });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ message: `Confirmed: we email fa*****@example.com when “${upcoming.title}” is out.`, data: { confirmed: true } });
    expect((await t.app.inject({ method: 'POST', url: `/api/notify/${token}/confirm` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/notify/${token}x/confirm` })).statusCode).toBe(404);
  });

  it('forgets an address at once when asked from the link', async () => {
    await ask(upcoming.id, 'leaving@example.com');
    const token = await confirmLinkOf('leaving@example.com');
    const forgotten = await t.app.inject({ method: 'DELETE', url: `/api/notify/${token}` });
    expect(forgotten.json()).toEqual({ success: true, message: 'Your address is forgotten for this release: nothing will be sent to it.' });
    expect(await alertsOf('leaving@example.com')).toEqual([]);
    expect((await t.app.inject({ url: `/api/notify/${token}` })).statusCode).toBe(404);
  });

  it('on the release day sends one email to each confirmed address, then forgets every address of the release', async () => {
    await ask(upcoming.id, 'never-confirmed@example.com');
    const token = await confirmLinkOf('fan.one@example.com');
    const mailroom = testMailroom();
    // The day before, nothing goes.
    expect(await writeReleaseDayAlerts(t.database.db, mailroom, new Date('2026-12-03T23:59:00Z'))).toBe(0);
    const day = new Date(`${releaseDay}T00:01:00Z`);
    expect(await writeReleaseDayAlerts(t.database.db, mailroom, day)).toBe(1);
    // Whichever instance sweeps next finds nothing more to send.
    expect(await writeReleaseDayAlerts(t.database.db, mailroom, day)).toBe(0);
    expect(await queryRows(t.database.db, sql`select email from release_alerts`)).toEqual([]);
    expect((await t.app.inject({ url: `/api/notify/${token}` })).statusCode).toBe(404);

    const until = Date.now() + 15_000;
    while (!smtp.accepted.some((m) => m.subject === `“${upcoming.title}” is out now`)) {
      if (Date.now() > until) throw new Error('the release-day email did not arrive');
      await smtp.waitForAccepted(smtp.accepted.length + 1, 1_000).catch(() => undefined);
    }
    const outNow = smtp.accepted.filter((m) => m.subject === `“${upcoming.title}” is out now`);
    expect(outNow.map((m) => m.to)).toEqual([['fan.one@example.com']]);
    expect(outNow[0]?.text).toContain(`http://localhost/records/releases/${upcoming.id}`);
    expect(outNow[0]?.text).toContain('This is the only one: the address is now forgotten for it.');
  });

  it('names a compilation "by Various Artists" in its confirmation, its link and its release-day email', async () => {
    const title = 'Build It Records: Best of 2016';
    const [compilation] = await queryRows<{ id: string }>(t.database.db, sql`select id from releases where catalog_number = 'BLDR113'`);
    expect((await ask(compilation!.id, 'va.fan@example.com')).statusCode).toBe(202);
    const token = await confirmLinkOf('va.fan@example.com');
    const asking = smtp.accepted.find((m) => m.to.includes('va.fan@example.com'));
    expect(asking?.text).toContain(`“${title}” by Various Artists comes out on Build It Records on 11 December 2026.`);
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/notify/${token}/confirm` });
    expect(confirmed.json<{ data: ReleaseAlert }>().data.release).toMatchObject({ title, artists: 'Various Artists', release_date: compilationDay });

    expect(await writeReleaseDayAlerts(t.database.db, testMailroom(), new Date(`${compilationDay}T00:01:00Z`))).toBe(1);
    await expect.poll(() => smtp.accepted.find((m) => m.subject === `“${title}” is out now`)?.text, { timeout: 15_000 }).toContain(
      `“${title}” by Various Artists is out today, 11 December 2026, on Build It Records.`,
    );
  });

  it('writes one address at most 3 confirmations in 24 hours, whatever releases it is asked for: past them the answer is the same, without one', async () => {
    const made = await queryRows<{ id: string }>(
      t.database.db,
      sql`update releases set release_date = ${releaseDay} where id in (select id from releases where release_date < '2026-01-01' and id <> ${out.id} order by id limit 4) returning id`,
    );
    expect(made).toHaveLength(4);
    const answers = [];
    for (const { id } of made) answers.push((await ask(id, 'many@example.com')).json());
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await alertsOf('many@example.com')).toHaveLength(4);
    expect(await confirmEmailsTo('many@example.com')).toBe(3);
  });

  it('sends no release-day email to an address a server refused for good, even one written before the refusal', async () => {
    const relay = await startCuttableProxy(smtp.port);
    // The SMTP server behind a relay the test holds; one email at a time.
    const u = await createAdminTestApp(kind, {
      from: 'distributor-catalog',
      deps: {
        publicUrl: 'https://records.example',
        mail: { smtpUrl: `smtp://127.0.0.1:${relay.port}`, from: 'news@records.example', outbox: { ...quickOutbox, concurrency: 1, sweepMs: 3_600_000 } },
        rateLimits: { notify: { max: 100, timeWindowMs: 60_000 } },
      },
    });
    const fan = 'gone.fan@example.com';
    try {
      // Three releases made upcoming: two out on 5 December, one on 6 December.
      const [a, b, c] = await queryRows<{ id: string }>(u.database.db, sql`select id from releases where release_date < '2026-01-01' and status <> 'draft' order by id limit 3`);
      await u.database.db.update(releases).set({ releaseDate: '2026-12-05' }).where(inArray(releases.id, [a!.id, b!.id]));
      await u.database.db.update(releases).set({ releaseDate: '2026-12-06' }).where(eq(releases.id, c!.id));
      /** Asks to be told when `release` is out, and confirms from the emailed link. */
      const confirmed = async (release: { id: string }) => {
        const before = smtp.accepted.length;
        expect((await u.app.inject({ method: 'POST', url: `/api/releases/${release.id}/notify`, payload: { email: fan } })).statusCode).toBe(202);
        let token: string | undefined;
        await expect
          .poll(() => (token = smtp.accepted.slice(before).flatMap((m) => (m.to.includes(fan) ? [/https:\/\/records\.example\/notify\/([A-Za-z0-9_-]+)/.exec(m.text)?.[1]] : []))[0]), { timeout: 15_000 })
          .toBeDefined();
        expect((await u.app.inject({ method: 'POST', url: `/api/notify/${token}/confirm` })).statusCode).toBe(200);
      };
      await confirmed(a!);
      await confirmed(b!);
      const alertsTo = async () =>
        (await u.app.inject({ method: 'GET', url: `/api/admin/outbox?kind=release_alert&q=${fan}`, headers: u.auth })).json<PagedList<OutboxEmailRow>>().data;
      const mailroom = testMailroom(u.jwtSecret);

      // The fan's mailbox is gone (550 to RCPT TO); both release-day emails are written before any server has said so.
      smtp.mailboxesGone.add(fan);
      relay.stall();
      expect(await writeReleaseDayAlerts(u.database.db, mailroom, new Date('2026-12-05T12:00:00Z'))).toBe(2);
      relay.resume();
      // The first is refused; the second, written before the refusal, is cancelled when its turn comes, never tried.
      await expect.poll(async () => (await alertsTo()).map((e) => e.status).sort(), { timeout: 15_000 }).toEqual(['cancelled', 'failed']);
      const [cancelled, failed] = [...(await alertsTo())].sort((x, y) => x.status.localeCompare(y.status));
      expect(failed).toMatchObject({ to: [fan], last_error: expect.stringContaining('550') });
      expect(cancelled).toMatchObject({ to: [fan], last_error: 'The address was refused for good before (Outbox → Addresses that bounced)', sent_at: null });
      const listed = await u.app.inject({ method: 'GET', url: `/api/admin/email-suppressions?q=${fan}`, headers: u.auth });
      expect(listed.json()).toMatchObject({ total: 1, data: [{ email: fan, email_id: failed!.id }] });

      // The mailbox works again. Asking for another release still gets its confirmation (the fan is there, asking),
      // but the release-day email stays unsent until staff lift the address.
      smtp.mailboxesGone.delete(fan);
      await confirmed(c!);
      expect(await writeReleaseDayAlerts(u.database.db, mailroom, new Date('2026-12-06T12:00:00Z'))).toBe(1);
      await expect.poll(async () => (await alertsTo()).map((e) => e.status).sort(), { timeout: 15_000 }).toEqual(['cancelled', 'cancelled', 'failed']);
      expect(smtp.arrived.filter((m) => m.envelopeTo.includes(fan) && m.subject.endsWith('is out now'))).toEqual([]);
    } finally {
      await u.close();
      await relay.close();
    }
  });

  it('answers 429 past the limit per address', async () => {
    const limited = await createTestApp(kind, {
      now: testNow,
      from: 'distributor-catalog',
      seed: async (database) => {
        await database.db.update(releases).set({ releaseDate: releaseDay }).where(eq(releases.catalogNumber, 'BLDR192'));
      },
      deps: { rateLimits: { notify: { max: 2, timeWindowMs: 60_000 } } },
    });
    try {
      const id = (await queryRows<{ id: string }>(limited.database.db, sql`select id from releases where catalog_number = 'BLDR192'`))[0]?.id as string;
      const send = (n: number) => limited.app.inject({ method: 'POST', url: `/api/releases/${id}/notify`, payload: { email: `n${n}@example.com` } });
      expect((await send(1)).statusCode).toBe(202);
      expect((await send(2)).statusCode).toBe(202);
      const refused = await send(3);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
