import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminArtist, AdminRelease, AdminTrack } from '../../src/shared/api/admin-catalog.js';
import type { Artist, RankedRelease, Release, Track } from '../../src/shared/api/catalog.js';
import { queryRows } from '../../src/server/db/client.js';
import { activityLog, releases, tracks } from '../../src/server/db/schema.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import type { PagedList } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';
import { byReadingKey } from '../helpers/reading-order.js';

const now = new Date('2026-11-21T12:00:00Z');

interface Failure {
  success: false;
  error: string;
  message: string;
  field?: string;
}

// The admin Tracks and Artists API on the real distributor export, on PGlite and PostgreSQL.
describe.each(testDatabaseKinds)('admin catalog API on $name', (kind) => {
  let t: AdminTestApp;

  beforeAll(async () => {
    t = await createAdminTestApp(kind, { now, from: 'distributor-catalog' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function call<T>(method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, status: number, payload?: unknown): Promise<T> {
    const res = await t.app.inject({ method, url, payload: payload as object, headers: t.auth });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json() as T;
  }
  const get = <T>(url: string, status = 200) => call<T>('GET', url, status);
  const patch = <T>(url: string, payload: unknown, status = 200) => call<T>('PATCH', url, status, payload);
  const tracksOf = async (query: string) => get<PagedList<AdminTrack>>(`/api/admin/tracks?${query}`);
  /** A track of the catalog found by a search, so that each test edits one no other test touches. */
  async function trackNamed(q: string, mixVersion: string | null = null): Promise<AdminTrack> {
    const found = (await tracksOf(`q=${encodeURIComponent(q)}&limit=100`)).data.find((tr) => tr.mix_version === mixVersion);
    expect(found, q).toBeDefined();
    return found as AdminTrack;
  }
  const activity = () => t.database.db.select().from(activityLog);
  /** The entries written since `before` was read (all carry the same fixed time). */
  async function activitySince(before: { id: string }[]) {
    const seen = new Set(before.map((entry) => entry.id));
    return (await activity()).filter((entry) => !seen.has(entry.id));
  }
  async function storedTrack(id: string) {
    const [row] = await t.database.db.select().from(tracks).where(eq(tracks.id, id));
    return row;
  }

  it('refuses every route without an admin token', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/admin/tracks'],
      ['PATCH', `/api/admin/tracks/${crypto.randomUUID()}`],
      ['DELETE', `/api/admin/tracks/${crypto.randomUUID()}`],
      ['PATCH', `/api/admin/releases/${crypto.randomUUID()}`],
      ['GET', '/api/admin/artists'],
      ['PATCH', '/api/admin/artists/someone'],
    ];
    for (const [method, url] of routes) {
      const res = await t.app.inject({ method: method as 'GET', url, payload: method === 'PATCH' ? { title: 'x' } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json<Failure>().message).toBe('No token found');
    }
  });

  describe('GET /api/admin/tracks', () => {
    it('pages every track newest release first, undated releases last, each release in track order', async () => {
      const all = await tracksOf('limit=100');
      expect(all).toMatchObject({ success: true, total: 542, offset: 0, limit: 100 });
      const pages: AdminTrack[] = [];
      for (let offset = 0; offset < all.total; offset += 100) pages.push(...(await tracksOf(`offset=${offset}&limit=100`)).data);
      expect(pages).toHaveLength(542);
      expect(new Set(pages.map((tr) => tr.id)).size).toBe(542);
      const dates = pages.map((tr) => tr.release.release_date);
      const dated = dates.filter((d): d is string => d !== null);
      expect(dated).toEqual([...dated].sort().reverse());
      expect(dates.slice(dated.length).every((d) => d === null)).toBe(true);

      const [first] = all.data;
      expect(first?.release).toMatchObject({ title: 'No More', release_date: '2024-12-13', label_id: 'buildit-records', pinned: false });
      const noMore = all.data.filter((tr) => tr.release.id === first?.release.id);
      expect(noMore.map((tr) => tr.mix_version)).toEqual(['Extended Mix', 'Radio Edit', 'Alfonso Tan Remix', 'BELLO Remix']);
      expect(noMore[0]).toEqual({
        id: expect.any(String),
        title: 'No More',
        mix_version: 'Extended Mix',
        duration_ms: 300_000,
        isrc: 'QZZ8B2454752',
        spotify_url: null,
        preview_url: null,
        preview_start_ms: null,
        preview_length_ms: null,
        member_download: false,
        instant_grat: false,
        price: null,
        artists: [{ id: 'kwal', name: 'Kwal', role: 'primary', image_url: '/media/artists/kwal.svg' }],
        release: expect.objectContaining({ artwork_url: null }),
      });
      expect(noMore[3]?.artists.map((a) => [a.name, a.role])).toEqual([
        ['Kwal', 'primary'],
        ['BELLO', 'remixer'],
      ]);
    });

    it('sorts by title, artist, release, duration and release date either way, unknowns last', async () => {
      const byText = (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en');
      const cases: [string, (tr: AdminTrack) => string][] = [
        ['title', (tr) => tr.title],
        ['release', (tr) => tr.release.title],
        ['artist', (tr) => tr.artists.find((a) => a.role === 'primary')?.name ?? ''],
      ];
      for (const [field, key] of cases) {
        const asc = (await tracksOf(`sort=${field}:asc&limit=100`)).data.map(key);
        expect(asc, field).toEqual([...asc].sort(byText));
        const desc = (await tracksOf(`sort=${field}:desc&limit=100`)).data.map(key);
        expect(desc, field).toEqual([...desc].sort(byText).reverse());
      }

      const longest = (await tracksOf('sort=duration:desc&limit=100')).data.map((tr) => tr.duration_ms as number);
      expect(longest).toEqual([...longest].sort((a, b) => b - a));
      const shortest = (await tracksOf('sort=duration:asc&limit=100')).data.map((tr) => tr.duration_ms as number);
      expect(shortest).toEqual([...shortest].sort((a, b) => a - b));
      // 16 tracks of the export have no length: last whichever way.
      for (const direction of ['asc', 'desc']) {
        const tail = await tracksOf(`sort=duration:${direction}&offset=526&limit=100`);
        expect(tail.data.map((tr) => tr.duration_ms)).toEqual(Array(16).fill(null));
      }

      const oldest = (await tracksOf('sort=release_date:asc&limit=100')).data.map((tr) => tr.release.release_date);
      expect(oldest).toEqual([...oldest].sort());
      // The export's undated releases have no tracks: undate one that has, and it comes last both ways.
      await t.database.db.update(releases).set({ releaseDate: null }).where(eq(releases.catalogNumber, 'BLDRT040'));
      for (const direction of ['asc', 'desc']) {
        const last = (await tracksOf(`sort=release_date:${direction}&offset=541`)).data;
        expect(last.map((tr) => [tr.title, tr.release.release_date])).toEqual([['Lonely', null]]);
      }
    });

    it('searches title, mix version, release title, artist names and ISRC, ignoring case', async () => {
      const ids = async (q: string) => (await tracksOf(`q=${encodeURIComponent(q)}&limit=100`)).data;
      expect((await ids('nO mOrE')).every((tr) => /no more/i.test(`${tr.title} ${tr.release.title}`))).toBe(true);
      expect((await ids('bello remix')).map((tr) => [tr.title, tr.mix_version])).toEqual([['No More', 'BELLO Remix']]);
      expect((await ids('summer compilation 2024')).length).toBe(10);
      expect((await ids('ANMOL JHANB')).every((tr) => tr.artists.some((a) => a.name === 'Anmol Jhanb'))).toBe(true);
      expect((await ids('qzz8b-24-54752')).map((tr) => tr.isrc)).toEqual(['QZZ8B2454752']);
      expect((await tracksOf('q=nothing%20like%20this')).total).toBe(0);
      // % and _ are taken literally.
      expect((await tracksOf('q=%25')).total).toBe(0);
    });

    it('rejects bad parameters with 400 naming the parameter', async () => {
      const sort = await get<Failure>('/api/admin/tracks?sort=newest', 400);
      expect(sort.field).toBe('sort');
      expect(sort.message).toBe(
        'sort must be one of release_date:asc, release_date:desc, title:asc, title:desc, artist:asc, artist:desc, ' +
          'release:asc, release:desc, duration:asc, duration:desc',
      );
      expect((await get<Failure>('/api/admin/tracks?limit=0', 400)).field).toBe('limit');
      expect((await get<Failure>('/api/admin/tracks?offset=-1', 400)).field).toBe('offset');
    });
  });

  describe('PATCH /api/admin/tracks/{id}', () => {
    it('changes the fields sent, answers the row, records before → after and the public API shows it', async () => {
      const track = await trackNamed('Lose Minds', 'Radio Mix');
      const before = await activity();
      const body = await patch<{ success: true; data: AdminTrack }>(`/api/admin/tracks/${track.id}`, {
        title: '  Lose Minds (Staff Edit)  ',
        mix_version: '',
        duration_ms: 222_500,
        isrc: 'qz-za2-43-87299',
        spotify_url: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
        preview_url: '/media/previews/lose-minds.wav',
        instant_grat: true,
      });
      expect(body.data).toEqual({
        ...track,
        title: 'Lose Minds (Staff Edit)',
        mix_version: null,
        duration_ms: 222_500,
        isrc: 'QZZA24387299',
        spotify_url: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
        preview_url: '/media/previews/lose-minds.wav',
        instant_grat: true,
      });
      expect((await storedTrack(track.id))?.updatedAt).toEqual(now);

      expect(await activitySince(before)).toEqual([
        {
          id: expect.any(String),
          kind: 'track.edit',
          actor: 'alice',
          summary: 'Edited track "Lose Minds (Staff Edit)"',
          subjectId: track.id,
          occurredAt: now,
          details: {
            release: { id: track.release.id, title: 'Lose Minds' },
            changes: {
              title: { from: 'Lose Minds', to: 'Lose Minds (Staff Edit)' },
              mix_version: { from: 'Radio Mix', to: null },
              duration_ms: { from: 222_000, to: 222_500 },
              isrc: { from: 'QZZ8A2438729', to: 'QZZA24387299' },
              spotify_url: { from: null, to: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC' },
              preview_url: { from: null, to: '/media/previews/lose-minds.wav' },
              instant_grat: { from: false, to: true },
            },
          },
        },
      ]);

      const release = await get<{ data: Release }>(`/api/releases/${track.release.id}`);
      expect(release.data.tracks?.map((tr) => [tr.title, tr.mix_version, tr.duration_ms, tr.isrc])).toEqual([
        ['Lose Minds (Staff Edit)', null, 222_500, 'QZZA24387299'],
      ]);
      const listed = await get<PagedList<Track>>(`/api/tracks?release_id=${track.release.id}`);
      expect(listed.data[0]?.spotify_url).toBe('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC');

      // Null clears; the stored values again change and record nothing.
      const cleared = await patch<{ data: AdminTrack }>(`/api/admin/tracks/${track.id}`, { duration_ms: null, isrc: null });
      expect([cleared.data.duration_ms, cleared.data.isrc]).toEqual([null, null]);
      const count = (await activity()).length;
      await patch(`/api/admin/tracks/${track.id}`, { title: 'Lose Minds (Staff Edit)', duration_ms: null });
      expect((await activity()).length).toBe(count);
    });

    it('refuses each bad field with 400 naming it, and changes nothing', async () => {
      const track = await trackNamed('Blox');
      const stored = await storedTrack(track.id);
      const logged = (await activity()).length;
      const cases: [Record<string, unknown>, string | undefined, string][] = [
        [{ title: '   ' }, 'title', 'Title must not be empty'],
        [{ title: 'x'.repeat(301) }, 'title', 'Title must be at most 300 characters'],
        [{ title: null }, 'title', 'Title must be text'],
        [{ mix_version: 'm'.repeat(201) }, 'mix_version', 'Mix version must be at most 200 characters'],
        [{ duration_ms: 0 }, 'duration_ms', 'Duration must be more than 0:00 and at most 24 hours'],
        [{ duration_ms: 86_400_001 }, 'duration_ms', 'Duration must be more than 0:00 and at most 24 hours'],
        [{ duration_ms: 1000.5 }, 'duration_ms', 'Duration must be a whole number of milliseconds or null'],
        [{ duration_ms: '3:00' }, 'duration_ms', 'Duration must be a whole number of milliseconds or null'],
        [{ isrc: 'QZZ8B245475' }, 'isrc', 'ISRC must be 12 letters and digits, like GB-ABC-24-00001'],
        [{ isrc: 'Q1Z8B2454752' }, 'isrc', 'ISRC must be 12 letters and digits, like GB-ABC-24-00001'],
        [{ spotify_url: 'https://example.com/track/4uLU6hMCjMI75M1A2tKUQC' }, 'spotify_url', 'Spotify URL must be a https://open.spotify.com/track/… link'],
        [{ spotify_url: 'https://open.spotify.com/album/4uLU6hMCjMI75M1A2tKUQC' }, 'spotify_url', 'Spotify URL must be a https://open.spotify.com/track/… link'],
        [{ preview_url: 'javascript:alert(1)' }, 'preview_url', 'Preview URL must be an http(s) URL or a path starting with /media/'],
        [{ preview_url: '/api/admin/tracks' }, 'preview_url', 'Preview URL must be an http(s) URL or a path starting with /media/'],
        [{ preview_url: '/media/../api/health' }, 'preview_url', 'Preview URL must be an http(s) URL or a path starting with /media/'],
        [{ preview_start_ms: -1 }, 'preview_start_ms', 'Preview start must not be negative'],
        [{ preview_length_ms: 1000 }, 'preview_length_ms', 'Preview length must be between 0:05 and 10:00'],
        [{ preview_length_ms: '1:00' }, 'preview_length_ms', 'Preview length must be a whole number of milliseconds or null'],
        [{ instant_grat: 'yes' }, 'instant_grat', 'Instant grat must be true or false'],
        [{}, 'body', 'Send at least one of title, mix_version, duration_ms, isrc, spotify_url, preview_url, preview_start_ms, preview_length_ms, member_download, instant_grat, price'],
        [{ title: 'Fine', durationMs: 1 }, 'durationMs', 'Unknown field: durationMs'],
      ];
      for (const [payload, field, message] of cases) {
        const body = await patch<Failure>(`/api/admin/tracks/${track.id}`, payload, 400);
        expect([body.field, body.message], JSON.stringify(payload)).toEqual([field, message]);
      }
      expect(await storedTrack(track.id)).toEqual(stored);
      expect((await activity()).length).toBe(logged);
    });

    it('answers 404 for an unknown or malformed id and 409 for an ISRC already on the release', async () => {
      expect((await patch<Failure>(`/api/admin/tracks/${crypto.randomUUID()}`, { title: 'x' }, 404)).success).toBe(false);
      expect((await patch<Failure>('/api/admin/tracks/not-a-uuid', { title: 'x' }, 404)).message).toBe('Track not found: not-a-uuid');

      const [extended, radio] = [await trackNamed('QZZ8A2479295'), await trackNamed('QZZ8B2454973', 'Radio Edit')];
      const logged = (await activity()).length;
      const clash = await patch<Failure>(`/api/admin/tracks/${radio.id}`, { isrc: 'QZZ8B2454752', title: 'Clash' }, 409);
      expect(clash).toMatchObject({ field: 'isrc', message: 'ISRC QZZ8B2454752 is already on another track of "No More"' });
      expect((await storedTrack(radio.id))?.title).toBe('No More');
      expect((await activity()).length).toBe(logged);
      // The same ISRC on another release is allowed (compilations repeat them).
      const other = await patch<{ data: AdminTrack }>(`/api/admin/tracks/${extended.id}`, { isrc: 'QZZ8B2454973' });
      expect(other.data.isrc).toBe('QZZ8B2454973');
    });
  });

  describe('DELETE /api/admin/tracks/{id}', () => {
    it('deletes the track with its credits and plays, records it, and the public API no longer has it', async () => {
      const track = await trackNamed('Saoul en Merd', 'Anmol Jhanb Remix');
      const play = await t.app.inject({ method: 'POST', url: '/api/plays', payload: { track_id: track.id, client_id: 'listener-1' } });
      expect(play.statusCode, play.body).toBe(201);
      const before = await activity();

      const body = await call<{ success: boolean; message: string }>('DELETE', `/api/admin/tracks/${track.id}`, 200);
      expect(body).toEqual({ success: true, message: 'Deleted track "Saoul en Merd (Anmol Jhanb Remix)"' });
      expect(await activitySince(before)).toEqual([
        expect.objectContaining({
          kind: 'track.delete',
          actor: 'alice',
          summary: 'Deleted track "Saoul en Merd (Anmol Jhanb Remix)" from "Saoul en Merd"',
          subjectId: track.id,
          occurredAt: now,
          details: {
            title: 'Saoul en Merd',
            mix_version: 'Anmol Jhanb Remix',
            isrc: 'QZZ8A2438288',
            release: { id: track.release.id, title: 'Saoul en Merd' },
          },
        }),
      ]);
      const left = await queryRows<{ credits: number; plays: number }>(
        t.database.db,
        sql`select (select count(*)::int from track_artists where track_id = ${track.id}) as credits,
                   (select count(*)::int from plays where track_id = ${track.id}) as plays`,
      );
      expect(left).toEqual([{ credits: 0, plays: 0 }]);
      const release = await get<{ data: Release }>(`/api/releases/${track.release.id}`);
      expect(release.data.tracks?.map((tr) => tr.mix_version)).toEqual([null]);
      expect(release.data.total_tracks).toBe(1);
      expect((await get<PagedList<Track>>(`/api/tracks?release_id=${track.release.id}`)).total).toBe(1);

      expect((await call<Failure>('DELETE', `/api/admin/tracks/${track.id}`, 404)).message).toBe(`Track not found: ${track.id}`);
      await call('DELETE', '/api/admin/tracks/42', 404);
    });
  });

  describe('PATCH /api/admin/releases/{id}', () => {
    it('pins a release to the top of Top Releases and unpins it', async () => {
      const tech = await get<PagedList<Release>>('/api/releases?label=tech&limit=100&include_tracks=true');
      const last = tech.data.filter((r) => r.tracks?.length).at(-1) as Release;
      const before = await activity();
      const pinned = await patch<{ data: AdminRelease }>(`/api/admin/releases/${last.id}`, { pinned: true });
      expect(pinned.data).toMatchObject({
        id: last.id,
        title: last.title,
        release_date: last.release_date,
        artwork_url: last.artwork_url,
        label_id: 'buildit-tech',
        pinned: true,
      });
      const top = await get<PagedList<RankedRelease>>('/api/labels/tech/top-releases?limit=3');
      expect(top.data[0]?.id).toBe(last.id);
      const rows = (await tracksOf(`q=${encodeURIComponent(last.title)}&limit=100`)).data;
      expect(rows.find((tr) => tr.release.id === last.id)?.release.pinned).toBe(true);

      await patch(`/api/admin/releases/${last.id}`, { pinned: false });
      expect((await get<PagedList<RankedRelease>>('/api/labels/tech/top-releases?limit=3')).data[0]?.id).not.toBe(last.id);
      // One clock time for both: compare in summary order.
      expect((await activitySince(before)).map((e) => [e.kind, e.actor, e.subjectId, e.summary]).sort((a, b) => String(a[3]).localeCompare(String(b[3])))).toEqual([
        ['release.pin', 'alice', last.id, `Pinned release "${last.title}" to Top Releases`],
        ['release.pin', 'alice', last.id, `Unpinned release "${last.title}" from Top Releases`],
      ]);

      const bad = await patch<Failure>(`/api/admin/releases/${last.id}`, { pinned: 'yes' }, 400);
      expect([bad.field, bad.message]).toEqual(['pinned', 'pinned must be true or false']);
      // The route edits every field of the release now: an empty body asks for one of them.
      expect((await patch<Failure>(`/api/admin/releases/${last.id}`, {}, 400)).message).toMatch(/^Send at least one of title, .*pinned$/);
      await patch(`/api/admin/releases/${crypto.randomUUID()}`, { pinned: true }, 404);
      await patch('/api/admin/releases/nope', { pinned: true }, 404);
    });
  });

  describe('artists', () => {
    it('lists every artist by name ignoring case and accents, with release and track counts, paged and searched', async () => {
      const all: AdminArtist[] = [];
      const first = await get<PagedList<AdminArtist>>('/api/admin/artists?limit=100');
      for (let offset = 0; offset < first.total; offset += 100) {
        all.push(...(await get<PagedList<AdminArtist>>(`/api/admin/artists?offset=${offset}&limit=100`)).data);
      }
      expect(all.length).toBe(first.total);
      const names = all.map((a) => a.name);
      expect(names).toEqual([...names].sort(byReadingKey));

      const kwal = (await get<PagedList<AdminArtist>>('/api/admin/artists?q=KWAL')).data;
      expect(kwal.map((a) => a.name)).toEqual(['Kwal']);
      const credited = await get<{ total: number }>(`/api/artist-releases/${kwal[0]?.id}`);
      const [trackCount] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(distinct track_id)::int as n from track_artists where artist_id = ${kwal[0]?.id}`,
      );
      expect(kwal[0]).toMatchObject({ release_count: credited.total, track_count: trackCount?.n, bio: null, genres: [], image_url: null });
      expect(kwal[0]?.release_count).toBeGreaterThanOrEqual(2);
      expect((await get<Failure>('/api/admin/artists?limit=101', 400)).field).toBe('limit');

      // An artist the public does not see (credited on nothing public) keeps its generated picture private: the
      // admin gets no picture for it (its initials), not a link that answers 404; a listed one keeps its picture.
      await t.database.db.execute(sql`insert into artists (id, name, image_url) values ('unseen-signing', 'Unseen Signing', '/media/artists/unseen-signing.svg')`);
      expect((await get<PagedList<AdminArtist>>('/api/admin/artists?q=Unseen%20Signing')).data).toMatchObject([{ id: 'unseen-signing', image_url: null }]);
      expect((await t.app.inject({ method: 'GET', url: '/media/artists/unseen-signing.svg' })).statusCode).toBe(404);
      await t.database.db.execute(sql`update artists set image_url = '/media/artists/kwal.svg' where id = 'kwal'`);
      expect((await get<PagedList<AdminArtist>>('/api/admin/artists?q=KWAL')).data).toMatchObject([{ id: 'kwal', image_url: '/media/artists/kwal.svg' }]);
      await t.database.db.execute(sql`update artists set image_url = null where id = 'kwal'`);
      await t.database.db.execute(sql`delete from artists where id = 'unseen-signing'`);
    });

    it('sets bio and genres, records the change, and the public artist shows it', async () => {
      const [artist] = (await get<PagedList<AdminArtist>>('/api/admin/artists?q=Hot%20Keys')).data;
      const before = await activity();
      const body = await patch<{ data: AdminArtist }>(`/api/admin/artists/${artist?.id}`, {
        bio: '  Hot Keys play warm house.  ',
        genres: [' House ', 'Tech House', 'house', 'Deep House'],
      });
      expect(body.data).toEqual({ ...artist, bio: 'Hot Keys play warm house.', genres: ['House', 'Tech House', 'Deep House'] });
      expect(await activitySince(before)).toEqual([
        expect.objectContaining({
          kind: 'artist.edit',
          actor: 'alice',
          summary: 'Edited artist "Hot Keys"',
          subjectId: artist?.id,
          occurredAt: now,
          details: {
            changes: {
              bio: { from: null, to: 'Hot Keys play warm house.' },
              genres: { from: [], to: ['House', 'Tech House', 'Deep House'] },
            },
          },
        }),
      ]);
      const publicArtist = await get<{ data: Artist }>(`/api/artists/${artist?.id}`);
      expect([publicArtist.data.bio, publicArtist.data.genres]).toEqual(['Hot Keys play warm house.', ['House', 'Tech House', 'Deep House']]);

      const cleared = await patch<{ data: AdminArtist }>(`/api/admin/artists/${artist?.id}`, { bio: null, genres: [] });
      expect([cleared.data.bio, cleared.data.genres]).toEqual([null, []]);
    });

    it('refuses bad bios and genres with 400 naming the field and changes nothing; 404 for an unknown artist', async () => {
      const [artist] = (await get<PagedList<AdminArtist>>('/api/admin/artists?q=Alfonso%20Tan')).data;
      const logged = (await activity()).length;
      const cases: [Record<string, unknown>, string | undefined, string][] = [
        [{ bio: 'b'.repeat(5001) }, 'bio', 'Bio must be at most 5000 characters'],
        [{ bio: 42 }, 'bio', 'Bio must be text or null'],
        [{ genres: 'House' }, 'genres', 'Genres must be a list of text'],
        [{ genres: ['House', '  '] }, 'genres.1', 'A genre must not be empty'],
        [{ genres: ['g'.repeat(51)] }, 'genres.0', 'A genre must be at most 50 characters'],
        [{ genres: Array.from({ length: 21 }, (_, i) => `Genre ${i}`) }, 'genres', 'At most 20 genres'],
        [{}, 'body', 'Send bio, genres or both'],
        [{ bio: 'ok', name: 'New name' }, 'name', 'Unknown field: name'],
      ];
      for (const [payload, field, message] of cases) {
        const body = await patch<Failure>(`/api/admin/artists/${artist?.id}`, payload, 400);
        expect([body.field, body.message], JSON.stringify(payload).slice(0, 80)).toEqual([field, message]);
      }
      expect((await get<PagedList<AdminArtist>>('/api/admin/artists?q=Alfonso%20Tan')).data[0]).toEqual(artist);
      expect((await activity()).length).toBe(logged);
      // Twenty distinct genres once duplicates are dropped are fine.
      const many = [...Array.from({ length: 20 }, (_, i) => `Genre ${i}`), 'genre 0'];
      expect((await patch<{ data: AdminArtist }>(`/api/admin/artists/${artist?.id}`, { genres: many })).data.genres).toHaveLength(20);
      expect((await patch<Failure>('/api/admin/artists/no-such-artist', { bio: 'x' }, 404)).message).toBe('Artist not found: no-such-artist');
    });
  });

  it('documents the admin catalog routes in the OpenAPI document', async () => {
    const doc = await get<{ paths: Record<string, Record<string, unknown>> }>('/api/docs/json');
    expect(Object.keys(doc.paths['/api/admin/tracks/{id}'] ?? {}).sort()).toEqual(['delete', 'patch']);
    for (const path of ['/api/admin/tracks', '/api/admin/releases/{id}', '/api/admin/artists', '/api/admin/artists/{id}']) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
