import { performance } from 'node:perf_hooks';
import { buildApp, type App } from '../src/server/app.js';
import { importCatalog } from '../src/server/modules/catalog-import/importer/catalog-importer.js';
import {
  demoCsv,
  fmt,
  heading,
  percentile,
  postgresUnreachable,
  printTable,
  withFreshDatabase,
  type BackendKind,
} from './support.js';

export const apiEndpoints = [
  '/api/releases?label=records&limit=10',
  '/api/releases?label=records&include_tracks=true&include_artists=true&limit=50',
  '/api/artists?label=records&limit=50',
  '/api/releases?q=rhythm',
  '/api/labels/records/top-releases?limit=10',
  '/api/tracks?label=records&limit=50',
] as const;

const warmup = 20;
const iterations = 200;
/** Per endpoint and backend (warm-up and measurement each), so the whole benchmark stays under a minute. */
const warmupCapMs = 1000;
const timeCapMs = 2500;

/** The time now fixed, so the popularity score does not move during a run. */
export const benchNow = new Date('2026-11-21T12:00:00Z');

export async function getOk(app: App, url: string): Promise<{ data?: unknown[]; total?: number }> {
  const response = await app.inject({ method: 'GET', url });
  if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return response.json() as { data?: unknown[]; total?: number };
}

async function measureEndpoint(kind: BackendKind, app: App, url: string): Promise<string[]> {
  let body = await getOk(app, url);
  const warmStart = performance.now();
  for (let i = 1; i < warmup && performance.now() - warmStart < warmupCapMs; i++) body = await getOk(app, url);
  const samples: number[] = [];
  const start = performance.now();
  while (samples.length < iterations && performance.now() - start < timeCapMs) {
    const t0 = performance.now();
    await app.inject({ method: 'GET', url });
    samples.push(performance.now() - t0);
  }
  const wall = performance.now() - start;
  samples.sort((a, b) => a - b);
  return [
    kind,
    url,
    `${body.data?.length ?? 0}/${body.total ?? '-'}`,
    String(samples.length),
    fmt(percentile(samples, 50), 2),
    fmt(percentile(samples, 95), 2),
    fmt(samples[samples.length - 1] ?? Number.NaN, 2),
    fmt((samples.length / wall) * 1000, 0),
  ];
}

export async function runApiBench(): Promise<void> {
  heading(`API latency via app.inject, demo catalog, ${warmup} warm-up then up to ${iterations} sequential requests (at most ${timeCapMs / 1000} s)`);
  const kinds: BackendKind[] = ['pglite'];
  const unreachable = await postgresUnreachable();
  if (unreachable) console.log(`PostgreSQL skipped: not reachable (${unreachable})`);
  else kinds.push('postgres');

  const table: string[][] = [];
  for (const kind of kinds) {
    await withFreshDatabase(kind, async (database) => {
      await importCatalog(database.db, demoCsv());
      const app = await buildApp({ db: database.db, clock: () => benchNow }, { logger: false });
      try {
        await app.ready();
        for (const url of apiEndpoints) table.push(await measureEndpoint(kind, app, url));
      } finally {
        await app.close();
      }
    });
  }
  printTable(['backend', 'endpoint', 'items/total', 'n', 'p50 ms', 'p95 ms', 'max ms', 'req/s'], table);
}
