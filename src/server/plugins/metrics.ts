import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ConnectionUse } from '../db/client.js';
import { AppError } from '../errors.js';

/** What the metrics read at each scrape, besides the requests they count themselves. */
export interface MetricsSources {
  /** METRICS_TOKEN: a scrape sends `Authorization: Bearer <token>`. */
  token: string;
  /** Each cache's lookups since start and what its entries weigh now (bytes), by the cache's name. */
  caches: () => Record<string, { lookups: { hits: number; misses: number }; weight: number }>;
  connections: () => ConnectionUse;
  /** Pictures drawn on request (share cards, WebP copies of generated art): drawing now, and waiting for a turn. */
  drawings: () => { drawing: number; waiting: number };
  /** Unfinished work in the database's queues: import jobs and outbox emails, by state. */
  queues: () => Promise<{ importJobs: Record<string, number>; outboxEmails: Record<string, number> }>;
}

/** The route label of a request no route matched: the web app's pages, and unknown paths (their 404s). */
const unroutedLabel = '(no route)';
const missingTokenMessage = '/metrics needs the bearer token of METRICS_TOKEN';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `GET /metrics` in Prometheus' text format (docs/decisions/0071), behind a bearer token: request
 * counts and durations by method, route pattern (never the raw URL: a crawler's endless URLs must not
 * make endless series) and status; Node's own (event-loop delay, heap, GC); cache lookups; database
 * connections; pictures being drawn; queue depths. Register it before the routes: its hook counts the requests of every one.
 */
export function registerMetrics(app: FastifyInstance, sources: MetricsSources): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer sent, by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const requests = new Counter({ name: 'http_requests_total', help: 'Requests answered, by method, route pattern and status', labelNames, registers: [registry] });
  new Counter({
    name: 'bir_cache_lookups_total',
    help: 'Cache lookups by cache (answers: catalog API answers; data: catalog rows; pages: rendered pages) and result',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, { lookups }] of Object.entries(sources.caches())) {
        this.inc({ cache, result: 'hit' }, lookups.hits);
        this.inc({ cache, result: 'miss' }, lookups.misses);
      }
    },
  });
  new Gauge({
    name: 'bir_cache_bytes',
    help: 'What each cache keeps weighs, by its bound\'s measure (bytes): its entries\' keys and values, fresh or kept past their age',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, { weight }] of Object.entries(sources.caches())) this.set({ cache }, weight);
    },
  });
  new Gauge({
    name: 'bir_database_connections',
    help: 'Database connections by state (open, idle), and queries waiting for one (waiting)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = sources.connections();
      for (const state of ['open', 'idle', 'waiting'] as const) this.set({ state }, use[state]);
    },
  });
  new Gauge({
    name: 'bir_image_drawings',
    help: 'Pictures drawn on request (share cards, WebP copies of generated art) by state: drawing now (2 at most), and waiting for a turn',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const now = sources.drawings();
      for (const state of ['drawing', 'waiting'] as const) this.set({ state }, now[state]);
    },
  });
  // One query each for both queues, at the scrape. While the database does not answer, the scrape
  // goes on without them (the gauges have no samples) rather than failing whole.
  type Queues = Awaited<ReturnType<MetricsSources['queues']>>;
  let queues: Promise<Queues | undefined> | undefined;
  const queueGauge = (name: string, help: string, pick: (q: Queues) => Record<string, number>) =>
    new Gauge({
      name,
      help,
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const known = await (queues ??= sources
          .queues()
          .catch(() => undefined)
          .finally(() => (queues = undefined)));
        if (known) for (const [state, n] of Object.entries(pick(known))) this.set({ state }, n);
      },
    });
  queueGauge('bir_import_jobs', 'Import jobs under way: running under a lease (held), or waiting to be taken over (lease_expired)', (q) => q.importJobs);
  queueGauge('bir_outbox_emails', 'Emails not yet sent: waiting (due or held) and sending', (q) => q.outboxEmails);

  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? unroutedLabel, status_code: reply.statusCode };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  const expected = digest(`Bearer ${sources.token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = request.headers.authorization;
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw new AppError(401, missingTokenMessage);
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
