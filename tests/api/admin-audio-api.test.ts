import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudioMatch, TrackAudio } from '../../src/shared/api/admin-audio.js';
import type { MediaUploadReport } from '../../src/shared/api/admin-media.js';
import type { Release } from '../../src/shared/api/catalog.js';
import type { Db } from '../../src/server/db/client.js';
import { buildApp } from '../../src/server/app.js';
import { activityLog, artDeletions, trackAudio, tracks } from '../../src/server/db/schema.js';
import { releaseTrackAudio } from '../../src/server/modules/media/audio/track-audio.repo.js';
import { folderMediaStore, s3MediaStore, type MediaStore } from '../../src/server/modules/media/index.js';
import { startFakeS3, type FakeS3 } from '../fakes/fake-s3.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { aConstantFlacBomb, aSineAiff, aSineFlac, aSineWav, decodeMp3 } from '../helpers/audio.js';
import { aPicture } from '../helpers/images.js';
import { testNow } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';
import { zipOf } from '../helpers/zip.js';

/** A recording the distributor export repeats on four releases (compilations). */
const sharedIsrc = 'USLZJ1568659';

interface Part {
  name: string;
  bytes: Buffer;
}

/** A multipart body as a browser's FormData sends it. */
async function multipart(parts: Part[]) {
  const form = new FormData();
  for (const p of parts) form.append('files', new Blob([new Uint8Array(p.bytes)], { type: 'application/octet-stream' }), p.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') as string };
}

async function upload(t: AdminTestApp, parts: Part[], headers: Record<string, string> = t.auth) {
  const body = await multipart(parts);
  return t.app.inject({ method: 'POST', url: '/api/admin/media', payload: body.payload, headers: { ...headers, 'content-type': body.contentType } });
}

/** The report of an upload of audio alone: every match is audio. */
async function report(t: AdminTestApp, parts: Part[]): Promise<Omit<MediaUploadReport, 'matched'> & { matched: AudioMatch[] }> {
  const res = await upload(t, parts);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json<{ data: MediaUploadReport }>().data;
  const audio = data.matched.filter((m) => m.kind === 'audio');
  expect(audio).toHaveLength(data.matched.length);
  return { ...data, matched: audio };
}

/** What an audio upload may change: every track's audio, preview and duration, the uploads, the activity log. */
async function audioState(db: Db) {
  const trackRows = await db
    .select({ id: tracks.id, audio: tracks.audioId, preview: tracks.previewUrl, duration: tracks.durationMs })
    .from(tracks)
    .orderBy(tracks.id);
  const [uploads] = await db.select({ n: count() }).from(trackAudio);
  const [activity] = await db.select({ n: count() }).from(activityLog);
  return { trackRows, uploads: uploads?.n, activity: activity?.n };
}

describe.each(testDatabaseKinds)('admin audio upload on $name', (kind) => {
  let t: AdminTestApp;
  let mediaDir: string;
  let store: MediaStore;

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), 'audio-api-'));
    store = folderMediaStore(mediaDir);
    // Replaced audio is swept at once (docs/decisions/0091's hour made 0), looked for every 100 ms.
    t = await createAdminTestApp(kind, { from: 'distributor-catalog', deps: { mediaStore: store, imageJobs: { deleteAfterMs: 0, pollMs: 100 } } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  /** The upload's job, followed until it ends (the cutter runs off the request path), as staff of `on` see it. */
  async function finished(id: string, on: Pick<AdminTestApp, 'app' | 'auth'> = t): Promise<TrackAudio> {
    let job: TrackAudio | undefined;
    await expect
      .poll(
        async () => {
          const res = await on.app.inject({ method: 'GET', url: `/api/admin/media/audio/${id}`, headers: on.auth });
          expect(res.statusCode, res.body).toBe(200);
          job = res.json<{ data: TrackAudio }>().data;
          return job.status;
        },
        { timeout: 30_000, interval: 50 },
      )
      .toMatch(/ready|failed/);
    return job!;
  }

  const tracksWith = (isrc: string) => t.database.db.select().from(tracks).where(eq(tracks.isrc, isrc)).orderBy(tracks.id);

  it('refuses what is no readable audio by name, reports a name that matches no track, and changes nothing', async () => {
    const before = await audioState(t.database.db);
    const data = await report(t, [
      { name: `${sharedIsrc}.wav`, bytes: Buffer.from('this is not audio, only words pretending') },
      { name: `${sharedIsrc}.flac`, bytes: aSineWav({ seconds: 2 }).subarray(0, 5000) },
      { name: 'ZZZZZ9999999.wav', bytes: aSineWav({ seconds: 1, channels: 1, sampleRate: 8000 }) },
    ]);
    expect(data.matched).toEqual([]);
    expect(data.refused).toEqual([
      { file: `${sharedIsrc}.wav`, reason: `${sharedIsrc}.wav is not a WAV, FLAC, AIFF or MP3 file` },
      { file: `${sharedIsrc}.flac`, reason: `${sharedIsrc}.flac is cut short: its header promises more audio than the file holds` },
    ]);
    expect(data.unmatched).toEqual([
      { file: 'ZZZZZ9999999.wav', reason: 'ZZZZZ9999999.wav names no track: name it by the ISRC (such as GBKPL1912345) or the track id' },
    ]);
    expect(await audioState(t.database.db)).toEqual(before);
  });

  it('serves a WAV named by ISRC on every track with that ISRC: an MP3 preview with Range, and the duration the catalog lacked', async () => {
    const shared = await tracksWith(sharedIsrc);
    expect(shared.length).toBeGreaterThan(1);
    const releaseIds = new Set(shared.map((tr) => tr.releaseId));
    expect(releaseIds.size).toBe(shared.length);
    // One of them has no length in the catalog: the upload's is stored.
    await t.database.db.update(tracks).set({ durationMs: null }).where(eq(tracks.id, shared[0]!.id));

    const data = await report(t, [{ name: `${sharedIsrc.toLowerCase()}.wav`, bytes: aSineWav({ seconds: 8, sampleRate: 22_050 }) }]);
    expect(data.refused).toEqual([]);
    expect(data.unmatched).toEqual([]);
    expect(data.matched).toHaveLength(1);
    const match = data.matched[0]!;
    expect(match.file).toBe(`${sharedIsrc.toLowerCase()}.wav`);
    expect(match.tracks.map((tr) => tr.id).sort()).toEqual(shared.map((tr) => tr.id).sort());

    const job = await finished(match.id);
    expect(job).toMatchObject({ status: 'ready', message: null, duration_ms: 8000 });
    expect(job.done).toBe(job.total);
    expect(job.total).toBeGreaterThan(0);

    const previewUrls = new Set<string>();
    for (const releaseId of releaseIds) {
      const res = await t.app.inject({ method: 'GET', url: `/api/releases/${releaseId}` });
      expect(res.statusCode).toBe(200);
      const track = res.json<{ data: Release }>().data.tracks?.find((tr) => tr.isrc === sharedIsrc);
      expect(track?.preview_url, releaseId).toMatch(/^\/media\/audio\/[0-9a-f]{64}\.mp3$/);
      previewUrls.add(track!.preview_url!);
    }
    // One recording, one window: one preview for all of them.
    expect(previewUrls.size).toBe(1);
    const [url] = [...previewUrls];

    const whole = await t.app.inject({ method: 'GET', url: url! });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const decoded = await decodeMp3(whole.rawPayload);
    expect(decoded.sampleRate).toBe(22_050);
    expect(decoded.samplesDecoded / 22_050).toBeCloseTo(8, 0);

    const part = await t.app.inject({ method: 'GET', url: url!, headers: { range: 'bytes=100-1099' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 1100))).toBe(true);

    const [stored] = await t.database.db.select({ duration: tracks.durationMs }).from(tracks).where(eq(tracks.id, shared[0]!.id));
    expect(stored?.duration).toBe(8000);
    const others = (await tracksWith(sharedIsrc)).filter((tr) => tr.id !== shared[0]!.id);
    expect(others.map((tr) => tr.durationMs)).toEqual(shared.slice(1).map((tr) => tr.durationMs));
    // ISRCs stay shared across releases: nothing was made unique.
    expect(await tracksWith(sharedIsrc)).toHaveLength(shared.length);
  });

  it('serves an AIFF named by track id on that track alone, cut where the track says', async () => {
    const [track] = await tracksWith('QZZ8B2454752');
    await t.database.db.update(tracks).set({ previewStartMs: 1000, previewLengthMs: 3000 }).where(eq(tracks.id, track!.id));
    const data = await report(t, [{ name: `${track!.id}.aif`, bytes: aSineAiff({ seconds: 10, sampleRate: 16_000, channels: 1 }) }]);
    expect(data.matched.map((m) => m.tracks.map((tr) => tr.id))).toEqual([[track!.id]]);
    // Named with its mix, one of No More's four (issue 35: "audio for No More").
    expect(data.matched[0]!.name).toBe('No More (Extended Mix)');
    const job = await finished(data.matched[0]!.id);
    expect(job.status).toBe('ready');
    const preview = job.tracks[0]!.preview_url!;
    const mp3 = (await t.app.inject({ method: 'GET', url: preview })).rawPayload;
    const decoded = await decodeMp3(mp3);
    expect(decoded.samplesDecoded / 16_000).toBeCloseTo(3, 0);
    // Mono stays mono: the first frame's channel mode (its fourth byte's top bits) is 3.
    expect(mp3[3]! >> 6).toBe(3);

    // Staff lengthen the window: the preview is cut again, by whichever instance takes the job.
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/admin/tracks/${track!.id}`, headers: t.auth, payload: { preview_length_ms: 6000 } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json<{ data: { preview_start_ms: number; preview_length_ms: number } }>().data).toMatchObject({ preview_start_ms: 1000, preview_length_ms: 6000 });
    const again = await finished(data.matched[0]!.id);
    const longer = again.tracks[0]!.preview_url!;
    expect(longer).not.toBe(preview);
    const recut = await decodeMp3((await t.app.inject({ method: 'GET', url: longer })).rawPayload);
    expect(recut.samplesDecoded / 16_000).toBeCloseTo(6, 0);
  });

  it('fails the job, naming the file, when audio that looked right cannot be decoded; the tracks keep what they had', async () => {
    const [track] = await tracksWith('QZZ8B2454763');
    // A FLAC's header (44.1 kHz, its length unknown, as a streaming encoder writes it) followed by noise: it passes
    // the first look, the cutter finds no frame.
    const streamInfo = Buffer.alloc(34);
    streamInfo.set([0x10, 0x00, 0x10, 0x00], 0);
    streamInfo.set([0x0a, 0xc4, 0x42, 0xf0], 10);
    const fake = Buffer.concat([Buffer.from('fLaC'), Buffer.from([0x80, 0, 0, 34]), streamInfo, Buffer.alloc(4000, 0x5a)]);
    const data = await report(t, [{ name: `${track!.isrc}.flac`, bytes: fake }]);
    const job = await finished(data.matched[0]!.id);
    expect(job).toMatchObject({ status: 'failed', message: `${track!.isrc}.flac could not be decoded (damaged or not audio)` });
    const [after] = await t.database.db.select({ preview: tracks.previewUrl }).from(tracks).where(eq(tracks.id, track!.id));
    expect(after?.preview).toBe(track!.previewUrl);
  });

  it('refuses a FLAC bomb from its header, before anything is stored or queued: past 3 hours, or past 64 samples a byte', async () => {
    const before = await audioState(t.database.db);
    // Issue 32's file: 178 KB of frames that each stand for 65,535 samples, 4.1 hours; and a short one of the same.
    const bomb = aConstantFlacBomb({ frames: 10_000 });
    expect(bomb.length).toBeLessThan(180_000);
    const data = await report(t, [
      { name: `${sharedIsrc}.flac`, bytes: bomb },
      { name: 'QZZ8B2454763.flac', bytes: aConstantFlacBomb({ frames: 200 }) },
    ]);
    expect(data.matched).toEqual([]);
    expect(data.refused).toEqual([
      { file: `${sharedIsrc}.flac`, reason: `${sharedIsrc}.flac is longer than 3 hours, the most a track may last` },
      {
        file: 'QZZ8B2454763.flac',
        reason: 'QZZ8B2454763.flac decodes to more than 64 samples for each byte of the file, which no recording does (long digital silence, or a file made to exhaust the server): send it as WAV or AIFF',
      },
    ]);
    expect(await audioState(t.database.db)).toEqual(before);
  });

  it('fails a job whose run died with its server (its lease ran out, never handed back) instead of running it again; a job handed back at shutdown runs', async () => {
    // A real upload, cut: its original is in the store, so running the job again would succeed.
    const cut = await report(t, [{ name: `${sharedIsrc}.wav`, bytes: aSineWav({ seconds: 2, channels: 1, sampleRate: 8000 }) }]);
    expect((await finished(cut.matched[0]!.id)).status).toBe('ready');
    const [original] = await t.database.db.select({ key: trackAudio.originalKey }).from(trackAudio).where(eq(trackAudio.id, cut.matched[0]!.id));
    const job = { originalKey: original!.key, actor: 'alice', status: 'cutting' as const, attempts: 1, createdAt: new Date(Date.now() - 60_000) };
    // Two jobs as a claim leaves them. One server was killed cutting its job (out of memory): its lease ran out, nobody
    // handed it back. The other shut down cleanly and handed its job back: that is no death, another instance runs it.
    const [died] = await t.database.db
      .insert(trackAudio)
      .values({ ...job, fileName: 'killed-it.flac', owner: 'killed-instance', leaseUntil: sql`now() - interval '1 second'` })
      .returning();
    const [handedBack] = await t.database.db
      .insert(trackAudio)
      .values({ ...job, fileName: 'handed-back.wav', owner: 'closing-instance', leaseUntil: sql`now() + interval '1 minute'` })
      .returning();
    await releaseTrackAudio(t.database.db, handedBack!.id, 'closing-instance');
    // An upload wakes this instance's cutter, which takes both.
    await report(t, [{ name: `${sharedIsrc}.wav`, bytes: aSineWav({ seconds: 1, channels: 1, sampleRate: 8000 }) }]);
    expect(await finished(died!.id)).toMatchObject({
      status: 'failed',
      message: 'killed-it.flac: cutting its preview stopped with the server that was cutting it (it crashed or ran out of memory); upload it again',
    });
    expect(await finished(handedBack!.id)).toMatchObject({ status: 'ready', message: null });
  });

  it('fails a job whose cutting process ran out of memory with a reason staff read, never runs it again, and the server lives on', async () => {
    // A server whose cutting process may hold 8 MB of JavaScript heap, less than its work takes (its code alone needs
    // some 12 to 16 MB): V8 ends that process, as it would one cutting a file that exhausts it. (With a worker
    // thread, before decision 0111, V8 sometimes aborted the whole server instead: the test's own process.)
    const small = await createAdminTestApp(kind, {
      from: 'distributor-catalog',
      // It looks for jobs only when it is given an upload: the other instance below takes its own.
      deps: { mediaStore: store, audioJobs: { processLimits: { oldSpaceMb: 8, semiSpaceMb: 2 }, pollMs: 3_600_000 } },
    });
    const previews = () => small.database.db.select({ id: tracks.id, preview: tracks.previewUrl }).from(tracks).where(eq(tracks.isrc, 'QZZ8B2454763')).orderBy(tracks.id);
    try {
      const before = await previews();
      const flac = await report(small, [{ name: 'QZZ8B2454763.flac', bytes: aSineFlac({ seconds: 4, channels: 2, sampleRate: 44_100 }) }]);
      const failed = await finished(flac.matched[0]!.id, small);
      expect(failed).toMatchObject({
        status: 'failed',
        message: 'QZZ8B2454763.flac: cutting its preview ran out of memory; send it as WAV or AIFF, which are read only where the preview lies',
      });
      expect(await previews()).toEqual(before);
      // The server lives: it answers, and takes the next upload.
      expect((await small.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ success: true, message: 'OK' });
      const next = await report(small, [{ name: `${sharedIsrc}.wav`, bytes: aSineWav({ seconds: 1, channels: 1, sampleRate: 8000 }) }]);
      expect((await finished(next.matched[0]!.id, small)).status).toBe('failed');

      // Another instance on the same database, whose process has the production limits, would cut that FLAC: it
      // cuts the upload it is given and leaves the failed job failed, never running it again.
      const other = await buildApp({ db: small.database.db, clock: () => testNow, jwtSecret: small.jwtSecret, mediaStore: store }, { logger: false });
      await other.ready();
      try {
        const asOther = { ...small, app: other };
        const good = await report(asOther, [{ name: `${sharedIsrc}.wav`, bytes: aSineWav({ seconds: 2, channels: 1, sampleRate: 8000 }) }]);
        expect((await finished(good.matched[0]!.id, asOther)).status).toBe('ready');
        expect(await finished(failed.id, asOther)).toEqual(failed);
      } finally {
        await other.close();
      }
    } finally {
      await small.close();
    }
  });

  it('takes audio and a cover in one zip into one report, each by its kind, and records one upload', async () => {
    const [track] = await tracksWith(sharedIsrc);
    const before = await audioState(t.database.db);
    const zip = await zipOf([
      { name: `${sharedIsrc}.wav`, bytes: aSineWav({ seconds: 2, channels: 1, sampleRate: 8000 }) },
      { name: `${track!.releaseId}.jpg`, bytes: await aPicture(600, 600) },
      { name: `${sharedIsrc}.mp3`, bytes: Buffer.from('no frames here') },
    ]);
    const res = await upload(t, [{ name: 'delivery.zip', bytes: zip }]);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: MediaUploadReport }>().data;
    expect(data.matched.map((m) => [m.file, m.kind])).toEqual([
      [`delivery.zip/${sharedIsrc}.wav`, 'audio'],
      [`delivery.zip/${track!.releaseId}.jpg`, 'release'],
    ]);
    expect(data.refused.map((m) => m.file)).toEqual([`delivery.zip/${sharedIsrc}.mp3`]);
    expect(data.unmatched).toEqual([]);
    const [audio] = data.matched.filter((m) => m.kind === 'audio');
    expect((await finished(audio!.id)).status).toBe('ready');
    const summary = `Uploaded 1 cover and 0 artist pictures, and audio for ${(await tracksWith(sharedIsrc)).length} tracks (1 file)`;
    expect(await t.database.db.select({ kind: activityLog.kind }).from(activityLog).where(eq(activityLog.summary, summary))).toEqual([{ kind: 'media.upload' }]);
    expect((await audioState(t.database.db)).activity).toBe((before.activity ?? 0) + 1);
  });

  it("deletes a track's replaced original and preview once nothing names them, and keeps an original another track still plays", async () => {
    const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
    const isStored = async (key: string) => (await store.stat(key)) !== undefined;
    const originalOf = async (id: string) => (await t.database.db.select().from(trackAudio).where(eq(trackAudio.id, id)))[0]!.originalKey;
    /** Uploads `bytes` named `name` and waits for its preview: the upload's id, its original's key and the first track's preview URL. */
    const cut = async (name: string, bytes: Buffer) => {
      const data = await report(t, [{ name, bytes }]);
      const job = await finished(data.matched[0]!.id);
      expect(job.status).toBe('ready');
      return { id: job.id, original: await originalOf(job.id), preview: job.tracks[0]!.preview_url! };
    };
    const [track] = await tracksWith('QZZ8B2454752');
    const first = await cut(`${track!.id}.wav`, aSineWav({ seconds: 4, channels: 1, sampleRate: 8000, hz: 330 }));
    expect(await isStored(first.original)).toBe(true);
    expect(await status(first.preview)).toBe(200);

    // New audio for the same track: its old original and preview go; the new ones stay.
    const second = await cut(`${track!.id}.wav`, aSineWav({ seconds: 4, channels: 1, sampleRate: 8000, hz: 550 }));
    expect(second.original).not.toBe(first.original);
    expect(second.preview).not.toBe(first.preview);
    await expect.poll(async () => [await isStored(first.original), await status(first.preview)], { timeout: 10_000 }).toEqual([false, 404]);
    expect([await isStored(second.original), await status(second.preview)]).toEqual([true, 200]);

    // Two files for the track in one upload: the first is replaced while queued (or cutting), so the sweep
    // keeps it then; once its job ends, its original goes too.
    const both = await report(t, [
      { name: `${track!.id}.wav`, bytes: aSineWav({ seconds: 4, channels: 1, sampleRate: 8000, hz: 1100 }) },
      { name: `${track!.id.toUpperCase()}.wav`, bytes: aSineWav({ seconds: 4, channels: 1, sampleRate: 8000, hz: 1300 }) },
    ]);
    const [early, late] = both.matched;
    expect((await finished(early!.id)).tracks).toEqual([]);
    expect((await finished(late!.id)).status).toBe('ready');
    await expect.poll(async () => isStored(await originalOf(early!.id)), { timeout: 10_000 }).toBe(false);
    expect(await isStored(await originalOf(late!.id))).toBe(true);

    // One recording on several releases: new audio for one of its tracks leaves the others' original and preview.
    const shared = await tracksWith(sharedIsrc);
    const everywhere = await cut(`${sharedIsrc}.wav`, aSineWav({ seconds: 4, channels: 1, sampleRate: 8000, hz: 770 }));
    const alone = await cut(`${shared[0]!.id}.wav`, aSineWav({ seconds: 4, channels: 1, sampleRate: 8000, hz: 990 }));
    expect(alone.original).not.toBe(everywhere.original);
    // The sweep has looked at it (its row is gone) and kept it.
    await expect.poll(async () => t.database.db.select().from(artDeletions).where(eq(artDeletions.name, everywhere.original)), { timeout: 10_000 }).toEqual([]);
    const [other] = await t.database.db.select({ preview: tracks.previewUrl }).from(tracks).where(eq(tracks.id, shared[1]!.id));
    expect(other!.preview).toBe(everywhere.preview);
    expect([await isStored(everywhere.original), await status(everywhere.preview)]).toEqual([true, 200]);
  });

  it('answers 401 without an admin token and 404 for an unknown upload', async () => {
    const res = await upload(t, [{ name: `${sharedIsrc}.wav`, bytes: aSineWav({ seconds: 1 }) }], {});
    expect(res.statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'GET', url: `/api/admin/media/audio/${crypto.randomUUID()}`, headers: t.auth });
    expect(missing.statusCode).toBe(404);
    expect(await t.database.db.select({ n: count() }).from(trackAudio).where(sql`${trackAudio.status} = 'queued'`)).toEqual([{ n: 0 }]);
  });
});

describe.each(testDatabaseKinds)('audio in S3-compatible storage on $name', (kind) => {
  let s3: FakeS3;
  let t: AdminTestApp;

  beforeAll(async () => {
    s3 = await startFakeS3();
    t = await createAdminTestApp(kind, { from: 'distributor-catalog', deps: { mediaStore: s3MediaStore(s3.settings) } });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('keeps the original and the preview in the bucket: another instance serves the preview, Range included', async () => {
    const data = await report(t, [{ name: `${sharedIsrc}.wav`, bytes: aSineWav({ seconds: 3, channels: 1, sampleRate: 8000 }) }]);
    const id = data.matched[0]!.id;
    let previewUrl: string | null | undefined;
    await expect
      .poll(
        async () => {
          const job = (await t.app.inject({ method: 'GET', url: `/api/admin/media/audio/${id}`, headers: t.auth })).json<{ data: TrackAudio }>().data;
          previewUrl = job.tracks[0]?.preview_url;
          return job.status;
        },
        { timeout: 30_000, interval: 50 },
      )
      .toBe('ready');
    expect(previewUrl).toMatch(/^\/media\/audio\/[0-9a-f]{64}\.mp3$/);
    // A second instance: the same database, a store of its own on the same bucket.
    const other = await buildApp({ db: t.database.db, clock: () => new Date(), mediaStore: s3MediaStore(s3.settings) }, { logger: false });
    try {
      const mine = await t.app.inject({ method: 'GET', url: previewUrl! });
      const theirs = await other.inject({ method: 'GET', url: previewUrl! });
      expect(theirs.statusCode).toBe(200);
      expect(theirs.headers['content-type']).toBe('audio/mpeg');
      expect(theirs.rawPayload.equals(mine.rawPayload)).toBe(true);
      const part = await other.inject({ method: 'GET', url: previewUrl!, headers: { range: 'bytes=10-109' } });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.equals(mine.rawPayload.subarray(10, 110))).toBe(true);
      expect(part.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      await other.close();
    }
  });
});
