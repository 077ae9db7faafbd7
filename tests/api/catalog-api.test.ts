import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArtistRelease, RankedRelease, Release, Track } from '../../src/shared/api/catalog.js';
import { byReadingKey } from '../helpers/reading-order.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// The API on the real distributor export (tests/fixtures), on PGlite and on PostgreSQL.
describe.each(testDatabaseKinds)('catalog API on $name', (kind) => {
  let t: TestApp;
  const queries: string[] = [];

  beforeAll(async () => {
    // Not the import-job runner's look for a job to take over, which comes every few seconds (decision 0050).
    t = await createTestApp(kind, { from: 'distributor-catalog', onQuery: (q) => !q.includes('"import_jobs"') && queries.push(q) });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function get<T = Record<string, unknown>>(url: string, status = 200): Promise<T> {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
    return res.json() as T;
  }

  async function noMoreRelease(): Promise<Release> {
    const list = await get<{ data: Release[] }>('/api/releases?limit=100&q=no%20more');
    return list.data.find((r) => r.upc === '198937087963') as Release;
  }

  it('answers the health check', async () => {
    expect(await get('/api/health')).toEqual({ success: true, message: 'OK' });
  });

  it('lists the three labels and finds each by id, short form or number', async () => {
    const labels = await get<{ data: { id: string; short: string; number: number; name: string }[] }>('/api/labels');
    expect(labels.data.map((l) => [l.id, l.short, l.number, l.name])).toEqual([
      ['buildit-records', 'records', 1, 'Build It Records'],
      ['buildit-tech', 'tech', 2, 'Build It Tech'],
      ['buildit-deep', 'deep', 3, 'Build It Deep'],
    ]);
    for (const form of ['tech', 'buildit-tech', '2']) {
      expect((await get<{ data: { id: string } }>(`/api/labels/${form}`)).data.id).toBe('buildit-tech');
    }
    const unknown = await get<{ success: boolean; error: string; message: string }>('/api/labels/nope', 404);
    expect(unknown).toMatchObject({ success: false, error: 'Invalid label: nope', message: 'Invalid label: nope' });
  });

  it('counts releases per label as the export has them, with either id form', async () => {
    const totals: Record<string, number> = {};
    for (const label of ['records', 'buildit-tech', 'deep', '3']) {
      totals[label] = (await get<{ total: number }>(`/api/releases?label=${label}`)).total;
    }
    // The two releases whose rows had no tracks are drafts (decision 0101): not counted.
    expect(totals).toEqual({ records: 199, 'buildit-tech': 61, deep: 16, '3': 16 });
    expect((await get<{ total: number }>('/api/releases')).total).toBe(276);
  });

  it('pages releases newest first in the list envelope', async () => {
    const first = await get<{ success: boolean; data: Release[]; total: number; offset: number; limit: number }>(
      '/api/releases?label=records',
    );
    expect(first).toMatchObject({ success: true, total: 199, offset: 0, limit: 10 });
    expect(first.data).toHaveLength(10);
    const second = await get<{ data: Release[] }>('/api/releases?label=records&offset=10&limit=10');
    const dates = [...first.data, ...second.data].map((r) => r.release_date);
    expect(dates.every((d) => d !== null)).toBe(true);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set([...first.data, ...second.data].map((r) => r.id)).size).toBe(20);
    const oldest = await get<{ data: Release[] }>('/api/releases?label=records&sort=date:asc&limit=1');
    const newest = await get<{ data: Release[] }>('/api/releases?label=records&offset=198&limit=1');
    expect(oldest.data[0]?.id).toBe(newest.data[0]?.id);
  });

  it('includes tracks with artists, remixers and durations in milliseconds', async () => {
    const noMore = await noMoreRelease();
    const full = await get<{ data: Release }>(`/api/releases/${noMore.id}`);
    const tracks = full.data.tracks as Track[];
    expect(tracks.map((tr) => [tr.track_number, tr.mix_version, tr.duration_ms])).toEqual([
      [1, 'Extended Mix', 300_000],
      [2, 'Radio Edit', 240_000],
      [3, 'Alfonso Tan Remix', 346_000],
      [4, 'BELLO Remix', 380_000],
    ]);
    const bello = tracks[3] as Track;
    expect(bello.isRemix).toBe(true);
    expect(bello.remixer).toMatchObject({ name: 'BELLO', role: 'remixer' });
    expect(bello.artists.map((a) => [a.name, a.role])).toEqual([
      ['Kwal', 'primary'],
      ['BELLO', 'remixer'],
    ]);
    expect(tracks[0]?.isRemix).toBe(false);
    expect(full.data.artists?.map((a) => a.name)).toEqual(['Kwal']);
    expect(full.data).toMatchObject({ total_tracks: 4, catalog_number: 'BLDR192', release_date: '2024-12-13', type: 'ep' });

    const noRemixes = await get<{ data: Release }>(`/api/releases/${noMore.id}?include_remixes=false`);
    expect(noRemixes.data.tracks?.map((tr) => tr.mix_version)).toEqual(['Extended Mix', 'Radio Edit']);
  });

  it('keeps a release whose rows had no tracks as a draft, in no list (decision 0101)', async () => {
    const groove = await get<{ data: Release[]; total: number }>('/api/releases?q=Groove%20High&include_tracks=true');
    expect(groove.total).toBe(0);
  });

  it('keeps an act named "A & B" as one artist', async () => {
    const artists = await get<{ data: { id: string; name: string }[] }>('/api/artists?q=lex');
    expect(artists.data.map((a) => a.name)).toContain('Lex & Wood');
    expect(artists.data.map((a) => a.name)).not.toContain('Lex');
  });

  it('searches titles and artist names, case-insensitively', async () => {
    const byTitle = await get<{ data: Release[] }>('/api/releases?q=NO%20MORE&limit=100');
    expect(byTitle.data.map((r) => r.title)).toContain('No More');
    const byArtist = await get<{ data: Release[]; total: number }>('/api/releases?q=kwal&limit=100&include_artists=true');
    expect(byArtist.total).toBeGreaterThan(0);
    for (const release of byArtist.data) {
      const names = release.artists?.map((a) => a.name.toLowerCase()).join(' ') ?? '';
      const hasArtist = names.includes('kwal') || release.title.toLowerCase().includes('kwal');
      // Credited on a track of the release when not on the release itself.
      if (!hasArtist) {
        const full = await get<{ data: Release }>(`/api/releases/${release.id}`);
        expect(JSON.stringify(full.data.tracks).toLowerCase()).toContain('kwal');
      }
    }
    expect((await get<{ total: number }>('/api/releases?q=%20%20')).total).toBe(276);
    expect((await get<{ total: number }>('/api/releases?q=zzzqqq')).total).toBe(0);
    expect((await get<{ total: number }>('/api/releases?q=100%25')).total).toBe(0);
  });

  it('filters by release type', async () => {
    for (const type of ['ep', 'single', 'compilation'] as const) {
      const list = await get<{ data: Release[]; total: number }>(`/api/releases?label=records&type=${type}&limit=100`);
      expect(list.total, type).toBeGreaterThan(0);
      expect(new Set(list.data.map((r) => r.type))).toEqual(new Set([type]));
    }
  });

  it('rejects bad parameters with 400 naming the parameter, never 500', async () => {
    const cases: [string, string, RegExp][] = [
      ['/api/releases?limit=101', 'limit', /limit must be a whole number from 1 to 100/],
      ['/api/releases?limit=abc', 'limit', /limit/],
      ['/api/releases?offset=-1', 'offset', /offset/],
      ['/api/releases?type=maxi', 'type', /type must be one of album, ep, single, compilation/],
      ['/api/releases?sort=popularity', 'sort', /sort must be one of/],
      ['/api/releases?include_tracks=maybe', 'include_tracks', /include_tracks must be true or false/],
      ['/api/releases?label=nope', 'label', /^Invalid label: nope$/],
      ['/api/tracks?release_id=42', 'release_id', /release_id/],
      ['/api/artists?limit=1000', 'limit', /limit/],
      ['/api/artist-releases/kwal?page=0', 'page', /page/],
      ['/api/labels/records/top-releases?limit=0', 'limit', /limit/],
    ];
    for (const [url, field, message] of cases) {
      const body = await get<{ success: boolean; field: string; error: string; message: string; reqId: string }>(url, 400);
      expect(body.success, url).toBe(false);
      expect(body.field, url).toBe(field);
      expect(body.message, url).toMatch(message);
      expect(body.error, url).toBe(body.message);
      expect(body.reqId, url).toBeTruthy();
    }
  });

  it('answers 404 for unknown ids and paths', async () => {
    await get('/api/releases/00000000-0000-4000-8000-000000000000', 404);
    expect((await get<{ message: string }>('/api/releases/not-a-uuid', 404)).message).toBe('Release not found: not-a-uuid');
    expect((await get<{ message: string }>('/api/artists/nobody-at-all', 404)).message).toBe('Artist not found');
    expect((await get<{ message: string }>('/api/nothing-here', 404)).message).toBe('Not found: GET /api/nothing-here');
  });

  it('lists tracks of a release, of a label and of the catalog', async () => {
    const noMore = await noMoreRelease();
    const ofRelease = await get<{ data: Track[]; total: number }>(`/api/tracks?release_id=${noMore.id}`);
    expect(ofRelease.data.map((tr) => tr.track_number)).toEqual([1, 2, 3, 4]);
    const totals: number[] = [];
    for (const label of ['records', 'tech', 'deep']) totals.push((await get<{ total: number }>(`/api/tracks?label=${label}`)).total);
    // 439 / 85 / 20 rows, less the two rows without a song (one on records, one on tech).
    expect(totals).toEqual([438, 84, 20]);
    const byTitle = await get<{ data: Track[] }>('/api/tracks?sort=title:asc&limit=100');
    const titles = byTitle.data.map((tr) => tr.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const newestRelease = await get<{ data: Track[] }>('/api/tracks?label=records&sort=release_date:desc&limit=5');
    const newestList = await get<{ data: Release[] }>('/api/releases?label=records&limit=1');
    expect(newestRelease.data[0]?.release_id).toBe(newestList.data[0]?.id);
  });

  it('lists artists alphabetically ignoring case and accents, with docs/product.md §5 hygiene', async () => {
    const page = await get<{ data: { name: string; labels: string[]; image_url: string }[]; total: number; limit: number }>(
      '/api/artists?label=records&limit=100',
    );
    expect(page.limit).toBe(100);
    const names = page.data.map((a) => a.name);
    expect(names).toEqual([...names].sort(byReadingKey));
    expect(page.data.every((a) => a.labels.includes('buildit-records'))).toBe(true);
    // 'Route 77' reads as a sample pack under docs/product.md §5 ("a word followed by a number").
    expect((await get<{ total: number }>('/api/artists?q=route%2077')).total).toBe(0);
    await get('/api/artists/route-77', 404);
    const desc = await get<{ data: { name: string }[] }>('/api/artists?label=deep&sort=name:desc');
    const descNames = desc.data.map((a) => a.name);
    expect(descNames).toEqual([...descNames].sort(byReadingKey).reverse());
    // An artist with no image of its own shows its newest artwork or the placeholder.
    expect(page.data.every((a) => a.image_url.length > 0)).toBe(true);
    const deepOnly = await get<{ data: { labels: string[] }[] }>('/api/artists?label=deep&limit=100');
    expect(deepOnly.data.every((a) => a.labels.includes('buildit-deep'))).toBe(true);
  });

  it('sorts accented and lower-case names where people look for them (Ánder among the A)', async () => {
    const release = await noMoreRelease();
    const named = [
      ['sort-zomek', 'Zomek Sorttest'],
      ['sort-ander', 'Ánder Sorttest'],
      ['sort-bob', 'bob Sorttest'],
      ['sort-elan', 'ÉLAN Sorttest'],
      ['sort-anna', 'anna Sorttest'],
    ];
    for (const [id, name] of named) {
      await t.database.db.execute(sql`insert into artists (id, name) values (${id}, ${name})`);
      await t.database.db.execute(
        sql`insert into release_artists (release_id, artist_id, role, position) values (${release.id}, ${id}, 'featured', 90)`,
      );
    }
    const asc = await get<{ data: { name: string }[] }>('/api/artists?q=sorttest');
    // Issue 15: 'Ánder' came after 'Zomek'.
    expect(asc.data.map((a) => a.name)).toEqual(['Ánder Sorttest', 'anna Sorttest', 'bob Sorttest', 'ÉLAN Sorttest', 'Zomek Sorttest']);
    const desc = await get<{ data: { name: string }[] }>('/api/artists?q=sorttest&sort=name:desc');
    expect(desc.data.map((a) => a.name)).toEqual(['Zomek Sorttest', 'ÉLAN Sorttest', 'bob Sorttest', 'anna Sorttest', 'Ánder Sorttest']);
    await t.database.db.execute(sql`delete from artists where id like 'sort-%'`);
  });

  it("shows an artist's labels and, without a picture of its own, its generated picture, never a release's cover (issue 35)", async () => {
    const db = t.database.db;
    await db.execute(sql`insert into artists (id, name) values ('art-fallback', 'Artwork Fallbacktest')`);
    await db.execute(sql`insert into releases (label_id, upc, catalog_number, title, release_date, type, artwork_url) values
      ('buildit-records', 'ARTTEST1', 'ARTTEST1', 'Artwork Older', date '2001-01-01', 'single', 'https://img.test/older.jpg'),
      ('buildit-tech', 'ARTTEST2', 'ARTTEST2', 'Artwork Newer', date '2002-01-01', 'single', 'https://img.test/newer.jpg')`);
    await db.execute(sql`insert into tracks (release_id, track_number, isrc, title)
      select id, 1, upc, title from releases where upc like 'ARTTEST%'`);
    // Credited on the older release itself, and on the newer one's track only.
    await db.execute(sql`insert into release_artists (release_id, artist_id, role, position)
      select id, 'art-fallback', 'primary', 0 from releases where upc = 'ARTTEST1'`);
    await db.execute(sql`insert into track_artists (track_id, artist_id, role, position)
      select id, 'art-fallback', 'remixer', 0 from tracks where isrc = 'ARTTEST2'`);
    t.catalogChanges.publish();
    const expected = { id: 'art-fallback', labels: ['buildit-records', 'buildit-tech'], image_url: '/media/artists/art-fallback.svg' };
    expect((await get<{ data: object }>('/api/artists/art-fallback')).data).toMatchObject(expected);
    expect((await get<{ data: object[] }>('/api/artists?q=fallbacktest')).data).toMatchObject([expected]);
    // Credited on a release, the same picture (the "?" placeholder before).
    const [older] = (await get<{ data: Release[] }>('/api/releases?q=Artwork%20Older&include_artists=true')).data;
    expect(older?.artists?.find((a) => a.id === 'art-fallback')?.image_url).toBe(expected.image_url);
    // The picture is drawn for the artist.
    const picture = await t.app.inject({ method: 'GET', url: expected.image_url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/svg+xml');

    await db.execute(sql`delete from track_artists where artist_id = 'art-fallback'`);
    t.catalogChanges.publish();
    expect((await get<{ data: object }>('/api/artists/art-fallback')).data).toMatchObject({ labels: ['buildit-records'], image_url: expected.image_url });
    await db.execute(sql`delete from releases where upc like 'ARTTEST%'`);
    await db.execute(sql`delete from artists where id = 'art-fallback'`);
  });

  it("gives an artist's releases with the artist's role on each", async () => {
    const kwal = await get<{ data: { id: string; name: string } }>('/api/artists/kwal');
    expect(kwal.data.name).toBe('Kwal');
    const releases = await get<{ data: ArtistRelease[]; page: number; total: number }>('/api/artist-releases/kwal?limit=50');
    expect(releases.page).toBe(1);
    const noMore = releases.data.find((r) => r.upc === '198937087963');
    expect(noMore).toMatchObject({ artistRole: 'Artist', artistTrackTitle: null });
    const bello = await get<{ data: ArtistRelease[] }>('/api/artist-releases/bello');
    expect(bello.data.find((r) => r.upc === '198937087963')).toMatchObject({
      artistRole: 'Remixer',
      artistTrackTitle: 'No More',
    });
    const dates = releases.data.map((r) => r.release_date ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('ranks only played or pinned releases as top releases, by the popularity score, staff pins first; top plays only played ones', async () => {
    // The import has no plays: no release is "top" yet (issue 35: they were ranked on release dates alone).
    expect((await get<{ total: number }>('/api/labels/records/top-releases?limit=5')).total).toBe(0);
    expect((await get<{ total: number }>('/api/labels/records/top-spotify-plays')).total).toBe(0);

    const oldest = await get<{ data: Release[] }>('/api/releases?label=records&sort=date:asc&limit=7');
    const [pinned, ...played] = oldest.data.slice(1) as Release[];
    await t.database.db.execute(sql`update releases set pinned = true where id = ${pinned!.id}`);
    for (const [i, release] of played.entries()) {
      await t.database.db.execute(sql`update releases set stream_count = ${1000 * (i + 1)} where id = ${release.id}`);
    }
    t.catalogChanges.publish();
    const top = await get<{ data: RankedRelease[]; total: number }>('/api/labels/1/top-releases?limit=5');
    expect(top.data.map((r) => r.popularity_rank)).toEqual([1, 2, 3, 4, 5]);
    expect(top.data[0]?.id).toBe(pinned!.id);
    const scores = top.data.slice(1).map((r) => r.popularity_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(top.data.every((r) => r.label_id === 'buildit-records')).toBe(true);
    const plays = await get<{ data: RankedRelease[] }>('/api/labels/records/top-spotify-plays?limit=10');
    expect(plays.data.map((r) => r.id).sort()).toEqual(played.map((r) => r.id).sort());
    expect(plays.data.map((r) => r.stream_count)).toEqual([6000, 5000, 4000, 3000, 2000, 1000].slice(6 - played.length));
    await get('/api/labels/nope/top-releases', 404);
  });

  it('ranks one type on its own for Top Albums, Top Singles and Top Compilations', async () => {
    // Every release of the label played once more, so that each is in the running.
    await t.database.db.execute(sql`update releases set stream_count = stream_count + 1 where label_id = 'buildit-records'`);
    t.catalogChanges.publish();
    for (const type of ['ep', 'single', 'compilation'] as const) {
      const all = await get<{ total: number }>(`/api/releases?label=records&type=${type}&limit=1`);
      const top = await get<{ data: RankedRelease[] }>(`/api/labels/records/top-releases?type=${type}&limit=10`);
      // Issue 15: filtering the overall top 10 showed 1 album of the 21 there are.
      expect(top.data.length, type).toBe(Math.min(10, all.total));
      expect(top.data.every((r) => r.type === type)).toBe(true);
      expect(top.data.map((r) => r.popularity_rank)).toEqual(top.data.map((_, i) => i + 1));
    }
    const refused = await get<{ field: string }>('/api/labels/records/top-releases?type=maxi', 400);
    expect(refused.field).toBe('type');
    await t.database.db.execute(sql`update releases set stream_count = stream_count - 1 where label_id = 'buildit-records'`);
    t.catalogChanges.publish();
  });

  it('costs the same number of queries for a page of 5 or 50 releases with tracks and artists', async () => {
    const count = async (limit: number) => {
      queries.length = 0;
      await get(`/api/releases?label=records&limit=${limit}&include_tracks=true&include_artists=true`);
      return queries.length;
    };
    // A per-release cost would show as dozens of queries for 50 releases.
    expect(await count(5)).toBeLessThanOrEqual(7);
    expect(await count(50)).toBeLessThanOrEqual(7);
  });

  it("fills each label's fixed playlists with tracks from the catalog", async () => {
    type P = { id: string; label_id: string; total_tracks: number; tracks: Track[]; cover_url: string; followers: null };
    const counts: number[] = [];
    for (const label of ['records', 'tech', 'deep']) {
      const playlists = await get<{ data: P[] }>(`/api/playlists?label=${label}`);
      counts.push(playlists.data.length);
      for (const p of playlists.data) {
        expect(p.total_tracks, p.id).toBe(p.tracks.length);
        expect(p.tracks.length, p.id).toBeGreaterThan(0);
        expect(p.tracks.length, p.id).toBeLessThanOrEqual(20);
      }
    }
    expect(counts).toEqual([3, 2, 2]);
    const records = await get<{ data: P[] }>('/api/playlists?label=records');
    const techHouse = records.data.find((p) => p.id === 'records-tech-house-cuts') as P;
    expect(techHouse.tracks.every((tr) => tr.genres.includes('Tech House'))).toBe(true);
    expect((await get<{ data: P[] }>('/api/playlists')).data).toHaveLength(7);
    const cover = await t.app.inject({ method: 'GET', url: techHouse.cover_url });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toMatch(/^image\/svg\+xml/);
    await get('/api/playlists?label=nope', 400);
  });

  it('documents the API as OpenAPI', async () => {
    const doc = await get<{ openapi: string; paths: Record<string, unknown> }>('/api/docs/json');
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/health',
      '/api/labels',
      '/api/labels/{id}',
      '/api/releases',
      '/api/releases/{id}',
      '/api/tracks',
      '/api/artists',
      '/api/artists/{id}',
      '/api/artist-releases/{id}',
      '/api/labels/{id}/top-releases',
      '/api/labels/{id}/top-spotify-plays',
      '/api/playlists',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
  });
});
