import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { loggableError } from '../../logging.js';
import type { Lease } from './image-jobs.repo.js';
import { boundedStore, type MediaStore } from './media-store.js';

/**
 * How long a runner's lease on a row lasts, how often an idle instance looks for jobs, and how long one of its
 * media store calls may go without a sign of life (MEDIA_STORE_TIMEOUT_MS).
 */
export interface LeasedJobTiming {
  leaseMs: number;
  pollMs: number;
  storeTimeoutMs: number;
}

/**
 * The media context's job runners (the art renderer, the preview cutter, the format maker): queued rows are
 * claimed by a lease held in this instance's name (any instance may take one), one job at a time here,
 * until none is left. The lease is renewed every third of it from the claim until the run ends, whatever the
 * run is doing (reading the store, working, storing, finishing): only a dead instance loses a job. A job
 * reaches the media store through `store`, whose calls end within `storeTimeoutMs` of their last sign of life
 * (`MediaStoreStalled`), so a stalled store stops the job, never the runner. `close()` aborts `signal`: the
 * job running then stops (a store call too) and hands its row back.
 */
export abstract class LeasedJobs<Row> {
  /** This instance's name in the rows it holds: host, process and a random part. */
  readonly owner = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly controller = new AbortController();
  /** Aborted when this instance shuts down. */
  protected readonly signal = this.controller.signal;
  /** The media store as jobs use it: each call bounded by `storeTimeoutMs` without a sign of life, and by shutdown. */
  protected readonly store: MediaStore;

  protected constructor(
    private readonly timing: LeasedJobTiming,
    /** Where and what to log when looking for a job fails: "could not look for …". */
    private readonly looking: { log: () => FastifyBaseLogger; failure: string },
    store: MediaStore,
  ) {
    this.store = boundedStore(store, timing.storeTimeoutMs, this.signal);
  }

  protected get lease(): Lease {
    return { owner: this.owner, ms: this.timing.leaseMs };
  }

  /** Takes the next queued row under this instance's lease, if any. */
  protected abstract claim(): Promise<Row | undefined>;

  /** Runs a claimed row to its end: a failure is written to the row, not thrown. */
  protected abstract run(row: Row): Promise<void>;

  /** Extends the lease on a row this instance runs (with the run's progress, where it has one). */
  protected abstract renew(row: Row): Promise<unknown>;

  /** Done before each claim; the runner stops after it if it is shutting down. */
  protected beforeClaim?(): Promise<void>;

  /** Looks for jobs now and every `pollMs` (ones queued by other instances, or left by one that died). */
  start(): void {
    this.kick();
    this.timer = setInterval(() => this.kick(), this.timing.pollMs);
    this.timer.unref();
  }

  /** Runs every queued job, now (after an upload); a call while running makes it look again at the end. */
  kick(): void {
    if (this.signal.aborted) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Stops: the job running here is handed back, queued for any instance. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.controller.abort(new Error('this server is shutting down'));
    await this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.beforeClaim) {
        await this.beforeClaim();
        if (this.signal.aborted) return;
      }
      let row: Row | undefined;
      try {
        row = await this.claim();
      } catch (err) {
        this.looking.log().error({ error: loggableError(err as Error) }, this.looking.failure);
        return;
      }
      if (!row) return;
      await this.runLeased(row);
      if (this.signal.aborted) return;
    }
  }

  /** `run`, the lease renewed from the claim to the end. */
  private async runLeased(row: Row): Promise<void> {
    const heartbeat = setInterval(
      () => void this.renew(row).catch((err: Error) => this.looking.log().warn({ error: loggableError(err) }, 'could not renew the lease on a job')),
      this.timing.leaseMs / 3,
    );
    try {
      await this.run(row);
    } finally {
      clearInterval(heartbeat);
    }
  }
}
