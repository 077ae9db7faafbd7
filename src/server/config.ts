import { isIP } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';
import { adminPasswordLength } from '../shared/api/admin-auth.js';
import { defaultStatementTimeoutMs } from './db/client.js';
import { parseMailbox } from './lib/mailbox.js';

/** How long a media job's store call may go without a sign of life (an answer, a chunk) unless MEDIA_STORE_TIMEOUT_MS says otherwise. */
export const defaultMediaStoreTimeoutMs = 120_000;

/** How many of its own backups the server keeps unless BACKUP_KEEP says otherwise. */
export const defaultBackupKeep = 7;

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An http(s) base URL, kept without its trailing slash. */
const baseUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .transform((url) => url.replace(/\/+$/, ''));

/**
 * The production limits per client address (SPEC, docs/decisions/0015); the count of each is a
 * variable below, its window is not. Reads: generous for a fan browsing fast, not for a crawler
 * flooding. Tests that prove a limit set a low count; the shared browser test server sets high ones.
 */
export const defaultLimits = {
  demos: { max: 5, timeWindowMs: 10 * 60_000 },
  vip: { max: 10, timeWindowMs: 10 * 60_000 },
  notify: { max: 10, timeWindowMs: 10 * 60_000 },
  plays: { max: 60, timeWindowMs: 60_000 },
  // An address over the read limit waits a second for each refusal, 10,000 held at most (docs/decisions/0108).
  reads: { max: 1200, timeWindowMs: 60_000, holdRefusals: { ms: 1000, max: 10_000 } },
  login: { maxFailures: 5, windowMs: 15 * 60_000 },
};

/** A count of a limit: a whole number of at least 1. */
const limitCount = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

const envSchema = z.object({
  // z.coerce.number alone reads a blank PORT as 0, a random port: blank is refused like any bad value.
  PORT: z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? Number.NaN : v), z.coerce.number().int().min(0).max(65_535))
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  // Backups (docs/decisions/0073): where archives go, how often the server makes one (off, hourly, daily,
  // weekly, or a number of hours or days such as 12h or 2d; daily on the embedded database, off on
  // PostgreSQL unless set), and how many of its own it keeps.
  BACKUP_DIR: z.string().trim().min(1).default('./backups'),
  BACKUP_SCHEDULE: z
    .string()
    .trim()
    .regex(/^(off|hourly|daily|weekly|[1-9]\d{0,3}[hd])$/, 'must be off, hourly, daily, weekly, or a number of hours or days such as 12h or 2d')
    .optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(defaultBackupKeep),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  SEED_DEMO_CATALOG: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  // The site's address in the links it gives out (canonical, OpenGraph, sitemap, robots.txt), whatever
  // Host a request names. Unset or blank: each request's own Host.
  PUBLIC_URL: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const url = URL.canParse(v) ? new URL(v) : undefined;
      const isOrigin = url && /^https?:$/.test(url.protocol) && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
      if (!isOrigin) {
        ctx.addIssue({ code: 'custom', message: 'must be an http:// or https:// origin such as https://records.example (no path)' });
        return z.NEVER;
      }
      return url.origin;
    }),
  SERVE_WEB_APP: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  // The build writes source maps beside the scripts (for error tracking); the public gets them only on request.
  SERVE_SOURCE_MAPS: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  // Public: the browser's PKCE login sends it (docs/product.md §10.4). Blank or unset hides "Connect Spotify".
  SPOTIFY_CLIENT_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]*$/, 'must be letters and digits only')
    .optional()
    .transform((v) => (v ? v : null)),
  // Secret: with the client id, the server's client-credentials token for the admin's "Import tracks".
  SPOTIFY_CLIENT_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : null)),
  SPOTIFY_ACCOUNTS_URL: baseUrl.default('https://accounts.spotify.com'),
  SPOTIFY_API_URL: baseUrl.default('https://api.spotify.com/v1'),
  // Requests per minute and client address to every route without a limit of its own (reads, mostly).
  RATE_LIMIT_READS_PER_MINUTE: limitCount(defaultLimits.reads.max),
  RATE_LIMIT_DEMOS_PER_10_MINUTES: limitCount(defaultLimits.demos.max),
  RATE_LIMIT_VIP_PER_10_MINUTES: limitCount(defaultLimits.vip.max),
  RATE_LIMIT_NOTIFY_PER_10_MINUTES: limitCount(defaultLimits.notify.max),
  RATE_LIMIT_PLAYS_PER_MINUTE: limitCount(defaultLimits.plays.max),
  // Failed admin logins per client address, and per username from one address.
  LOGIN_FAILURES_PER_15_MINUTES: limitCount(defaultLimits.login.maxFailures),
  // Uncached catalog loads (docs/decisions/0037): how long a request waits for one before it gets the
  // last answer kept or a 503 with Retry-After, and how many one client address may have waiting or running.
  CATALOG_LOAD_WAIT_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  CATALOG_LOADS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(16),
  // Import jobs (docs/decisions/0050): how long an instance holds a running job without a heartbeat
  // (another instance takes it over after that), and how often an idle instance looks for such a job.
  IMPORT_JOB_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  IMPORT_JOB_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  // PostgreSQL: the longest a statement may run, or a connection take, before the request answers 503
  // (docs/decisions/0058). Every statement of an import too, each on its own.
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(defaultStatementTimeoutMs),
  // Behind a load balancer: whose X-Forwarded-For to believe, so that request.ip (rate limits, the login
  // throttle) is the visitor's address. Each proxy appends the address it saw; everything left of the
  // trusted proxies' entries was written by the client. So the visitor is the rightmost entry that no
  // trusted proxy wrote: counted in hops (`true` is one, the proxy in front; `2` a CDN and then it) or
  // found by the proxies' addresses. Never "believe every hop", which takes the client's own leftmost entry.
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx): TrustProxy => {
      if (!v || v === 'false') return false;
      if (v === 'true') return 1;
      if (/^[1-9]$/.test(v)) return Number(v);
      const entries = v.split(',').map((entry) => entry.trim());
      const bad = entries.find((entry) => !isAddressOrRange(entry));
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `${JSON.stringify(bad)} is not an IP address or CIDR range (or use true, false or a number of proxies from 1 to 9)` });
      }
      return entries;
    }),
  // Several instances count their rate limits and the login throttle together in Redis (docs/decisions/0055).
  // Blank is unset, as with the Spotify settings (an env file's `REDIS_URL=`).
  REDIS_URL: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().regex(/^rediss?:\/\/[^/]/, 'must be a redis:// or rediss:// URL').optional(),
  ),
  // Email (docs/decisions/0060): the SMTP server, smtp:// (STARTTLS when offered) or smtps:// (TLS from the
  // start), with user and password in the URL. Blank or unset: nothing is sent, emails wait in the outbox.
  SMTP_URL: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().regex(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// URL').optional(),
  ),
  // The sender of every email: an address, each label signing with its own name (site configuration), or a
  // name and an address (`Build It Records <demos@records.example>`), that name signing every email.
  MAIL_FROM: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .refine((v) => parseMailbox(v) !== undefined, 'must be an email address such as demos@records.example, or a name and one: Build It Records <demos@records.example>')
      .optional(),
  ),
  // The bearer token of GET /metrics (docs/decisions/0071). Blank or unset: no /metrics (404).
  METRICS_TOKEN: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().min(16, 'must be at least 16 characters').regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces').optional(),
  ),
  // On SIGTERM (docs/decisions/0070): how long the requests in flight may take to finish before their
  // connections are closed and the server stops anyway.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  // Uploaded covers and pictures (docs/decisions/0085): a folder (default DATA_DIR/media), or S3-compatible
  // object storage for several instances, MEDIA_S3_URL naming the endpoint and the bucket as its path.
  MEDIA_DIR: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().optional()),
  MEDIA_S3_URL: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL naming the bucket as its path, such as https://s3.example/media' })
      .refine((v) => /^\/[^/]+\/?$/.test(new URL(v).pathname), { error: 'must name the bucket as its path, such as https://s3.example/media' })
      .optional(),
  ),
  MEDIA_S3_ACCESS_KEY_ID: z.string().trim().optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  MEDIA_S3_REGION: z.string().trim().min(1).default('us-east-1'),
  // The longest a media store call may go without a sign of life (an answer, a chunk) before it fails: the
  // job that made it stops with that reason (docs/decisions/0103), an S3 request is dropped.
  MEDIA_STORE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(defaultMediaStoreTimeoutMs),
  // VIP payments by Stripe (docs/decisions/0062). Blank or unset: no payments, members wait in pending_payment.
  STRIPE_SECRET_KEY: z.preprocess(blankIsUnset, z.string().trim().regex(/^(sk|rk)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_… or rk_…)').optional()),
  // Verifies the Stripe-Signature of POST /api/webhooks/stripe. Unset: the site sets up its own endpoint at PUBLIC_URL and keeps its secret (docs/decisions/0094).
  STRIPE_WEBHOOK_SECRET: z.preprocess(blankIsUnset, z.string().trim().regex(/^whsec_[A-Za-z0-9+/=_]+$/, 'must be a webhook signing secret (whsec_…)').optional()),
  // Where the Stripe SDK sends its requests; tests point it at a fake on loopback.
  STRIPE_API_URL: baseUrl.default('https://api.stripe.com'),
  // Signs admin tokens; required with DATABASE_URL (checked at start, see admin-auth/jwt-secret.ts).
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_USERNAME: z.string().trim().min(1, 'must not be blank').max(100, 'must be at most 100 characters').optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(adminPasswordLength.min, `must be at least ${adminPasswordLength.min} characters`)
    .max(adminPasswordLength.max, `must be at most ${adminPasswordLength.max} characters`)
    .optional(),
})
  .refine((e) => (e.ADMIN_USERNAME === undefined) === (e.ADMIN_PASSWORD === undefined), {
    error: 'set both ADMIN_USERNAME and ADMIN_PASSWORD, or neither',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((e) => e.SMTP_URL === undefined || e.MAIL_FROM !== undefined, { error: 'is required with SMTP_URL', path: ['MAIL_FROM'] })
  .refine((e) => e.MEDIA_S3_URL === undefined || (e.MEDIA_S3_ACCESS_KEY_ID && e.MEDIA_S3_SECRET_ACCESS_KEY), {
    error: 'MEDIA_S3_URL needs MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY',
    path: ['MEDIA_S3_ACCESS_KEY_ID'],
  })
  // Checkout's return addresses are the site's own origin, never a request's Host.
  .refine((e) => e.STRIPE_SECRET_KEY === undefined || e.PUBLIC_URL !== undefined, {
    error: 'is required with STRIPE_SECRET_KEY (Stripe Checkout returns the member to PUBLIC_URL)',
    path: ['PUBLIC_URL'],
  });

function blankIsUnset(v: unknown): unknown {
  return typeof v === 'string' && v.trim() === '' ? undefined : v;
}

/** What the browser needs to connect a Spotify account; nothing secret. */
/** How long a request waits for an uncached catalog load, and how many loads one client address may have waiting or running (docs/decisions/0037). */
export interface CatalogLoadSettings {
  waitMs: number;
  perClient: number;
}

/** MEDIA_S3_URL and its keys: the media store in S3-compatible storage (docs/decisions/0085). */
export interface S3Settings {
  /** The endpoint and bucket: `https://s3.eu-central-1.amazonaws.com/my-bucket`, `http://minio:9000/media`. */
  url: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** MEDIA_STORE_TIMEOUT_MS: a request with no connection, or no bytes either way, for this long fails. */
  timeoutMs: number;
}

export interface SpotifyConfig {
  clientId: string | null;
  /** Base of `/authorize` and `/api/token`. */
  accountsUrl: string;
  /** Base of the Web API (`/me`, …). */
  apiUrl: string;
}

export const defaultSpotifyConfig: SpotifyConfig = {
  clientId: null,
  accountsUrl: 'https://accounts.spotify.com',
  apiUrl: 'https://api.spotify.com/v1',
};

export type AppConfig = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  backups: BackupConfig;
  logLevel: (typeof logLevels)[number];
  seedDemoCatalog: boolean;
  serveWebApp: boolean;
  serveSourceMaps: boolean;
  /** PUBLIC_URL as an origin (`https://records.example`), or undefined: the request's Host. */
  publicUrl: string | undefined;
  spotify: SpotifyConfig;
  /** Server-side Spotify credentials (client id and secret); null when either is missing. */
  spotifyCredentials: { clientId: string; clientSecret: string } | null;
  jwtSecret: string | undefined;
  /** The first admin, created at start when there is none (docs/product.md §10.6). */
  firstAdmin: { username: string; password: string } | undefined;
  trustProxy: TrustProxy;
  /** Each limit per client address: defaultLimits with the counts the environment sets. */
  limits: Limits;
  catalogLoads: CatalogLoadSettings;
  /** Where the instances count their limits together; undefined: each counts in its own memory. */
  redisUrl: string | undefined;
  importJobs: { leaseMs: number; pollMs: number };
  /** SMTP_URL and MAIL_FROM; smtpUrl undefined: nothing is sent. */
  mail: { smtpUrl: string | undefined; from: string | undefined };
  /** STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_API_URL; null without a secret key: no payments. */
  stripe: StripeSettings | null;
  databaseStatementTimeoutMs: number;
  /** METRICS_TOKEN; undefined: no /metrics. */
  metricsToken: string | undefined;
  shutdownGraceMs: number;
  /** MEDIA_DIR: where uploaded media live without S3 (default DATA_DIR/media). */
  mediaDir: string;
  /** MEDIA_S3_URL and its credentials; undefined: the folder. */
  mediaS3: S3Settings | undefined;
  /** MEDIA_STORE_TIMEOUT_MS: how long a job's media store call may go without a sign of life. */
  mediaStoreTimeoutMs: number;
};

export type Limits = typeof defaultLimits;

export interface BackupConfig {
  dir: string;
  /** How often the server makes a backup; null: never on its own (BACKUP_SCHEDULE=off). */
  everyMs: number | null;
  keep: number;
}

const hourMs = 3_600_000;
const namedSchedules: Record<string, number | null> = { off: null, hourly: hourMs, daily: 24 * hourMs, weekly: 7 * 24 * hourMs };

/** BACKUP_SCHEDULE in milliseconds; unset: daily on the embedded database, off on PostgreSQL (whose operators have their own tools). */
function backupEveryMs(schedule: string | undefined, isPostgres: boolean): number | null {
  if (schedule === undefined) return isPostgres ? null : namedSchedules.daily!;
  if (schedule in namedSchedules) return namedSchedules[schedule]!;
  return Number(schedule.slice(0, -1)) * (schedule.endsWith('d') ? 24 : 1) * hourMs;
}

export interface StripeSettings {
  secretKey: string;
  /** Without it every webhook is refused (400). */
  webhookSecret: string | undefined;
  /** `https://api.stripe.com`, or a fake's origin in tests. */
  apiUrl: string;
}

export class ConfigError extends Error {}

/** TRUST_PROXY: off, the number of proxies in front (hops), or the proxies' addresses and ranges. */
export type TrustProxy = false | number | string[];

/**
 * TRUST_PROXY as Fastify's `trustProxy`: n proxies are the first n hops, counted from this server's
 * peer (Fastify takes no bare hop count: it would then believe no hop at all).
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/** Parses the environment once, at boot; a bad value names its variable. */
export function parseConfig(env: NodeJS.ProcessEnv): AppConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  }
  const e = result.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    backups: { dir: e.BACKUP_DIR, everyMs: backupEveryMs(e.BACKUP_SCHEDULE, e.DATABASE_URL !== undefined), keep: e.BACKUP_KEEP },
    logLevel: e.LOG_LEVEL,
    seedDemoCatalog: e.SEED_DEMO_CATALOG,
    serveWebApp: e.SERVE_WEB_APP,
    serveSourceMaps: e.SERVE_SOURCE_MAPS,
    publicUrl: e.PUBLIC_URL,
    spotify: { clientId: e.SPOTIFY_CLIENT_ID, accountsUrl: e.SPOTIFY_ACCOUNTS_URL, apiUrl: e.SPOTIFY_API_URL },
    spotifyCredentials:
      e.SPOTIFY_CLIENT_ID && e.SPOTIFY_CLIENT_SECRET ? { clientId: e.SPOTIFY_CLIENT_ID, clientSecret: e.SPOTIFY_CLIENT_SECRET } : null,
    jwtSecret: e.JWT_SECRET,
    firstAdmin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : undefined,
    trustProxy: e.TRUST_PROXY,
    limits: {
      demos: { ...defaultLimits.demos, max: e.RATE_LIMIT_DEMOS_PER_10_MINUTES },
      vip: { ...defaultLimits.vip, max: e.RATE_LIMIT_VIP_PER_10_MINUTES },
      notify: { ...defaultLimits.notify, max: e.RATE_LIMIT_NOTIFY_PER_10_MINUTES },
      plays: { ...defaultLimits.plays, max: e.RATE_LIMIT_PLAYS_PER_MINUTE },
      reads: { ...defaultLimits.reads, max: e.RATE_LIMIT_READS_PER_MINUTE },
      login: { ...defaultLimits.login, maxFailures: e.LOGIN_FAILURES_PER_15_MINUTES },
    },
    catalogLoads: { waitMs: e.CATALOG_LOAD_WAIT_MS, perClient: e.CATALOG_LOADS_PER_ADDRESS },
    redisUrl: e.REDIS_URL,
    importJobs: { leaseMs: e.IMPORT_JOB_LEASE_MS, pollMs: e.IMPORT_JOB_POLL_MS },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    stripe: e.STRIPE_SECRET_KEY ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL } : null,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    mediaDir: e.MEDIA_DIR ?? join(e.DATA_DIR, 'media'),
    mediaS3:
      e.MEDIA_S3_URL && e.MEDIA_S3_ACCESS_KEY_ID && e.MEDIA_S3_SECRET_ACCESS_KEY
        ? { url: e.MEDIA_S3_URL, accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY, region: e.MEDIA_S3_REGION, timeoutMs: e.MEDIA_STORE_TIMEOUT_MS }
        : undefined,
    mediaStoreTimeoutMs: e.MEDIA_STORE_TIMEOUT_MS,
  };
}
