import { count, countDistinct, desc, eq, sql } from 'drizzle-orm';
import type { ImportJobKind } from '../../../shared/api/admin-import.js';
import type { Db } from '../../db/client.js';
import { demoSubmissions, importJobs, releases, tracks } from '../../db/schema.js';

export type ImportJobRow = typeof importJobs.$inferSelect;

export interface NewImportJob {
  kind: ImportJobKind;
  labelId: string | null;
  fileName: string | null;
  actor: string;
  total: number;
  at: Date;
}

export async function insertImportJob(db: Db, job: NewImportJob): Promise<ImportJobRow> {
  const [row] = await db
    .insert(importJobs)
    .values({
      kind: job.kind,
      status: 'running',
      labelId: job.labelId,
      fileName: job.fileName,
      actor: job.actor,
      total: job.total,
      createdAt: job.at,
    })
    .returning();
  return row as ImportJobRow;
}

/** Stores the finished job; call it in the transaction that stores what the job did. */
export async function markImportJobSucceeded(
  db: Db,
  id: string,
  result: { report: unknown; done: number; total: number; at: Date },
): Promise<void> {
  await db
    .update(importJobs)
    .set({ status: 'succeeded', report: result.report, done: result.done, total: result.total, finishedAt: result.at })
    .where(eq(importJobs.id, id));
}

export async function markImportJobFailed(db: Db, id: string, failure: { message: string; done: number; at: Date }): Promise<void> {
  await db
    .update(importJobs)
    .set({ status: 'failed', message: failure.message, done: failure.done, finishedAt: failure.at })
    .where(eq(importJobs.id, id));
}

export async function findImportJob(db: Db, id: string): Promise<ImportJobRow | undefined> {
  const [row] = await db.select().from(importJobs).where(eq(importJobs.id, id));
  return row;
}

/** The latest jobs, newest first, and how many there are. */
export async function listImportJobs(db: Db, limit: number): Promise<{ rows: ImportJobRow[]; total: number }> {
  const rows = await db.select().from(importJobs).orderBy(desc(importJobs.createdAt), desc(importJobs.id)).limit(limit);
  const [totals] = await db.select({ total: count() }).from(importJobs);
  return { rows, total: totals?.total ?? 0 };
}

/** Releases and tracks per label id. */
export async function countCatalogPerLabel(db: Db): Promise<Map<string, { releases: number; tracks: number }>> {
  const rows = await db
    .select({ labelId: releases.labelId, releases: countDistinct(releases.id), tracks: count(tracks.id) })
    .from(releases)
    .leftJoin(tracks, eq(tracks.releaseId, releases.id))
    .groupBy(releases.labelId);
  return new Map(rows.map((r) => [r.labelId, { releases: r.releases, tracks: r.tracks }]));
}

/** New and all demo submissions per label id. */
export async function countDemosPerLabel(db: Db): Promise<Map<string, { isNew: number; total: number }>> {
  const rows = await db
    .select({
      labelId: demoSubmissions.labelId,
      isNew: sql<number>`count(*) filter (where ${demoSubmissions.status} = 'new')`.mapWith(Number),
      total: count(),
    })
    .from(demoSubmissions)
    .groupBy(demoSubmissions.labelId);
  return new Map(rows.map((r) => [r.labelId, { isNew: r.isNew, total: r.total }]));
}
