import { and, asc, count, desc, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import type { ImportJobKind } from '../../../shared/api/admin-import.js';
import type { Db } from '../../db/client.js';
import { importJobs } from '../../db/schema.js';

// The import_jobs table as a lease-based job table (docs/decisions/0050): a running row belongs to
// the instance named in `owner` until `lease_until`, in the database's time, so the instances'
// clocks do not matter. Every write of a running job checks that this instance still holds it.

const { csv: _csv, ...jobColumns } = getTableColumns(importJobs);

/** A job as polls and lists read it: everything but the uploaded CSV, which only a run needs. */
export type ImportJobRow = Omit<typeof importJobs.$inferSelect, 'csv'>;
/** A job this instance holds the lease of, with what it needs to run. */
export type ClaimedImportJob = typeof importJobs.$inferSelect;

export interface NewImportJob {
  kind: ImportJobKind;
  labelId: string | null;
  fileName: string | null;
  actor: string;
  total: number;
  /** A catalog upload's CSV; null for the enrichment, which reads the catalog when it runs. */
  csv: string | null;
  at: Date;
}

/** Who holds a lease, and for how long each grant or renewal lasts. */
export interface Lease {
  owner: string;
  ms: number;
}

const leaseEnd = (ms: number) => sql`now() + ${`${Math.round(ms)} milliseconds`}::interval`;
const isHeldBy = (id: string, owner: string) => and(eq(importJobs.id, id), eq(importJobs.owner, owner), eq(importJobs.status, 'running'));

/**
 * Stores a new job as running, held by `lease.owner`. While another job runs (on any instance) the
 * partial unique index `import_jobs_one_running_uq` refuses it: a unique violation.
 */
export async function insertRunningImportJob(db: Db, job: NewImportJob, lease: Lease): Promise<ClaimedImportJob> {
  const [row] = await db
    .insert(importJobs)
    .values({
      kind: job.kind,
      status: 'running',
      labelId: job.labelId,
      fileName: job.fileName,
      actor: job.actor,
      total: job.total,
      csv: job.csv,
      createdAt: job.at,
      owner: lease.owner,
      leaseUntil: leaseEnd(lease.ms),
      heartbeatAt: sql`now()`,
      attempts: 1,
    })
    .returning();
  return row as ClaimedImportJob;
}

/** Whether a job runs (or waits to be taken over) on any instance. */
export async function hasRunningImportJob(db: Db): Promise<boolean> {
  const rows = await db.select({ id: importJobs.id }).from(importJobs).where(eq(importJobs.status, 'running')).limit(1);
  return rows.length > 0;
}

/** Stores a job that ran outside the job table's runs (first start, command line) as finished. */
export async function insertFinishedImportJob(
  db: Db,
  job: Omit<NewImportJob, 'csv'> & { report: unknown },
): Promise<ImportJobRow> {
  const [row] = await db
    .insert(importJobs)
    .values({
      kind: job.kind,
      status: 'succeeded',
      labelId: job.labelId,
      fileName: job.fileName,
      actor: job.actor,
      done: job.total,
      total: job.total,
      report: job.report,
      createdAt: job.at,
      finishedAt: job.at,
    })
    .returning(jobColumns);
  return row as ImportJobRow;
}

/**
 * Takes over the oldest running job whose lease has run out (its owner died, or handed it back when
 * it shut down) for `lease.owner`: a new run from zero, one more attempt. SKIP LOCKED lets two
 * instances claim at once without waiting on each other: at most one gets the row.
 */
export async function claimImportJob(db: Db, lease: Lease): Promise<ClaimedImportJob | undefined> {
  const claimable = db
    .select({ id: importJobs.id })
    .from(importJobs)
    .where(and(eq(importJobs.status, 'running'), lt(importJobs.leaseUntil, sql`now()`)))
    .orderBy(asc(importJobs.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(importJobs)
    .set({
      owner: lease.owner,
      leaseUntil: leaseEnd(lease.ms),
      heartbeatAt: sql`now()`,
      attempts: sql`${importJobs.attempts} + 1`,
      done: 0,
    })
    .where(inArray(importJobs.id, claimable))
    .returning();
  return row;
}

/** Writes the live progress and extends the lease; false when this instance no longer holds the job. */
export async function renewImportJobLease(db: Db, id: string, lease: Lease, progress: { done: number; total: number }): Promise<boolean> {
  const rows = await db
    .update(importJobs)
    .set({ done: progress.done, total: progress.total, heartbeatAt: sql`now()`, leaseUntil: leaseEnd(lease.ms) })
    .where(isHeldBy(id, lease.owner))
    .returning({ id: importJobs.id });
  return rows.length > 0;
}

/**
 * Hands a running job back (its owner shuts down): its lease ends now, so another instance takes it
 * at once, and the run that stopped does not count as an attempt.
 */
export async function releaseImportJob(db: Db, id: string, owner: string): Promise<void> {
  await db
    .update(importJobs)
    .set({ owner: null, leaseUntil: sql`now()`, attempts: sql`${importJobs.attempts} - 1`, done: 0 })
    .where(isHeldBy(id, owner));
}

/**
 * Stores the finished job, if `owner` still holds it; call it in the transaction that stores what the
 * job did, and roll that back when it answers false (another instance runs the job now).
 */
export async function markImportJobSucceeded(
  db: Db,
  id: string,
  owner: string,
  result: { report: unknown; done: number; total: number; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(importJobs)
    .set({ status: 'succeeded', report: result.report, done: result.done, total: result.total, finishedAt: result.at, owner: null, leaseUntil: null, csv: null })
    .where(isHeldBy(id, owner))
    .returning({ id: importJobs.id });
  return rows.length > 0;
}

/** Stores the job as failed, if `owner` still holds it. */
export async function markImportJobFailed(db: Db, id: string, owner: string, failure: { message: string; done: number; at: Date }): Promise<void> {
  await db
    .update(importJobs)
    .set({ status: 'failed', message: failure.message, done: failure.done, finishedAt: failure.at, owner: null, leaseUntil: null, csv: null })
    .where(isHeldBy(id, owner));
}

export async function findImportJob(db: Db, id: string): Promise<ImportJobRow | undefined> {
  const [row] = await db.select(jobColumns).from(importJobs).where(eq(importJobs.id, id));
  return row;
}

/** The latest jobs, newest first, and how many there are. */
export async function listImportJobs(db: Db, limit: number): Promise<{ rows: ImportJobRow[]; total: number }> {
  const rows = await db.select(jobColumns).from(importJobs).orderBy(desc(importJobs.createdAt), desc(importJobs.id)).limit(limit);
  const [totals] = await db.select({ total: count() }).from(importJobs);
  return { rows, total: totals?.total ?? 0 };
}

/** Running jobs by their lease: held by an instance, or run out and waiting for one to take it over (metrics). */
export async function countRunningJobs(db: Db): Promise<{ held: number; lease_expired: number }> {
  const [row] = await db
    .select({
      held: sql<number>`count(*) filter (where ${importJobs.leaseUntil} >= now())::int`,
      expired: sql<number>`count(*) filter (where ${importJobs.leaseUntil} is null or ${importJobs.leaseUntil} < now())::int`,
    })
    .from(importJobs)
    .where(eq(importJobs.status, 'running'));
  return { held: row?.held ?? 0, lease_expired: row?.expired ?? 0 };
}
