import { PassThrough } from 'node:stream';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importMessages, type AdminLabelsResponse, type ImportJob, type ImportStartedResponse } from '../../src/shared/api/admin-import.js';
import type { ErrorResponse } from '../../src/shared/api/common.js';
import { uploadMessages } from '../../src/shared/api/uploads.js';
import { queryRows, type Db } from '../../src/server/db/client.js';
import { activityLog, artists, importJobs, releases, tracks } from '../../src/server/db/schema.js';
import { createSpotifyCatalogClient } from '../../src/server/modules/catalog-import/spotify/spotify-catalog-client.js';
import { createOrResetAdmin } from '../../src/server/modules/staff/admin-auth.service.js';
import { startFakeSpotify, type FakeSpotify } from '../fakes/fake-spotify.js';
import { createAdminTestApp, testAdmin } from '../helpers/admin-test-app.js';
import { Gate } from '../helpers/gate.js';
import { aDemoArtist, aDemoTrack } from '../helpers/demo-builders.js';
import type { AppDeps } from '../../src/server/app-deps.js';
import { readFixtureCsv } from '../helpers/test-app.js';
import { openSameDatabase, testDatabaseKinds } from '../helpers/test-database.js';

const now = new Date('2026-11-21T12:00:00Z');
const fixture = readFixtureCsv();

/** A multipart body as a browser's FormData sends it. */
async function multipart(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
  const form = new FormData();
  for (const p of parts) {
    if (p.filename === undefined) form.append(p.name, String(p.value));
    else form.append(p.name, new Blob([typeof p.value === 'string' ? p.value : new Uint8Array(p.value)], { type: p.type ?? 'text/csv' }), p.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') as string };
}

const csvFile = (value: string | Buffer, filename = 'inventory.csv', type = 'text/csv') => ({ name: 'file', value, filename, type });

async function tableCounts(db: Db) {
  const of = async (table: typeof releases | typeof tracks | typeof artists | typeof importJobs | typeof activityLog) =>
    (await db.select({ n: count() }).from(table))[0]?.n;
  return { releases: await of(releases), tracks: await of(tracks), artists: await of(artists), jobs: await of(importJobs), activity: await of(activityLog) };
}

async function openApp(kind: (typeof testDatabaseKinds)[number], options: { withCatalog: boolean; spotify?: Partial<AppDeps> }) {
  const t = await createAdminTestApp(kind, { now, deps: options.spotify, from: options.withCatalog ? 'distributor-catalog' : undefined });
  const { auth } = t;
  return {
    t,
    auth,
    upload: async (parts: Parameters<typeof multipart>[0], headers: Record<string, string> = auth) => {
      const body = await multipart(parts);
      return t.app.inject({ method: 'POST', url: '/api/admin/import-catalog', payload: body.payload, headers: { ...headers, 'content-type': body.contentType } });
    },
    importTracks: (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/admin/import-tracks', payload: payload as object, headers: auth }),
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: auth }),
    /** Polls the job until `isDone` says so (the job runs on after the 202). */
    poll: async (id: string, isDone: (job: ImportJob) => boolean = (job) => job.status !== 'running'): Promise<ImportJob> => {
      for (let attempt = 0; attempt < 3000; attempt += 1) {
        const res = await t.app.inject({ method: 'GET', url: `/api/admin/import-jobs/${id}`, headers: auth });
        expect(res.statusCode, res.body).toBe(200);
        const job = res.json<{ data: ImportJob }>().data;
        if (isDone(job)) return job;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`job ${id} did not get there`);
    },
  };
}

describe.each(testDatabaseKinds)('admin catalog upload on $name', (kind) => {
  let api: Awaited<ReturnType<typeof openApp>>;

  beforeAll(async () => {
    api = await openApp(kind, { withCatalog: false });
  });
  afterAll(async () => {
    await api?.t.close();
  });

  it('refuses a bad upload with 400 naming the field (413 when too big) and imports nothing', async () => {
    const before = await tableCounts(api.t.database.db);
    const header = fixture.split('\n')[0] as string;
    const refused: [string, Awaited<ReturnType<typeof api.upload>>, number, string, string][] = [
      ['no file', await api.upload([{ name: 'label', value: 'deep' }]), 400, 'file', importMessages.fileMissing],
      ['empty file', await api.upload([csvFile('')]), 400, 'file', importMessages.fileEmpty],
      ['not a CSV', await api.upload([csvFile('%PDF-1.7', 'catalog.pdf', 'application/pdf')]), 400, 'file', importMessages.fileNotCsv],
      ['binary', await api.upload([csvFile(Buffer.from([0xff, 0xfe, 0x00, 0x41]))]), 400, 'file', importMessages.fileNotText],
      ['header only', await api.upload([csvFile(`${header}\n`)]), 400, 'file', importMessages.fileWithoutRows],
      ['wrong columns', await api.upload([csvFile(fixture.replace(',ISRC,', ',Code,'))]), 400, 'file', 'Missing columns: ISRC'],
      ['bad label', await api.upload([{ name: 'label', value: 'jazz' }, csvFile(fixture)]), 400, 'label', 'Invalid label: jazz'],
      ['ragged rows', await api.upload([csvFile(`${header}\n"","",""\n`)]), 400, 'file', expect.stringContaining('The file is not a readable CSV: Invalid Record Length')],
      ['10 MB of blank rows', await api.upload([csvFile(`${header}\n${',,,,,,,,,,,,,,,,,,\n'.repeat(550_000)}`)]), 400, 'file', importMessages.fileWithoutRows],
      ['too big', await api.upload([csvFile(Buffer.alloc(10 * 1024 * 1024 + 1, 'a'))]), 413, 'file', importMessages.fileTooLarge],
    ];
    for (const [name, res, status, field, message] of refused) {
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json<ErrorResponse>(), name).toMatchObject({ success: false, message, field });
    }
    const json = await api.t.app.inject({
      method: 'POST',
      url: '/api/admin/import-catalog',
      // A small JSON body: one over the default body limit is refused with 413 before it is read.
      payload: { file: fixture.slice(0, 1000) },
      headers: api.auth,
    });
    expect(json.statusCode).toBe(400);
    expect(json.json<ErrorResponse>().field).toBe('file');
    const malformed = {
      'cut short': ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nUPC,ISRC'],
      'no boundary': ['multipart/form-data', '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--x--'],
      'broken part headers': ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition\r\n\r\nabc\r\n--x--\r\n'],
    };
    for (const [name, [contentType, payload]] of Object.entries(malformed)) {
      const res = await api.t.app.inject({ method: 'POST', url: '/api/admin/import-catalog', payload, headers: { ...api.auth, 'content-type': contentType } });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json<ErrorResponse>(), name).toMatchObject({ success: false, field: 'file' });
    }
    const anonymous = await api.upload([csvFile(fixture)], {});
    expect(anonymous.statusCode).toBe(401);
    expect(await tableCounts(api.t.database.db)).toEqual(before);
  });

  it('imports the distributor export as a job: 202, then the report, the catalog and the activity entry', async () => {
    const res = await api.upload([csvFile(fixture, 'distributor-inventory-export.csv')]);
    expect(res.statusCode, res.body).toBe(202);
    const { job } = res.json<ImportStartedResponse>();
    expect(job).toMatchObject({ kind: 'catalog-csv', status: 'running', file_name: 'distributor-inventory-export.csv', actor: 'alice', label_id: null, done: 0, total: 544, report: null });

    // Polled while the import's transaction runs (on PGlite it holds the only connection): the rows rise,
    // a batch of 250 at a time. Back to back, each poll answered from this instance's memory: a batch on an
    // idle PostgreSQL takes less than the 10 ms between api.poll's polls (CI saw one of the two in between).
    const seen: number[] = [];
    let finished: ImportJob | undefined;
    while (!finished) {
      const res = await api.get(`/api/admin/import-jobs/${job.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const polled = res.json<{ data: ImportJob }>().data;
      if (polled.status !== 'running') finished = polled;
      else if (seen.at(-1) !== polled.done) seen.push(polled.done);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.filter((done) => done > 0 && done < 544).length).toBeGreaterThanOrEqual(2);
    expect(finished).toMatchObject({ status: 'succeeded', done: 544, total: 544, message: null, finished_at: now.toISOString() });
    // The importer's own tests hold the same figures (src/server/modules/catalog-import/importer/catalog-importer.test.ts).
    expect(finished.report).toEqual({
      rows: 544,
      totalReleasesImported: 278,
      totalTracksImported: 542,
      totalArtistsImported: 266,
      created: { releases: 278, tracks: 542, artists: 266 },
      updated: { releases: 0, tracks: 0, artists: 0 },
      rejected: [
        { line: 544, reason: expect.stringMatching(/no song name and no ISRC/) },
        { line: 545, reason: expect.stringMatching(/no song name and no ISRC/) },
      ],
      // Every warning with its line and message (issue 35), in line order.
      warnings: expect.arrayContaining([{ line: expect.any(Number), message: expect.any(String) }]),
      catalogNumbersNotTaken: [],
      skipped: 0,
    });
    const warnings = (finished.report as { warnings: { line: number; message: string }[] }).warnings;
    expect(warnings).toHaveLength(16);
    expect(warnings.map((w) => w.line)).toEqual([...warnings.map((w) => w.line)].sort((a, b) => a - b));
    expect(warnings.every((w) => w.line > 1 && w.line <= 545 && w.message.length > 0)).toBe(true);
    expect(await tableCounts(api.t.database.db)).toMatchObject({ releases: 278, tracks: 542, artists: 266, jobs: 1 });
    const [entry] = await api.t.database.db.select().from(activityLog).where(eq(activityLog.kind, 'catalog.import'));
    expect(entry).toMatchObject({ actor: 'alice', subjectId: job.id, occurredAt: now });
    expect(entry?.summary).toBe('Imported "distributor-inventory-export.csv": 278 releases, 542 tracks, 266 artists, 2 rows rejected');
  });

  it('changes nothing on a second upload of the same file, and imports one label when asked', async () => {
    const before = await api.t.database.db.select().from(tracks).orderBy(tracks.id);
    const again = await api.poll((await api.upload([csvFile(fixture)])).json<ImportStartedResponse>().job.id);
    expect(again.report).toMatchObject({ created: { releases: 0, tracks: 0, artists: 0 }, updated: { releases: 0, tracks: 0, artists: 0 } });
    expect(await api.t.database.db.select().from(tracks).orderBy(tracks.id)).toEqual(before);

    const deep = await api.upload([{ name: 'label', value: '3' }, csvFile(fixture)]);
    const job = await api.poll(deep.json<ImportStartedResponse>().job.id);
    expect(job).toMatchObject({ label_id: 'buildit-deep', status: 'succeeded' });
    expect(job.report).toMatchObject({ totalReleasesImported: 16, totalTracksImported: 20, skipped: 524, rejected: [] });
  });

  it('lists recent jobs, and answers 404 for an unknown job', async () => {
    const res = await api.get('/api/admin/import-jobs?limit=2');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: ImportJob[]; total: number }>();
    // The test clock stands still, so the three jobs share their start time: only the count is certain.
    expect(body).toMatchObject({ total: 3, offset: 0, limit: 2 });
    expect(body.data).toHaveLength(2);
    for (const job of body.data) expect(job).toMatchObject({ kind: 'catalog-csv', status: 'succeeded', actor: 'alice' });
    expect((await api.get('/api/admin/import-jobs?limit=0')).json<ErrorResponse>().field).toBe('limit');
    for (const id of ['0b0c0d0e-1111-4222-8333-444455556666', 'not-a-uuid']) {
      const missing = await api.get(`/api/admin/import-jobs/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json<ErrorResponse>().message).toBe(`Import job not found: ${id}`);
    }
  });

  it('answers 503 for "Import tracks" without Spotify credentials, and says so on the labels', async () => {
    const res = await api.importTracks({ labelId: 'deep' });
    expect(res.statusCode).toBe(503);
    expect(res.json<ErrorResponse>().message).toBe(importMessages.spotifyNotConfigured);
    const labels = (await api.get('/api/admin/labels')).json<AdminLabelsResponse>();
    expect(labels.enrichment).toEqual({ is_available: false, reason: importMessages.spotifyNotConfigured });
  });

  it('imports a file that gives a release a catalog number another release of its label has: the job succeeds, the release keeps its own, the report lists the row', async () => {
    // Line 9 is the radio mix of "Lose Minds" (line 8, BLDR191), BLDR191A in the export.
    const lines = fixture.split('\n');
    lines[8] = (lines[8] as string).replace('BLDR191A', 'bldr191');
    const job = await api.poll((await api.upload([csvFile(lines.join('\n'))])).json<ImportStartedResponse>().job.id);
    expect(job).toMatchObject({ status: 'succeeded', message: null });
    expect(job.report).toMatchObject({
      warnings: expect.arrayContaining([{ line: 9, message: 'catalog number bldr191 is already on "Lose Minds" (line 8) in this label: the release keeps BLDR191A' }]),
      catalogNumbersNotTaken: [{ line: 9, reason: 'catalog number bldr191 is already on "Lose Minds" (line 8) in this label: the release keeps BLDR191A' }],
      updated: { releases: 0, tracks: 0, artists: 0 },
    });
    const [radioMix] = await api.t.database.db.select().from(releases).where(eq(releases.upc, '198622817752'));
    expect(radioMix?.catalogNumber).toBe('BLDR191A');
  });
});

describe.each(testDatabaseKinds)('the upload rules of the catalog upload on $name', (kind) => {
  let api: Awaited<ReturnType<typeof openApp>>;

  beforeAll(async () => {
    api = await openApp(kind, { withCatalog: false });
  });
  afterAll(async () => {
    await api?.t.close();
  });

  /** An upload whose body arrives only as far as `sent` bytes until the test sends the rest. */
  async function stalledUpload(options: { sent: number; contentLength?: (full: number) => number | undefined }) {
    const body = await multipart([csvFile(fixture)]);
    const stream = new PassThrough();
    stream.write(body.payload.subarray(0, options.sent));
    const length = options.contentLength ? options.contentLength(body.payload.length) : body.payload.length;
    const headers: Record<string, string> = { ...api.auth, 'content-type': body.contentType };
    if (length !== undefined) headers['content-length'] = String(length);
    const answer = api.t.app.inject({ method: 'POST', url: '/api/admin/import-catalog', payload: stream, headers });
    return { answer, finish: () => stream.end(body.payload.subarray(options.sent)) };
  }

  it('refuses a file name with a NUL byte, another control character or a path separator with 400 naming file', async () => {
    const before = await tableCounts(api.t.database.db);
    for (const name of ['inven\u0000tory.csv', 'inventory\u0007.csv', 'inventory\u007f.csv', '../inventory.csv', 'exports/inventory.csv', 'C:\\exports\\inventory.csv', `${'a'.repeat(252)}.csv`]) {
      const res = await api.upload([csvFile(fixture, name)]);
      expect(res.statusCode, `${JSON.stringify(name)}: ${res.body}`).toBe(400);
      expect(res.json<ErrorResponse>(), JSON.stringify(name)).toMatchObject({ success: false, field: 'file', message: uploadMessages.fileNameInvalid });
    }
    expect(await tableCounts(api.t.database.db)).toEqual(before);
  });

  it('answers 411 to an upload that does not state its length, and 413 to one that states too much, before reading it', async () => {
    const unstated = await stalledUpload({ sent: 100, contentLength: () => undefined });
    const tooLong = await stalledUpload({ sent: 100, contentLength: () => 11 * 1024 * 1024 });
    const answers = [await unstated.answer, await tooLong.answer];
    unstated.finish();
    tooLong.finish();
    expect(answers.map((res) => [res.statusCode, res.json<ErrorResponse>().field])).toEqual([
      [411, 'file'],
      [413, 'file'],
    ]);
    expect(answers[0]?.json<ErrorResponse>().message).toBe(uploadMessages.lengthRequired);
    expect(answers[1]?.json<ErrorResponse>().message).toBe(importMessages.fileTooLarge);
  });

  it('of ten uploads at once, nine get 409 before their bodies arrive, and the tenth imports', async () => {
    const uploads = await Promise.all(Array.from({ length: 10 }, () => stalledUpload({ sent: 200 })));
    const answered = new Map<number, Awaited<(typeof uploads)[number]['answer']>>();
    uploads.forEach((upload, i) => void upload.answer.then((res) => answered.set(i, res)));
    for (const deadline = Date.now() + 20_000; answered.size < 9 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answered.size).toBe(9);
    for (const res of answered.values()) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<ErrorResponse>().message).toBe(importMessages.alreadyRunning);
    }
    const winner = uploads.findIndex((_, i) => !answered.has(i));
    for (const upload of uploads) upload.finish();
    const res = await (uploads[winner] as (typeof uploads)[number]).answer;
    expect(res.statusCode, res.body).toBe(202);
    const job = await api.poll(res.json<ImportStartedResponse>().job.id);
    expect(job).toMatchObject({ status: 'succeeded', total: 544 });
    expect(await tableCounts(api.t.database.db)).toMatchObject({ jobs: 1 });
  });
});

describe.each(testDatabaseKinds)('admin "Import tracks" (Spotify enrichment) and labels on $name', (kind) => {
  let api: Awaited<ReturnType<typeof openApp>>;
  let fake: FakeSpotify;
  const gate = new Gate();
  const sleeps: number[] = [];
  let isTokenEndpointDown = false;
  const cover = (size: number) => ({ url: `https://i.scdn.co/image/cover-${size}`, height: size, width: size });

  beforeAll(async () => {
    fake = await startFakeSpotify();
    // Two Build It Deep releases by UPC; a third deep track sits on an album whose UPC is not ours.
    fake.addAlbum({
      upc: '198622815086',
      name: 'Saoul en Merd',
      images: [cover(300), cover(640), cover(64)],
      artists: [{ name: 'Rance & Maff', images: [cover(160), cover(320)], genres: ['deep house'], followers: 1200, popularity: 31 }],
      tracks: [
        { isrc: 'QZZ8A2438287', name: 'Saoul en Merd', duration_ms: 472_000, preview_url: 'https://p.scdn.co/mp3-preview/saoul' },
        { isrc: 'QZZ8A2438288', name: 'Saoul en Merd - Anmol Jhanb Remix', duration_ms: 330_000, artists: [{ name: 'Rance & Maff' }, { name: 'Anmol Jhanb' }] },
      ],
    });
    fake.addAlbum({
      upc: '195039006076',
      name: 'Splinter',
      artists: [{ name: 'MarQ', genres: ['melodic techno'] }],
      tracks: [{ isrc: 'GBRKQ2184845', name: 'Splinter', duration_ms: 413_000 }],
    });
    fake.addAlbum({ upc: '5054316000017', name: 'Progressive Selection', artists: [{ name: 'POSYDON' }], tracks: [{ isrc: 'GBRKQ2106128', name: 'Special Love', duration_ms: 447_000 }] });
    const client = createSpotifyCatalogClient({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      accountsUrl: fake.accountsUrl,
      apiUrl: fake.apiUrl,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      fetch: async (input, init) => {
        const url = new URL(String(input));
        if (isTokenEndpointDown && url.pathname === '/api/token') return new Response('{"error":"server_error"}', { status: 503 });
        if (url.pathname === '/v1/search' && url.searchParams.get('type') === 'album') await gate.pass();
        return fetch(input, init);
      },
    });
    api = await openApp(kind, { withCatalog: true, spotify: { spotifyCatalog: client } });
  });
  afterAll(async () => {
    await api?.t.close();
    await fake?.close();
  });

  const spotifyIdsStored = async () => (await api.t.database.db.select({ n: count() }).from(tracks).where(isNotNull(tracks.spotifyId)))[0]?.n;
  const start = async (labelId: unknown) => {
    const res = await api.importTracks({ labelId });
    expect(res.statusCode, res.body).toBe(202);
    return res.json<ImportStartedResponse>();
  };

  it('refuses a bad labelId with 400 naming it', async () => {
    for (const payload of [{ labelId: 'jazz' }, { labelId: 9 }, {}]) {
      const res = await api.importTracks(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorResponse>().field).toBe('labelId');
    }
    expect((await api.importTracks({ labelId: 'jazz' })).json<ErrorResponse>().message).toBe('Invalid label: jazz');
  });

  it('fails the job with the product\'s messages when Spotify refuses the token or answers 500, storing nothing', async () => {
    isTokenEndpointDown = true;
    const noToken = await api.poll((await start('deep')).job.id);
    isTokenEndpointDown = false;
    expect(noToken).toMatchObject({ status: 'failed', message: 'Failed to get access token', report: null, done: 0, total: 16 });

    fake.failNext(500);
    const serverError = await api.poll((await start('buildit-deep')).job.id);
    expect(serverError).toMatchObject({ status: 'failed', message: 'Spotify API error: Internal Server Error', report: null });
    expect(await spotifyIdsStored()).toBe(0);
    const entries = await api.t.database.db.select().from(activityLog).where(eq(activityLog.kind, 'catalog.enrichment'));
    expect(entries).toEqual([]);
  });

  it('reports progress release by release, refuses a second import while it runs (409), and stores the matches', async () => {
    // Ours where Spotify has nothing: a picture for Splinter, a preview for its first track, genres for MarQ.
    const db = api.t.database.db;
    await db.update(releases).set({ artworkUrl: '/media/covers/splinter.jpg' }).where(eq(releases.upc, '195039006076'));
    await db.update(tracks).set({ previewUrl: '/media/previews/splinter.mp3' }).where(eq(tracks.isrc, 'GBRKQ2184845'));
    await db.update(artists).set({ genres: ['Progressive House'] }).where(eq(artists.id, 'marq'));

    gate.close();
    const started = await start(3);
    expect(started).toMatchObject({ success: true, job: { kind: 'spotify-enrichment', status: 'running', label_id: 'buildit-deep', actor: 'alice', total: 16 } });
    const id = started.job.id;
    for (const step of [1, 2, 3]) {
      gate.step();
      const job = await api.poll(id, (j) => j.done === step);
      expect(job).toMatchObject({ status: 'running', done: step, total: 16 });
    }
    const busy = [await api.importTracks({ labelId: 'tech' }), await api.upload([csvFile(fixture)])];
    for (const res of busy) {
      expect(res.statusCode).toBe(409);
      expect(res.json<ErrorResponse>().message).toBe(importMessages.alreadyRunning);
    }
    // Only the token that started the job reads it without the full check: others need a live session.
    const other = (await api.t.app.inject({ method: 'POST', url: '/api/admin/login', payload: testAdmin })).json<{ token: string }>().token;
    const asOther = (token?: string) =>
      api.t.app.inject({ method: 'GET', url: `/api/admin/import-jobs/${id}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect((await asOther(other)).json<{ data: ImportJob }>().data).toMatchObject({ status: 'running', done: 3 });
    await api.t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { authorization: `Bearer ${other}` } });
    expect((await asOther(other)).statusCode).toBe(401);
    expect((await asOther()).statusCode).toBe(401);
    const listed = (await api.get('/api/admin/import-jobs')).json<{ data: ImportJob[] }>().data;
    expect(listed.find((j) => j.id === id)).toMatchObject({ status: 'running', done: 3 });
    // The fourth release's album search, waiting at the gate, is answered 429 first.
    fake.failNext(429, { retryAfter: 2 });
    gate.open();

    const finished = await api.poll(id);
    expect(finished).toMatchObject({ status: 'succeeded', done: 16, total: 16, message: null });
    expect(finished.report).toEqual({
      success: true,
      message: 'Matched 2 of 16 releases, 4 of 20 tracks and 4 artists of Build It Deep on Spotify.',
      details: { totalReleasesImported: 2, totalTracksImported: 4, totalArtistsImported: 4 },
    });
    // The 429 was waited out through the client's sleep, as Retry-After asked.
    expect(sleeps).toEqual([2000]);

    const release = async (upc: string) => (await db.select().from(releases).where(eq(releases.upc, upc)))[0];
    expect(await release('198622815086')).toMatchObject({ spotifyUrl: expect.stringMatching(/^https:\/\/open\.spotify\.com\/album\//), artworkUrl: cover(640).url });
    expect(await release('195039006076')).toMatchObject({ spotifyId: expect.any(String), artworkUrl: '/media/covers/splinter.jpg' });
    expect((await release('193872403946'))?.spotifyId).toBeNull();
    const track = async (isrc: string) => (await db.select().from(tracks).where(eq(tracks.isrc, isrc)))[0];
    expect(await track('QZZ8A2438287')).toMatchObject({ spotifyUrl: expect.stringMatching(/\/track\//), previewUrl: 'https://p.scdn.co/mp3-preview/saoul' });
    expect(await track('GBRKQ2184845')).toMatchObject({ spotifyId: expect.any(String), previewUrl: '/media/previews/splinter.mp3' });
    expect((await track('GBRKQ2106128'))?.spotifyId).toEqual(expect.any(String));
    expect((await track('GBRKQ2184846'))?.spotifyId).toBeNull();
    const artist = async (id: string) => (await db.select().from(artists).where(eq(artists.id, id)))[0];
    expect(await artist('rance-maff')).toMatchObject({ imageUrl: cover(320).url, genres: ['deep house'], followers: 1200, popularity: 31 });
    // Spotify gives most apps no followers or popularity: nothing is made up.
    expect(await artist('anmol-jhanb')).toMatchObject({ spotifyId: expect.any(String), imageUrl: null, genres: [], followers: null, popularity: null });
    expect(await artist('marq')).toMatchObject({ spotifyId: expect.any(String), genres: ['Progressive House'] });
    expect((await artist('posydon'))?.spotifyUrl).toMatch(/\/artist\//);

    const [entry] = await db.select().from(activityLog).where(eq(activityLog.kind, 'catalog.enrichment'));
    expect(entry).toMatchObject({ actor: 'alice', subjectId: id, summary: 'Spotify enrichment of Build It Deep: 2 releases, 4 tracks, 4 artists matched' });
  });

  it('lets no ended session read a running job: not after logout, not after a password change, not the starter', async () => {
    await createOrResetAdmin(api.t.database.db, 'bob', 'bob password 1', now);
    const logIn = async () =>
      (await api.t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'bob', password: 'bob password 1' } })).json<{ token: string }>().token;
    const read = (id: string, token: string) => api.t.app.inject({ method: 'GET', url: `/api/admin/import-jobs/${id}`, headers: { authorization: `Bearer ${token}` } });
    const startAs = async (token: string) => {
      const res = await api.t.app.inject({ method: 'POST', url: '/api/admin/import-tracks', payload: { labelId: 'deep' }, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, res.body).toBe(202);
      return res.json<ImportStartedResponse>().job.id;
    };

    gate.close();
    const starter = await logIn();
    const loggedOut = await startAs(starter);
    expect((await read(loggedOut, starter)).statusCode).toBe(200);
    expect((await api.t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { authorization: `Bearer ${starter}` } })).statusCode).toBe(200);
    expect((await read(loggedOut, starter)).statusCode).toBe(401);
    gate.open();
    expect(await api.poll(loggedOut)).toMatchObject({ status: 'succeeded' });

    gate.close();
    const second = await logIn();
    const changed = await startAs(second);
    expect((await read(changed, second)).statusCode).toBe(200);
    const other = await logIn();
    const change = await api.t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      payload: { currentPassword: 'bob password 1', newPassword: 'bob password 2' },
      headers: { authorization: `Bearer ${other}` },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await read(changed, second)).statusCode).toBe(401);
    expect((await read(changed, change.json<{ token: string }>().token)).statusCode).toBe(200);
    gate.open();
    expect(await api.poll(changed)).toMatchObject({ status: 'succeeded' });
  });

  it('changes nothing when run again', async () => {
    const before = await api.t.database.db.select().from(tracks).orderBy(tracks.id);
    const again = await api.poll((await start('deep')).job.id);
    expect(again.kind === 'spotify-enrichment' && again.report?.details).toEqual({ totalReleasesImported: 2, totalTracksImported: 4, totalArtistsImported: 4 });
    expect(await api.t.database.db.select().from(tracks).orderBy(tracks.id)).toEqual(before);
  });

  it('lists the labels with live counts and Spotify available', async () => {
    for (const artist of ['Mara Q', 'Nova Tide']) {
      const demo = { label: 'deep', artist: aDemoArtist({ name: artist, email: `${artist.replace(' ', '')}@example.com` }), track: aDemoTrack(), termsAccepted: true };
      expect((await api.t.app.inject({ method: 'POST', url: '/api/submit-demo', payload: demo })).statusCode).toBe(201);
    }
    const res = await api.get('/api/admin/labels');
    expect(res.statusCode).toBe(200);
    const body = res.json<AdminLabelsResponse>();
    expect(body.enrichment).toEqual({ is_available: true, reason: null });
    const publicArtists = async (label: string) => (await api.t.app.inject({ url: `/api/artists?label=${label}&limit=1` })).json<{ total: number }>().total;
    expect(body.data).toEqual([
      { id: 'buildit-records', short: 'records', name: 'Build It Records', accent: '#02FF95', releases: 200, tracks: 438, artists: await publicArtists('records'), demos_new: 0, demos_total: 0 },
      { id: 'buildit-tech', short: 'tech', name: 'Build It Tech', accent: '#FF0000', releases: 62, tracks: 84, artists: await publicArtists('tech'), demos_new: 0, demos_total: 0 },
      { id: 'buildit-deep', short: 'deep', name: 'Build It Deep', accent: '#00BFFF', releases: 16, tracks: 20, artists: await publicArtists('deep'), demos_new: 2, demos_total: 2 },
    ]);
    expect(body.data.every((l) => l.artists > 0)).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('an import PostgreSQL ends to break a deadlock', () => {
  const postgres = testDatabaseKinds.find((kind) => kind.name === 'postgres')!;

  it('is run again and succeeds, and the staff write it met goes through too', { timeout: 60_000 }, async () => {
    const api = await openApp(postgres, { withCatalog: true });
    const other = await openSameDatabase(api.t.database);
    try {
      const upc = '198937087963';
      const renamed = fixture.replaceAll(`,${upc},"No More",`, `,${upc},"No More Again",`);
      const deadlocksSoFar = async () => (await queryRows<{ n: number }>(other.db, sql`select deadlocks::int as n from pg_stat_database where datname = current_database()`))[0]?.n ?? 0;
      const updaterOf = async () => (await queryRows<{ xmax: string }>(api.t.database.db, sql`select xmax::text from releases where upc = ${upc}`))[0]?.xmax;
      const before = await deadlocksSoFar();
      const updaterBefore = await updaterOf();
      const started = await api.upload([csvFile(renamed)]);
      expect(started.statusCode, started.body).toBe(202);
      const { job } = started.json<ImportStartedResponse>();

      // Another writer holds the job's row (the import writes it last, with its success), then waits for the
      // release the import has renamed: the import, waiting for the job's row last, is the one PostgreSQL ends.
      // This writer never looks for the deadlock itself (its deadlock_timeout is an hour).
      await other.db.transaction(async (tx) => {
        await tx.execute(sql`set local deadlock_timeout = '1h'`);
        await tx.execute(sql`select id from import_jobs where id = ${job.id} for update`);
        // Renamed by the import, in a savepoint of its transaction: the row as others see it names another
        // updater than before (its xmax).
        await vi.waitFor(async () => expect(await updaterOf()).not.toBe(updaterBefore), { timeout: 30_000, interval: 20 });
        await tx.execute(sql`update releases set title = title where upc = ${upc}`);
      });

      const finished = await api.poll(job.id);
      expect(finished).toMatchObject({ status: 'succeeded', message: null });
      expect(finished.report).toMatchObject({ updated: { releases: 1, tracks: 0, artists: 0 } });
      const [release] = await api.t.database.db.select({ title: releases.title }).from(releases).where(eq(releases.upc, upc));
      expect(release?.title).toBe('No More Again');
      // PostgreSQL counts the deadlock when the import's connection reports its statistics (within about 10 s idle).
      // Once, or twice when the import's second run reached the release before the other writer's update did (a
      // clean .ci/run on a loaded machine counted 2); the import runs 3 times at most, and the last one succeeded.
      await vi.waitFor(async () => expect(await deadlocksSoFar()).toBeGreaterThan(before), { timeout: 30_000, interval: 200 });
    } finally {
      await other.close();
      await api.t.close();
    }
  });
});
