import { Agent, request } from 'node:http';
import { releaseSorts } from '../../src/shared/api/catalog.js';
import { percentile, processRssMiB } from '../support.js';
import { startProductionServer, type ProductionServer } from '../../tests/helpers/production-server.js';
import { collectGarbage, freeLoopbackPort, inspectorOptions } from './full-collection.js';

// Issue 23, findings 1 and 2: one address floods (distinct page URLs, or uncached catalog reads), a
// second address is measured before and during the flood, and the server's memory before, during and
// after. Real client addresses on loopback: the sockets are bound to 127.0.0.1 (then 127.0.0.4, 127.0.0.6) and 127.0.0.2.
// Memory before and at the end is taken after a full garbage collection (full-collection.ts), so that it
// is what the server holds, not garbage V8 has not collected yet; the end is also given as the flood left it.

export interface FloodResult {
  flood: string;
  floodRequests: number;
  floodStatuses: Record<string, number>;
  quietP50Ms: number;
  quietP95Ms: number;
  quietP99Ms: number;
  quietMaxMs: number;
  floodP50Ms: number;
  floodP95Ms: number;
  floodP99Ms: number;
  /** The slowest single visit while flooded. */
  floodMaxMs: number;
  visitorFailures: number;
  /** After a full collection. */
  rssBeforeMiB: number;
  /** The highest sampled while flooded. */
  rssDuringMiB: number;
  /** 10 s after the flood and one second of visits, as the flood left it… */
  rssAfterMiB: number;
  /** …and then after a full collection: what the server still holds. */
  rssAfterCollectedMiB: number;
  /** What of the RSS is the main thread's JavaScript heap, and memory outside it (buffers), at those three points. */
  heapBefore: HeapFigures;
  heapAfter: HeapFigures;
  heapAfterCollected: HeapFigures;
  /** The worker threads' JavaScript heaps used (the embedded database's): before (collected), at the end as left, and collected. */
  workerHeapsBeforeMiB: number[];
  workerHeapsAfterMiB: number[];
  workerHeapsAfterCollectedMiB: number[];
}

export interface HeapFigures {
  usedMiB: number;
  totalMiB: number;
  externalMiB: number;
  /** What each cache keeps weighs, by its bound's measure (bir_cache_bytes), by cache. */
  cachesMiB: Record<string, number>;
}

/** METRICS_TOKEN of the flooded server: its heap figures are read at /metrics, from an address of their own. */
const metricsToken = 'stress-metrics-token-'.repeat(2);
const scraper = new Agent({ keepAlive: true, localAddress: '127.0.0.5' });

async function heapFigures(base: string): Promise<HeapFigures> {
  const text = await new Promise<string>((resolve, reject) => {
    const req = request(`${base}/metrics`, { agent: scraper, headers: { authorization: `Bearer ${metricsToken}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
  const mib = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN) / 1_048_576;
  const cachesMiB = Object.fromEntries([...text.matchAll(/^bir_cache_bytes\{cache="(\w+)"\} (\S+)$/gm)].map(([, cache, bytes]) => [cache, Number(bytes) / 1_048_576]));
  return { usedMiB: mib('nodejs_heap_size_used_bytes'), totalMiB: mib('nodejs_heap_size_total_bytes'), externalMiB: mib('nodejs_external_memory_bytes'), cachesMiB };
}

const visitor = new Agent({ keepAlive: true, localAddress: '127.0.0.2' });
/** The visitor's pace: 10 requests a second, well under its own read limit (1,200 a minute). */
const visitorPauseMs = 100;

function get(base: string, path: string, agent: Agent): Promise<number> {
  return new Promise((resolve) => {
    const req = request(`${base}${path}`, { agent, headers: { 'accept-encoding': 'br' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

const words = ['night', 'deep', 'remix', 'tech', 'house', 'love', 'dark', 'light', 'edit', 'dub', 'mix', 'zz'];
const pick = <T>(values: T[]) => values[Math.floor(Math.random() * values.length)] as T;

/** The second address's latencies over `ms`, asking one path after another at a visitor's pace. */
async function measureVisitor(base: string, paths: () => string, ms: number): Promise<{ latencies: number[]; failures: number }> {
  const latencies: number[] = [];
  let failures = 0;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const started = performance.now();
    const status = await get(base, paths(), visitor);
    latencies.push(performance.now() - started);
    if (status !== 200) failures += 1;
    await new Promise((resolve) => setTimeout(resolve, visitorPauseMs));
  }
  return { latencies: latencies.sort((a, b) => a - b), failures };
}

async function runFlood(server: ProductionServer, inspectorPort: number, name: string, flooder: Agent, floodPath: (i: number) => string, visitorPath: () => string, connections: number): Promise<FloodResult> {
  const quiet = await measureVisitor(server.url, visitorPath, 8_000);
  const { workerHeapsUsedMiB: workerHeapsBeforeMiB } = await collectGarbage(inspectorPort);
  const rssBeforeMiB = await processRssMiB(server.pid);
  const heapBefore = await heapFigures(server.url);
  let sent = 0;
  const statuses: Record<string, number> = {};
  let isFlooding = true;
  const flood = Promise.all(
    Array.from({ length: connections }, async () => {
      while (isFlooding) {
        const status = await get(server.url, floodPath(sent++), flooder);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  let rssDuringMiB = 0;
  const sampler = setInterval(() => void processRssMiB(server.pid).then((rss) => (rssDuringMiB = Math.max(rssDuringMiB, rss))), 500);
  const during = await measureVisitor(server.url, visitorPath, 15_000);
  isFlooding = false;
  await flood;
  clearInterval(sampler);
  // Idle, then one visit (an insert sweeps what expired meanwhile).
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  await measureVisitor(server.url, visitorPath, 1_000);
  const rssAfterMiB = await processRssMiB(server.pid);
  const heapAfter = await heapFigures(server.url);
  const { workerHeapsAsLeftMiB: workerHeapsAfterMiB, workerHeapsUsedMiB: workerHeapsAfterCollectedMiB } = await collectGarbage(inspectorPort);
  const rssAfterCollectedMiB = await processRssMiB(server.pid);
  const heapAfterCollected = await heapFigures(server.url);
  return {
    flood: name,
    floodRequests: sent,
    floodStatuses: statuses,
    quietP50Ms: percentile(quiet.latencies, 50),
    quietP95Ms: percentile(quiet.latencies, 95),
    quietP99Ms: percentile(quiet.latencies, 99),
    quietMaxMs: quiet.latencies.at(-1) ?? 0,
    floodP50Ms: percentile(during.latencies, 50),
    floodP95Ms: percentile(during.latencies, 95),
    floodP99Ms: percentile(during.latencies, 99),
    floodMaxMs: during.latencies.at(-1) ?? 0,
    visitorFailures: during.failures,
    rssBeforeMiB,
    rssDuringMiB,
    rssAfterMiB,
    rssAfterCollectedMiB,
    heapBefore,
    heapAfter,
    heapAfterCollected,
    workerHeapsBeforeMiB,
    workerHeapsAfterMiB,
    workerHeapsAfterCollectedMiB,
  };
}

/** Every release id of the demo catalog, as the public list answers them. */
async function releaseIdsOf(base: string, agent: Agent): Promise<string[]> {
  const ids: string[] = [];
  for (const label of ['buildit-records', 'tech', 'deep']) {
    for (let offset = 0; ; offset += 100) {
      const page = await new Promise<{ data: { id: string }[] }>((resolve, reject) => {
        const req = request(`${base}/api/releases?label=${label}&limit=100&offset=${offset}`, { agent }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve(JSON.parse(body) as { data: { id: string }[] }));
        });
        req.on('error', reject);
        req.end();
      });
      ids.push(...page.data.map((release) => release.id));
      if (page.data.length < 100) break;
    }
  }
  return ids;
}

/** Issue 23's page flood: one address asks for pages with distinct query strings, past its read limit within a second (issue 37: refused before routing). */
function pageFlood(server: ProductionServer, inspectorPort: number): Promise<FloodResult> {
  return runFlood(
    server,
    inspectorPort,
    'pages with distinct query strings',
    new Agent({ keepAlive: true, localAddress: '127.0.0.1' }),
    (i) => `/${pick(['records', 'tech', 'deep'])}/${pick(['artists', 'releases'])}?z=${i}`,
    () => pick(['/api/config', '/tech/releases', '/records']),
    20,
  );
}

/** The production server on the embedded database with the demo catalog and the production limits, warmed up from a third address. */
async function withFloodedServer<T>(run: (server: ProductionServer, inspectorPort: number, warm: Agent) => Promise<T>): Promise<T> {
  const inspectorPort = await freeLoopbackPort();
  const server = await startProductionServer({ env: { SEED_DEMO_CATALOG: 'true', METRICS_TOKEN: metricsToken }, nodeOptions: inspectorOptions(inspectorPort) });
  try {
    // Warm-up from a third address: the pages and the database's memory settle first.
    const warm = new Agent({ keepAlive: true, localAddress: '127.0.0.3' });
    for (const path of ['/records', '/tech', '/tech/releases', '/deep/artists', '/api/config']) await get(server.url, path, warm);
    return await run(server, inspectorPort, warm);
  } finally {
    await server.stop();
  }
}

/** The page flood alone (`npm run stress -- page-flood`). */
export function runPageFlood(): Promise<FloodResult> {
  return withFloodedServer((server, inspectorPort) => pageFlood(server, inspectorPort));
}

/** The four floods against the production server on the embedded database with the demo catalog and the production limits. */
export function runOneAddressFloods(): Promise<FloodResult[]> {
  return withFloodedServer(async (server, inspectorPort, warm) => {
    const pages = await pageFlood(server, inspectorPort);
    const loads = await runFlood(
      server,
      inspectorPort,
      'uncached catalog reads (offset, q)',
      // Another flooding address: the first one's minute of reads is spent.
      new Agent({ keepAlive: true, localAddress: '127.0.0.4' }),
      (i) => `/api/releases?label=${pick(['tech', 'deep', 'buildit-records'])}&q=${pick(words)}&offset=${i % 400}&limit=100&include_tracks=true`,
      () => `/api/releases?label=tech&q=${pick(words)}&offset=${Math.floor(Math.random() * 50)}&limit=5`,
      8,
    );
    const largeLoads = await runFlood(
      server,
      inspectorPort,
      'large uncached catalog reads (100 releases with tracks, by sort and offset)',
      new Agent({ keepAlive: true, localAddress: '127.0.0.6' }),
      // The heaviest answers the API gives (about 190 kB of JSON each), every one a key of its own.
      (i) => `/api/releases?label=buildit-records&limit=100&include_tracks=true&include_artists=true&sort=${pick([...releaseSorts])}&offset=${i % 300}`,
      () => `/api/releases?label=tech&q=${pick(words)}&offset=${Math.floor(Math.random() * 50)}&limit=5`,
      8,
    );
    return [pages, loads, largeLoads, await renderFlood(server, inspectorPort, warm)];
  });
}

/**
 * Issue 32, row 10: pictures drawn on request (share cards, WebP copies of generated art), each one not drawn
 * before, from a fourth address; the visitor asks for the health check and a page.
 */
async function renderFlood(server: ProductionServer, inspectorPort: number, warm: Agent): Promise<FloodResult> {
  const releaseIds = await releaseIdsOf(server.url, warm);
  return runFlood(
    server,
    inspectorPort,
    'uncached share cards and WebP copies',
    new Agent({ keepAlive: true, localAddress: '127.0.0.7' }),
    (i) => `/media/releases/${releaseIds[i % releaseIds.length]}-${['card.jpg', '160.webp', '320.webp', '640.webp'][Math.floor(i / releaseIds.length) % 4]}`,
    () => pick(['/api/health', '/deep', '/tech/releases']),
    8,
  );
}

/** The pictures' flood alone (`npm run stress -- render-flood`), on a server of its own. */
export function runRenderFlood(): Promise<FloodResult> {
  return withFloodedServer((server, inspectorPort, warm) => renderFlood(server, inspectorPort, warm));
}
