import type { FastifyBaseLogger } from 'fastify';
import { importMessages } from '../../../shared/api/admin-import.js';
import type { Db } from '../../db/client.js';
import { ConflictError } from '../../errors.js';
import { loggableError } from '../../logging.js';
import { insertImportJob, markImportJobFailed, type ImportJobRow, type NewImportJob } from './admin-import.repo.js';

/** What a running job's work gets: its id and its live progress. */
export interface JobContext {
  id: string;
  reportProgress(done: number, total: number): void;
  /** The live progress, for the work's final write. */
  progress(): { done: number; total: number };
}

/**
 * The jobs of one app (one process): at most one at a time, run in this process. Live progress is
 * kept here, in memory, because on PGlite the import's single transaction holds the only
 * connection: the row is written when the job starts and when it ends (the work writes its success
 * in its own transaction; a failure is written here).
 */
export class ImportJobRunner {
  private live: { row: ImportJobRow; done: number; total: number; startedByTokenId: string } | undefined;
  /** Set from the moment a start is accepted, before the row exists, so two starts cannot both pass. */
  private isStarting = false;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
    private readonly log: FastifyBaseLogger,
    /** The message a job's error may show; undefined means the product's unknown failure. */
    private readonly messageOf: (err: unknown) => string | undefined,
  ) {}

  /** Refuses (409) while a job runs here. */
  assertIdle(): void {
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
   * Stores the job as running, starts `work` without waiting for it, and answers the new row.
   * `startedByTokenId` is the jti of the admin token of the request that started it.
   */
  async start(
    job: Omit<NewImportJob, 'at'> & { startedByTokenId: string },
    work: (ctx: JobContext) => Promise<void>,
  ): Promise<ImportJobRow> {
    this.assertIdle();
    this.isStarting = true;
    let row: ImportJobRow;
    try {
      row = await insertImportJob(this.db, { ...job, at: this.clock() });
    } finally {
      this.isStarting = false;
    }
    const live = { row, done: 0, total: job.total, startedByTokenId: job.startedByTokenId };
    this.live = live;
    const ctx: JobContext = {
      id: row.id,
      reportProgress: (done, total) => {
        live.done = done;
        live.total = total;
      },
      progress: () => ({ done: live.done, total: live.total }),
    };
    void this.run(ctx, work);
    return this.liveJob(row.id) as ImportJobRow;
  }

  private async run(ctx: JobContext, work: (ctx: JobContext) => Promise<void>): Promise<void> {
    try {
      await work(ctx);
    } catch (err) {
      const message = this.messageOf(err) ?? importMessages.unknownFailure;
      this.log.error({ error: loggableError(err as Error), jobId: ctx.id }, 'import job failed');
      try {
        await markImportJobFailed(this.db, ctx.id, { message, done: ctx.progress().done, at: this.clock() });
      } catch (writeErr) {
        this.log.error({ error: loggableError(writeErr as Error), jobId: ctx.id }, 'could not store the failed import job');
      }
    } finally {
      this.live = undefined;
    }
  }
}
