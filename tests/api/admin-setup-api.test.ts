import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSetup, AdminSetupResponse, SetupStepId } from '../../src/shared/api/admin-overview.js';
import { createStripePayments, stripeWebhookUrl, type PaymentProvider } from '../../src/server/modules/membership/index.js';
import { setUpStripeWebhook } from '../../src/server/modules/membership/stripe-webhook-setup.js';
import { importCatalog } from '../../src/server/modules/catalog-import/importer/catalog-importer.js';
import { startFakeStripe, type FakeStripe } from '../fakes/fake-stripe.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { readFixtureCsv } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// The admin Overview's checklist (docs/decisions/0099): each step read from the real state when asked, so
// a change of that state ticks it, on PGlite and PostgreSQL.

const [header, ...rows] = readFixtureCsv().trim().split('\n');
/** The first release of the distributor's export: its rows, the header first. */
const oneRelease = () => {
  const upc = (rows[0] as string).split(',')[2];
  return `${header}\n${rows.filter((row) => row.split(',')[2] === upc).join('\n')}\n`;
};

async function setupOf(t: AdminTestApp): Promise<AdminSetup> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/setup', headers: t.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminSetupResponse>().data;
}
const doneOf = (setup: AdminSetup) => Object.fromEntries(setup.steps.map((s) => [s.id, s.done])) as Record<SetupStepId, boolean>;
const detailOf = (setup: AdminSetup, id: SetupStepId) => setup.steps.find((s) => s.id === id)?.detail;

describe.each(testDatabaseKinds)('the setup checklist on $name', (kind) => {
  describe('a fresh install: the demo catalog, nothing configured', () => {
    let t: AdminTestApp;
    beforeAll(async () => {
      t = await createAdminTestApp(kind, { from: 'demo-catalog' });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('answers 401 without an admin token', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/setup' })).statusCode).toBe(401);
    });

    it('starts with every step to do, and says what fans see meanwhile', async () => {
      const setup = await setupOf(t);
      expect(setup.steps.map((s) => s.id)).toEqual(['public_url', 'catalog', 'demo_catalog', 'media', 'email', 'payments', 'settings']);
      expect(Object.values(doneOf(setup))).toEqual([false, false, false, false, false, false, false]);
      expect(detailOf(setup, 'email')).toBe('SMTP_URL is not set: emails wait in the outbox, unsent.');
      expect(detailOf(setup, 'payments')).toBe('STRIPE_SECRET_KEY is not set: nobody can pay for VIP.');
      expect(setup.notices.map((n) => n.step)).toEqual(['public_url', 'email', 'payments', 'settings']);
      expect(detailOf(setup, 'settings')).toBe('Nothing saved in Site yet: the site shows the example names, texts, addresses and prices it came with.');
      expect(setup.notices.find((n) => n.step === 'payments')?.text).toBe(
        'The VIP page shows no prices to pay: it says payments are not open and offers the waiting list instead.',
      );
    });

    it('ticks the catalog once releases of the label are in, the demo catalog once it is removed, and the media once all have them', async () => {
      await importCatalog(t.database.db, oneRelease());
      let setup = await setupOf(t);
      expect(doneOf(setup)).toMatchObject({ catalog: true, demo_catalog: false, media: false });
      expect(detailOf(setup, 'catalog')).toMatch(/^1 release of your own; the last catalog import finished \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
      expect(detailOf(setup, 'media')).toMatch(/^0 of 1 release have artwork; 0 of \d+ tracks have audio\.$/);

      const removed = await t.app.inject({ method: 'DELETE', url: '/api/admin/demo-catalog', headers: t.auth });
      expect(removed.statusCode, removed.body).toBe(200);
      setup = await setupOf(t);
      expect(doneOf(setup)).toMatchObject({ catalog: true, demo_catalog: true, media: false });
      expect(detailOf(setup, 'demo_catalog')).toBe('The demo catalog is gone.');

      // What an artwork upload and an audio upload leave behind (their own API tests cover the uploads).
      await t.database.db.execute(sql`update releases set artwork_url = '/media/images/cover.webp'`);
      expect(doneOf(await setupOf(t)).media).toBe(false);
      await t.database.db.execute(sql`
        with audio as (insert into track_audio (file_name, original_key, status, actor)
                       values ('test.wav', 'audio/test.wav', 'ready', 'alice') returning id)
        update tracks set audio_id = (select id from audio)`);
      setup = await setupOf(t);
      expect(doneOf(setup).media).toBe(true);
      expect(detailOf(setup, 'media')).toMatch(/^1 of 1 release have artwork; (\d+) of \1 tracks have audio\.$/);
    });
  });

  describe('configured: PUBLIC_URL, SMTP and Stripe, whose webhook the site sets up', () => {
    let t: AdminTestApp;
    let stripe: FakeStripe;
    let payments: PaymentProvider;
    beforeAll(async () => {
      stripe = await startFakeStripe();
      payments = createStripePayments({ secretKey: stripe.secretKey, webhookSecret: undefined, apiUrl: stripe.url });
      // An SMTP server nobody answers at: the outbox worker's sends are not what this reads.
      t = await createAdminTestApp(kind, { deps: { publicUrl: 'https://records.example', payments, mail: { smtpUrl: 'smtp://127.0.0.1:9', outbox: { pollMs: 3_600_000 } } } });
    });
    afterAll(async () => {
      await t?.close();
      await stripe?.close();
    });

    const finished = (status: 'sent' | 'failed', at: string, error: string | null) =>
      t.database.db.execute(sql`
        insert into outbox_emails (kind, to_addresses, subject, message_id, status, last_error, updated_at)
        values ('vip_welcome', array['fan@example.com'], 'Welcome', ${`<${at}@test.example>`}, ${status}, ${error}, ${at})`);

    it('ticks payments once the webhook is set up', async () => {
      let setup = await setupOf(t);
      expect(doneOf(setup)).toMatchObject({ public_url: true, email: true, payments: false });
      expect(setup.notices.map((n) => n.step)).toEqual(['settings']);
      expect(detailOf(setup, 'public_url')).toBe('PUBLIC_URL is https://records.example.');
      expect(detailOf(setup, 'payments')).toBe('Stripe is connected, but its webhook is not: the site has not set it up yet (see the server log).');
      await setUpStripeWebhook({ db: t.database.db, payments, log: t.app.log }, stripeWebhookUrl('https://records.example'), new Date());
      setup = await setupOf(t);
      expect(doneOf(setup).payments).toBe(true);
      expect(detailOf(setup, 'payments')).toBe('Stripe is connected and its webhook is set up by the site.');
    });

    it('ticks the settings while a change an owner saved in Site stands, with no notice left', async () => {
      const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: t.auth, payload });
      const saved = await patch({ labels: { deep: { tagline: 'Deeper still' } } });
      expect(saved.statusCode, saved.body).toBe(200);
      let setup = await setupOf(t);
      expect(doneOf(setup).settings).toBe(true);
      expect(detailOf(setup, 'settings')).toMatch(/^1 change saved in Site, the last \d{4}-\d\d-\d\d \d\d:\d\d UTC by alice\.$/);
      expect(setup.notices).toEqual([]);

      // Put back as it came: the site shows the example settings again, so it is not filled in.
      const [change] = (await t.app.inject({ method: 'GET', url: '/api/admin/settings/changes', headers: t.auth })).json<{ data: { id: number }[] }>().data;
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/settings/changes/${change!.id}/revert`, headers: t.auth })).statusCode).toBe(200);
      setup = await setupOf(t);
      expect(doneOf(setup).settings).toBe(false);
      expect(detailOf(setup, 'settings')).toBe('The site shows the example settings it came with again: its 2 changes were all undone.');
      expect(setup.notices.map((n) => n.step)).toEqual(['settings']);
    });

    it('ticks email until the last email that left failed', async () => {
      let setup = await setupOf(t);
      expect(detailOf(setup, 'email')).toBe('SMTP_URL is set; no email has been sent yet.');

      await finished('sent', '2026-11-20T10:00:00Z', null);
      await finished('failed', '2026-11-20T11:00:00Z', '535 Authentication failed');
      setup = await setupOf(t);
      expect(doneOf(setup).email).toBe(false);
      expect(detailOf(setup, 'email')).toBe('SMTP_URL is set, but the last email failed: 535 Authentication failed.');
      await finished('sent', '2026-11-20T12:00:00Z', null);
      setup = await setupOf(t);
      expect(doneOf(setup).email).toBe(true);
      expect(detailOf(setup, 'email')).toBe('SMTP_URL is set; the last email went out 2026-11-20 12:00 UTC.');
    });
  });
});
