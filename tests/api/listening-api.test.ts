import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RankedRelease, Release, Track } from '../../src/shared/api/catalog.js';
import type { ClientConfigResponse } from '../../src/shared/api/client-config.js';
import { defaultSiteSettings, publicSiteSettings } from '../../src/shared/api/settings.js';
import type { PlayResponse } from '../../src/shared/api/plays.js';
import { popularityScore } from '../../src/shared/domain/popularity.js';
import { queryRows } from '../../src/server/db/client.js';
import { catalogAnswerMaxAgeMs } from '../../src/server/modules/catalog/catalog-cache.js';
import { createTestApp, testNow, type TestApp } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// The demo catalog snapshot was seeded at testNow.
const now = testNow;

// Listening (issue 7): demo previews, play counts feeding the top releases, the public client config.
describe.each(testDatabaseKinds)('listening API on $name', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      now,
      from: 'demo-catalog',
      deps: { rateLimits: { plays: { max: 10_000, timeWindowMs: 60_000 } } },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function get<T>(url: string, status = 200): Promise<T> {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
    return res.json() as T;
  }

  /** A play is no catalog change (decision 0033): cached answers show it once they are catalogAnswerMaxAgeMs old. */
  let clockMs = now.getTime();
  function letCachedAnswersAge() {
    clockMs += catalogAnswerMaxAgeMs;
    t.setNow(new Date(clockMs));
  }

  function play(payload: Record<string, unknown>, remoteAddress = '203.0.113.5') {
    return t.app.inject({ method: 'POST', url: '/api/plays', payload, remoteAddress });
  }

  async function tracksOf(label: string, limit = 5): Promise<Track[]> {
    const releases = await get<{ data: Release[] }>(`/api/releases?label=${label}&include_tracks=true&limit=${limit}`);
    return releases.data.flatMap((r) => r.tracks ?? []);
  }

  describe('demo previews', () => {
    it('gives every demo track a generated preview URL', async () => {
      const [row] = await queryRows<{ total: number; generated: number }>(
        t.database.db,
        sql`select count(*)::int as total,
                   count(*) filter (where preview_url = '/media/previews/' || id || '.wav')::int as generated
              from tracks`,
      );
      expect(row?.total).toBeGreaterThan(400);
      expect(row?.generated).toBe(row?.total);
      const [track] = await tracksOf('deep', 1);
      expect(track?.preview_url).toBe(`/media/previews/${track?.id}.wav`);
    });

    it('serves a preview as a cacheable WAV file, the same bytes every time', async () => {
      const [track] = await tracksOf('tech', 1);
      const first = await t.app.inject({ method: 'GET', url: track!.preview_url! });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('audio/wav');
      expect(first.headers['cache-control']).toBe('public, max-age=86400');
      expect(first.headers['accept-ranges']).toBe('bytes');
      expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
      expect(first.rawPayload.toString('ascii', 0, 4)).toBe('RIFF');
      expect(first.rawPayload.toString('ascii', 8, 12)).toBe('WAVE');
      expect(first.rawPayload.length).toBeLessThan(100 * 1024);
      const again = await t.app.inject({ method: 'GET', url: track!.preview_url! });
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

      const [other] = (await tracksOf('deep', 3)).slice(-1);
      const different = await t.app.inject({ method: 'GET', url: other!.preview_url! });
      expect(different.rawPayload.equals(first.rawPayload)).toBe(false);
    });

    it('answers byte ranges for seeking', async () => {
      const [track] = await tracksOf('records', 1);
      const url = track!.preview_url!;
      const whole = (await t.app.inject({ method: 'GET', url })).rawPayload;

      const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${whole.length}`);
      expect(part.rawPayload.equals(whole.subarray(100, 200))).toBe(true);

      const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-10' } });
      expect(tail.rawPayload.equals(whole.subarray(whole.length - 10))).toBe(true);

      const past = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${whole.length}-` } });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${whole.length}`);
    });

    it('has no preview for an unknown track, a bad file name, or a track with a real preview', async () => {
      await get(`/media/previews/${randomUUID()}.wav`, 404);
      await get('/media/previews/not-a-track.wav', 404);
      await get('/media/previews/whatever.mp3', 400);
      const [, real] = await tracksOf('records', 3);
      await t.database.db.execute(sql`update tracks set preview_url = 'https://p.scdn.co/mp3-preview/abc' where id = ${real!.id}`);
      await get(`/media/previews/${real!.id}.wav`, 404);
    });

    it('lets browsers keep media a day, but never a miss', async () => {
      const [track] = await tracksOf('tech', 1);
      const found = await t.app.inject({ method: 'GET', url: `/media/releases/${track!.release_id}.svg` });
      expect(found.statusCode).toBe(200);
      expect(found.headers['cache-control']).toBe('public, max-age=86400');
      const [artist] = (await get<{ data: { image_url: string }[] }>('/api/artists?label=tech&limit=1')).data;
      expect(artist?.image_url).toMatch(/^\/media\/artists\//);
      const picture = await t.app.inject({ method: 'GET', url: artist!.image_url });
      expect([picture.statusCode, picture.headers['content-type']]).toEqual([200, 'image/svg+xml']);
      const missing = await t.app.inject({ method: 'GET', url: `/media/releases/${randomUUID()}.svg` });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['cache-control']).toBe('no-store');
      // Unknown ids, UUID-shaped or not, are misses.
      for (const kind of ['releases', 'artists', 'previews']) {
        const file = kind === 'previews' ? 'not-an-id.wav' : 'not-an-id.svg';
        expect((await t.app.inject({ method: 'GET', url: `/media/${kind}/${file}` })).statusCode, kind).toBe(404);
      }
    });
  });

  describe('plays', () => {
    it('counts a play once per client and track in 30 minutes', async () => {
      const [track] = await tracksOf('tech', 1);
      const before = await get<{ data: Release }>(`/api/releases/${track!.release_id}`);
      const startCount = before.data.stream_count;

      const first = await play({ track_id: track!.id, client_id: 'browser-a' });
      expect(first.statusCode).toBe(201);
      expect(first.json<PlayResponse>()).toEqual({ success: true, data: { counted: true, stream_count: startCount + 1 } });

      const repeat = await play({ track_id: track!.id, client_id: 'browser-a' });
      expect(repeat.statusCode).toBe(200);
      expect(repeat.json<PlayResponse>().data).toEqual({ counted: false, stream_count: startCount + 1 });

      // Another browser behind the same address, and another address, are other clients.
      expect((await play({ track_id: track!.id, client_id: 'browser-b' })).statusCode).toBe(201);
      expect((await play({ track_id: track!.id, client_id: 'browser-a' }, '198.51.100.9')).statusCode).toBe(201);
      expect((await play({ track_id: track!.id })).json<PlayResponse>().data).toEqual({ counted: true, stream_count: startCount + 4 });

      // Half an hour later the same client counts again.
      await t.database.db.execute(sql`update plays set played_at = played_at - interval '31 minutes' where track_id = ${track!.id}`);
      expect((await play({ track_id: track!.id, client_id: 'browser-a' })).json<PlayResponse>().data.counted).toBe(true);
      letCachedAnswersAge();
      const after = await get<{ data: Release }>(`/api/releases/${track!.release_id}`);
      expect(after.data.stream_count).toBe(startCount + 5);
    });

    it('counts at most 3 browsers per address and track, however many client ids it makes up', async () => {
      const track = (await tracksOf('tech', 4))[3];
      const before = (await get<{ data: Release }>(`/api/releases/${track!.release_id}`)).data.stream_count;
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => play({ track_id: track!.id, client_id: `made-up-${i}` }, '203.0.113.77')));
      expect(answers.map((a) => a.json<PlayResponse>().data.counted).filter(Boolean)).toHaveLength(3);
      letCachedAnswersAge();
      expect((await get<{ data: Release }>(`/api/releases/${track!.release_id}`)).data.stream_count).toBe(before + 3);
      // Another address is not affected.
      expect((await play({ track_id: track!.id, client_id: 'made-up-0' }, '203.0.113.78')).json<PlayResponse>().data.counted).toBe(true);
    });

    it('counts an IPv6 household by its /64: 3 browsers, however many addresses it uses', async () => {
      const track = (await tracksOf('tech', 6))[5];
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => play({ track_id: track!.id, client_id: `browser-${i}` }, `2001:db8:77:1:${i + 1}::${i + 1}`)),
      );
      expect(answers.map((a) => a.json<PlayResponse>().data.counted).filter(Boolean)).toHaveLength(3);
      expect((await play({ track_id: track!.id, client_id: 'browser-0' }, '2001:db8:77:2::1')).json<PlayResponse>().data.counted).toBe(true);
    });

    it('counts simultaneous reports of one client once', async () => {
      const [, track] = await tracksOf('tech', 3);
      const answers = await Promise.all(Array.from({ length: 6 }, () => play({ track_id: track!.id, client_id: 'racer' })));
      const counted = answers.map((a) => a.json<PlayResponse>().data.counted);
      expect(counted.filter(Boolean)).toHaveLength(1);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      const [row] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from plays where track_id = ${track!.id}`,
      );
      expect(row?.n).toBe(1);
    });

    it('stores no client address', async () => {
      const rows = await queryRows<{ client_key: string }>(t.database.db, sql`select client_key from plays`);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => !r.client_key.includes('203.0.113') && !r.client_key.includes('browser'))).toBe(true);
    });

    it('answers 404 for an unknown track and 400 naming the field for a bad body', async () => {
      const unknown = await play({ track_id: randomUUID() });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ success: false, error: expect.stringMatching(/^Track not found/) });
      for (const [payload, field] of [
        [{ track_id: 'abc' }, 'track_id'],
        [{}, 'track_id'],
        [{ track_id: randomUUID(), client_id: '' }, 'client_id'],
        [{ track_id: randomUUID(), client_id: 'x'.repeat(101) }, 'client_id'],
      ] as const) {
        const bad = await play(payload);
        expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
        expect(bad.json()).toMatchObject({ success: false, field });
      }
    });

    it('moves the top releases order and fills the top plays list', async () => {
      const label = 'deep';
      expect((await get<{ total: number }>(`/api/labels/${label}/top-spotify-plays`)).total).toBe(0);
      // Nothing played yet: no top releases (issue 35). The newest and the oldest release, whose recency scores them apart.
      expect((await get<{ total: number }>(`/api/labels/${label}/top-releases`)).total).toBe(0);
      const releases = await get<{ data: Release[] }>(`/api/releases?label=${label}&sort=date:desc&limit=100`);
      const leader = releases.data[0]!;
      const challenger = releases.data.at(-1)!;
      const challengerTrack = (await get<{ data: Release }>(`/api/releases/${challenger.id}?include_tracks=true`)).data
        .tracks![0]!;

      // An imported count puts the challenger just below the leader: four site plays lift it above.
      const scoreWith = (release: Release, streamCount: number) =>
        popularityScore(
          { popularity: release.popularity, streamCount, releaseDate: release.release_date, trackCount: release.total_tracks },
          now,
        );
      const leaderCount = 1000;
      let imported = 100;
      while (scoreWith(challenger, imported + 4) <= scoreWith(leader, leaderCount)) imported += 1;
      expect(scoreWith(challenger, imported)).toBeLessThan(scoreWith(leader, leaderCount));
      await t.database.db.execute(sql`update releases set stream_count = ${leaderCount} where id = ${leader.id}`);
      await t.database.db.execute(sql`update releases set stream_count = ${imported} where id = ${challenger.id}`);
      t.catalogChanges.publish();
      const before = await get<{ data: RankedRelease[] }>(`/api/labels/${label}/top-spotify-plays`);
      expect(before.data.map((r) => r.id)).toEqual([leader.id, challenger.id]);

      const topTwo = `/api/labels/${label}/top-releases?limit=2`;
      expect((await get<{ data: RankedRelease[] }>(topTwo)).data.map((r) => r.id)).toEqual([leader.id, challenger.id]);
      for (const fan of [1, 2, 3, 4]) {
        expect((await play({ track_id: challengerTrack.id, client_id: `fan-${fan}` }, `198.51.100.${fan}`)).statusCode).toBe(201);
      }
      // The cached ranking may stand until it is catalogAnswerMaxAgeMs old, then shows the plays.
      expect((await get<{ data: RankedRelease[] }>(topTwo)).data.map((r) => r.id)).toEqual([leader.id, challenger.id]);
      letCachedAnswersAge();
      const after = await get<{ data: RankedRelease[] }>(topTwo);
      expect(after.data.map((r) => r.id)).toEqual([challenger.id, leader.id]);
      expect(after.data[0]?.stream_count).toBe(imported + 4);
      expect(after.data[0]?.popularity_score).toBe(scoreWith(challenger, imported + 4));
    });
  });

  describe('rate limit and configured Spotify', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp(kind, {
        deps: {
          rateLimits: { plays: { max: 2, timeWindowMs: 60_000 } },
          spotify: { clientId: 'fakeclient123', accountsUrl: 'http://127.0.0.1:4567', apiUrl: 'http://127.0.0.1:4567/v1' },
        },
      });
    });
    afterAll(async () => {
      await limited?.close();
    });

    it('answers 429 past the limit, per client address', async () => {
      const send = (remoteAddress: string) =>
        limited.app.inject({ method: 'POST', url: '/api/plays', payload: { track_id: randomUUID() }, remoteAddress });
      expect((await send('203.0.113.7')).statusCode).toBe(404);
      expect((await send('203.0.113.7')).statusCode).toBe(404);
      const blocked = await send('203.0.113.7');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await send('198.51.100.20')).statusCode).toBe(404);
    });

    it('tells the configured Spotify client id and endpoints in the public config', async () => {
      const res = await limited.app.inject({ method: 'GET', url: '/api/config' });
      expect(res.json<ClientConfigResponse>().data.spotify).toEqual({
        clientId: 'fakeclient123',
        authorizeUrl: 'http://127.0.0.1:4567/authorize',
        tokenUrl: 'http://127.0.0.1:4567/api/token',
        apiUrl: 'http://127.0.0.1:4567/v1',
      });
    });
  });

  describe('public client config', () => {
    it('has no Spotify client id and the real endpoints by default', async () => {
      expect(await get<ClientConfigResponse>('/api/config')).toEqual({
        success: true,
        data: {
          spotify: {
            clientId: null,
            authorizeUrl: 'https://accounts.spotify.com/authorize',
            tokenUrl: 'https://accounts.spotify.com/api/token',
            apiUrl: 'https://api.spotify.com/v1',
          },
          // The public site settings, the defaults until an owner changes them (docs/decisions/0097).
          site: publicSiteSettings(defaultSiteSettings),
        },
      });
    });
  });
});
