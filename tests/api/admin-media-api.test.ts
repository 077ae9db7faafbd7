import { PassThrough, Readable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaMessages, type ImageMatch, type MediaUploadResponse } from '../../src/shared/api/admin-media.js';
import type { Release } from '../../src/shared/api/catalog.js';
import type { ErrorResponse } from '../../src/shared/api/common.js';
import { uploadMessages } from '../../src/shared/api/uploads.js';
import { buildApp } from '../../src/server/app.js';
import type { Db } from '../../src/server/db/client.js';
import { isListedArtist, isPublicRelease } from '../../src/server/db/public-releases.js';
import { activityLog, artists, releases } from '../../src/server/db/schema.js';
import { s3MediaStore } from '../../src/server/modules/media/index.js';
import { startFakeS3, type FakeS3 } from '../fakes/fake-s3.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { aDecompressionBomb, aPicture } from '../helpers/images.js';
import { testDatabaseKinds } from '../helpers/test-database.js';
import { finished, finishedAll, multipart, upload } from '../helpers/media-upload.js';
import { zipOf } from '../helpers/zip.js';

/** What an upload may change: every release's and artist's picture, and the activity log. */
async function pictures(db: Db) {
  const releaseArt = await db.select({ id: releases.id, url: releases.artworkUrl }).from(releases).orderBy(releases.id);
  const artistArt = await db.select({ id: artists.id, url: artists.imageUrl }).from(artists).orderBy(artists.id);
  const [activity] = await db.select({ n: count() }).from(activityLog);
  return { releaseArt, artistArt, activity: activity?.n };
}

async function releaseBy(db: Db, catalogNumber: string) {
  const [row] = await db.select().from(releases).where(eq(releases.catalogNumber, catalogNumber)).limit(1);
  if (!row) throw new Error(`no release ${catalogNumber}`);
  return row;
}

async function fetchImage(t: AdminTestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  const meta = await sharp(res.rawPayload).metadata();
  return { type: res.headers['content-type'], cache: res.headers['cache-control'], format: meta.format, width: meta.width, height: meta.height, bytes: res.rawPayload };
}

describe.each(testDatabaseKinds)('admin media upload on $name', (kind) => {
  let t: AdminTestApp;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await createAdminTestApp(kind, { from: 'distributor-catalog' });
    jpeg = await aPicture(900, 700, 'jpeg');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses each bad file by name with its reason, applies the good one beside them, and a wholly refused upload changes nothing', async () => {
    const before = await pictures(t.database.db);
    const refusedOnly = await upload(t, [
      { name: 'BLDR192.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"/>'), type: 'image/svg+xml' },
      { name: 'BLDR192.txt', bytes: Buffer.from('not a picture') },
      { name: 'BLDR192.gif', bytes: await aPicture(600, 600, 'gif'), type: 'image/gif' },
      { name: 'BLDR192.png', bytes: aDecompressionBomb(), type: 'image/png' },
      { name: 'BLDR192-small.jpg', bytes: await aPicture(499, 800), type: 'image/jpeg' },
      { name: 'NO-SUCH-RELEASE.jpg', bytes: jpeg, type: 'image/jpeg' },
    ]);
    expect(refusedOnly.statusCode, refusedOnly.body).toBe(200);
    const report = refusedOnly.json<MediaUploadResponse>().data;
    expect(report.matched).toEqual([]);
    expect(report.refused).toEqual([
      { file: 'BLDR192.svg', reason: `BLDR192.svg ${mediaMessages.notAnImage}` },
      { file: 'BLDR192.txt', reason: `BLDR192.txt ${mediaMessages.notAnImage}` },
      { file: 'BLDR192.gif', reason: `BLDR192.gif ${mediaMessages.notAnImage}` },
      { file: 'BLDR192.png', reason: `BLDR192.png ${mediaMessages.bomb(30_000, 30_000)}` },
      { file: 'BLDR192-small.jpg', reason: `BLDR192-small.jpg ${mediaMessages.tooSmall(499, 800)}` },
    ]);
    expect(report.unmatched).toEqual([{ file: 'NO-SUCH-RELEASE.jpg', reason: `NO-SUCH-RELEASE.jpg ${mediaMessages.unknownName}` }]);
    expect(await pictures(t.database.db)).toEqual(before);

    // The same bad files beside a good one: the good one is applied, the others still change nothing.
    const mixed = await upload(t, [
      { name: 'BLDR192.png', bytes: aDecompressionBomb(), type: 'image/png' },
      { name: 'bldr192.jpg', bytes: jpeg, type: 'image/jpeg' },
      { name: 'NO-SUCH-RELEASE.jpg', bytes: jpeg, type: 'image/jpeg' },
    ]);
    const mixedReport = mixed.json<MediaUploadResponse>().data;
    // The picture is made by a job: the answer names it and the URL it will have.
    expect((await finishedAll(t, mixedReport)).map((job) => job.status)).toEqual(['ready']);
    const release = await releaseBy(t.database.db, 'BLDR192');
    expect(mixedReport.matched).toEqual([
      {
        file: 'bldr192.jpg',
        kind: 'release',
        id: release.id,
        name: release.title,
        url: release.artworkUrl,
        job: { id: expect.any(String), status: 'queued', url: `/api/admin/media/images/${(mixedReport.matched[0] as ImageMatch).job!.id}` },
      },
    ]);
    expect(mixedReport.refused.map((r) => r.file)).toEqual(['BLDR192.png']);
    expect(mixedReport.unmatched.map((r) => r.file)).toEqual(['NO-SUCH-RELEASE.jpg']);
    const after = await pictures(t.database.db);
    expect(after.releaseArt.filter((r, i) => r.url !== before.releaseArt[i]?.url)).toEqual([{ id: release.id, url: release.artworkUrl }]);
    expect(after.artistArt).toEqual(before.artistArt);
    expect(after.activity).toBe((before.activity ?? 0) + 1);
  });

  it('refuses the request itself without files, without its length or without an admin token', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/admin/media', payload: { files: [] }, headers: t.auth });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ErrorResponse>()).toMatchObject({ field: 'files', message: mediaMessages.filesMissing });
    const body = await multipart([{ name: 'BLDR192.jpg', bytes: jpeg }]);
    // A stream: inject states no length for it. The first upload is held half sent: a second one waits for nothing.
    const unstated = await t.app.inject({ method: 'POST', url: '/api/admin/media', payload: Readable.from([body.payload]), headers: { ...t.auth, 'content-type': body.contentType } });
    expect(unstated.statusCode).toBe(411);
    expect(unstated.json<ErrorResponse>()).toMatchObject({ field: 'files', message: uploadMessages.lengthRequired });
    // Two uploads held half sent: the one that did not take this instance's slot is answered 409 at once.
    const headers = { ...t.auth, 'content-type': body.contentType, 'content-length': String(body.payload.length) };
    const stalled = [new PassThrough(), new PassThrough()];
    const answers = stalled.map((stream) => {
      stream.write(body.payload.subarray(0, 100));
      return t.app.inject({ method: 'POST', url: '/api/admin/media', payload: stream, headers });
    });
    const refused = await Promise.race(answers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorResponse>().message).toBe(mediaMessages.alreadyRunning);
    const tooLarge = await t.app.inject({ method: 'POST', url: '/api/admin/media', payload: body.payload, headers: { ...headers, 'content-length': String(2 ** 31) } });
    expect(tooLarge.statusCode).toBe(413);
    for (const stream of stalled) stream.end(body.payload.subarray(100));
    const ended = await Promise.all(answers);
    expect(ended.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    // The one upload read queued its cover: made before the catalog is reset below.
    for (const res of ended.filter((r) => r.statusCode === 200)) await finishedAll(t, res.json<MediaUploadResponse>().data);
    await t.database.db.update(releases).set({ artworkUrl: null });
    await t.database.db.delete(activityLog);
    const before = await pictures(t.database.db);
    expect((await upload(t, [{ name: 'BLDR192.jpg', bytes: jpeg }], {})).statusCode).toBe(401);
    expect(await pictures(t.database.db)).toEqual(before);
  });

  it('matches covers by catalog number, UPC and release id, artist pictures by name, inside a zip too, and reports what names two releases', async () => {
    const [first, second, third] = await t.database.db.select().from(releases).orderBy(releases.catalogNumber).limit(3);
    const [artist] = await t.database.db.select().from(artists).orderBy(artists.id).limit(1);
    // Two labels' releases sharing a catalog number (unique within a label only): a file named so is no match.
    await t.database.db.update(releases).set({ catalogNumber: 'SHARED-1', labelId: 'buildit-records' }).where(eq(releases.id, third!.id));
    await t.database.db.update(releases).set({ catalogNumber: 'SHARED-1', labelId: 'buildit-deep' }).where(eq(releases.id, second!.id));
    const zip = await zipOf([
      { name: 'covers/', bytes: Buffer.alloc(0) },
      { name: `covers/${second!.upc}.png`, bytes: await aPicture(600, 600, 'png', '#228844') },
      { name: `__MACOSX/covers/._${second!.upc}.png`, bytes: Buffer.from('resource fork') },
      { name: 'covers/SHARED-1.jpg', bytes: jpeg },
      { name: 'covers/inner.zip', bytes: await zipOf([]) },
    ]);
    const res = await upload(t, [
      { field: 'cover', name: `${first!.catalogNumber}.webp`, bytes: await aPicture(700, 700, 'webp', '#884422'), type: 'image/webp' },
      { field: 'anything', name: 'covers.zip', bytes: zip, type: 'application/zip' },
      { name: `${third!.id}.jpg`, bytes: jpeg, type: 'image/jpeg' },
      { name: `${artist!.name}.jpg`, bytes: jpeg, type: 'image/jpeg' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<MediaUploadResponse>().data;
    expect(report.matched.map(({ file, kind, id }) => ({ file, kind, id }))).toEqual([
      { file: `${first!.catalogNumber}.webp`, kind: 'release', id: first!.id },
      { file: `covers.zip/covers/${second!.upc}.png`, kind: 'release', id: second!.id },
      { file: `${third!.id}.jpg`, kind: 'release', id: third!.id },
      { file: `${artist!.name}.jpg`, kind: 'artist', id: artist!.id },
    ]);
    expect(report.unmatched).toEqual([{ file: 'covers.zip/covers/SHARED-1.jpg', reason: expect.stringContaining('names 2 releases') }]);
    expect(report.refused).toEqual([{ file: 'covers.zip/covers/inner.zip', reason: `covers.zip/covers/inner.zip ${mediaMessages.zipInZip}` }]);
    expect((await finishedAll(t, report)).map((job) => job.status)).toEqual(['ready', 'ready', 'ready', 'ready']);

    // The catalog answers the uploaded cover: a square WebP with its copies, kept a year; and a 1200×630 JPEG card drawn from it.
    const answer = await t.app.inject({ method: 'GET', url: `/api/releases/${second!.id}` });
    const artworkUrl = answer.json<{ data: Release }>().data.artwork_url!;
    expect(artworkUrl).toBe(report.matched[1]!.url);
    expect(await fetchImage(t, artworkUrl)).toMatchObject({ type: 'image/webp', format: 'webp', width: 600, height: 600, cache: 'public, max-age=31536000, immutable' });
    for (const width of [160, 320, 640]) {
      expect(await fetchImage(t, artworkUrl.replace('.webp', `-${width}.webp`))).toMatchObject({ type: 'image/webp', width, height: width });
    }
    const card = await fetchImage(t, `/media/releases/${second!.id}-card.jpg`);
    expect(card).toMatchObject({ type: 'image/jpeg', format: 'jpeg', width: 1200, height: 630 });
    // The cover's green in the middle of the card's picture (JPEG moves it a little).
    const middle = await sharp(card.bytes).extract({ left: 315, top: 315, width: 1, height: 1 }).raw().toBuffer();
    [0x22, 0x88, 0x44].forEach((value, i) => expect(Math.abs(middle[i]! - value), `channel ${i}`).toBeLessThanOrEqual(8));
    // The original is kept as sent.
    expect((await fetchImage(t, artworkUrl.replace('.webp', '-original.png'))).format).toBe('png');
    const artistAnswer = await t.app.inject({ method: 'GET', url: `/api/artists/${artist!.id}` });
    expect(artistAnswer.json<{ data: { image_url: string } }>().data.image_url).toBe(report.matched[3]!.url);
    expect((await t.app.inject({ method: 'GET', url: '/media/art/0000-card.jpg' })).statusCode).toBe(404);
  });

  it('refuses a zip that holds more files than the upload may still take as one item, reading nothing in it', async () => {
    const before = await pictures(t.database.db);
    const [release] = await t.database.db.select().from(releases).orderBy(releases.catalogNumber).limit(1);
    // 2,000 files in all may come in one upload: one before the zip leaves it room for 1,999 of its 2,000.
    const many = await zipOf(Array.from({ length: 2000 }, (_, i) => ({ name: `covers/${release!.catalogNumber}-${i}.jpg`, bytes: jpeg })));
    // Past three entries per file an upload may hold, its end record alone says so.
    const folders = await zipOf(Array.from({ length: 6001 }, (_, i) => ({ name: `folder-${i}/`, bytes: Buffer.alloc(0) })));
    const res = await upload(t, [
      { name: 'first.txt.jpg', bytes: Buffer.from('not an image'), type: 'image/jpeg' },
      { name: 'many.zip', bytes: many, type: 'application/zip' },
      { name: 'folders.zip', bytes: folders, type: 'application/zip' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<MediaUploadResponse>().data;
    expect(report.matched).toEqual([]);
    expect(report.refused).toEqual([
      { file: 'first.txt.jpg', reason: `first.txt.jpg ${mediaMessages.notAnImage}` },
      { file: 'many.zip', reason: `many.zip ${mediaMessages.zipTooManyFiles}` },
      { file: 'folders.zip', reason: `folders.zip ${mediaMessages.zipTooManyFiles}` },
    ]);
    expect(await pictures(t.database.db)).toEqual(before);
  });

  it('draws a 1200×630 raster share card for a release or artist without an uploaded picture', async () => {
    // Ones the public sees: the export leaves drafts, and a draft's card answers 404.
    const [release] = await t.database.db.select().from(releases).where(isPublicRelease).orderBy(releases.id).limit(1);
    const [artist] = await t.database.db.select().from(artists).where(isListedArtist()).orderBy(artists.id).limit(1);
    for (const url of [`/media/releases/${release!.id}-card.jpg`, `/media/artists/${artist!.id}-card.jpg`]) {
      expect(await fetchImage(t, url)).toMatchObject({ type: 'image/jpeg', format: 'jpeg', width: 1200, height: 630 });
    }
    expect((await t.app.inject({ method: 'GET', url: '/media/releases/00000000-0000-4000-8000-000000000000-card.jpg' })).statusCode).toBe(404);
  });
});

describe.each(testDatabaseKinds)('media in S3-compatible storage on $name', (kind) => {
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

  it('stores through the real S3 client, and another instance serves every file one instance stored', async () => {
    const release = await releaseBy(t.database.db, 'BLDR192');
    const res = await upload(t, [{ name: 'BLDR192.jpg', bytes: await aPicture(640, 640), type: 'image/jpeg' }]);
    const matched = res.json<MediaUploadResponse>().data.matched[0] as ImageMatch;
    const url = matched.url;
    expect((await finished(t, matched.job!.id)).status).toBe('ready');
    expect((await t.database.db.select({ url: releases.artworkUrl }).from(releases).where(eq(releases.id, release.id)))[0]?.url).toBe(url);
    // A second instance: the same database, a store of its own on the same bucket.
    const other = await buildApp({ db: t.database.db, clock: () => new Date(), mediaStore: s3MediaStore(s3.settings) }, { logger: false });
    try {
      // The share card is drawn by each from the picture in the bucket.
      for (const file of [url, url.replace('.webp', '-320.webp'), `/media/releases/${release.id}-card.jpg`, url.replace('.webp', '-original.jpg')]) {
        const mine = await t.app.inject({ method: 'GET', url: file });
        const theirs = await other.inject({ method: 'GET', url: file });
        expect(theirs.statusCode, file).toBe(200);
        expect(theirs.rawPayload.equals(mine.rawPayload), file).toBe(true);
        expect(theirs.headers['content-type'], file).toBe(mine.headers['content-type']);
      }
      expect((await other.inject({ method: 'GET', url: '/media/art/ffff.webp' })).statusCode).toBe(404);
      // Streamed from the bucket a part at a time: a Range is the bucket's range, on either instance.
      const original = url.replace('.webp', '-original.jpg');
      const whole = (await t.app.inject({ method: 'GET', url: original })).rawPayload;
      for (const app of [t.app, other]) {
        const part = await app.inject({ method: 'GET', url: original, headers: { range: 'bytes=10-29' } });
        expect(part.statusCode).toBe(206);
        expect(part.headers['content-range']).toBe(`bytes 10-29/${whole.length}`);
        expect(part.rawPayload.equals(whole.subarray(10, 30))).toBe(true);
      }
    } finally {
      await other.close();
    }
  });
});
