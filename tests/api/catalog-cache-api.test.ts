import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob, ImportStartedResponse } from '../../src/shared/api/admin-import.js';
import type { Artist, RankedRelease, Release, Track } from '../../src/shared/api/catalog.js';
import { createSpotifyCatalogClient } from '../../src/server/modules/catalog-import/spotify/spotify-catalog-client.js';
import { startFakeSpotify, type FakeSpotify } from '../fakes/fake-spotify.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { readFixtureCsv, type PagedList } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// The public catalog is answered from a cache (docs/decisions/0030-catalog-cache.md): every write path
// must show on the very next read, and the cached bytes must be the same answer, compressed or not.
describe.each(testDatabaseKinds)('catalog cache on $name', (kind) => {
  let t: AdminTestApp;
  let fake: FakeSpotify;

  beforeAll(async () => {
    fake = await startFakeSpotify();
    fake.addAlbum({
      upc: '198622815086',
      name: 'Saoul en Merd',
      images: [{ url: 'https://i.scdn.co/image/cover-640', height: 640, width: 640 }],
      artists: [{ name: 'Rance & Maff' }],
      tracks: [{ isrc: 'QZZ8A2438287', name: 'Saoul en Merd', duration_ms: 472_000 }],
    });
    const spotifyCatalog = createSpotifyCatalogClient({ clientId: fake.clientId, clientSecret: fake.clientSecret, accountsUrl: fake.accountsUrl, apiUrl: fake.apiUrl });
    t = await createAdminTestApp(kind, { from: 'distributor-catalog', deps: { spotifyCatalog } });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function get<T>(url: string): Promise<T> {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  }
  async function admin(method: 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object) {
    const res = await t.app.inject({ method, url, payload, headers: t.auth });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res;
  }
  async function waitForJob(id: string): Promise<ImportJob> {
    for (;;) {
      const job = (await t.app.inject({ method: 'GET', url: `/api/admin/import-jobs/${id}`, headers: t.auth })).json<{ data: ImportJob }>().data;
      if (job.status !== 'running') return job;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('shows an admin edit, a delete and a pin on the next read', async () => {
    const url = '/api/tracks?q=Saoul&limit=50';
    const [track] = (await get<PagedList<Track>>(url)).data;
    expect(track).toBeDefined();
    await get(`/api/releases/${track!.release_id}?include_tracks=true`);
    await admin('PATCH', `/api/admin/tracks/${track!.id}`, { title: 'Saoul Renamed' });
    const release = (await get<{ data: Release }>(`/api/releases/${track!.release_id}?include_tracks=true`)).data;
    expect(release.tracks?.map((tr) => tr.title)).toContain('Saoul Renamed');

    const before = (await get<PagedList<Track>>('/api/tracks?label=deep&limit=100')).total;
    await admin('DELETE', `/api/admin/tracks/${track!.id}`);
    expect((await get<PagedList<Track>>('/api/tracks?label=deep&limit=100')).total).toBe(before - 1);

    // Nothing is played yet, so nothing is top (issue 35) until staff pin a release: the next read shows it.
    const top = '/api/labels/deep/top-releases?limit=3';
    expect((await get<{ data: RankedRelease[] }>(top)).data).toEqual([]);
    const [oldest] = (await get<PagedList<Release>>('/api/releases?label=deep&sort=date:asc&limit=1')).data;
    await admin('PATCH', `/api/admin/releases/${oldest!.id}`, { pinned: true });
    expect((await get<{ data: RankedRelease[] }>(top)).data.map((r) => r.id)).toEqual([oldest!.id]);
  });

  it('shows an artist edit on the next read', async () => {
    const [artist] = (await get<PagedList<Artist>>('/api/artists?label=deep&limit=1')).data;
    await get(`/api/artists/${artist!.id}`);
    await admin('PATCH', `/api/admin/artists/${artist!.id}`, { bio: 'Written just now.' });
    expect((await get<{ data: Artist }>(`/api/artists/${artist!.id}`)).data.bio).toBe('Written just now.');
  });

  it('shows an import and a Spotify enrichment on the next read', async () => {
    const search = '/api/releases?q=Cached%20Import&limit=10';
    expect((await get<PagedList<Release>>(search)).total).toBe(0);
    const header = readFixtureCsv().split('\n')[0]!;
    const row = '"Build It Records",BLDR999,199999999999,"Cached Import",,Kwal,2026-11-01,Electronic,Mainstage,1,QZZ8B2499999,"Cached Import","Extended Mix",Kwal,,,05:00,Electronic,Mainstage';
    const form = new FormData();
    form.append('file', new Blob([`${header}\n${row}\n`], { type: 'text/csv' }), 'one.csv');
    const body = new Request('http://localhost/', { method: 'POST', body: form });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import-catalog',
      payload: Buffer.from(await body.arrayBuffer()),
      headers: { ...t.auth, 'content-type': body.headers.get('content-type')! },
    });
    expect(upload.statusCode, upload.body).toBe(202);
    expect((await waitForJob(upload.json<ImportStartedResponse>().job.id)).status).toBe('succeeded');
    expect((await get<PagedList<Release>>(search)).data.map((r) => r.title)).toEqual(['Cached Import']);

    const saoul = (await get<PagedList<Release>>('/api/releases?q=Saoul&limit=10')).data.find((r) => r.upc === '198622815086');
    expect(saoul?.spotify_url).toBeNull();
    const started = (await admin('POST', '/api/admin/import-tracks', { labelId: 'deep' })).json<ImportStartedResponse>();
    expect((await waitForJob(started.job.id)).status).toBe('succeeded');
    const enriched = (await get<PagedList<Release>>('/api/releases?q=Saoul&limit=10')).data.find((r) => r.upc === '198622815086');
    expect(enriched?.spotify_url).toMatch(/^https:\/\/open\.spotify\.com\/album\//);
  });

  it('answers 304 to a client that has the answer, and a new ETag once the catalog changed', async () => {
    const url = '/api/releases?label=deep&limit=5';
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect([again.statusCode, again.body, again.headers.etag]).toEqual([304, '', etag]);

    const [release] = first.json<PagedList<Release>>().data;
    await admin('PATCH', `/api/admin/releases/${release!.id}`, { pinned: !release!.pinned });
    const changed = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<PagedList<Release>>().data.find((r) => r.id === release!.id)?.pinned).toBe(!release!.pinned);
  });

  it('answers a burst of the same new question alike, and a burst that fails fails for each', async () => {
    const url = '/api/releases?label=tech&limit=7&include_tracks=true&sort=title:asc';
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.app.inject({ method: 'GET', url, headers: i % 2 ? { 'accept-encoding': 'gzip' } : {} })),
    );
    expect(burst.map((res) => res.statusCode)).toEqual(burst.map(() => 200));
    expect(new Set(burst.map((res) => res.headers.etag)).size).toBe(1);
    const plain = burst[0]!.json<PagedList<Release>>();
    expect(plain.data).toHaveLength(7);
    for (const res of burst.filter((_, i) => i % 2)) expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(plain);

    const missing = '/api/releases/00000000-0000-4000-8000-000000000000';
    const failed = await Promise.all(Array.from({ length: 10 }, () => t.app.inject({ method: 'GET', url: missing })));
    expect(failed.map((res) => res.statusCode)).toEqual(failed.map(() => 404));
    expect((await t.app.inject({ method: 'GET', url: missing })).json()).toMatchObject({ success: false, error: 'Release not found: 00000000-0000-4000-8000-000000000000' });
  });

  it('sends the same JSON brotli- or gzip-compressed, as the client accepts', async () => {
    const url = '/api/releases?label=records&limit=20&include_tracks=true&include_artists=true';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      // Twice: the first answer is stored, the second comes from the cache.
      for (let i = 0; i < 2; i++) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toContain('Accept-Encoding');
        expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(plain.json());
      }
    }
  });
});
