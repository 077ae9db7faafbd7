import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReleaseCreateInput, AdminReleaseDetail } from '../../src/shared/api/admin-releases.js';
import type { RankedRelease, Release } from '../../src/shared/api/catalog.js';
import { queryRows } from '../../src/server/db/client.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { aSineWav } from '../helpers/audio.js';
import { upload } from '../helpers/media-upload.js';
import type { PagedList } from '../helpers/test-app.js';
import { openSameDatabase, testDatabaseKinds } from '../helpers/test-database.js';

const now = new Date('2026-11-21T12:00:00Z');

interface Failure {
  success: false;
  message: string;
  field?: string;
}

/** A release as the form sends it; each test changes what it is about. */
function aRelease(overrides: Partial<AdminReleaseCreateInput> = {}): AdminReleaseCreateInput {
  return {
    title: 'Symbiotic',
    version: 'Radio Edit',
    type: 'single',
    release_date: '2026-11-01',
    label_id: 'buildit-records',
    catalog_number: null,
    upc: null,
    artists: ['Kwal', 'Nova Hand'],
    tracks: [
      { title: 'Symbiotic', mix_version: 'Radio Edit', isrc: 'GB-ABC-26-00001', duration_ms: 180_000, artists: ['Kwal', 'Nova Hand'], remixers: [] },
      { title: 'Symbiotic', mix_version: 'BELLO Remix', isrc: 'GBABC2600002', duration_ms: 360_000, artists: ['Kwal'], remixers: ['BELLO'] },
    ],
    links: [
      { name: 'Beatport', url: 'https://www.beatport.com/release/symbiotic/1' },
      { name: 'Bandcamp', url: 'https://builditrecords.bandcamp.com/album/symbiotic' },
    ],
    ...overrides,
  };
}

// Releases made and edited by hand (issue 24 parts 3 and 4), on the distributor export, on PGlite and PostgreSQL.
describe.each(testDatabaseKinds)('admin releases API on $name', (kind) => {
  let t: AdminTestApp;

  beforeAll(async () => {
    t = await createAdminTestApp(kind, { now, from: 'distributor-catalog' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function call<T>(method: 'GET' | 'PATCH' | 'POST', url: string, status: number, payload?: unknown, auth = true): Promise<T> {
    const res = await t.app.inject({ method, url, payload: payload as object, headers: auth ? t.auth : {} });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json() as T;
  }
  const create = async (release: AdminReleaseCreateInput) => (await call<{ data: AdminReleaseDetail }>('POST', '/api/admin/releases', 201, release)).data;
  const publicRelease = async (id: string) => (await call<{ data: Release }>('GET', `/api/releases/${id}`, 200)).data;
  const releaseCount = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from releases`))[0]?.n;
  const kinds = async (id: string) =>
    (await queryRows<{ kind: string }>(t.database.db, sql`select kind from activity_log where subject_id = ${id} order by occurred_at, id`)).map((r) => r.kind);

  it('refuses without an admin token', async () => {
    await call('POST', '/api/admin/releases', 401, aRelease(), false);
    await call('GET', `/api/admin/releases/${crypto.randomUUID()}`, 401, undefined, false);
  });

  it('creates a release with its credits, tracks and store links, shown on the public answer', async () => {
    const created = await create(aRelease({ catalog_number: 'BLDR900', upc: '190000000001' }));
    expect(created).toMatchObject({
      title: 'Symbiotic',
      version: 'Radio Edit',
      catalog_number: 'BLDR900',
      artists: ['Kwal', 'Nova Hand'],
      upcoming: false,
      links: [
        { name: 'Beatport', url: 'https://www.beatport.com/release/symbiotic/1' },
        { name: 'Bandcamp', url: 'https://builditrecords.bandcamp.com/album/symbiotic' },
      ],
    });
    expect(created.tracks.map((tr) => [tr.title, tr.mix_version, tr.isrc, tr.artists, tr.remixers])).toEqual([
      ['Symbiotic', 'Radio Edit', 'GBABC2600001', ['Kwal', 'Nova Hand'], []],
      ['Symbiotic', 'BELLO Remix', 'GBABC2600002', ['Kwal'], ['BELLO']],
    ]);
    const shown = await publicRelease(created.id);
    expect(shown.links).toEqual(created.links);
    expect(shown.total_tracks).toBe(2);
    expect(shown.artists?.map((a) => a.id)).toEqual(['kwal', 'nova-hand']);
    expect(shown.tracks?.[1]?.remixer?.name).toBe('BELLO');
    // "Kwal" is the imported artist: credited, not made twice.
    const kwal = await call<{ data: { release_count: number } }>('GET', '/api/admin/artists?q=Kwal', 200);
    expect(kwal).toMatchObject({ total: 1 });
    expect(await kinds(created.id)).toEqual(['release.create']);
  });

  it('names the field of every refused value and changes nothing', async () => {
    const before = await releaseCount();
    const refusals: [Partial<AdminReleaseCreateInput> | Record<string, unknown>, string, string][] = [
      [{ title: ' ' }, 'title', 'Title must not be empty'],
      [{ links: [{ name: 'Beatport', url: 'javascript:alert(1)' }] }, 'links.0.url', 'A store URL must be an http(s) URL'],
      [{ links: [{ name: '', url: 'https://a.example' }] }, 'links.0.name', 'A store name must not be empty'],
      [{ release_date: '2026-02-30' }, 'release_date', 'Release date must be a date like 2026-12-04'],
      [{ label_id: 'elsewhere' }, 'label_id', 'Label must be one of'],
      [{ upc: '12ab' }, 'upc', 'UPC must be 12 to 14 digits'],
      [{ tracks: [] }, 'tracks', 'A release needs at least one track'],
      [{ tracks: [{ title: 'A', isrc: 'GBABC2600009' }, { title: 'B', isrc: 'GB-ABC-26-00009' }] }, 'tracks.1.isrc', 'ISRC GBABC2600009 is already on track 1 of this release'],
      [{ tracks: [{ title: 'A', isrc: 'nope' }] }, 'tracks.0.isrc', 'ISRC must be 12 letters and digits'],
      [{ colour: 'red' }, '', 'Unknown field: colour'],
    ];
    for (const [change, field, message] of refusals) {
      const failure = await call<Failure>('POST', '/api/admin/releases', 400, { ...aRelease(), ...change });
      expect(failure.message, JSON.stringify(change)).toContain(message);
      if (field) expect(failure.field, JSON.stringify(change)).toBe(field);
    }
    expect(await releaseCount()).toBe(before);
  });

  it('refuses a catalog number or UPC already in use with 409 naming the release; another label may reuse the number', async () => {
    const before = await releaseCount();
    const number = await call<Failure>('POST', '/api/admin/releases', 409, aRelease({ catalog_number: 'bldr192' }));
    expect(number).toMatchObject({ field: 'catalog_number' });
    expect(number.message).toMatch(/^Catalog number bldr192 is already on "No More" \(/);
    const upc = await call<Failure>('POST', '/api/admin/releases', 409, aRelease({ upc: '198937087963' }));
    expect(upc).toMatchObject({ field: 'upc' });
    expect(upc.message).toMatch(/^UPC 198937087963 is already on "No More" \(/);
    expect(await releaseCount()).toBe(before);
    // The ISRC of an imported track on another release is no conflict (a compilation repeats ISRCs).
    const elsewhere = await create(aRelease({ label_id: 'buildit-tech', catalog_number: 'BLDR192', tracks: [{ title: 'No More', isrc: 'QZZ8B2454752' }] }));
    expect(elsewhere.catalog_number).toBe('BLDR192');
  });

  /**
   * Sends the requests at the same instant. On PostgreSQL another connection holds a lock that a create
   * takes after its checks (new artist rows) until every request waits, so that each has checked before
   * any commits, as two staff saving at once may; PGlite's one connection runs one transaction at a time.
   */
  async function atTheSameInstant(requests: (() => Promise<{ statusCode: number; body: string }>)[]) {
    if (kind.name !== 'postgres') return Promise.all(requests.map((send) => send()));
    const holder = await openSameDatabase(t.database);
    const waiting = async () =>
      (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`))[0]?.n;
    let sent: Promise<{ statusCode: number; body: string }[]> | undefined;
    try {
      await holder.db.transaction(async (tx) => {
        await tx.execute(sql`lock table artists in share row exclusive mode`);
        sent = Promise.all(requests.map((send) => send()));
        for (let tries = 0; (await waiting()) !== requests.length; tries += 1) {
          if (tries > 200) throw new Error('the requests never waited together');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      });
    } finally {
      await holder.close();
    }
    return sent as Promise<{ statusCode: number; body: string }[]>;
  }

  it('answers two creates of one catalog number at the same instant (in any case) with one 201 and one 409 naming the field', async () => {
    const before = await releaseCount();
    const send = (title: string, number: string) => () =>
      t.app.inject({ method: 'POST', url: '/api/admin/releases', headers: t.auth, payload: aRelease({ title, catalog_number: number, upc: null }) });
    const answers = await atTheSameInstant([send('Twin One', 'BLDR950'), send('Twin Two', 'bldr950')]);
    expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([201, 409]);
    const won = JSON.parse(answers.find((a) => a.statusCode === 201)?.body as string) as { data: AdminReleaseDetail };
    const lost = JSON.parse(answers.find((a) => a.statusCode === 409)?.body as string) as Failure;
    expect(lost).toMatchObject({ success: false, field: 'catalog_number' });
    expect(lost.message).toMatch(new RegExp(`^Catalog number (BLDR950|bldr950) is already on "${won.data.title}" \\(${won.data.id}\\) in this label$`));
    expect(await releaseCount()).toBe(Number(before) + 1);
  });

  it('gives releases of one catalog number and title, created or published at the same instant, each a slug of its own, kept once public', async () => {
    const labelIds = ['buildit-records', 'buildit-tech', 'buildit-deep'];
    // Each in another label (a number is once per label), each crediting a new artist: the lock above holds them all.
    const created = await atTheSameInstant(
      labelIds.map((label_id, i) => () =>
        t.app.inject({ method: 'POST', url: '/api/admin/releases', headers: t.auth, payload: aRelease({ title: 'Same Night', label_id, catalog_number: 'BLDR960', artists: [`Night Twin ${i}`], tracks: [{ title: 'Same Night' }] }) }),
      ),
    );
    expect(created.map((a) => a.statusCode), created.map((a) => a.body).join('\n')).toEqual([201, 201, 201]);
    const nights = created.map((a) => (JSON.parse(a.body) as { data: AdminReleaseDetail }).data);
    expect(new Set(nights.map((r) => r.slug)).size).toBe(3);
    for (const night of nights) expect(night.slug).toMatch(/^bldr960-same-night(-[0-9a-f]{8})?$/);

    // Three drafts of other titles, published at the same instant under one title.
    const drafts = [];
    for (const [i, label_id] of labelIds.entries()) drafts.push(await create(aRelease({ title: `Dawn ${i}`, status: 'draft', label_id, catalog_number: 'BLDR961', tracks: [{ title: 'Dawn' }] })));
    const published = await atTheSameInstant(
      drafts.map((draft, i) => () =>
        t.app.inject({ method: 'PATCH', url: `/api/admin/releases/${draft.id}`, headers: t.auth, payload: { title: 'Same Dawn', status: 'published', artists: [`Dawn Twin ${i}`] } }),
      ),
    );
    expect(published.map((a) => a.statusCode), published.map((a) => a.body).join('\n')).toEqual([200, 200, 200]);
    const dawns = published.map((a) => (JSON.parse(a.body) as { data: AdminReleaseDetail }).data);
    expect(new Set(dawns.map((r) => r.slug)).size).toBe(3);
    for (const dawn of dawns) {
      expect(dawn.slug).toMatch(/^bldr961-same-dawn(-[0-9a-f]{8})?$/);
      // Found at its slug, and kept there when renamed.
      expect((await publicRelease(dawn.slug)).id).toBe(dawn.id);
      await call('PATCH', `/api/admin/releases/${dawn.id}`, 200, { title: 'Renamed Dawn' });
      expect((await publicRelease(dawn.slug)).title).toBe('Renamed Dawn');
    }
  });

  it('publishes two releases crediting the same artists at the same instant, whatever order their counts are taken in', async () => {
    // Each draft credits one artist; published, it credits that one and then the other: two staff saving at
    // once take the two artists' counts in opposite orders, and PostgreSQL ends one of the two transactions.
    const one = await create(aRelease({ title: 'Crossed One', status: 'draft', label_id: 'buildit-tech', artists: ['Cross Kay'], tracks: [{ title: 'Crossed One' }] }));
    const two = await create(aRelease({ title: 'Crossed Two', status: 'draft', label_id: 'buildit-deep', artists: ['Cross Enn'], tracks: [{ title: 'Crossed Two' }] }));
    const published = await atTheSameInstant([
      () => t.app.inject({ method: 'PATCH', url: `/api/admin/releases/${one.id}`, headers: t.auth, payload: { status: 'published', artists: ['Cross Kay', 'Cross Enn'] } }),
      () => t.app.inject({ method: 'PATCH', url: `/api/admin/releases/${two.id}`, headers: t.auth, payload: { status: 'published', artists: ['Cross Enn', 'Cross Kay'] } }),
    ]);
    expect(published.map((a) => a.statusCode), published.map((a) => a.body).join('\n')).toEqual([200, 200]);
    // Both artists are listed in both labels, each once.
    for (const label of ['tech', 'deep']) {
      const listed = await call<{ data: { name: string }[] }>('GET', `/api/artists?label=${label}&q=Cross`, 200);
      expect(listed.data.map((a) => a.name).sort()).toEqual(['Cross Enn', 'Cross Kay']);
    }
  });

  it("holds each track's audio, preview window and member download: saved with the release, kept when not sent, the preview cut again", async () => {
    const release = await create(aRelease({ catalog_number: 'BLDR962', tracks: [{ title: 'Master', mix_version: 'Extended Mix' }, { title: 'Master', mix_version: 'Dub' }] }));
    const [extended, dub] = release.tracks as [AdminReleaseDetail['tracks'][number], AdminReleaseDetail['tracks'][number]];
    expect(extended).toMatchObject({ audio: null, preview_start_ms: null, preview_length_ms: null, member_download: false });
    // The master, uploaded under the track's id, as the editor sends it.
    const uploaded = await upload(t, [{ name: `${extended.id}.wav`, bytes: aSineWav({ seconds: 2, sampleRate: 8000, channels: 1 }), type: 'audio/wav' }]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const audioStatus = async () => (await queryRows<{ status: string }>(t.database.db, sql`update track_audio set status = 'ready' where id = (select audio_id from tracks where id = ${extended.id}) returning status`))[0]?.status;
    // Made ready here (no worker runs in this app), so that a new window shows as queued again.
    expect(await audioStatus()).toBe('ready');

    const edited = (
      await call<{ data: AdminReleaseDetail }>('PATCH', `/api/admin/releases/${release.id}`, 200, {
        tracks: [
          { id: extended.id, title: 'Master', mix_version: 'Extended Mix', preview_start_ms: 30_000, preview_length_ms: 45_000, member_download: true },
          { id: dub.id, title: 'Master', mix_version: 'Dub' },
        ],
      })
    ).data;
    expect(edited.tracks[0]).toMatchObject({ audio: { file_name: `${extended.id}.wav`, status: 'queued' }, preview_start_ms: 30_000, preview_length_ms: 45_000, member_download: true });
    expect(edited.tracks[1]).toMatchObject({ audio: null, preview_start_ms: null, member_download: false });
    // Tracks sent without them keep them (and the preview is not cut again).
    await audioStatus();
    const kept = (await call<{ data: AdminReleaseDetail }>('PATCH', `/api/admin/releases/${release.id}`, 200, { tracks: edited.tracks.map(({ id, title, mix_version }) => ({ id, title, mix_version })) })).data;
    expect(kept.tracks[0]).toMatchObject({ audio: { status: 'ready' }, preview_start_ms: 30_000, preview_length_ms: 45_000, member_download: true });
    // A window the preview cannot have is refused on its field, and changes nothing.
    const refused = await call<Failure>('PATCH', `/api/admin/releases/${release.id}`, 400, { tracks: [{ id: extended.id, title: 'Master', preview_length_ms: 1_000 }] });
    expect(refused).toMatchObject({ field: 'tracks.0.preview_length_ms', message: 'Preview length must be between 0:05 and 10:00' });
    expect((await call<{ data: AdminReleaseDetail }>('GET', `/api/admin/releases/${release.id}`, 200)).data.tracks).toHaveLength(2);
  });

  it('edits every field: tracks kept by id, added and removed; 409 on a taken catalog number; pin alone is a pin', async () => {
    const release = await create(aRelease({ catalog_number: 'BLDR901' }));
    const [first, second] = release.tracks;
    const edited = (
      await call<{ data: AdminReleaseDetail }>('PATCH', `/api/admin/releases/${release.id}`, 200, {
        title: 'Symbiotic II',
        version: null,
        links: [{ name: 'Spotify', url: 'https://open.spotify.com/album/abc' }],
        tracks: [
          { id: second?.id, title: 'Symbiotic', mix_version: 'BELLO Remix', isrc: first?.isrc, artists: ['Kwal'], remixers: ['BELLO'] },
          { title: 'Symbiotic', mix_version: 'Dub', artists: ['Kwal'] },
        ],
      })
    ).data;
    expect(edited).toMatchObject({ title: 'Symbiotic II', version: null, links: [{ name: 'Spotify', url: 'https://open.spotify.com/album/abc' }] });
    expect(edited.tracks.map((tr) => [tr.id === second?.id, tr.mix_version, tr.isrc])).toEqual([
      [true, 'BELLO Remix', first?.isrc],
      [false, 'Dub', null],
    ]);
    expect((await publicRelease(release.id)).total_tracks).toBe(2);

    const taken = await call<Failure>('PATCH', `/api/admin/releases/${release.id}`, 409, { catalog_number: 'BLDR192' });
    expect(taken.message).toContain('"No More"');
    const foreign = await call<Failure>('PATCH', `/api/admin/releases/${release.id}`, 400, { tracks: [{ id: crypto.randomUUID(), title: 'X' }] });
    expect(foreign).toMatchObject({ field: 'tracks.0.id' });
    expect((await call<{ data: AdminReleaseDetail }>('GET', `/api/admin/releases/${release.id}`, 200)).data.title).toBe('Symbiotic II');

    await call('PATCH', `/api/admin/releases/${release.id}`, 200, { pinned: true });
    expect((await kinds(release.id)).sort()).toEqual(['release.create', 'release.edit', 'release.pin']);
    await call('PATCH', `/api/admin/releases/${release.id}`, 400, {});
    await call('PATCH', `/api/admin/releases/${crypto.randomUUID()}`, 404, { title: 'X' });
  });

  it('keeps an upcoming release out of Top Releases until midnight of its date, when cached answers expire too', async () => {
    const upcoming = await create(aRelease({ title: 'Tomorrowland Dub', release_date: '2026-11-25', catalog_number: 'BLDR902' }));
    // Pinned, it would top the list the moment it is out.
    await call('PATCH', `/api/admin/releases/${upcoming.id}`, 200, { pinned: true });
    const moment = new Date('2026-11-25T00:00:00.000Z');
    const top = () => call<PagedList<RankedRelease>>('GET', '/api/labels/buildit-records/top-releases?limit=5', 200);
    const list = () => call<PagedList<Release>>('GET', '/api/releases?label=buildit-records&limit=3', 200);

    t.setNow(new Date(moment.getTime() - 1000));
    expect((await top()).data.map((r) => r.id)).not.toContain(upcoming.id);
    const announced = (await list()).data.find((r) => r.id === upcoming.id);
    expect(announced).toMatchObject({ upcoming: true, public_at: moment.toISOString() });
    expect((await publicRelease(upcoming.id)).upcoming).toBe(true);

    // One second later, within a cached answer's 5 s: the answers made before midnight are not served.
    t.setNow(moment);
    expect((await top()).data[0]?.id).toBe(upcoming.id);
    expect((await list()).data.find((r) => r.id === upcoming.id)?.upcoming).toBe(false);
    expect((await publicRelease(upcoming.id)).upcoming).toBe(false);
    t.setNow(now);
  });
});
