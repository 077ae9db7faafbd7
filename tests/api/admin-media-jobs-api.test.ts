import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageJobFailures, mediaMessages, type ImageJob, type ImageMatch, type MediaUploadResponse } from '../../src/shared/api/admin-media.js';
import type { Release } from '../../src/shared/api/catalog.js';
import type { ErrorResponse } from '../../src/shared/api/common.js';
import type { Db } from '../../src/server/db/client.js';
import { artDeletions, imageJobs, releases } from '../../src/server/db/schema.js';
import { folderMediaStore } from '../../src/server/modules/media/index.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { aPicture } from '../helpers/images.js';
import { filesOf, finished, imageJob, statusesOf, upload, watchedStore, type Part } from '../helpers/media-upload.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

const found = [200, 200, 200, 200, 200];
const gone = [404, 404, 404, 404, 404];

async function releasesByNumber(db: Db) {
  return db.select().from(releases).orderBy(asc(releases.catalogNumber)).limit(12);
}

async function artworkOf(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ url: releases.artworkUrl }).from(releases).where(eq(releases.id, id));
  return row?.url ?? null;
}

describe.each(testDatabaseKinds)('uploaded covers made by jobs on $name', (kind) => {
  let t: AdminTestApp;
  let watched: ReturnType<typeof watchedStore>;
  let mediaDir: string;
  let catalog: (typeof releases.$inferSelect)[];

  /** One image for one release; the matched entry of the answer. */
  async function uploadOne(part: Part): Promise<ImageMatch> {
    const res = await upload(t, [part]);
    expect(res.statusCode, res.body).toBe(200);
    const { matched } = res.json<MediaUploadResponse>().data;
    expect(matched).toHaveLength(1);
    return matched[0] as ImageMatch;
  }

  /** Uploads a cover and waits for its job. */
  async function coverMade(release: { id: string }, colour: string): Promise<{ url: string; job: ImageJob }> {
    const entry = await uploadOne({ name: `${release.id}.jpg`, bytes: await aPicture(600, 600, 'jpeg', colour), type: 'image/jpeg' });
    return { url: entry.url, job: await finished(t, entry.job!.id) };
  }

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), 'media-jobs-'));
    watched = watchedStore(folderMediaStore(mediaDir));
    // A replaced picture's files go as soon as nothing names them; idle instances look every 100 ms.
    t = await createAdminTestApp(kind, { from: 'distributor-catalog', deps: { mediaStore: watched.store, imageJobs: { deleteAfterMs: 0, pollMs: 100 } } });
    catalog = await releasesByNumber(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('answers before the cover is made: the job is queued, the release keeps its cover until the job is ready, then shows the new one', async () => {
    const release = catalog[0]!;
    const before = await artworkOf(t.database.db, release.id);
    watched.renders.close();
    try {
      const entry = await uploadOne({ name: `${release.catalogNumber}.jpg`, bytes: await aPicture(900, 700, 'jpeg', '#446688'), type: 'image/jpeg' });
      expect(entry).toMatchObject({ kind: 'release', id: release.id, url: expect.stringMatching(/^\/media\/art\/[0-9a-f]{32}\.webp$/) });
      expect(entry.job).toEqual({ id: expect.any(String), status: 'queued', url: `/api/admin/media/images/${entry.job!.id}` });
      // Its files are not made yet: the catalog still answers the cover it had, and the new URL is not served.
      expect(['queued', 'processing']).toContain((await imageJob(t, entry.job!.id)).status);
      const answer = await t.app.inject({ method: 'GET', url: `/api/releases/${release.id}` });
      expect(answer.json<{ data: Release }>().data.artwork_url).not.toBe(entry.url);
      expect(await artworkOf(t.database.db, release.id)).toBe(before);
      expect((await t.app.inject({ method: 'GET', url: entry.url })).statusCode).toBe(404);
      watched.renders.open();
      const job = await finished(t, entry.job!.id);
      expect(job).toMatchObject({ status: 'ready', message: null, kind: 'release', subject_id: release.id, url: entry.url, file_name: `${release.catalogNumber}.jpg` });
      const after = await t.app.inject({ method: 'GET', url: `/api/releases/${release.id}` });
      expect(after.json<{ data: Release }>().data.artwork_url).toBe(entry.url);
      expect(await statusesOf(t, filesOf(entry.url))).toEqual(found);

      // Several jobs at once, in the order asked; an id of no job left out.
      const list = await t.app.inject({ method: 'GET', url: `/api/admin/media/images?ids=${entry.job!.id},00000000-0000-4000-8000-000000000000,not-an-id`, headers: t.auth });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json<{ data: ImageJob[] }>().data).toEqual([job]);
      const missing = await t.app.inject({ method: 'GET', url: '/api/admin/media/images/00000000-0000-4000-8000-000000000000', headers: t.auth });
      expect(missing.statusCode).toBe(404);
      expect(missing.json<ErrorResponse>().message).toBe(mediaMessages.imageJobNotFound);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/media/images?ids=', headers: t.auth })).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: `/api/admin/media/images/${entry.job!.id}` })).statusCode).toBe(401);
    } finally {
      watched.renders.open();
    }
  });

  it('fails the job of an image whose pixels cannot be decoded, with the reason, and changes no cover', async () => {
    const release = catalog[1]!;
    const before = await artworkOf(t.database.db, release.id);
    // Its header is whole (the checks on the request pass it); its pixels are cut short.
    const truncated = (await aPicture(800, 800, 'jpeg', '#aa3366')).subarray(0, 400);
    const entry = await uploadOne({ name: `${release.catalogNumber}.jpeg`, bytes: truncated, type: 'image/jpeg' });
    const job = await finished(t, entry.job!.id);
    expect(job).toMatchObject({ status: 'failed', message: `${release.catalogNumber}.jpeg ${mediaMessages.unreadable}` });
    expect(await artworkOf(t.database.db, release.id)).toBe(before);
    // Nothing names what it stored: its original goes too.
    await expect.poll(async () => statusesOf(t, filesOf(entry.url)), { timeout: 10_000 }).toEqual(gone);
  });

  it('fails a job whose run died with its server, without running it again', async () => {
    const release = catalog[2]!;
    const [row] = await t.database.db
      .insert(imageJobs)
      .values({
        subjectKind: 'release',
        subjectId: release.id,
        name: 'f'.repeat(32),
        originalKey: `art/${'f'.repeat(32)}-original.jpg`,
        fileName: 'killer.jpg',
        status: 'processing',
        actor: 'alice',
        owner: 'another-server/1/gone',
        attempts: 1,
        leaseUntil: new Date(Date.now() - 60_000),
      })
      .returning();
    const job = await finished(t, row!.id);
    expect(job).toMatchObject({ status: 'failed', message: imageJobFailures.died('killer.jpg') });
    expect(await artworkOf(t.database.db, release.id)).toBe(release.artworkUrl);
  });

  it("deletes a replaced cover's files once nothing names them, and keeps a picture another release or a queued upload still names", async () => {
    const [release, other] = [catalog[3]!, catalog[4]!];
    const first = await coverMade(release, '#113355');
    expect(first.job.status).toBe('ready');
    expect(await statusesOf(t, filesOf(first.url))).toEqual(found);

    // Replaced: the first cover's WebP, copies and original answer 404.
    const second = await coverMade(release, '#335511');
    expect(await artworkOf(t.database.db, release.id)).toBe(second.url);
    await expect.poll(async () => statusesOf(t, filesOf(first.url)), { timeout: 10_000 }).toEqual(gone);
    expect(await statusesOf(t, filesOf(second.url))).toEqual(found);

    // The second cover is named by another release as well (whatever named it there): replaced here, it stays.
    await t.database.db.update(releases).set({ artworkUrl: second.url }).where(eq(releases.id, other.id));
    const third = await coverMade(release, '#551133');
    expect(await artworkOf(t.database.db, release.id)).toBe(third.url);
    await expect.poll(async () => t.database.db.select().from(artDeletions).where(eq(artDeletions.name, second.url.slice('/media/art/'.length, -'.webp'.length)))).toEqual([]);
    expect(await statusesOf(t, filesOf(second.url))).toEqual(found);

    // A new cover and the third one again, in one upload: when the new one replaces the third, the third's
    // own job (queued behind it) still names it, so nothing of it goes; then it replaces the new one.
    const res = await upload(t, [
      { name: `${release.id}.jpg`, bytes: await aPicture(600, 600, 'jpeg', '#999900'), type: 'image/jpeg' },
      { name: `${release.catalogNumber}.jpg`, bytes: await aPicture(600, 600, 'jpeg', '#551133'), type: 'image/jpeg' },
    ]);
    const [fourth, again] = res.json<MediaUploadResponse>().data.matched as ImageMatch[];
    expect(again!.url).toBe(third.url);
    expect((await finished(t, fourth!.job!.id)).status).toBe('ready');
    expect((await finished(t, again!.job!.id)).status).toBe('ready');
    expect(await artworkOf(t.database.db, release.id)).toBe(third.url);
    await expect.poll(async () => statusesOf(t, filesOf(fourth!.url)), { timeout: 10_000 }).toEqual(gone);
    expect(await statusesOf(t, filesOf(third.url))).toEqual(found);
  });

  it.runIf(kind.name === 'postgres')(
    'stores the original again when the same picture is uploaded while its files are being deleted, and the job makes it',
    async () => {
      const release = catalog[5]!;
      const colour = '#205080';
      const first = await coverMade(release, colour);
      // The deletion of the first cover's files is held once it has decided that nothing names them.
      watched.deletes.close();
      try {
        const deletingFrom = watched.deleting.length;
        await coverMade(release, '#802050');
        await expect.poll(() => watched.deleting.slice(deletingFrom).some((key) => first.url.includes(key.slice(4, 36)))).toBe(true);
        // The same picture for the same release again: its original is stored while the deletion is held.
        const writtenFrom = watched.written.length;
        const answer = upload(t, [{ name: `${release.id}.jpg`, bytes: await aPicture(600, 600, 'jpeg', colour), type: 'image/jpeg' }]);
        await expect.poll(() => watched.written.slice(writtenFrom).some((key) => key.includes('-original.'))).toBe(true);
        watched.deletes.open();
        const res = await answer;
        expect(res.statusCode, res.body).toBe(200);
        const entry = res.json<MediaUploadResponse>().data.matched[0] as ImageMatch;
        expect(entry.url).toBe(first.url);
        expect(await finished(t, entry.job!.id)).toMatchObject({ status: 'ready', message: null });
        expect(await artworkOf(t.database.db, release.id)).toBe(first.url);
        expect(await statusesOf(t, filesOf(first.url))).toEqual(found);
      } finally {
        watched.deletes.open();
      }
    },
  );
});
