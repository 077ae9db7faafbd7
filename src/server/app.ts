import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { siteName } from '../shared/site-settings.js';
import { adminSettingsRoutes, LiveSiteSettings } from './modules/settings/index.js';
import type { AppDeps, ResolvedAppDeps } from './app-deps.js';
import { defaultLimits } from './config.js';
import { connectionUse, isHeldByTransaction } from './db/client.js';
import { memoryLimitStore } from './lib/limit-store.js';
import { registerRequestClient } from './lib/request-client.js';
import {
  adminCatalogRoutes,
  adminPlaylistsRoutes,
  artistsRoutes,
  type CatalogCache,
  createCatalogCache,
  ReleaseMoments,
  createLocalCatalogChanges,
  type CatalogChanges,
  defaultLoadLimits,
  defaultLoadWaitMs,
  labelsRoutes,
  playlistsRoutes,
  registerCatalogAnswerCache,
  releasesRoutes,
  tracksRoutes,
} from './modules/catalog/index.js';
import { adminImportRoutes, countRunningJobs } from './modules/catalog-import/index.js';
import { adminDemosRoutes, demosRoutes } from './modules/demos/index.js';
import { adminMediaRoutes, defaultDownloadFormatsSettings, DownloadFormats, drawingsNow, folderMediaStore, mediaRoutes } from './modules/media/index.js';
import { playsRoutes } from './modules/listening/index.js';
import { adminMembersRoutes, adminPaymentsRoutes, paymentsStatus, scheduleStripeChecks, adminNewslettersRoutes, adminWaitingListRoutes, memberPerksRoutes, vipRoutes, waitingListRoutes } from './modules/membership/index.js';
import { clientConfigRoutes, healthRoutes, seoRoutes } from './modules/site/index.js';
import { adminAuthRoutes, adminOverviewRoutes, EndedSessions, staffAccountsRoutes, staffInvitationRoutes } from './modules/staff/index.js';
import { countOpenEmails, createMessaging, listeningOrigin } from './modules/messaging/index.js';
import { adminBackupsRoutes } from './modules/operations/index.js';
import { adminShopRoutes, applyShopStripeEvent, shopRoutes, writeReleaseDayDownloads } from './modules/shop/index.js';
import { registerClientApp } from './plugins/client-app.js';
import { rejectControlCharacters } from './plugins/reject-control-characters.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { documentCommonErrors, frameworkErrors, registerErrorHandler, sendNotFound } from './plugins/error-handler.js';
import { registerMetrics } from './plugins/metrics.js';
import { ReadRefusals, registerRateLimit } from './plugins/rate-limit.js';
import { createPageDataSource } from './ssr/page-data.js';

/** The body size of a route without a limit of its own, and of the not-found handler. */
const defaultBodyLimit = 16 * 1024;

/** Builds the whole app from its dependencies; never listens (start-server.ts does). */
export async function buildApp(given: AppDeps, options: FastifyHttpOptions<Server> = {}) {
  const liveSettings = new LiveSiteSettings(given.db, given.settingsChanges ?? createLocalCatalogChanges(), { error: (details: object, message: string) => app.log.error(details, message) });
  // Pages and answers are drawn from the catalog and the site settings: a change of either empties their caches (docs/decisions/0097).
  const catalogWrites = given.catalogChanges ?? createLocalCatalogChanges();
  const catalogChanges: CatalogChanges = {
    publish: catalogWrites.publish,
    subscribe: (listener) => {
      const fromCatalog = catalogWrites.subscribe(listener);
      const fromSettings = liveSettings.onApplied(listener);
      return () => {
        fromCatalog();
        fromSettings();
      };
    },
  };
  const jwtSecret = given.jwtSecret ?? randomBytes(32);
  // Emailed links: PUBLIC_URL, else the address this server listens on (known once it listens).
  // Without a media store, one of the app's own, gone when it closes (tests, the bench).
  const scratchMediaDir = given.mediaStore ? undefined : mkdtempSync(join(tmpdir(), 'bir-media-'));
  const messaging = createMessaging({ ...given, jwtSecret }, () => given.publicUrl ?? listeningOrigin(app.server.address()));
  const mediaStore = given.mediaStore ?? folderMediaStore(scratchMediaDir as string);
  // A pre-order's download email on its release day (issue 36): one of the release day's emails, written by the
  // outbox worker's housekeeping, and at once after a catalog or settings change (a date moved to today).
  messaging.alsoSweep((now) => writeReleaseDayDownloads(given.db, messaging.mailroom, now));
  catalogChanges.subscribe(() => messaging.releaseDayNow());
  const releaseMoments = new ReleaseMoments(given.db, catalogChanges, given.clock, { warn: (details, message) => app.log.warn(details, message) });
  const deps: ResolvedAppDeps = {
    ...given,
    jwtSecret,
    adminAuth: { db: given.db, clock: given.clock, jwtSecret, endedSessions: new EndedSessions() },
    catalogChanges,
    liveSettings,
    catalogCache: createCatalogCache('data', catalogChanges, {
      now: () => given.clock().getTime(),
      loadWaitMs: given.catalogLoads?.waitMs ?? defaultLoadWaitMs,
      isStuck: () => isHeldByTransaction(given.db),
      loadLimits: { ...defaultLoadLimits, perClient: given.catalogLoads?.perClient ?? defaultLoadLimits.perClient },
      expiresAt: releaseMoments.nextAfter,
    }),
    limitStore: given.limitStore ?? memoryLimitStore,
    mailroom: messaging.mailroom,
    mediaStore,
    downloadFormats: new DownloadFormats({ db: given.db, store: mediaStore, clock: given.clock, log: () => app.log }, { ...defaultDownloadFormatsSettings, ...given.downloadJobs }),
    setup: { publicUrl: given.publicUrl, canSendEmail: messaging.canSend, payments: () => paymentsStatus(given.db, given.payments, given.publicUrl) },
    shopStripeEvents: (event, now) => applyShopStripeEvent({ db: given.db, mailroom: messaging.mailroom, payments: given.payments, log: app.log }, event, now),
  };
  // Addresses over the read limit: refused by the first hook, and not logged per refusal (docs/decisions/0100).
  const readRefusals = new ReadRefusals();
  const app = Fastify({
    // What a request may send unless its route takes more (the demo form, an artist's bio): enough for
    // every other body of the API. A larger body is refused with 413 before it is read, on unknown
    // routes too, rather than parsed on the main thread for nothing.
    bodyLimit: defaultBodyLimit,
    // A client that sends its request slowly, or not at all, must not hold a connection for long.
    // Keep-alive stays at Fastify's 72 s, longer than a load balancer's idle timeout.
    requestTimeout: 60_000,
    connectionTimeout: 60_000,
    http: { headersTimeout: 10_000, connectionsCheckingInterval: 1_000 },
    // The server names each request itself: a client's X-Request-Id would be echoed in error bodies
    // and written to the log as if it were ours.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    frameworkErrors,
    logController: readRefusals.logController(),
    ...options,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The outbox worker runs while the app does; on close it stops claiming and lets its sends finish.
  app.addHook('onReady', () => messaging.start(app.log));
  // The settings in force before the first request (and before the release moments, which their time zone sets).
  app.addHook('onReady', () => liveSettings.reload());
  // Until the upcoming release dates are read, nothing is cached (ReleaseMoments.nextAfter).
  app.addHook('onReady', () => releaseMoments.read());
  app.addHook('onClose', () => messaging.close());
  // This instance's maker of download formats runs while the app does (docs/decisions/0103).
  app.addHook('onReady', async () => deps.downloadFormats.start());
  app.addHook('onClose', () => deps.downloadFormats.close());
  // Members checked with Stripe daily, by one instance at a time (docs/decisions/0094).
  const { payments, stripeChecks } = given;
  if (payments && stripeChecks) {
    let checks: { stop(): Promise<void> } | undefined;
    app.addHook('onReady', async () => {
      checks = scheduleStripeChecks({ db: given.db, mailroom: messaging.mailroom, payments, log: app.log }, stripeChecks, given.clock);
    });
    app.addHook('onClose', () => checks?.stop());
  }
  if (scratchMediaDir) app.addHook('onClose', async () => rmSync(scratchMediaDir, { recursive: true, force: true }));
  registerRequestClient(app);
  registerErrorHandler(app);
  documentCommonErrors(app);
  rejectControlCharacters(app);
  registerSecurityHeaders(app, deps.spotify);
  await registerRateLimit(app, deps.rateLimits?.reads ?? defaultLimits.reads, deps.limitStore, readRefusals);
  // API JSON and pages; the cached catalog answers come compressed already, hashed assets pre-compressed.
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });
  // The caches made below, whose lookups the metrics count.
  let answerCache: CatalogCache | undefined;
  let pageCache: CatalogCache | undefined;
  // After the rate limit and compression, which /metrics has too; before the routes, whose requests it counts.
  if (deps.metricsToken) {
    registerMetrics(app, {
      token: deps.metricsToken,
      caches: () => ({
        data: deps.catalogCache,
        ...(answerCache && { answers: answerCache }),
        ...(pageCache && { pages: pageCache }),
      }),
      connections: () => connectionUse(deps.db),
      drawings: drawingsNow,
      queues: async () => {
        const [importJobs, outboxEmails] = await Promise.all([countRunningJobs(deps.db), countOpenEmails(deps.db)]);
        return { importJobs, outboxEmails };
      },
    });
  }

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${siteName()} API`,
        description: 'Catalog, listening, demos, VIP membership and administration.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      api.setNotFoundHandler(sendNotFound);
      await api.register(healthRoutes, deps);
      await api.register(async (catalog) => {
        answerCache = registerCatalogAnswerCache(catalog, deps.catalogChanges, deps.clock, releaseMoments.nextAfter);
        await catalog.register(labelsRoutes, deps);
        await catalog.register(releasesRoutes, deps);
        await catalog.register(tracksRoutes, deps);
        await catalog.register(artistsRoutes, deps);
        await catalog.register(playlistsRoutes, deps);
      });
      await api.register(demosRoutes, deps);
      await api.register(vipRoutes, deps);
      await api.register(waitingListRoutes, deps);
      await api.register(memberPerksRoutes, deps);
      await api.register(shopRoutes, deps);
      await api.register(adminShopRoutes, deps);
      await api.register(playsRoutes, deps);
      await api.register(clientConfigRoutes, deps);
      await api.register(adminAuthRoutes, deps);
      await api.register(staffAccountsRoutes, deps);
      await api.register(staffInvitationRoutes, deps);
      await api.register(adminCatalogRoutes, deps);
      await api.register(adminPlaylistsRoutes, deps);
      await api.register(adminMediaRoutes, deps);
      await api.register(adminImportRoutes, deps);
      await api.register(adminDemosRoutes, deps);
      await api.register(adminMembersRoutes, deps);
      await api.register(adminPaymentsRoutes, deps);
      await api.register(adminNewslettersRoutes, deps);
      await api.register(adminWaitingListRoutes, deps);
      await api.register(adminOverviewRoutes, deps);
      await api.register(adminBackupsRoutes, deps);
      await api.register(adminSettingsRoutes, deps);
      await api.register(messaging.routes, deps);
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes, deps);
  await app.register(seoRoutes, deps);
  if (deps.clientDir) {
    pageCache = await registerClientApp(app, deps.clientDir, {
      serveSourceMaps: deps.serveSourceMaps ?? false,
      pageData: createPageDataSource(deps),
      publicUrl: deps.publicUrl,
      catalogChanges: deps.catalogChanges,
      clock: deps.clock,
      expiresAt: releaseMoments.nextAfter,
      loadWaitMs: deps.catalogLoads?.waitMs,
    });
  } else app.setNotFoundHandler(sendNotFound);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
