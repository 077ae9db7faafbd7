import { labels } from '../shared/labels.js';
import { buildApp } from './app.js';
import { ConfigError, fastifyTrustProxy, parseConfig } from './config.js';
import { exitOnUnexpectedError } from './last-line.js';
import { createLogger, writeBesideLog } from './logging.js';
import { DataDirBusyError } from './db/data-dir-lock.js';
import { openPgBroadcast } from './db/pg-broadcast.js';
import { openConfiguredDatabase } from './db/open-configured-database.js';
import { connectRedis } from './lib/redis.js';
import { redisLimitStore } from './lib/limit-store.js';
import { relayCatalogChanges, relayChanges } from './modules/catalog/index.js';
import { folderMediaStore, s3MediaStore } from './modules/media/index.js';
import { createSpotifyCatalogClient, seedDemoCatalogIfEmpty } from './modules/catalog-import/index.js';
import { ensureFirstAdmin, firstAdminLines, loadJwtSecret } from './modules/staff/index.js';
import { createStripePayments, keepStripeWebhookSetUp, stripeWebhookUrl } from './modules/membership/index.js';
import { listeningOrigin } from './modules/messaging/index.js';
import { listenForCommands, scheduleBackups } from './modules/operations/index.js';
import { clientDistDir } from './paths.js';
import type { StopSignal, StopSignals } from './stop-signals.js';

/** What the server has opened so far: the shutdown closes what is there, whenever it comes. */
interface Opened {
  database?: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  webhookSetup?: { stop(): void };
  redis?: ReturnType<typeof connectRedis>;
  catalogChanges?: { close(): Promise<void> };
  settingsChanges?: { close(): Promise<void> };
  app?: Awaited<ReturnType<typeof buildApp>>;
  localCommands?: { close(): Promise<void> };
  backupSchedule?: { stop(): Promise<void> };
}

/**
 * Starts the server (`npm start`, through main.ts) and stops it gracefully on the first SIGINT or
 * SIGTERM, whenever it comes: once started, at once; during the start, when the step under way ends
 * (a migration, the demo catalog, listening), closing what is open so far, so that nothing is left
 * half done, the data directory is unlocked and the process exits with code 0.
 */
export function startServer(stopSignals: StopSignals): void {
  start(stopSignals).catch((err: unknown) => {
    if (err instanceof ConfigError || err instanceof DataDirBusyError) {
      process.stderr.write(`${err.message}\n`);
    } else {
      process.stderr.write(`Could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    }
    process.exit(1);
  });
}

async function start(stopSignals: StopSignals): Promise<void> {
  const startedAt = performance.now();
  const config = parseConfig(process.env);
  const logger = createLogger(config.logLevel);
  // From here on an error nothing caught is logged with its context, then the process exits (last-line.ts).
  exitOnUnexpectedError(logger, 'server');

  const opened: Opened = {};
  let isStarted = false;
  let closing = false;
  const shutdown = async (signal: StopSignal) => {
    if (closing) return;
    closing = true;
    logger.info({ signal, graceMs: config.shutdownGraceMs, ...(isStarted ? {} : { duringStart: true }) }, 'shutting down');
    const { app, webhookSetup, localCommands, backupSchedule, catalogChanges, settingsChanges, redis, database } = opened;
    // The server stops listening (a load balancer sends new requests to another instance: connections
    // are refused, readiness answers 503) and closes its idle connections; the requests in flight are
    // answered, for SHUTDOWN_GRACE_MS at most, after which their connections are closed (docs/decisions/0070).
    // Then the import runner stops taking jobs over and hands back the one running here, for another
    // instance (docs/decisions/0050), and the outbox worker stops claiming email and lets the sends under
    // way finish (docs/decisions/0060).
    if (app) {
      const graceOver = setTimeout(() => {
        logger.warn({ graceMs: config.shutdownGraceMs }, 'shutdown: requests still in flight after SHUTDOWN_GRACE_MS, closing their connections');
        app.server.closeAllConnections();
      }, config.shutdownGraceMs);
      await app.close();
      clearTimeout(graceOver);
    }
    webhookSetup?.stop();
    await localCommands?.close();
    await backupSchedule?.stop();
    await catalogChanges?.close();
    await settingsChanges?.close();
    redis?.disconnect();
    // Last: the embedded database's data directory is unlocked for the next server.
    await database?.close();
    process.exit(0);
  };
  // A generated first admin's password is shown once, at the end of the start: a stop asked before
  // then waits for it, or the password would be lost.
  let isPasswordUnshown = false;
  /** Between two steps of the start: a signal received meanwhile stops the server here (process.exit). */
  const stopIfAsked = async () => {
    if (stopSignals.received && !isPasswordUnshown) await shutdown(stopSignals.received);
  };
  await stopIfAsked();

  // Before the database: with DATABASE_URL and no JWT_SECRET the server refuses to start.
  const jwtSecret = loadJwtSecret(config);
  const openOptions = logger.isLevelEnabled('trace') ? { onQuery: (query: string) => logger.trace({ query }, 'sql') } : {};
  const database = await openConfiguredDatabase(config, openOptions);
  opened.database = database;
  await stopIfAsked();
  // One instance at a time: of several starting together on an empty database, one seeds it.
  const firstAdmin = await database.exclusively(async () => {
    if (config.seedDemoCatalog) {
      const report = await seedDemoCatalogIfEmpty(database.db, () => new Date());
      if (report) {
        logger.info(
          {
            releases: report.totalReleasesImported,
            tracks: report.totalTracksImported,
            artists: report.totalArtistsImported,
            rejected: report.rejected.length,
          },
          'empty database: demo catalog imported',
        );
      }
    }
    return ensureFirstAdmin(database.db, {
      credentials: config.firstAdmin,
      isEmbedded: database.kind === 'pglite',
      now: new Date(),
      logger,
    });
  });
  isPasswordUnshown = firstAdmin.outcome === 'created with generated password';
  await stopIfAsked();

  // Payments set up from code (docs/decisions/0094): without STRIPE_WEBHOOK_SECRET, one instance at a time (the
  // startup lock) finds or creates the webhook endpoint at PUBLIC_URL and keeps its secret; Stripe not
  // answering keeps no server from starting (it is asked again later).
  const payments = config.stripe ? createStripePayments(config.stripe) : undefined;
  const webhookSetup =
    payments && !payments.hasWebhookSecret && config.publicUrl
      ? keepStripeWebhookSetUp({ db: database.db, payments, log: logger }, { url: stripeWebhookUrl(config.publicUrl), exclusively: (work) => database.exclusively(work, 'stripe'), clock: () => new Date() })
      : undefined;
  opened.webhookSetup = webhookSetup;

  // Several instances: the limits count in Redis, and catalog changes are heard by every instance on the
  // PostgreSQL database (docs/decisions/0055, 0056). The embedded database is one process: its own memory.
  const redis = config.redisUrl ? connectRedis(config.redisUrl, logger) : undefined;
  opened.redis = redis;
  const catalogChanges = config.databaseUrl ? await relayCatalogChanges(config.databaseUrl, logger) : undefined;
  opened.catalogChanges = catalogChanges;
  const settingsChanges = config.databaseUrl ? await relayChanges(config.databaseUrl, 'settings_changes', logger) : undefined;
  opened.settingsChanges = settingsChanges;
  await stopIfAsked();
  const mediaStore = config.mediaS3 ? s3MediaStore(config.mediaS3) : folderMediaStore(config.mediaDir);
  const app = await buildApp(
    {
      mediaStore,
      db: database.db,
      databaseKind: database.kind,
      catalogChanges,
      settingsChanges,
      limitStore: redis ? redisLimitStore(redis, 'bir:') : undefined,
      clock: () => new Date(),
      clientDir: config.serveWebApp ? clientDistDir : undefined,
      serveSourceMaps: config.serveSourceMaps,
      publicUrl: config.publicUrl,
      rateLimits: { demos: config.limits.demos, vip: config.limits.vip, shop: config.limits.vip, notify: config.limits.notify, plays: config.limits.plays, reads: config.limits.reads },
      loginThrottle: config.limits.login,
      catalogLoads: config.catalogLoads,
      spotify: config.spotify,
      spotifyCatalog: config.spotifyCredentials
        ? createSpotifyCatalogClient({ ...config.spotifyCredentials, accountsUrl: config.spotify.accountsUrl, apiUrl: config.spotify.apiUrl })
        : undefined,
      jwtSecret,
      metricsToken: config.metricsToken,
      payments,
      // Members checked with Stripe daily (docs/decisions/0094), under the startup lock as the backups are.
      stripeChecks: payments ? { everyMs: 24 * 3_600_000, exclusively: (work) => database.exclusively(work, 'stripe') } : undefined,
      importJobs: config.importJobs,
      // A media job's store call that goes this long without a sign of life stops the job (docs/decisions/0103).
      imageJobs: { storeTimeoutMs: config.mediaStoreTimeoutMs },
      audioJobs: { storeTimeoutMs: config.mediaStoreTimeoutMs },
      downloadJobs: { storeTimeoutMs: config.mediaStoreTimeoutMs },
      backupSchedule: config.backups,
      mail: {
        ...config.mail,
        // Several instances: a write on one wakes every instance's outbox worker (docs/decisions/0060).
        openSignals: config.databaseUrl
          ? (onSignal) => openPgBroadcast({ connectionString: config.databaseUrl as string, channel: 'outbox', onSignal, logger })
          : undefined,
      },
    },
    { loggerInstance: logger, trustProxy: fastifyTrustProxy(config.trustProxy) },
  );
  opened.app = app;
  await stopIfAsked();
  await app.listen({ port: config.port, host: config.host });
  await stopIfAsked();
  // Backups (docs/decisions/0073): on the embedded database `npm run backup` asks this process, which holds it.
  const backupSource = { database, databaseUrl: config.databaseUrl, mediaDir: config.mediaDir };
  opened.localCommands = config.databaseUrl ? undefined : await listenForCommands(config.dataDir, backupSource, () => new Date(), logger);
  await stopIfAsked();
  const { everyMs, dir, keep } = config.backups;
  opened.backupSchedule = everyMs === null ? undefined : scheduleBackups(backupSource, { dir, everyMs, keep }, () => new Date(), logger);
  // Said at any LOG_LEVEL but silent: whoever started the server learns where it listens (with
  // PORT=0, a port of its own choosing), as tests/helpers/production-server.ts does.
  const announcer = config.logLevel === 'silent' ? logger : logger.child({}, { level: 'info' });
  announcer.info(
    {
      url: app.listeningOrigin,
      database: database.kind,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      limits: redis ? 'redis' : 'memory',
      media: mediaStore.where,
      startupMs: Math.round(performance.now() - startedAt),
    },
    `${labels.length} labels ready`,
  );
  if (!config.publicUrl) {
    logger.warn({ linkOrigin: listeningOrigin(app.server.address()) }, 'PUBLIC_URL is not set: links in emails point at the address this server listens on');
  }
  if (!config.mail.smtpUrl) logger.info('SMTP_URL is not set: emails wait in the outbox, unsent (admin Outbox shows them)');
  // Last, in plain lines: the generated first admin is not to be dug out of a JSON log line.
  if (firstAdmin.outcome === 'created with generated password') {
    writeBesideLog(logger, firstAdminLines(firstAdmin, `${config.publicUrl ?? listeningOrigin(app.server.address())}/admin/login`));
  }

  isStarted = true;
  stopSignals.onStop((signal) => void shutdown(signal));
}
