import type { FastifyBaseLogger } from 'fastify';
import { labels } from '../../../shared/labels.js';
import type { Db } from '../../db/client.js';
import { keepStaleScores } from './releases.service.js';

/** How often the keeper scores again what went stale; production: every minute. */
export interface ScoreKeepingSettings {
  intervalMs: number;
}

export const defaultScoreKeepingSettings: ScoreKeepingSettings = { intervalMs: 60_000 };

/**
 * Keeps the releases' popularity scores (docs/decisions/0036): when the app starts, then every
 * `intervalMs`, each label's releases whose kept score does not hold now (a play, an edit, an import,
 * a recency step) are scored again and kept. Reads never write: Top Releases scores in memory what
 * the keeper has not reached yet, so the keeper only keeps that work small.
 */
export class ScoreKeeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly settings: ScoreKeepingSettings,
  ) {}

  /** Scores what is stale now (awaited, so that the first answers read kept scores), then keeps on. */
  async start(): Promise<void> {
    await this.pass();
    this.timer = setInterval(() => void this.pass(), this.settings.intervalMs);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass over every label; a pass still running is waited for, never doubled. */
  private pass(): Promise<void> {
    this.running = this.running.then(async () => {
      try {
        const now = this.clock();
        for (const label of labels) await keepStaleScores(this.db, label.id, now);
      } catch (error) {
        // The next pass tries again; meanwhile Top Releases scores the stale releases itself.
        this.log.warn({ err: error }, 'keeping popularity scores failed');
      }
    });
    return this.running;
  }
}
