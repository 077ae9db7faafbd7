import { and, asc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DownloadFormat } from '../../../../shared/download-formats.js';
import type { Db } from '../../../db/client.js';
import { artists, downloadFiles, releaseArtists, releases, trackArtists, trackAudio, tracks } from '../../../db/schema.js';
import { isUuid } from '../../../lib/uuid.js';
import { lockArtName, scheduleDeletion, type Lease } from '../image-jobs.repo.js';

export type DownloadFileRow = typeof downloadFiles.$inferSelect;

const leaseEnd = (ms: number) => sql`now() + ${`${Math.round(ms)} milliseconds`}::interval`;
const isHeldBy = (id: string, owner: string) => and(eq(downloadFiles.id, id), eq(downloadFiles.owner, owner), eq(downloadFiles.status, 'making'));
const handedBack = { status: 'queued' as const, owner: null, leaseUntil: null, attempts: sql`greatest(${downloadFiles.attempts} - 1, 0)` };
const queuedAgain = { status: 'queued' as const, owner: null, leaseUntil: null, attempts: 0, message: null, finishedAt: null, done: 0, total: 0 };

export async function findDownloadFile(db: Db, trackId: string, format: DownloadFormat): Promise<DownloadFileRow | undefined> {
  const [row] = await db.select().from(downloadFiles).where(and(eq(downloadFiles.trackId, trackId), eq(downloadFiles.format, format)));
  return row;
}

/**
 * The track's row for `format`, queued when there was none or when it was made from another `source` (a new
 * master, new tags or cover): one row per track and format, so requests at once meet one job. A file made from
 * the old source is scheduled for deletion after `deleteAfterMs`. A failed row of the same source stays failed.
 */
export async function requestDownloadFile(db: Db, trackId: string, format: DownloadFormat, source: string, deleteAfterMs: number): Promise<DownloadFileRow> {
  return db.transaction(async (tx) => {
    await tx.insert(downloadFiles).values({ trackId, format, source, status: 'queued' }).onConflictDoNothing();
    const [row] = await tx.select().from(downloadFiles).where(and(eq(downloadFiles.trackId, trackId), eq(downloadFiles.format, format))).for('update');
    if (row!.source === source) return row!;
    const [queued] = await tx.update(downloadFiles).set({ ...queuedAgain, source, fileKey: null, size: null, createdAt: sql`now()` }).where(eq(downloadFiles.id, row!.id)).returning();
    if (row!.fileKey) await scheduleDeletion(tx, row!.fileKey, deleteAfterMs);
    return queued!;
  });
}

/** Takes the oldest queued row, or one whose maker's lease ran out; `attempts` above 1: the run before this one died. */
export async function claimDownloadFile(db: Db, lease: Lease): Promise<DownloadFileRow | undefined> {
  const claimable = db
    .select({ id: downloadFiles.id })
    .from(downloadFiles)
    .where(or(eq(downloadFiles.status, 'queued'), and(eq(downloadFiles.status, 'making'), lt(downloadFiles.leaseUntil, sql`now()`))))
    .orderBy(asc(downloadFiles.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(downloadFiles)
    .set({ status: 'making', owner: lease.owner, leaseUntil: leaseEnd(lease.ms), attempts: sql`${downloadFiles.attempts} + 1`, done: 0 })
    .where(inArray(downloadFiles.id, claimable))
    .returning();
  return row;
}

/** Writes the progress and extends the lease; false when this instance no longer holds the job. */
export async function renewDownloadFileLease(db: Db, id: string, lease: Lease, progress: { done: number; total: number }): Promise<boolean> {
  const rows = await db.update(downloadFiles).set({ ...progress, leaseUntil: leaseEnd(lease.ms) }).where(isHeldBy(id, lease.owner)).returning({ id: downloadFiles.id });
  return rows.length > 0;
}

/**
 * Ends a job with its stored file, under the lock on its key (docs/decisions/0091: `ensureStored` stores it
 * again if a sweep deleted the same content meanwhile). False when this instance no longer holds the job (it
 * was queued again from a newer source): the file it made is then scheduled for deletion.
 */
export async function finishDownloadFile(
  db: Db,
  id: string,
  owner: string,
  file: { key: string; size: number; at: Date; deleteAfterMs: number; ensureStored: () => Promise<void> },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockArtName(tx, file.key);
    const [held] = await tx
      .update(downloadFiles)
      .set({ status: 'ready', fileKey: file.key, size: file.size, finishedAt: file.at, owner: null, leaseUntil: null, message: null })
      .where(isHeldBy(id, owner))
      .returning({ id: downloadFiles.id });
    if (!held) {
      await scheduleDeletion(tx, file.key, file.deleteAfterMs);
      return false;
    }
    await file.ensureStored();
    return true;
  });
}

/** Ends a job that cannot succeed, with the reason staff read. */
export async function failDownloadFile(db: Db, id: string, owner: string, message: string, at: Date): Promise<void> {
  await db.update(downloadFiles).set({ status: 'failed', message, finishedAt: at, owner: null, leaseUntil: null }).where(isHeldBy(id, owner));
}

/** Hands a job back (shutdown): queued again for any instance, its run not counted. */
export async function releaseDownloadFile(db: Db, id: string, owner: string): Promise<void> {
  await db.update(downloadFiles).set(handedBack).where(isHeldBy(id, owner));
}

/** Hands a job back at the end of the queue (the media store stalled), with `message` saying why, its run not counted. */
export async function retryDownloadFileLater(db: Db, id: string, owner: string, message: string): Promise<void> {
  await db
    .update(downloadFiles)
    .set({ ...handedBack, message, createdAt: sql`now()` })
    .where(isHeldBy(id, owner));
}

/**
 * What a track's downloads are made from: its uploaded master, its words and its release's; undefined for a
 * track without a master. Artists are the track's own credits, else the release's.
 */
export async function findDownloadSource(db: Db, trackId: string) {
  if (!isUuid(trackId)) return undefined;
  const [track] = await db
    .select({
      id: tracks.id,
      title: tracks.title,
      mixVersion: tracks.mixVersion,
      isrc: tracks.isrc,
      originalKey: trackAudio.originalKey,
      fileName: trackAudio.fileName,
      releaseId: releases.id,
      album: releases.title,
      catalogNumber: releases.catalogNumber,
      releaseDate: releases.releaseDate,
      labelId: releases.labelId,
    })
    .from(tracks)
    .innerJoin(trackAudio, eq(trackAudio.id, tracks.audioId))
    .innerJoin(releases, eq(releases.id, tracks.releaseId))
    .where(eq(tracks.id, trackId.toLowerCase()));
  if (!track) return undefined;
  const credits = (table: typeof trackArtists | typeof releaseArtists, on: SQL) =>
    db.select({ name: artists.name, role: table.role }).from(table).innerJoin(artists, eq(artists.id, table.artistId)).where(on).orderBy(asc(table.position));
  let credited = await credits(trackArtists, eq(trackArtists.trackId, track.id));
  if (credited.length === 0) credited = await credits(releaseArtists, eq(releaseArtists.releaseId, track.releaseId));
  return { ...track, artists: credited };
}
