import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { isPublicRelease } from '../../../db/public-releases.js';
import { releases, trackAudio, tracks } from '../../../db/schema.js';
import { isUuid } from '../../../lib/uuid.js';
import { canonicalIsrc } from '../../../../shared/domain/isrc.js';
import { lockArtName, scheduleDeletion } from '../image-jobs.repo.js';

export type TrackAudioRow = typeof trackAudio.$inferSelect;

/** A lease on a preview job (the pattern of docs/decisions/0050): who holds it, for how long. */
export interface Lease {
  owner: string;
  ms: number;
}

const leaseEnd = (ms: number) => sql`now() + ${`${Math.round(ms)} milliseconds`}::interval`;
const isHeldBy = (id: string, owner: string) => and(eq(trackAudio.id, id), eq(trackAudio.owner, owner), eq(trackAudio.status, 'cutting'));

/**
 * The tracks a file name names: the track with that id, or every track with that ISRC (one recording
 * on several releases: a compilation repeats it).
 */
export async function findTracksNamed(db: Db, key: string) {
  const columns = { id: tracks.id, releaseId: tracks.releaseId, title: tracks.title, mixVersion: tracks.mixVersion, isrc: tracks.isrc };
  if (isUuid(key)) return db.select(columns).from(tracks).where(eq(tracks.id, key.toLowerCase()));
  return db
    .select(columns)
    .from(tracks)
    // Stored canonical (the importer's and the editor's form): `GB-KPL-19-12345` names `GBKPL1912345`.
    .where(eq(tracks.isrc, canonicalIsrc(key)))
    .orderBy(asc(tracks.releaseId), asc(tracks.id));
}

/**
 * Stores a new upload, queued, and makes it the audio of `trackIds` (their previews follow when cut). Under
 * the lock on its original's key (docs/decisions/0091): a deletion of the same original either finished
 * before (then `ensureOriginal`, run here, stores it again) or waits and then sees this row. The originals
 * the tracks had before are scheduled for deletion after `deleteAfterMs` (the sweep keeps one still named).
 */
export async function insertQueuedAudio(
  db: Db,
  audio: { fileName: string; originalKey: string; actor: string; at: Date; deleteAfterMs: number },
  trackIds: string[],
  ensureOriginal: () => Promise<void>,
): Promise<TrackAudioRow> {
  return db.transaction(async (tx) => {
    await lockArtName(tx, audio.originalKey);
    const replaced = await tx
      .selectDistinct({ key: trackAudio.originalKey })
      .from(tracks)
      .innerJoin(trackAudio, eq(trackAudio.id, tracks.audioId))
      .where(inArray(tracks.id, trackIds));
    const [row] = await tx
      .insert(trackAudio)
      .values({ fileName: audio.fileName, originalKey: audio.originalKey, actor: audio.actor, status: 'queued', createdAt: audio.at })
      .returning();
    await tx.update(tracks).set({ audioId: row!.id, updatedAt: audio.at }).where(inArray(tracks.id, trackIds));
    for (const { key } of replaced) if (key !== audio.originalKey) await scheduleDeletion(tx, key, audio.deleteAfterMs);
    await ensureOriginal();
    return row!;
  });
}

/**
 * Takes the oldest queued upload, or one whose cutter's lease ran out; undefined when there is none. `attempts`
 * counts the runs begun and not handed back (docs/decisions/0087): above 1, the run before this one died.
 */
export async function claimTrackAudio(db: Db, lease: Lease): Promise<TrackAudioRow | undefined> {
  const claimable = db
    .select({ id: trackAudio.id })
    .from(trackAudio)
    .where(or(eq(trackAudio.status, 'queued'), and(eq(trackAudio.status, 'cutting'), lt(trackAudio.leaseUntil, sql`now()`))))
    .orderBy(asc(trackAudio.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(trackAudio)
    .set({ status: 'cutting', owner: lease.owner, leaseUntil: leaseEnd(lease.ms), attempts: sql`${trackAudio.attempts} + 1`, done: 0 })
    .where(inArray(trackAudio.id, claimable))
    .returning();
  return row;
}

/** Writes the progress and extends the lease; false when this instance no longer holds the job. */
export async function renewTrackAudioLease(db: Db, id: string, lease: Lease, progress: { done: number; total: number }): Promise<boolean> {
  const rows = await db
    .update(trackAudio)
    .set({ done: progress.done, total: progress.total, leaseUntil: leaseEnd(lease.ms) })
    .where(isHeldBy(id, lease.owner))
    .returning({ id: trackAudio.id });
  return rows.length > 0;
}

/** The tracks an upload serves, with their preview windows and durations. */
export function tracksOfAudio(db: Db, audioId: string) {
  return db
    .select({ id: tracks.id, previewStartMs: tracks.previewStartMs, previewLengthMs: tracks.previewLengthMs, previewUrl: tracks.previewUrl })
    .from(tracks)
    .where(eq(tracks.audioId, audioId))
    .orderBy(asc(tracks.id));
}

/** A preview's key in the media store from its URL (`/media/audio/{file}` → `previews/{file}`); undefined for any other URL. */
const previewKeyOf = (url: string | null) => (url?.startsWith('/media/audio/') ? `previews/${url.slice('/media/audio/'.length)}` : undefined);

/**
 * Ends a job: each track's preview URL, the duration where the catalog had none, the upload ready.
 * False (nothing written) when this instance no longer holds the job. Under the lock on each new preview's
 * key (docs/decisions/0091; `ensureStored` stores one a sweep deleted meanwhile again); a preview it replaces,
 * or one no track took (each was uploaded again since), is scheduled for deletion after `deleteAfterMs`.
 */
export async function finishTrackAudio(
  db: Db,
  id: string,
  owner: string,
  result: {
    durationMs: number;
    previews: { trackIds: string[]; url: string; key: string }[];
    done: number;
    at: Date;
    deleteAfterMs: number;
    ensureStored: (key: string) => Promise<void>;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [held] = await tx
      .update(trackAudio)
      .set({ status: 'ready', done: result.done, total: result.done, durationMs: result.durationMs, finishedAt: result.at, owner: null, leaseUntil: null })
      .where(isHeldBy(id, owner))
      .returning({ originalKey: trackAudio.originalKey });
    if (!held) return false;
    // Sorted: two jobs locking the same previews take them in one order.
    for (const key of [...new Set(result.previews.map((p) => p.key))].sort()) {
      await lockArtName(tx, key);
      await result.ensureStored(key);
    }
    const replaced = new Set<string>();
    for (const preview of result.previews) {
      // Only tracks still served by this upload: one uploaded again since keeps the newer audio.
      const ours = and(inArray(tracks.id, preview.trackIds), eq(tracks.audioId, id));
      const before = await tx.select({ url: tracks.previewUrl }).from(tracks).where(ours);
      for (const { url } of before) if (url !== preview.url) replaced.add(previewKeyOf(url) ?? '');
      if (before.length === 0) replaced.add(preview.key);
      await tx.update(tracks).set({ previewUrl: preview.url, updatedAt: result.at }).where(ours);
      await tx.update(tracks).set({ durationMs: result.durationMs }).where(and(ours, isNull(tracks.durationMs)));
    }
    for (const key of replaced) if (key) await scheduleDeletion(tx, key, result.deleteAfterMs);
    await scheduleIfUnserved(tx, id, held.originalKey, result.deleteAfterMs);
    return true;
  });
}

/**
 * An upload whose tracks all moved to newer audio while it was queued or cutting: a sweep then kept its
 * original (the job named it), so it is scheduled again now that the job has ended.
 */
async function scheduleIfUnserved(tx: Db, id: string, originalKey: string, deleteAfterMs: number): Promise<void> {
  const [served] = await tx.select({ id: tracks.id }).from(tracks).where(eq(tracks.audioId, id)).limit(1);
  if (!served) await scheduleDeletion(tx, originalKey, deleteAfterMs);
}

/** Ends a job that cannot succeed, with the reason (naming the file); its original is scheduled for deletion if no track has it any more. */
export async function failTrackAudio(db: Db, id: string, owner: string, message: string, at: Date, deleteAfterMs: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [failed] = await tx
      .update(trackAudio)
      .set({ status: 'failed', message, finishedAt: at, owner: null, leaseUntil: null })
      .where(isHeldBy(id, owner))
      .returning({ originalKey: trackAudio.originalKey });
    if (failed) await scheduleIfUnserved(tx, id, failed.originalKey, deleteAfterMs);
  });
}

/**
 * Cuts the upload's previews again (a track's window changed): queued for any instance; a cut
 * running now finds the job no longer held and its result is dropped.
 */
export async function requeueTrackAudio(db: Db, id: string): Promise<void> {
  await db.update(trackAudio).set({ status: 'queued', owner: null, leaseUntil: null, attempts: 0, message: null, finishedAt: null }).where(and(eq(trackAudio.id, id), ne(trackAudio.status, 'failed')));
}

/** Hands a job back (shutdown): queued again, for any instance, its run not counted (no run of it died). */
export async function releaseTrackAudio(db: Db, id: string, owner: string): Promise<void> {
  await db
    .update(trackAudio)
    .set({ status: 'queued', owner: null, leaseUntil: null, attempts: sql`greatest(${trackAudio.attempts} - 1, 0)` })
    .where(isHeldBy(id, owner));
}

export async function findTrackAudio(db: Db, id: string): Promise<TrackAudioRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(trackAudio).where(eq(trackAudio.id, id));
  return row;
}

/**
 * A track staff made a member download (docs/decisions/0064) on a release the public may see (a draft's
 * tracks are no one's, decision 0101): its uploaded original's key and file name; undefined otherwise.
 */
export async function findMemberDownload(db: Db, trackId: string): Promise<{ originalKey: string; fileName: string } | undefined> {
  if (!isUuid(trackId)) return undefined;
  const [row] = await db
    .select({ originalKey: trackAudio.originalKey, fileName: trackAudio.fileName })
    .from(tracks)
    .innerJoin(trackAudio, eq(trackAudio.id, tracks.audioId))
    .innerJoin(releases, eq(releases.id, tracks.releaseId))
    .where(and(eq(tracks.id, trackId.toLowerCase()), eq(tracks.memberDownload, true), isPublicRelease));
  return row;
}
