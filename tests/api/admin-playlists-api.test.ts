import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPlaylist, AdminPlaylistDetail } from '../../src/shared/api/admin-playlists.js';
import type { AdminReleaseCreateInput, AdminReleaseDetail } from '../../src/shared/api/admin-releases.js';
import type { Playlist, Track } from '../../src/shared/api/catalog.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

const now = new Date('2026-11-21T12:00:00Z');

interface Failure {
  success: false;
  message: string;
  field?: string;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

// Playlists curated by staff (issue 35, docs/decisions/0104), on the distributor export, on PGlite and PostgreSQL.
describe.each(testDatabaseKinds)('admin playlists API on $name', (kind) => {
  let t: AdminTestApp;

  beforeAll(async () => {
    t = await createAdminTestApp(kind, { now, from: 'distributor-catalog' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function call<T>(method: Method, url: string, status: number, payload?: unknown, auth = true): Promise<T> {
    const res = await t.app.inject({ method, url, payload: payload as object, headers: auth ? t.auth : {} });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json() as T;
  }
  const detail = async (method: Method, url: string, payload?: unknown) => (await call<{ data: AdminPlaylistDetail }>(method, url, 200, payload)).data;
  const create = async (title: string, labelId = 'buildit-tech') =>
    (await call<{ data: AdminPlaylistDetail }>('POST', '/api/admin/playlists', 201, { label_id: labelId, title, description: `About ${title}` })).data;
  const publicPlaylists = async (label = 'tech') => (await call<{ data: Playlist[] }>('GET', `/api/playlists?label=${label}`, 200)).data;
  const publicTracks = async (limit: number, offset = 0) => (await call<{ data: Track[] }>('GET', `/api/tracks?label=tech&limit=${limit}&offset=${offset}`, 200)).data;
  const ids = (playlist: { tracks: { id: string }[] }) => playlist.tracks.map((track) => track.id);
  const release = async (overrides: Partial<AdminReleaseCreateInput>) =>
    (
      await call<{ data: AdminReleaseDetail }>('POST', '/api/admin/releases', 201, {
        title: 'Hidden',
        type: 'single',
        release_date: '2026-11-01',
        label_id: 'buildit-tech',
        catalog_number: null,
        upc: null,
        artists: ['Kwal'],
        tracks: [{ title: 'Hidden', duration_ms: 180_000 }],
        links: [],
        ...overrides,
      })
    ).data;

  it('refuses without an admin token', async () => {
    await call('GET', '/api/admin/playlists', 401, undefined, false);
    await call('POST', '/api/admin/playlists', 401, { label_id: 'buildit-tech', title: 'X' }, false);
  });

  it('lists the starting set with their rules, and answers 400 naming the field for bad input', async () => {
    const all = (await call<{ data: AdminPlaylist[] }>('GET', '/api/admin/playlists?label=buildit-deep', 200)).data;
    expect(all.map((p) => [p.id, p.status, p.rule])).toEqual([
      ['deep-after-midnight', 'published', 'The newest 20 tracks of the label, until its tracks are changed here'],
      ['deep-foundations', 'published', 'The oldest 20 tracks of the label, until its tracks are changed here'],
    ]);
    const refused = async (method: Method, url: string, payload: unknown, field: string, message: RegExp) => {
      const failure = await call<Failure>(method, url, 400, payload);
      expect(failure, JSON.stringify(failure)).toMatchObject({ success: false, field });
      expect(failure.message).toMatch(message);
    };
    await refused('GET', '/api/admin/playlists?label=nope', undefined, 'label', /label must be one of/);
    await refused('POST', '/api/admin/playlists', { label_id: 'nope', title: 'X' }, 'label_id', /Label must be one of/);
    await refused('POST', '/api/admin/playlists', { label_id: 'buildit-tech', title: '  ' }, 'title', /Title must not be empty/);
    await refused('POST', '/api/admin/playlists', { label_id: 'buildit-tech', title: 'X', description: 'x'.repeat(2001) }, 'description', /at most 2000/);
    const made = await create('Refusals');
    await refused('PATCH', `/api/admin/playlists/${made.id}`, { status: 'public' }, 'status', /Status must be one of draft, published/);
    await refused('POST', `/api/admin/playlists/${made.id}/tracks`, { track_id: 'abc' }, 'track_id', /id of a track/);
    await refused('POST', `/api/admin/playlists/${made.id}/tracks`, { track_id: crypto.randomUUID() }, 'track_id', /No track has the id/);
    const [track] = await publicTracks(1);
    await detail('POST', `/api/admin/playlists/${made.id}/tracks`, { track_id: track!.id });
    await refused('POST', `/api/admin/playlists/${made.id}/tracks/${track!.id}/move`, { position: 0 }, 'position', /whole number from 1/);
    await refused('POST', `/api/admin/playlists/${made.id}/tracks/${track!.id}/move`, { position: 2 }, 'position', /Position must be from 1 to 1/);
    expect((await call<Failure>('POST', `/api/admin/playlists/${made.id}/tracks`, 409, { track_id: track!.id })).field).toBe('track_id');
    // Nothing refused changed the playlist.
    expect(ids(await detail('GET', `/api/admin/playlists/${made.id}`))).toEqual([track!.id]);
    await call('GET', `/api/admin/playlists/${crypto.randomUUID()}`, 404);
  });

  it('shows a published playlist in the order staff chose, never a draft, nor a track of a draft or upcoming release', async () => {
    const made = await create('Warehouse Cuts');
    expect(made).toMatchObject({ status: 'draft', track_count: 0, rule: null, cover_url: null, description: 'About Warehouse Cuts' });
    const [a, b, c] = await publicTracks(3, 5);
    const draft = await release({ title: 'Secret Draft', status: 'draft', tracks: [{ title: 'Secret Draft' }] });
    const upcoming = await release({ title: 'Out Next Year', release_date: '2027-03-01', tracks: [{ title: 'Out Next Year' }] });
    for (const track of [a!, b!, c!, { id: draft.tracks[0]!.id }, { id: upcoming.tracks[0]!.id }]) {
      await detail('POST', `/api/admin/playlists/${made.id}/tracks`, { track_id: track.id });
    }
    // c first, then a, b: moved as staff would with Move up.
    await detail('POST', `/api/admin/playlists/${made.id}/tracks/${c!.id}/move`, { position: 1 });
    const edited = await detail('GET', `/api/admin/playlists/${made.id}`);
    expect(ids(edited)).toEqual([c!.id, a!.id, b!.id, draft.tracks[0]!.id, upcoming.tracks[0]!.id]);
    expect(edited.tracks.map((track) => track.is_public)).toEqual([true, true, true, false, false]);
    expect(edited.tracks[3]).toMatchObject({ title: 'Secret Draft', release_title: 'Secret Draft', artists: ['Kwal'] });

    // A draft is on no public answer, and has no public cover.
    expect((await publicPlaylists()).map((p) => p.id)).not.toContain(made.id);
    await call('GET', `/media/playlists/${made.id}.svg`, 404);

    await detail('PATCH', `/api/admin/playlists/${made.id}`, { status: 'published', description: 'Night music' });
    const shown = (await publicPlaylists()).find((p) => p.id === made.id)!;
    expect(shown).toMatchObject({ title: 'Warehouse Cuts', description: 'Night music', total_tracks: 3, cover_url: `/media/playlists/${made.id}.svg` });
    expect(ids(shown)).toEqual([c!.id, a!.id, b!.id]);
    expect((await t.app.inject({ method: 'GET', url: shown.cover_url })).statusCode).toBe(200);
    // Last in its label's order.
    expect((await publicPlaylists()).at(-1)!.id).toBe(made.id);

    await detail('DELETE', `/api/admin/playlists/${made.id}/tracks/${a!.id}`);
    expect(ids((await publicPlaylists()).find((p) => p.id === made.id)!)).toEqual([c!.id, b!.id]);

    await detail('PATCH', `/api/admin/playlists/${made.id}`, { status: 'draft' });
    expect((await publicPlaylists()).map((p) => p.id)).not.toContain(made.id);
    await call('DELETE', `/api/admin/playlists/${made.id}`, 200);
    await call('GET', `/api/admin/playlists/${made.id}`, 404);
  });

  it('keeps the tracks a rule picked when staff first change them', async () => {
    const before = (await publicPlaylists('deep')).find((p) => p.id === 'deep-foundations')!;
    expect(before.tracks.length).toBeGreaterThan(1);
    const [first, second] = ids(before);
    const changed = await detail('POST', `/api/admin/playlists/deep-foundations/tracks/${second}/move`, { position: 1 });
    expect(changed.rule).toBeNull();
    expect(ids(changed)).toEqual([second, first, ...ids(before).slice(2)]);
    expect(ids((await publicPlaylists('deep')).find((p) => p.id === 'deep-foundations')!)).toEqual(ids(changed));
  });

  it('loses and doubles no track when staff reorder and add at the same time', async () => {
    const made = await create('Busy');
    const tracks = await publicTracks(12, 20);
    for (const track of tracks.slice(0, 8)) await detail('POST', `/api/admin/playlists/${made.id}/tracks`, { track_id: track.id });
    const moves = tracks.slice(0, 8).map((track, index) => t.app.inject({ method: 'POST', url: `/api/admin/playlists/${made.id}/tracks/${track.id}/move`, payload: { position: 8 - index }, headers: t.auth }));
    const adds = tracks.slice(8).map((track) => t.app.inject({ method: 'POST', url: `/api/admin/playlists/${made.id}/tracks`, payload: { track_id: track.id }, headers: t.auth }));
    const sameTwice = [0, 1, 2].map(() => t.app.inject({ method: 'POST', url: `/api/admin/playlists/${made.id}/tracks`, payload: { track_id: tracks[8]!.id }, headers: t.auth }));
    const answers = await Promise.all([...moves, ...adds, ...sameTwice]);
    expect(answers.slice(0, 8).map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.slice(9, 12).map((res) => res.statusCode)).toEqual(Array(3).fill(200));
    // The same track added four times at once: once in, three times refused.
    expect([answers[8]!, ...answers.slice(12)].map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const final = ids(await detail('GET', `/api/admin/playlists/${made.id}`));
    expect(final).toHaveLength(12);
    expect([...final].sort()).toEqual(tracks.map((track) => track.id).sort());
  });
});
