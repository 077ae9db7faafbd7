import type { Db } from '../../db/client.js';
import type { RateLimit } from '../../plugins/rate-limit.js';
import type { Mailroom } from '../messaging/index.js';
import type { AdminAuthContext } from '../staff/index.js';

/** What the demos context is handed (app.ts). */
export interface DemosDeps {
  db: Db;
  clock: () => Date;
  mailroom: Mailroom;
  adminAuth: AdminAuthContext;
  /** Demo submissions per client address; without one, config.ts defaultLimits. */
  rateLimits?: { demos?: RateLimit };
}
