import { and, asc, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { uploadedArtUrl } from '../../../shared/generated-images.js';
import { queryRows, type Db } from '../../db/client.js';
import { uploadedPreviewUrl } from './media-urls.js';
import type { ImageSubjectKind } from '../../../shared/api/admin-media.js';
import { artDeletions, artists, imageJobs, playlists, releases } from '../../db/schema.js';
import { isUuid } from '../../lib/uuid.js';
import { uploadedArtNameOf } from './uploaded-art.js';

export type ImageJobRow = typeof imageJobs.$inferSelect;

/** A lease on an image job (the pattern of docs/decisions/0050): who holds it, for how long. */
export interface Lease {
  owner: string;
  ms: number;
}

const leaseEnd = (ms: number) => sql`now() + ${`${Math.round(ms)} milliseconds`}::interval`;
const isHeldBy = (id: string, owner: string) => and(eq(imageJobs.id, id), eq(imageJobs.owner, owner), eq(imageJobs.status, 'processing'));

/**
 * Everything that writes or deletes a picture's files (or an uploaded audio file, by its store key), or names
 * them, holds this lock on its name for its transaction (docs/decisions/0091): a deletion decided under it
 * cannot meet an upload of the same picture half done.
 */
export async function lockArtName(tx: Db, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`art:${name}`}, 0))`);
}

/**
 * An `art_deletions` name that is an uploaded audio file's store key (`audio/{sha256}.{ext}`, an original;
 * `previews/{sha256}.mp3`, a cut preview; `downloads/{sha256}.{ext}`, a download format) rather than a picture's
 * name (hex alone).
 */
export const isAudioKey = (name: string) => name.startsWith('audio/') || name.startsWith('previews/') || name.startsWith('downloads/');

/** Files of `name` (a picture's, or an audio store key) to delete once `afterMs` has passed, unless something names them by then. */
export async function scheduleDeletion(tx: Db, name: string, afterMs: number): Promise<void> {
  const dueAt = leaseEnd(afterMs);
  await tx.insert(artDeletions).values({ name, dueAt }).onConflictDoUpdate({ target: artDeletions.name, set: { dueAt } });
}

/**
 * Queues the job of an uploaded picture whose original is stored (or being stored): under the lock on its
 * name, so that a deletion of the same picture's files either finished before (then `ensureOriginal`, run
 * here, stores the original again) or waits and then sees this job.
 */
export async function insertImageJob(
  db: Db,
  job: { subjectKind: ImageSubjectKind; subjectId: string; name: string; originalKey: string; fileName: string; actor: string; at: Date },
  ensureOriginal: () => Promise<void>,
): Promise<ImageJobRow> {
  return db.transaction(async (tx) => {
    await lockArtName(tx, job.name);
    const { at, ...values } = job;
    const [row] = await tx.insert(imageJobs).values({ ...values, status: 'queued', createdAt: at }).returning();
    await ensureOriginal();
    return row!;
  });
}

/**
 * Takes the oldest queued job, or one whose lease ran out; undefined when there is none. `attempts` counts
 * the runs begun and not handed back: above 1, the run before this one died (with its server).
 */
export async function claimImageJob(db: Db, lease: Lease): Promise<ImageJobRow | undefined> {
  const claimable = db
    .select({ id: imageJobs.id })
    .from(imageJobs)
    .where(or(eq(imageJobs.status, 'queued'), and(eq(imageJobs.status, 'processing'), lt(imageJobs.leaseUntil, sql`now()`))))
    .orderBy(asc(imageJobs.seq))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(imageJobs)
    .set({ status: 'processing', owner: lease.owner, leaseUntil: leaseEnd(lease.ms), attempts: sql`${imageJobs.attempts} + 1` })
    .where(inArray(imageJobs.id, claimable))
    .returning();
  return row;
}

/** Extends the lease; false when this instance no longer holds the job. */
export async function renewImageJobLease(db: Db, id: string, lease: Lease): Promise<boolean> {
  const rows = await db.update(imageJobs).set({ leaseUntil: leaseEnd(lease.ms) }).where(isHeldBy(id, lease.owner)).returning({ id: imageJobs.id });
  return rows.length > 0;
}

/** How a job ended: its picture shown, one uploaded after it shown already, its subject gone, or no longer this instance's. */
export type ImageJobOutcome = 'applied' | 'superseded' | 'gone' | 'lost';

/**
 * Ends a job whose files are stored, in one transaction under the lock on its name: the release's cover or
 * the artist's picture becomes its URL, unless a job uploaded after it for the same subject is ready already
 * (its picture is newer). The picture it replaces, or its own when it is not shown, is scheduled for
 * deletion after `deleteAfterMs`.
 */
export async function finishImageJob(db: Db, id: string, owner: string, result: { deleteAfterMs: number; at: Date; subjectGone: string }): Promise<ImageJobOutcome> {
  return db.transaction(async (tx) => {
    const [job] = await tx.select().from(imageJobs).where(isHeldBy(id, owner));
    if (!job) return 'lost';
    await lockArtName(tx, job.name);
    // The subject's row is locked: two jobs of one release ending at once on two instances end one after the other.
    const [subject] =
      job.subjectKind === 'release'
        ? isUuid(job.subjectId)
          ? await tx.select({ url: releases.artworkUrl }).from(releases).where(eq(releases.id, job.subjectId)).for('update')
          : []
        : job.subjectKind === 'playlist'
          ? await tx.select({ url: playlists.coverUrl }).from(playlists).where(eq(playlists.id, job.subjectId)).for('update')
          : await tx.select({ url: artists.imageUrl }).from(artists).where(eq(artists.id, job.subjectId)).for('update');
    const [newer] = await tx
      .select({ id: imageJobs.id })
      .from(imageJobs)
      .where(and(eq(imageJobs.subjectId, job.subjectId), eq(imageJobs.subjectKind, job.subjectKind), gt(imageJobs.seq, job.seq), eq(imageJobs.status, 'ready')))
      .limit(1);
    const outcome: ImageJobOutcome = !subject ? 'gone' : newer ? 'superseded' : 'applied';
    const ended = outcome === 'gone' ? { status: 'failed' as const, message: result.subjectGone } : { status: 'ready' as const };
    await tx
      .update(imageJobs)
      .set({ ...ended, finishedAt: result.at, owner: null, leaseUntil: null })
      .where(eq(imageJobs.id, id));
    if (outcome !== 'applied') {
      await scheduleDeletion(tx, job.name, result.deleteAfterMs);
      return outcome;
    }
    const url = uploadedArtUrl(job.name);
    if (job.subjectKind === 'release') await tx.update(releases).set({ artworkUrl: url, updatedAt: result.at }).where(eq(releases.id, job.subjectId));
    else if (job.subjectKind === 'playlist') await tx.update(playlists).set({ coverUrl: url, updatedAt: result.at }).where(eq(playlists.id, job.subjectId));
    else await tx.update(artists).set({ imageUrl: url, updatedAt: result.at }).where(eq(artists.id, job.subjectId));
    const previous = uploadedArtNameOf(subject!.url);
    if (previous && previous !== job.name) await scheduleDeletion(tx, previous, result.deleteAfterMs);
    return outcome;
  });
}

/** Ends a job that cannot succeed, with the reason (naming the file); whatever it stored is scheduled for deletion. */
export async function failImageJob(db: Db, id: string, owner: string, failure: { message: string; at: Date; deleteAfterMs: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [job] = await tx
      .update(imageJobs)
      .set({ status: 'failed', message: failure.message, finishedAt: failure.at, owner: null, leaseUntil: null })
      .where(isHeldBy(id, owner))
      .returning({ name: imageJobs.name });
    if (job) await scheduleDeletion(tx, job.name, failure.deleteAfterMs);
  });
}

/** Hands a job back (shutdown): queued again, for any instance, its run not counted (no run of it died). */
export async function releaseImageJob(db: Db, id: string, owner: string): Promise<void> {
  await db
    .update(imageJobs)
    .set({ status: 'queued', owner: null, leaseUntil: null, attempts: sql`greatest(${imageJobs.attempts} - 1, 0)` })
    .where(isHeldBy(id, owner));
}

/** The jobs with these ids (any that is no job's id left out), in the order asked. */
export async function findImageJobs(db: Db, ids: string[]): Promise<ImageJobRow[]> {
  const asked = ids.map((id) => id.toLowerCase()).filter(isUuid);
  if (asked.length === 0) return [];
  const rows = await db.select().from(imageJobs).where(inArray(imageJobs.id, asked));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return asked.flatMap((id) => byId.get(id) ?? []);
}

/** Names whose deletion is due, oldest first. */
export async function dueArtDeletions(db: Db, limit: number): Promise<string[]> {
  const rows = await db.select({ name: artDeletions.name }).from(artDeletions).where(lte(artDeletions.dueAt, sql`now()`)).orderBy(asc(artDeletions.dueAt)).limit(limit);
  return rows.map((row) => row.name);
}

/**
 * Whether anything names `name`: a picture by a release's cover, an artist's picture or an unfinished job; a
 * preview by a track's `preview_url`; a download format by its `download_files` row; an original by a `track_audio` row with that key that a track still
 * points at (its audio, a member download: docs/decisions/0064) or that is queued or cutting.
 */
function isNamedQuery(name: string) {
  if (name.startsWith('previews/')) {
    return sql`select exists (select 1 from tracks where preview_url = ${uploadedPreviewUrl(name.slice('previews/'.length))}) as is_named`;
  }
  if (name.startsWith('downloads/')) return sql`select exists (select 1 from download_files where file_key = ${name}) as is_named`;
  if (name.startsWith('audio/')) {
    return sql`select exists (select 1 from track_audio a where a.original_key = ${name}
        and (a.status in ('queued', 'cutting') or exists (select 1 from tracks where audio_id = a.id))) as is_named`;
  }
  const url = uploadedArtUrl(name);
  return sql`select exists (select 1 from releases where artwork_url = ${url})
    or exists (select 1 from artists where image_url = ${url})
    or exists (select 1 from playlists where cover_url = ${url})
    or exists (select 1 from image_jobs where name = ${name} and status in ('queued', 'processing')) as is_named`;
}

/**
 * Deletes a picture's files (or an uploaded audio file) if its deletion is due and nothing names it: no release's cover, no artist's
 * picture, no queued or processing job. Decided and done in one transaction under the lock on its name
 * (`deleteFiles` runs inside it), so an upload of the same picture waits, then finds its original gone and
 * stores it again. True when the files were deleted; false when another instance took it, or it is named
 * again (then it is no longer due: a later replacement schedules it anew).
 */
export async function deleteArtIfUnnamed(db: Db, name: string, deleteFiles: () => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockArtName(tx, name);
    const [due] = await tx
      .delete(artDeletions)
      .where(and(eq(artDeletions.name, name), lte(artDeletions.dueAt, sql`now()`)))
      .returning({ name: artDeletions.name });
    if (!due) return false;
    // One statement, one snapshot: a job that ends between two separate reads cannot slip through both.
    const [named] = await queryRows<{ is_named: boolean }>(tx, isNamedQuery(name));
    if (named?.is_named) return false;
    await deleteFiles();
    return true;
  });
}
