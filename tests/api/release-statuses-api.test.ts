import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageRenderer } from '../../src/client/entry-server.js';
import type { AdminReleaseCreateInput, AdminReleaseDetail } from '../../src/shared/api/admin-releases.js';
import type { Release } from '../../src/shared/api/catalog.js';
import { defaultSiteSettings } from '../../src/shared/api/settings.js';
import { findLabel } from '../../src/shared/labels.js';
import { queryRows } from '../../src/server/db/client.js';
import { CatalogCache, createLocalCatalogChanges } from '../../src/server/modules/catalog/index.js';
import { createPageDataSource } from '../../src/server/ssr/page-data.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

const now = new Date('2026-11-21T12:00:00Z');

/** A two-mix EP made by hand, no artists typed on its tracks. */
function anEp(overrides: Partial<AdminReleaseCreateInput> = {}): AdminReleaseCreateInput {
  return {
    title: 'Quiet Hours',
    type: 'ep',
    status: 'draft',
    release_date: '2026-11-13',
    label_id: 'buildit-records',
    catalog_number: 'BLDR950',
    artists: ['Lena Orbit'],
    tracks: [
      { title: 'Quiet Hours', mix_version: 'Extended Mix', duration_ms: 360_000 },
      { title: 'Quiet Hours', mix_version: 'Radio Edit', duration_ms: 190_000 },
    ],
    ...overrides,
  };
}

// Release statuses and slugs (issue 35, docs/decisions/0101) on the distributor export, on PGlite and PostgreSQL.
describe.each(testDatabaseKinds)('release statuses on $name', (kind) => {
  let t: AdminTestApp;

  beforeAll(async () => {
    t = await createAdminTestApp(kind, { now, from: 'distributor-catalog' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function call<T>(method: 'GET' | 'PATCH' | 'POST', url: string, status: number, payload?: unknown): Promise<T> {
    const res = await t.app.inject({ method, url, payload: payload as object, headers: url.startsWith('/api/admin') ? t.auth : {} });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return (String(res.headers['content-type']).includes('json') ? res.json() : res.body) as T;
  }
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  /** Every public answer a visitor may read of the whole catalog, as text. */
  async function everythingPublic(): Promise<string> {
    const answers: string[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = (await get(`/api/releases?limit=100&offset=${offset}&include_tracks=true&include_artists=true`)).json<{ data: Release[]; total: number }>();
      answers.push(JSON.stringify(page));
      if (offset + 100 >= page.total) break;
    }
    for (const label of ['records', 'tech', 'deep']) {
      answers.push((await get(`/api/labels/${label}/top-releases?limit=50`)).body, (await get(`/api/playlists?label=${label}`)).body);
    }
    answers.push((await get('/api/tracks?limit=100')).body, (await get('/api/artists?limit=100')).body, (await get('/sitemap.xml')).body);
    return answers.join('\n');
  }

  it('the releases the import kept without tracks are drafts: no answer shows them, a placeholder or an invented length', async () => {
    const trackless = await queryRows<{ id: string; title: string; status: string }>(t.database.db, sql`select id, title, status from releases where track_count = 0`);
    expect(trackless.length).toBeGreaterThan(0);
    expect(trackless.every((r) => r.status === 'draft')).toBe(true);
    for (const release of trackless) expect((await get(`/api/releases/${release.id}`)).statusCode).toBe(404);
    const all = await everythingPublic();
    expect(all).not.toMatch(/Placeholder|Track list coming soon/);
    for (const release of trackless) expect(all).not.toContain(release.id);
    // Every release listed has its tracks, each with the length the export gave (or none).
    const listed = (await get('/api/releases?limit=100&include_tracks=true')).json<{ data: Release[] }>().data;
    expect(listed.every((r) => r.total_tracks > 0 && (r.tracks ?? []).length === r.total_tracks)).toBe(true);
  });

  it('no page of the imported catalog, as the server draws it, shows a placeholder or a length the export does not give', async () => {
    const render = createPageRenderer(readFileSync(new URL('../../src/client/index.html', import.meta.url), 'utf8'));
    const pageData = createPageDataSource({ db: t.database.db, catalogCache: new CatalogCache(createLocalCatalogChanges(), { now: () => now.getTime() }), clock: () => now });
    const draw = async (path: string) => {
      const page = await render({ url: `http://records.example${path}`, nonce: 'nonce', themeMode: 'dark', settings: defaultSiteSettings }, pageData);
      expect(page.kind === 'page' && page.status, path).toBe(200);
      return page.kind === 'page' ? page.html : '';
    };
    const pages: string[] = [];
    for (const label of ['records', 'tech', 'deep']) for (const list of ['', '/releases', '/playlists']) pages.push(await draw(`/${label}${list}`));
    // The releases where a length could be made up: a track the export gave none.
    const unknownLengths = await queryRows<{ id: string }>(t.database.db, sql`select distinct r.id from releases r join tracks k on k.release_id = r.id where r.status <> 'draft' and k.duration_ms is null`);
    expect(unknownLengths.length).toBeGreaterThan(0);
    for (const { id } of unknownLengths) {
      const release = (await get(`/api/releases/${id}?include_tracks=true`)).json<{ data: Release }>().data;
      const html = await draw(`/${findLabel(release.label_id)?.short}/releases/${release.slug}`);
      pages.push(html);
      const table = /<table[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
      const lengths = table.match(/>\d+:\d\d</g) ?? [];
      expect(lengths.length, `${release.slug}: ${lengths.join(' ')}`).toBe(release.tracks?.filter((track) => track.duration_ms !== null).length);
    }
    expect(pages.join('\n')).not.toMatch(/Placeholder|Track list coming soon/);
  });

  it('a draft is in no list, search, count, sitemap, Top Releases or artist page; published, it is everywhere at its slug', async () => {
    const before = (await get('/api/releases?label=records&limit=1')).json<{ total: number }>().total;
    const draft = (await call<{ data: AdminReleaseDetail }>('POST', '/api/admin/releases', 201, anEp())).data;
    expect(draft).toMatchObject({ status: 'draft', type: 'ep', slug: 'bldr950-quiet-hours' });

    expect((await get(`/api/releases/${draft.id}`)).statusCode).toBe(404);
    expect((await get(`/api/releases/${draft.slug}`)).statusCode).toBe(404);
    expect((await get('/api/releases?label=records&limit=1')).json<{ total: number }>().total).toBe(before);
    expect((await get('/api/releases?q=Quiet%20Hours')).json<{ total: number }>().total).toBe(0);
    expect((await get('/api/artists?q=Lena%20Orbit')).json<{ total: number }>().total).toBe(0);
    expect((await get('/api/artists/lena-orbit')).statusCode).toBe(404);
    expect((await get('/api/labels/records/top-releases?limit=50')).body).not.toContain(draft.id);
    expect((await get('/api/tracks?q=Quiet%20Hours')).json<{ total: number }>().total).toBe(0);
    expect((await get('/sitemap.xml')).body).not.toContain('bldr950');
    // Nor are its pictures drawn, nor its artist's, credited only on it (as their pages, 404).
    const pictures = [`/media/releases/${draft.id}.svg`, `/media/releases/${draft.id}-320.webp`, `/media/releases/${draft.id}-card.jpg`];
    pictures.push('/media/artists/lena-orbit.svg', '/media/artists/lena-orbit-160.webp', '/media/artists/lena-orbit-card.jpg');
    for (const url of pictures) expect((await get(url)).statusCode, url).toBe(404);

    const published = (await call<{ data: AdminReleaseDetail }>('PATCH', `/api/admin/releases/${draft.id}`, 200, { status: 'published' })).data;
    expect(published).toMatchObject({ status: 'published', slug: 'bldr950-quiet-hours' });
    const release = (await call<{ data: Release }>('GET', `/api/releases/${draft.slug}?include_tracks=true&include_artists=true`, 200)).data;
    expect(release).toMatchObject({ id: draft.id, slug: 'bldr950-quiet-hours', type: 'ep', catalog_number: 'BLDR950', release_date: '2026-11-13' });
    // No artist typed on its tracks: each carries the release's.
    expect(release.tracks?.map((track) => track.artists.map((a) => `${a.name} (${a.role})`))).toEqual([['Lena Orbit (primary)'], ['Lena Orbit (primary)']]);
    expect((await get('/api/releases?label=records&limit=1')).json<{ total: number }>().total).toBe(before + 1);
    expect((await get('/api/artists?q=Lena%20Orbit')).json<{ total: number }>().total).toBe(1);
    expect((await get('/sitemap.xml')).body).toContain('/records/releases/bldr950-quiet-hours</loc>');
    for (const url of pictures) expect((await get(url)).statusCode, url).toBe(200);

    // Public, its address stays what it was when a later edit renames it.
    await call('PATCH', `/api/admin/releases/${draft.id}`, 200, { title: 'Quiet Hours Again', catalog_number: 'BLDR951' });
    expect((await call<{ data: Release }>('GET', `/api/releases/bldr950-quiet-hours`, 200)).data.title).toBe('Quiet Hours Again');

    // Back to draft, it leaves every list again.
    await call('PATCH', `/api/admin/releases/${draft.id}`, 200, { status: 'draft' });
    expect((await get(`/api/releases/${draft.id}`)).statusCode).toBe(404);
    expect((await get('/api/releases?label=records&limit=1')).json<{ total: number }>().total).toBe(before);
    expect((await get('/api/artists?q=Lena%20Orbit')).json<{ total: number }>().total).toBe(0);
    for (const url of pictures) expect((await get(url)).statusCode, url).toBe(404);
  });

  it('a release made by hand is public unless told otherwise; scheduled needs a date after today', async () => {
    const made = (await call<{ data: AdminReleaseDetail }>('POST', '/api/admin/releases', 201, anEp({ status: undefined, catalog_number: 'BLDR960', title: 'Open Air' }))).data;
    expect(made.status).toBe('published');
    expect((await get(`/api/releases/${made.id}`)).statusCode).toBe(200);
    const refused = await call<{ field: string; message: string }>('POST', '/api/admin/releases', 400, anEp({ status: 'scheduled', catalog_number: 'BLDR961' }));
    expect(refused).toMatchObject({ field: 'status', message: 'A scheduled release needs a release date after today' });
    const scheduled = (await call<{ data: AdminReleaseDetail }>('POST', '/api/admin/releases', 201, anEp({ status: 'scheduled', catalog_number: 'BLDR962', release_date: '2026-12-04' })))
      .data;
    expect(scheduled.status).toBe('scheduled');
    expect((await call<{ data: Release }>('GET', `/api/releases/${scheduled.id}`, 200)).data.upcoming).toBe(true);
    const bad = await call<{ field: string }>('PATCH', `/api/admin/releases/${made.id}`, 400, { status: 'hidden' });
    expect(bad.field).toBe('status');
  });

  it('GET /api/admin/releases lists every release, drafts too, searched and filtered by label and status', async () => {
    const draft = (await call<{ data: AdminReleaseDetail }>('POST', '/api/admin/releases', 201, anEp({ catalog_number: 'BLDR970', title: 'Listed Draft' }))).data;
    type Listed = { data: { id: string; title: string; catalog_number: string | null; label_id: string; status: string; artists: string[]; track_count: number; tracks_with_audio: number }[]; total: number };
    const all = await call<Listed>('GET', '/api/admin/releases?limit=5', 200);
    const [counted] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from releases`);
    expect(all.total).toBe(counted?.n);
    expect(all.data).toHaveLength(5);
    const found = await call<Listed>('GET', '/api/admin/releases?q=bldr970', 200);
    expect(found).toMatchObject({ total: 1, data: [{ id: draft.id, title: 'Listed Draft', catalog_number: 'BLDR970', label_id: 'buildit-records', status: 'draft', artists: ['Lena Orbit'], track_count: 2, tracks_with_audio: 0 }] });
    const drafts = await call<Listed>('GET', '/api/admin/releases?status=draft&label=records&limit=100', 200);
    expect(drafts.data.every((r) => r.status === 'draft' && r.label_id === 'buildit-records')).toBe(true);
    expect(drafts.data.map((r) => r.id)).toContain(draft.id);
    const byArtist = await call<Listed>('GET', '/api/admin/releases?q=Kwal&status=published', 200);
    expect(byArtist.data.map((r) => r.title)).toContain('No More');
    expect((await call<{ field: string }>('GET', '/api/admin/releases?status=hidden', 400)).field).toBe('status');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/releases' })).statusCode).toBe(401);
  });

  it('"No More" (four mixes of one title) is an EP with the slug of its catalog number and title; the kept counts are of public releases only', async () => {
    const noMore = (await call<{ data: Release }>('GET', '/api/releases/bldr192-no-more', 200)).data;
    expect(noMore).toMatchObject({ title: 'No More', catalog_number: 'BLDR192', type: 'ep', total_tracks: 4 });
    const [counted] = await queryRows<{ n: number }>(t.database.db, sql`select coalesce(sum(releases), 0)::int as n from release_counts`);
    const [publicReleases] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from releases where status <> 'draft'`);
    expect(counted?.n).toBe(publicReleases?.n);
  });
});
