import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { loggableError } from '../../logging.js';
import type { Lease } from './image-jobs.repo.js';

/** How long a runner's lease on a row lasts, and how often an idle instance looks for jobs. */
export interface LeasedJobTiming {
  leaseMs: number;
  pollMs: number;
}

/**
 * The media context's job runners (the art renderer, the preview cutter, the format maker): queued rows are
 * claimed by a lease held in this instance's name (any instance may take one), one job at a time here,
 * until none is left. `close()` aborts `signal`: the job running then stops and hands its row back.
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

  protected constructor(
    private readonly timing: LeasedJobTiming,
    /** Where and what to log when looking for a job fails: "could not look for …". */
    private readonly looking: { log: () => FastifyBaseLogger; failure: string },
  ) {}

  protected get lease(): Lease {
    return { owner: this.owner, ms: this.timing.leaseMs };
  }

  /** Takes the next queued row under this instance's lease, if any. */
  protected abstract claim(): Promise<Row | undefined>;

  /** Runs a claimed row to its end: a failure is written to the row, not thrown. */
  protected abstract run(row: Row): Promise<void>;

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
      await this.run(row);
      if (this.signal.aborted) return;
    }
  }
}
