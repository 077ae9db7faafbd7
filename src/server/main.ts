import { labels } from '../shared/labels.js';
import { buildApp } from './app.js';
import { ConfigError, parseConfig } from './config.js';
import { createLogger } from './logging.js';
import { DataDirBusyError } from './db/data-dir-lock.js';
import { openConfiguredDatabase } from './db/open-configured-database.js';
import { ensureFirstAdmin } from './modules/admin-auth/admin-auth.service.js';
import { loadJwtSecret } from './modules/admin-auth/jwt-secret.js';
import { seedDemoCatalogIfEmpty } from './demo-catalog/seed-demo-catalog.js';
import { clientDistDir } from './paths.js';
import { createSpotifyCatalogClient } from './spotify/spotify-catalog-client.js';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = parseConfig(process.env);
  const logger = createLogger(config.logLevel);

  // Before the database: with DATABASE_URL and no JWT_SECRET the server refuses to start.
  const jwtSecret = loadJwtSecret(config);
  const openOptions = logger.isLevelEnabled('trace') ? { onQuery: (query: string) => logger.trace({ query }, 'sql') } : {};
  const database = await openConfiguredDatabase(config, openOptions);
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

  await ensureFirstAdmin(database.db, {
    credentials: config.firstAdmin,
    isEmbedded: database.kind === 'pglite',
    now: new Date(),
    logger,
  });

  const app = await buildApp(
    {
      db: database.db,
      clock: () => new Date(),
      clientDir: config.serveWebApp ? clientDistDir : undefined,
      serveSourceMaps: config.serveSourceMaps,
      publicUrl: config.publicUrl,
      rateLimits: { reads: { max: config.readsPerMinute, timeWindowMs: 60_000 } },
      spotify: config.spotify,
      spotifyCatalog: config.spotifyCredentials
        ? createSpotifyCatalogClient({ ...config.spotifyCredentials, accountsUrl: config.spotify.accountsUrl, apiUrl: config.spotify.apiUrl })
        : undefined,
      jwtSecret,
    },
    { loggerInstance: logger, trustProxy: config.trustProxy },
  );
  await app.listen({ port: config.port, host: config.host });
  logger.info(
    { database: database.kind, dataDir: config.databaseUrl ? undefined : config.dataDir, startupMs: Math.round(performance.now() - startedAt) },
    `${labels.length} labels ready`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirBusyError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`Could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
