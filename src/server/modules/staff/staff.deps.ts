import type { Db } from '../../db/client.js';
import type { LimitStore } from '../../lib/limit-store.js';
import type { Mailroom } from '../messaging/index.js';
import type { AdminAuthContext } from './admin-auth.service.js';
import type { SetupFacts } from './admin-setup.service.js';
import type { LoginThrottleLimit } from './login-throttle.js';

/** What the staff context is handed (app.ts): its routes' needs, no more. */
export interface StaffDeps {
  db: Db;
  adminAuth: AdminAuthContext;
  /** Failed admin logins allowed; without one, 5 in 15 minutes (config.ts defaultLimits). */
  loginThrottle?: LoginThrottleLimit;
  /** Where the login throttle counts: Redis shared by the instances, or this app's memory. */
  limitStore: LimitStore;
  /** What the Overview's setup checklist reads beside the database (app.ts gathers it from the other contexts). */
  setup: SetupFacts;
  /** Invitations are emailed through the outbox. */
  mailroom: Mailroom;
}
