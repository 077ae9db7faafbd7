import type { Db } from '../../db/client.js';
import type { RateLimit } from '../../plugins/rate-limit.js';

/** What the listening context is handed (app.ts). */
export interface ListeningDeps {
  db: Db;
  clock: () => Date;
  /** Plays counted per client address; without one, config.ts defaultLimits. */
  rateLimits?: { plays?: RateLimit };
}
