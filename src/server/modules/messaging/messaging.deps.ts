import type { Db } from '../../db/client.js';
import type { RateLimit } from '../../plugins/rate-limit.js';
import type { AdminAuthContext } from '../staff/index.js';

/** What the messaging context's routes are handed (app.ts); `createMessaging` adds its mailroom. */
export interface MessagingDeps {
  db: Db;
  clock: () => Date;
  /** Signs the tokens of emailed links. */
  jwtSecret: Uint8Array;
  adminAuth: AdminAuthContext;
  /** Release alert requests per client address; without one, config.ts defaultLimits. */
  rateLimits?: { notify?: RateLimit };
}
