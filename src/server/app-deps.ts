import type { CatalogLoadSettings, SpotifyConfig } from './config.js';
import type { Database, Db } from './db/client.js';
import type { LimitStore } from './lib/limit-store.js';
import type { CatalogChanges, CatalogDeps, ScoreKeepingSettings } from './modules/catalog/index.js';
import type { CatalogImportDeps, ImportJobSettings, SpotifyCatalogClient } from './modules/catalog-import/index.js';
import type { DemosDeps } from './modules/demos/index.js';
import type { ListeningDeps } from './modules/listening/index.js';
import type { MembershipDeps, PaymentProvider, StripeCheckSchedule } from './modules/membership/index.js';
import type { ShopDeps } from './modules/shop/index.js';
import type { SiteDeps } from './modules/site/index.js';
import type { SettingsDeps } from './modules/settings/index.js';
import type { LoginThrottleLimit, StaffDeps } from './modules/staff/index.js';
import type { DownloadFormatsSettings, ImageJobSettings, MediaDeps, MediaStore } from './modules/media/index.js';
import type { MailSettings, MessagingDeps } from './modules/messaging/index.js';
import type { BackupScheduleInfo, OperationsDeps } from './modules/operations/index.js';
import type { RateLimit, ReadLimit } from './plugins/rate-limit.js';

// What buildApp (app.ts) is built from, and what it hands the contexts: each context declares what it takes
// in its index.ts and imports nothing of this file.

export interface AppDeps {
  db: Db;
  /**
   * Which database `db` is. 'pglite' (one connection, which a running import's transaction holds) lets
   * the token that started a job read its progress without the database (docs/decisions/0018);
   * without it, every job poll is checked in full.
   */
  databaseKind?: Database['kind'];
  /** Where catalog writes are announced and caches hear them; without one, this instance's own emitter. */
  catalogChanges?: CatalogChanges;
  /** Where site settings changes are announced and heard (docs/decisions/0097); without one, this instance's own emitter. */
  settingsChanges?: CatalogChanges;
  /** The current time; tests pass a fixed one. */
  clock: () => Date;
  /** Folder of the built web app; undefined serves the API alone. */
  clientDir?: string;
  /** The origin of the links the site gives out (PUBLIC_URL); without one, each request's own Host. */
  publicUrl?: string;
  /** Serve the built app's `.map` files too (SERVE_SOURCE_MAPS); otherwise they answer 404. */
  serveSourceMaps?: boolean;
  /** Requests per client address; without one, each limit's production default (config.ts defaultLimits). */
  rateLimits?: { demos?: RateLimit; vip?: RateLimit; notify?: RateLimit; plays?: RateLimit; reads?: ReadLimit; shop?: RateLimit };
  /** Takes VIP payments (Stripe, docs/decisions/0062); without one, members wait in `pending_payment` (docs/product.md §10.7). */
  payments?: PaymentProvider;
  /** Members checked with Stripe every `everyMs`, by one instance at a time (docs/decisions/0094); without it, only when staff ask. */
  stripeChecks?: StripeCheckSchedule;
  /** The public Spotify settings the browser needs; without them, no client id (Connect hidden). */
  spotify?: SpotifyConfig;
  /** The server's Spotify catalog client (client credentials); without one, "Import tracks" answers 503. */
  spotifyCatalog?: SpotifyCatalogClient;
  /** Signs admin tokens (start-server.ts: JWT_SECRET or DATA_DIR/jwt-secret); without one, a random secret for this app alone. */
  jwtSecret?: Uint8Array;
  /** Failed admin logins allowed per client address and per username; without one, 5 in 15 minutes (config.ts defaultLimits). */
  loginThrottle?: LoginThrottleLimit;
  /** Where the rate limits and the login throttle count (start-server.ts: Redis with REDIS_URL); without one, this app's memory. */
  limitStore?: LimitStore;
  /** How uncached catalog loads wait (CATALOG_LOAD_WAIT_MS, CATALOG_LOADS_PER_ADDRESS); production: 1 s and 16. */
  catalogLoads?: CatalogLoadSettings;
  /** Import jobs' lease and how often an idle instance looks for one to take over; production: 30 s and 5 s. */
  importJobs?: ImportJobSettings;
  /** SMTP and the outbox worker (docs/decisions/0060); without SMTP_URL emails wait in the outbox, unsent. */
  mail?: MailSettings;
  /** Runs what a VIP request leaves for after its answer (docs/decisions/0095); tests pass one they can wait for. */
  afterAnswer?: MembershipDeps['afterAnswer'];
  /** METRICS_TOKEN: `/metrics` answers with this bearer token (docs/decisions/0071); without one, it does not exist (404). */
  metricsToken?: string;
  /** How often the server backs up and how many it keeps (BACKUP_SCHEDULE, BACKUP_KEEP), for the admin Settings tab; without one, no schedule. */
  backupSchedule?: BackupScheduleInfo;
  /** How often popularity scores that went stale are kept again; production: every minute. */
  scoreKeeping?: ScoreKeepingSettings;
  /** Where uploaded media (covers, pictures, audio and its previews) live (start-server.ts: MEDIA_S3_URL or MEDIA_DIR); without one, a scratch folder removed when the app closes. */
  mediaStore?: MediaStore;
  /** Uploaded covers' and pictures' jobs (docs/decisions/0091): lease, poll, how long a replaced picture's files stay; production: 30 s, 5 s, an hour. */
  imageJobs?: Partial<ImageJobSettings>;
  /** Uploaded audio's preview jobs (docs/decisions/0087): lease, poll, the cutting thread's memory limits; production: 30 s, 5 s, 256 MB old generation and 32 MB young. */
  audioJobs?: MediaDeps['audioJobs'];
  /** Download formats' jobs (docs/decisions/0103): lease, poll, how long a request waits, the thread's memory limits; production: 30 s, 5 s, 50 s, 128 MB old generation. */
  downloadJobs?: Partial<DownloadFormatsSettings>;
}

/**
 * What buildApp hands the contexts, settled once (the admin token secret and guard, the catalog cache, the
 * limits' store, the mailroom, the media store): each context takes only what its index.ts declares.
 */
export type ResolvedAppDeps = AppDeps &
  StaffDeps &
  CatalogDeps &
  SettingsDeps &
  MediaDeps &
  CatalogImportDeps &
  DemosDeps &
  ListeningDeps &
  MembershipDeps &
  ShopDeps &
  MessagingDeps &
  OperationsDeps &
  SiteDeps;
