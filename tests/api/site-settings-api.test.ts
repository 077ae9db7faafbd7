import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultSiteSettings, type SettingsChange, type SiteSettings } from '../../src/shared/api/settings.js';
import type { ClientConfig } from '../../src/shared/api/client-config.js';
import type { ImageMatch, MediaUploadResponse } from '../../src/shared/api/admin-media.js';
import type { Release } from '../../src/shared/api/catalog.js';
import { shareCardUrl } from '../../src/shared/generated-images.js';
import { findLabel } from '../../src/shared/labels.js';
import { buildApp, type App } from '../../src/server/app.js';
import { openPostgres, queryRows, type Database } from '../../src/server/db/client.js';
import { relayCatalogChanges, relayChanges, type RelayedCatalogChanges } from '../../src/server/modules/catalog/index.js';
import { folderMediaStore } from '../../src/server/modules/media/index.js';
import { createOrResetAdmin } from '../../src/server/modules/staff/admin-auth.service.js';
import { signAdminToken } from '../../src/server/modules/staff/admin-tokens.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { captureLog } from '../helpers/captured-log.js';
import { finished, multipart, upload } from '../helpers/media-upload.js';
import { aPicture } from '../helpers/images.js';
import type { ScratchDatabase } from '../helpers/scratch-postgres.js';
import { testNow } from '../helpers/test-app.js';
import { createPostgresTestDatabase, testDatabaseKinds } from '../helpers/test-database.js';

// Site settings stored in the database (issue 34 item 1, docs/decisions/0097): read, changed, logged,
// reverted, refused naming the field, and applied at once to what the site serves.

interface Labels {
  data: { id: string; name: string }[];
}

describe.each(testDatabaseKinds)('site settings ($name)', (kind) => {
  let t: AdminTestApp;
  const store = folderMediaStore(mkdtempSync(join(tmpdir(), 'bir-settings-media-')));
  beforeAll(async () => {
    t = await createAdminTestApp(kind, { deps: { mediaStore: store } });
  });
  afterAll(() => t?.close());

  const patch = (payload: unknown, auth = t.auth) => t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: auth, payload: payload as object });
  const settingsOf = (res: { json<T>(): T }) => res.json<{ data: SiteSettings }>().data;

  it('answers the defaults of site-config.ts until an owner changes them, to staff only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: t.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(settingsOf(res)).toEqual(defaultSiteSettings);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(401);
    expect((await patch({ timeZone: 'Europe/Amsterdam' }, { authorization: 'Bearer nope' })).statusCode).toBe(401);
  });

  it('refuses bad values naming the field, and changes nothing', async () => {
    const refusals: [unknown, string][] = [
      // #333333 reads 1.7:1 on the dark theme's black.
      [{ labels: { tech: { accent: '#333333' } } }, 'labels.tech.accent'],
      [{ vip: { plans: [{ id: 'lifetime', price: 5 }] } }, 'vip.plans.0.id'],
      [{ vip: { plans: [{ id: 'monthly', currency: 'DOLLARS' }] } }, 'vip.plans.0.currency'],
      [{ vip: { plans: [{ id: 'monthly', price: 9.999 }] } }, 'vip.plans.0.price'],
      [{ timeZone: 'Moon/Base' }, 'timeZone'],
      [{ labels: { deep: { email: { replyTo: 'nobody' } } } }, 'labels.deep.email.replyTo'],
      [{ labels: { deep: { colour: '#FFFFFF' } } }, 'labels.deep.colour'],
      // The icon's letters must read on its ground: checked on the whole result.
      [{ icon: { accent: '#111111' } }, 'icon.accent'],
    ];
    for (const [body, field] of refusals) {
      const res = await patch(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ field: string }>().field, JSON.stringify(body)).toBe(field);
    }
    expect(settingsOf(await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: t.auth }))).toEqual(defaultSiteSettings);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings/changes', headers: t.auth })).json<{ data: SettingsChange[] }>().data).toEqual([]);
  });

  it('applies a change at once to the API, cached answers and emails; logs it; and reverts it', async () => {
    // A cached answer drawn with the old names.
    expect((await t.app.inject({ method: 'GET', url: '/api/labels' })).json<Labels>().data.map((l) => l.name)).toContain('Build It Tech');

    const change = {
      labels: { records: { name: 'Night Shift Records' }, tech: { name: 'Night Shift Tech', tagline: 'Tech after dark', accent: '#FF5555' } },
      vip: { plans: [{ id: 'monthly', name: 'Monthly Pass', price: 12.5, currency: 'EUR' }] },
      legal: { contactEmail: 'privacy@nightshift.example' },
    };
    const res = await patch(change);
    expect(res.statusCode, res.body).toBe(200);
    const changed = settingsOf(res);
    expect(changed.labels.tech).toMatchObject({ name: 'Night Shift Tech', tagline: 'Tech after dark', accent: '#FF5555', social: defaultSiteSettings.labels.tech.social });
    expect(changed.vip.plans[0]).toMatchObject({ id: 'monthly', name: 'Monthly Pass', price: 12.5, currency: 'EUR', period: 'month' });
    expect(changed.vip.plans.slice(1)).toEqual(defaultSiteSettings.vip.plans.slice(1));

    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json<{ data: ClientConfig }>().data;
    expect(config.site).toEqual(changed);
    expect((await t.app.inject({ method: 'GET', url: '/api/labels' })).json<Labels>().data.map((l) => l.name)).toEqual(['Night Shift Records', 'Night Shift Tech', 'Build It Deep']);

    // An email written now says the new names.
    const joined = await t.app.inject({ method: 'POST', url: '/api/subscribe-vip', payload: { name: 'Ana', email: 'ana.settings@example.com', plan: 'monthly' } });
    expect(joined.statusCode, joined.body).toBe(201);
    await t.settled();
    const [email] = await queryRows<{ subject: string; text_body: string }>(
      t.database.db,
      sql`select subject, text_body from outbox_emails where 'ana.settings@example.com' = any(to_addresses) and kind = 'vip_welcome'`,
    );
    expect(email?.subject).toBe('Welcome to Night Shift Records VIP (Monthly Pass)');
    expect(email?.text_body).toContain('privacy@nightshift.example');

    // Logged: the changed parts only, who and when.
    const log = (await t.app.inject({ method: 'GET', url: '/api/admin/settings/changes', headers: t.auth })).json<{ data: SettingsChange[] }>().data;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ by: 'alice', at: testNow.toISOString(), after: change });
    expect(log[0]!.before).toEqual({
      labels: { records: { name: 'Build It Records' }, tech: { name: 'Build It Tech', tagline: 'Pushing Boundaries in Tech House', accent: '#FF0000' } },
      vip: { plans: [{ id: 'monthly', name: 'Monthly', price: 9.99, currency: 'USD' }] },
      legal: { contactEmail: 'privacy@builditrecords.com' },
    });

    const reverted = await t.app.inject({ method: 'POST', url: `/api/admin/settings/changes/${log[0]!.id}/revert`, headers: t.auth });
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(settingsOf(reverted)).toEqual(defaultSiteSettings);
    expect((await t.app.inject({ method: 'GET', url: '/api/labels' })).json<Labels>().data.map((l) => l.name)).toContain('Build It Tech');
    const after = (await t.app.inject({ method: 'GET', url: '/api/admin/settings/changes', headers: t.auth })).json<{ data: SettingsChange[] }>().data;
    expect(after.map((entry) => entry.id)).toEqual([log[0]!.id + 1, log[0]!.id]);
    expect(after[0]!.after).toEqual(log[0]!.before);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/settings/changes/99999/revert', headers: t.auth })).statusCode).toBe(404);
  });

  it('saves a privacy policy as long as a real one (a whole legal document of about 60 KB in one PATCH)', async () => {
    const paragraph = 'We keep what the site needs to work, and no more than that, for as long as it is useful to you. '.repeat(10);
    const sections = Array.from({ length: 12 }, (_, i) => ({ heading: `Section ${i + 1}`, paragraphs: Array.from({ length: 5 }, () => paragraph) }));
    const privacyPolicy = { title: 'Privacy Policy', sections };
    expect(JSON.stringify(privacyPolicy).length).toBeGreaterThan(16 * 1024 * 3);
    const saved = await patch({ legal: { privacyPolicy } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(settingsOf(saved).legal.privacyPolicy.sections).toHaveLength(12);
    expect((await patch({ legal: { privacyPolicy: defaultSiteSettings.legal.privacyPolicy } })).statusCode).toBe(200);
  });

  it('draws share cards and generated art with the label name and accent in force, again after each change', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/releases',
      headers: t.auth,
      payload: { title: 'Card Check', type: 'single', label_id: 'buildit-tech', catalog_number: 'BIT990', artists: ['Card Artist'], tracks: [{ title: 'Card Check' }] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const release = (await t.app.inject({ method: 'GET', url: `/api/releases/${made.json<{ data: { id: string } }>().data.id}?include_artists=true` })).json<{
      data: { id: string; artists: { id: string }[] };
    }>().data;
    const media = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      return res.rawPayload;
    };
    const releaseCard = () => media(`/media/releases/${release.id}-card.jpg`);
    const artistCard = () => media(`/media/artists/${release.artists[0]!.id}-card.jpg`);
    const [cardBefore, artistCardBefore] = [await releaseCard(), await artistCard()];
    expect((await media(`/media/releases/${release.id}.svg`)).toString()).toContain(defaultSiteSettings.labels.tech.accent.toLowerCase());

    // The name alone (the generated art is the same): the card is drawn again, not served as kept.
    expect((await patch({ labels: { tech: { name: 'Night Shift Tech' } } })).statusCode).toBe(200);
    const renamed = await releaseCard();
    expect(renamed.equals(cardBefore)).toBe(false);
    expect((await patch({ labels: { tech: { accent: '#FF5555' } } })).statusCode).toBe(200);
    expect((await media(`/media/releases/${release.id}.svg`)).toString()).toContain('#ff5555');
    expect((await releaseCard()).equals(renamed)).toBe(false);
    // Artists wear the parent label's name and accent.
    expect((await patch({ labels: { records: { name: 'Night Shift Records', accent: '#FFAA00' } } })).statusCode).toBe(200);
    expect((await media(`/media/artists/${release.artists[0]!.id}.svg`)).toString()).toContain('#ffaa00');
    expect((await artistCard()).equals(artistCardBefore)).toBe(false);

    const back = { name: 'Build It Tech', accent: defaultSiteSettings.labels.tech.accent };
    const records = { name: 'Build It Records', accent: defaultSiteSettings.labels.records.accent };
    expect((await patch({ labels: { tech: back, records } })).statusCode).toBe(200);
    expect((await releaseCard()).equals(cardBefore)).toBe(true);
    expect((await artistCard()).equals(artistCardBefore)).toBe(true);
  });

  it("draws an uploaded cover's share card with the label name and accent in force, at an address that follows them", async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/releases',
      headers: t.auth,
      payload: { title: 'Cover Card', type: 'single', label_id: 'buildit-tech', catalog_number: 'BIT991', artists: ['Cover Artist'], tracks: [{ title: 'Cover Card' }] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ data: { id: string } }>().data.id;
    const uploaded = await upload(t, [{ name: `${id}.jpg`, bytes: await aPicture(600, 600, 'jpeg', '#228844'), type: 'image/jpeg' }]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [match] = uploaded.json<MediaUploadResponse>().data.matched as ImageMatch[];
    expect((await finished(t, match!.job!.id)).status).toBe('ready');
    const release = (await t.app.inject({ method: 'GET', url: `/api/releases/${id}?include_artists=true` })).json<{ data: Release }>().data;
    expect(release.artwork_url).toBe(match!.url);
    // What the release page names as its og:image (src/client/app/seo/page-meta.ts).
    const cardUrl = () =>
      shareCardUrl({ kind: 'releases', id, pictureUrl: release.artwork_url, title: release.title, subtitle: 'Cover Artist', label: findLabel(release.label_id)! });
    const card = async () => {
      const res = await t.app.inject({ method: 'GET', url: cardUrl() });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      return res.rawPayload;
    };
    const pixel = async (bytes: Buffer, left: number, top: number) => [...(await sharp(bytes).extract({ left, top, width: 1, height: 1 }).raw().toBuffer())];
    const near = (got: number[], want: string) =>
      expect(
        got.every((value, i) => Math.abs(value - parseInt(want.slice(1 + 2 * i, 3 + 2 * i), 16)) <= 10),
        `${got.join(',')} is not ${want}`,
      ).toBe(true);

    // The cover beside the label's bar in its accent; the job stored no card of its own.
    const [urlBefore, before] = [cardUrl(), await card()];
    near(await pixel(before, 315, 315), '#228844');
    near(await pixel(before, 600, 626), defaultSiteSettings.labels.tech.accent);
    expect((await t.app.inject({ method: 'GET', url: match!.url.replace('.webp', '-card.jpg') })).statusCode).toBe(404);

    // Renamed and recoloured: a new address, and a card drawn again with the new name and accent around the same cover.
    expect((await patch({ labels: { tech: { name: 'Night Shift Tech', accent: '#FF5555' } } })).statusCode).toBe(200);
    expect(cardUrl()).not.toBe(urlBefore);
    const after = await card();
    expect(after.equals(before)).toBe(false);
    near(await pixel(after, 315, 315), '#228844');
    near(await pixel(after, 600, 626), '#FF5555');

    expect((await patch({ labels: { tech: { name: 'Build It Tech', accent: defaultSiteSettings.labels.tech.accent } } })).statusCode).toBe(200);
    expect(cardUrl()).toBe(urlBefore);
    expect((await card()).equals(before)).toBe(true);
  });

  it("uploads a label's logo and the icon image through the media store, refuses what is no image naming the field, and removes them", async () => {
    const png = (width: number, height: number, colour: string) =>
      sharp({ create: { width, height, channels: 4, background: colour } })
        .png()
        .toBuffer();
    const send = async (url: string, name: string, bytes: Buffer, type = 'image/png') => {
      const body = await multipart([{ field: 'file', name, bytes, type }]);
      return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...t.auth, 'content-type': body.contentType } });
    };
    const refused = async (url: string, name: string, bytes: Buffer, type?: string) => {
      const res = await send(url, name, bytes, type);
      expect(res.statusCode, res.body).toBe(400);
      return res.json<{ field: string; message: string }>();
    };

    expect(await refused('/api/admin/settings/labels/tech/logo', 'notes.txt', Buffer.from('not a picture'), 'text/plain')).toMatchObject({
      field: 'labels.tech.logo',
      message: 'notes.txt is not a JPEG, PNG or WebP image',
    });
    expect(await refused('/api/admin/settings/labels/tech/logo', 'dot.png', await png(20, 20, '#ff0000'))).toMatchObject({
      field: 'labels.tech.logo',
      message: 'dot.png is 20×20 px: it needs at least 32 px on each side',
    });
    expect(await refused('/api/admin/settings/icon', 'tiny.png', await png(64, 64, '#ff0000'))).toMatchObject({ field: 'icon.image' });
    const none = await t.app.inject({ method: 'POST', url: '/api/admin/settings/labels/tech/logo', headers: t.auth, payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ field: string }>().field).toBe('labels.tech.logo');
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/settings/labels/pop/logo', headers: t.auth, payload: {} })).statusCode).toBe(400);
    // A PATCH cannot name a picture: only the upload sets one.
    expect((await patch({ labels: { tech: { logo: '/media/art/logo-0123456789abcdef0123456789abcdef.webp' } } })).json<{ field: string }>().field).toBe('labels.tech.logo');

    // A wide logo keeps its shape and transparency, at most 800×400.
    const uploaded = await send('/api/admin/settings/labels/tech/logo', 'Our Logo.png', await png(1600, 400, '#ffaa0080'));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const logo = settingsOf(uploaded).labels.tech.logo as string;
    expect(logo).toMatch(/^\/media\/art\/logo-[0-9a-f]{32}\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 800, height: 200, hasAlpha: true });
    // The site says it at once; the change is logged as any other, and Revert takes it away.
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json<{ data: ClientConfig }>().data.site.labels.tech.logo).toBe(logo);
    const [entry] = (await t.app.inject({ method: 'GET', url: '/api/admin/settings/changes', headers: t.auth })).json<{ data: SettingsChange[] }>().data;
    expect(entry).toMatchObject({ by: 'alice', before: { labels: { tech: { logo: null } } }, after: { labels: { tech: { logo } } } });
    const reverted = await t.app.inject({ method: 'POST', url: `/api/admin/settings/changes/${entry!.id}/revert`, headers: t.auth });
    expect(settingsOf(reverted).labels.tech.logo).toBeNull();
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/settings/changes/${entry!.id + 1}/revert`, headers: t.auth })).json<{ data: SiteSettings }>().data.labels.tech.logo).toBe(logo);
    expect(settingsOf(await patch({ labels: { tech: { logo: null } } })).labels.tech.logo).toBeNull();

    // The icon image: the favicon and touch icon are drawn from it, and from the letters again once it is removed.
    const touchIcon = async () => (await t.app.inject({ method: 'GET', url: '/apple-touch-icon.png' })).rawPayload;
    const drawn = await touchIcon();
    const icon = await send('/api/admin/settings/icon', 'icon.png', await png(600, 600, '#3366ff'));
    expect(icon.statusCode, icon.body).toBe(200);
    expect(settingsOf(icon).icon.image).toMatch(/^\/media\/art\/icon-[0-9a-f]{32}\.png$/);
    const middle = await sharp(await touchIcon()).extract({ left: 90, top: 90, width: 1, height: 1 }).removeAlpha().raw().toBuffer();
    expect([...middle]).toEqual([0x33, 0x66, 0xff]);
    expect((await t.app.inject({ method: 'GET', url: '/favicon.svg' })).body).toContain('href="data:image/png;base64,');
    expect((await t.app.inject({ method: 'GET', url: '/favicon.ico' })).statusCode).toBe(200);
    expect((await patch({ icon: { image: null } })).statusCode).toBe(200);
    expect((await touchIcon()).equals(drawn)).toBe(true);
  });

  it("draws the site's icon with the settings in force", async () => {
    const png = async () => (await t.app.inject({ method: 'GET', url: '/apple-touch-icon.png' })).rawPayload;
    const before = await png();
    expect((await patch({ icon: { letters: 'NS', accent: '#FFD700' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/favicon.svg' })).body).toContain('NS');
    expect((await png()).equals(before)).toBe(false);
    expect((await patch({ icon: { letters: defaultSiteSettings.icon.letters, accent: defaultSiteSettings.icon.accent } })).statusCode).toBe(200);
    expect((await png()).equals(before)).toBe(true);
  });
  it('draws the icon from its letters when the uploaded icon image is missing from the media store', async () => {
    const touchIcon = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/apple-touch-icon.png' });
      expect(res.statusCode, res.body).toBe(200);
      return res.rawPayload;
    };
    const drawn = await touchIcon();
    // Its own colour on each database: the icon's drawing is kept per image URL in this process.
    const body = await multipart([{ field: 'file', name: 'icon.png', bytes: await aPicture(600, 600, 'png', kind.name === 'pglite' ? '#aa3300' : '#0033aa'), type: 'image/png' }]);
    const icon = await t.app.inject({ method: 'POST', url: '/api/admin/settings/icon', payload: body.payload, headers: { ...t.auth, 'content-type': body.contentType } });
    expect(icon.statusCode, icon.body).toBe(200);
    const image = settingsOf(icon).icon.image!;
    // Gone before any instance read it (a store restored without it, a folder cleaned by hand).
    await store.delete(image.replace(/^\/media\//, ''));
    expect((await t.app.inject({ method: 'GET', url: image })).statusCode).toBe(404);

    expect((await touchIcon()).equals(drawn)).toBe(true);
    const svg = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.body).toContain(`>${defaultSiteSettings.icon.letters}</text>`);
    expect((await t.app.inject({ method: 'GET', url: '/favicon.ico' })).statusCode).toBe(200);
    expect((await patch({ icon: { image: null } })).statusCode).toBe(200);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('site settings across instances on one PostgreSQL database', () => {
  let shared: ScratchDatabase;
  const jwtSecret = randomBytes(32);
  let auth: { authorization: string };
  const instances: { app: App; database: Database; relays: RelayedCatalogChanges[] }[] = [];

  async function startInstance() {
    const log = captureLog();
    const database = await openPostgres(shared.url);
    const catalogChanges = await relayCatalogChanges(shared.url, log.logger);
    const settingsChanges = await relayChanges(shared.url, 'settings_changes', log.logger);
    const app = await buildApp({ db: database.db, clock: () => testNow, catalogChanges, settingsChanges, jwtSecret }, { logger: false });
    await app.ready();
    instances.push({ app, database, relays: [catalogChanges, settingsChanges] });
    return app;
  }

  beforeAll(async () => {
    shared = await createPostgresTestDatabase('migrated');
    const seeding = await openPostgres(shared.url);
    await createOrResetAdmin(seeding.db, 'alice', 'correct horse battery', testNow);
    const [admin] = await queryRows<{ id: string }>(seeding.db, sql`select id from admin_users where username = 'alice'`);
    await seeding.close();
    auth = { authorization: `Bearer ${await signAdminToken(jwtSecret, admin!.id, testNow)}` };
  });
  afterAll(async () => {
    for (const instance of instances) {
      await instance.app.close();
      for (const relay of instance.relays) await relay.close();
      await instance.database.close();
    }
    await shared?.drop();
  });

  it("empties another instance's cached answers when a change is saved on one, without a restart", async () => {
    const a = await startInstance();
    const b = await startInstance();
    const names = async () => (await b.inject({ method: 'GET', url: '/api/labels' })).json<Labels>().data.map((l) => l.name);
    // b caches the labels' answer with the old names.
    expect(await names()).toContain('Build It Deep');

    const res = await a.inject({ method: 'PATCH', url: '/api/admin/settings', headers: auth, payload: { labels: { deep: { name: 'Night Shift Deep' } } } });
    expect(res.statusCode, res.body).toBe(200);
    // b hears PostgreSQL's NOTIFY, reads the settings again and empties its caches: polled until then, for at most 5 s.
    await vi.waitFor(async () => expect(await names()).toContain('Night Shift Deep'), { timeout: 5_000, interval: 20 });
  });
});
