import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { importMessages } from '../../../shared/api/admin-import.js';
import { isConnectionLost, isDeadlock, isUniqueViolation, type Db } from '../../db/client.js';
import { ConflictError } from '../../errors.js';
import { loggableError } from '../../logging.js';
import {
  claimImportJob,
  hasRunningImportJob,
  insertRunningImportJob,
  markImportJobFailed,
  markImportJobSucceeded,
  releaseImportJob,
  renewImportJobLease,
  type ClaimedImportJob,
  type ImportJobRow,
  type Lease,
  type NewImportJob,
} from './import-jobs.repo.js';

/** How long a lease lasts and how often an idle instance looks for a job to take over (docs/decisions/0050). */
export interface ImportJobSettings {
  leaseMs: number;
  pollMs: number;
}

export const defaultImportJobSettings: ImportJobSettings = { leaseMs: 30_000, pollMs: 5_000 };

/** Runs of one job that may begin; a job whose runs all died is failed as interrupted. */
export const maxImportJobAttempts = 2;

/**
 * Runs of a job's work in a row on this instance when PostgreSQL ends its transaction to break a deadlock
 * (a staff member's write took rows of the catalog in another order): nothing of that run was stored.
 */
const deadlockAttempts = 3;

/** Live progress is written to the row at most this often, so other instances' polls see it move. */
const progressWriteMs = 500;

/** The reason a run stops when its instance no longer holds the job: nothing more of it is written. */
class JobNotHeldError extends Error {}

/** What a running job's work gets. */
export interface JobContext {
  id: string;
  /** Aborted when this instance lets the job go (shutdown, or another instance took it over). */
  signal: AbortSignal;
  reportProgress(done: number, total: number): void;
  /** The live progress, for the work's final write. */
  progress(): { done: number; total: number };
  /**
   * Stores the success in `tx`, the transaction that stores what the job did; throws (rolling `tx`
   * back) when this instance no longer holds the job, so that a run taken over never commits twice.
   */
  markSucceeded(tx: Db, result: { report: unknown; done: number; total: number; at: Date }): Promise<void>;
}

/** Runs a job from its row: the same work for a job started here and one taken over. */
export type JobWork = (job: ClaimedImportJob, ctx: JobContext) => Promise<void>;

interface LiveJob {
  row: ImportJobRow;
  done: number;
  total: number;
  startedByTokenId: string | undefined;
  controller: AbortController;
  written: { done: number; total: number; at: number };
  isWriting: boolean;
}

/**
 * The import jobs of one app (one server instance). A job is a row of import_jobs that one instance
 * at a time holds by a lease: started here it is inserted already held by this instance; an instance
 * with nothing to run takes over a job whose lease ran out. While a job runs here its progress is kept
 * in memory (polls to this instance read it first: on PGlite the import's one transaction holds the
 * only connection) and written to the row with each heartbeat, which also extends the lease.
 */
export class ImportJobRunner {
  /** This instance's name in `import_jobs.owner`: host and process, for whoever reads the table. */
  readonly owner = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  private live: LiveJob | undefined;
  /** Set from the moment a start is accepted until its row exists, so two starts here cannot both pass. */
  private isStarting = false;
  private claiming: Promise<void> | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private isClosed = false;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly work: JobWork,
    /** The message a job's error may show; undefined means the product's unknown failure. */
    private readonly messageOf: (err: unknown) => string | undefined,
    private readonly settings: ImportJobSettings,
  ) {}

  private get lease(): Lease {
    return { owner: this.owner, ms: this.settings.leaseMs };
  }

  /** Refuses (409) at once while a job runs or starts here; a job on another instance is refused by the database. */
  private assertIdle(): void {
    if (this.isStarting || this.live) throw new ConflictError(importMessages.alreadyRunning);
  }

  /** The running job's row with its live progress, when `id` runs here. */
  liveJob(id: string): ImportJobRow | undefined {
    if (this.live?.row.id !== id) return undefined;
    return { ...this.live.row, done: this.live.done, total: this.live.total };
  }

  /** The id (jti) of the admin token that started job `id`, while it runs here. */
  startedByTokenId(id: string): string | undefined {
    return this.live?.row.id === id ? this.live.startedByTokenId : undefined;
  }

  /**
   * Starts a job, counted first (docs/decisions/0019): takes this instance's one slot before its first
   * await (409 at once while a job runs or starts here), answers 409 while a job runs on another
   * instance, and only then runs `prepare` (reading the upload or the catalog: the slow part), so that
   * concurrent starts are refused before any of them reads a body. Then stores the job as running,
   * held by this instance, starts it without waiting for it, and answers the new row.
   * `startedByTokenId` is the jti of the admin token of the request that started it.
   */
  async start(prepare: () => Promise<Omit<NewImportJob, 'at'> & { startedByTokenId: string }>): Promise<ImportJobRow> {
    this.assertIdle();
    this.isStarting = true;
    let row: ClaimedImportJob;
    let startedByTokenId: string;
    try {
      if (await hasRunningImportJob(this.db)) throw new ConflictError(importMessages.alreadyRunning);
      const job = await prepare();
      startedByTokenId = job.startedByTokenId;
      // Two instances may both have passed the look above: the database's unique index refuses the second.
      row = await insertRunningImportJob(this.db, { ...job, at: this.clock() }, this.lease);
    } catch (err) {
      if (isUniqueViolation(err, 'import_jobs_one_running_uq')) throw new ConflictError(importMessages.alreadyRunning);
      throw err;
    } finally {
      this.isStarting = false;
    }
    this.run(row, startedByTokenId);
    return this.liveJob(row.id) as ImportJobRow;
  }

  /** Looks for a job to take over now and then every `pollMs`, until close(). */
  startClaiming(): void {
    this.claimNext();
    this.pollTimer = setInterval(() => this.claimNext(), this.settings.pollMs);
    this.pollTimer.unref();
  }

  /**
   * Stops taking jobs over and hands back the job running here, if any: its work is aborted and its
   * lease ends now, so that another instance (or this one's next start) runs it again at once.
   */
  async close(): Promise<void> {
    this.isClosed = true;
    clearInterval(this.pollTimer);
    await this.claiming;
    const live = this.live;
    if (!live) return;
    live.controller.abort(new JobNotHeldError('this server is shutting down'));
    this.live = undefined;
    try {
      await releaseImportJob(this.db, live.row.id, this.owner);
      this.log.info({ jobId: live.row.id }, 'import job handed back for another instance');
    } catch (err) {
      this.log.error({ error: loggableError(err as Error), jobId: live.row.id }, 'could not hand the import job back; it is taken over when its lease ends');
    }
  }

  private claimNext(): void {
    if (this.isClosed || this.live || this.isStarting || this.claiming) return;
    this.claiming = this.claim().finally(() => {
      this.claiming = undefined;
    });
  }

  private async claim(): Promise<void> {
    try {
      const row = await claimImportJob(this.db, this.lease);
      if (!row) return;
      if (row.attempts > maxImportJobAttempts) {
        this.log.warn({ jobId: row.id, attempts: row.attempts - 1 }, 'import job failed: every run of it was interrupted');
        await markImportJobFailed(this.db, row.id, this.owner, { message: importMessages.interrupted, done: 0, at: this.clock() });
        return;
      }
      this.log.info({ jobId: row.id, attempt: row.attempts }, 'import job taken over');
      this.run(row, undefined);
    } catch (err) {
      this.log.error({ error: loggableError(err as Error) }, 'could not look for an import job to take over');
    }
  }

  private run(row: ClaimedImportJob, startedByTokenId: string | undefined): void {
    const { csv: _csv, ...shown } = row;
    const live: LiveJob = {
      row: shown,
      done: row.done,
      total: row.total,
      startedByTokenId,
      controller: new AbortController(),
      written: { done: row.done, total: row.total, at: performance.now() },
      isWriting: false,
    };
    this.live = live;
    const ctx: JobContext = {
      id: row.id,
      signal: live.controller.signal,
      reportProgress: (done, total) => {
        live.done = done;
        live.total = total;
      },
      progress: () => ({ done: live.done, total: live.total }),
      markSucceeded: async (tx, result) => {
        if (!(await markImportJobSucceeded(tx, row.id, this.owner, result))) throw new JobNotHeldError('another instance holds the job');
      },
    };
    const heartbeat = setInterval(() => void this.beat(live), Math.min(progressWriteMs, this.settings.leaseMs / 3));
    void this.workThrough(row, ctx)
      .catch((err: unknown) => this.fail(live, err))
      .finally(() => {
        clearInterval(heartbeat);
        if (this.live === live) this.live = undefined;
      });
  }

  /** The job's work, done again when PostgreSQL ended it to break a deadlock (up to deadlockAttempts runs). */
  private async workThrough(row: ClaimedImportJob, ctx: JobContext): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.work(row, ctx);
      } catch (err) {
        if (!isDeadlock(err) || attempt === deadlockAttempts || ctx.signal.aborted) throw err;
        this.log.warn({ error: loggableError(err as Error), jobId: row.id, attempt }, 'import job ended by the database to break a deadlock; running it again');
      }
    }
  }

  private async fail(live: LiveJob, err: unknown): Promise<void> {
    if (live.controller.signal.aborted || err instanceof JobNotHeldError) {
      this.log.info({ jobId: live.row.id, reason: String(live.controller.signal.reason ?? err) }, 'import job stopped here');
      return;
    }
    // Not the import's fault (a PostgreSQL restart or failover): nothing of the run was stored, and the
    // write of a failure would most likely not reach the database either. The job stays held until its
    // lease runs out; then this instance or another runs it again, as after a crash (decision 0050).
    if (isConnectionLost(err)) {
      this.log.warn(
        { error: loggableError(err as Error), jobId: live.row.id, leaseMs: this.settings.leaseMs },
        'import job interrupted: its database connection was lost; it runs again once its lease has run out',
      );
      return;
    }
    const message = this.messageOf(err) ?? importMessages.unknownFailure;
    this.log.error({ error: loggableError(err as Error), jobId: live.row.id }, 'import job failed');
    try {
      await markImportJobFailed(this.db, live.row.id, this.owner, { message, done: live.done, at: this.clock() });
    } catch (writeErr) {
      this.log.error({ error: loggableError(writeErr as Error), jobId: live.row.id }, 'could not store the failed import job');
    }
  }

  /**
   * Writes the live progress when it changed, and extends the lease at least every third of it. One
   * write at a time: on PGlite a write waits behind the import's transaction, and the next ones are
   * skipped meanwhile rather than queued. A job no longer held here is aborted.
   */
  private async beat(live: LiveJob): Promise<void> {
    const isChanged = live.done !== live.written.done || live.total !== live.written.total;
    if (live.isWriting || live.controller.signal.aborted) return;
    if (!isChanged && performance.now() - live.written.at < this.settings.leaseMs / 3) return;
    live.isWriting = true;
    const progress = { done: live.done, total: live.total };
    try {
      const isHeld = await renewImportJobLease(this.db, live.row.id, this.lease, progress);
      live.written = { ...progress, at: performance.now() };
      if (!isHeld) live.controller.abort(new JobNotHeldError('another instance holds the job'));
    } catch (err) {
      this.log.error({ error: loggableError(err as Error), jobId: live.row.id }, 'could not renew the import job lease');
    } finally {
      live.isWriting = false;
    }
  }
}
