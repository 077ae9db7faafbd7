import { execFileSync } from 'node:child_process';
import autocannon, { type Result } from 'autocannon';
import { fmt, heading, postgresUnreachable, printTable, recordVerdict, startBenchServer, type BackendKind, type BenchServer } from './support.js';

const connections = 50;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);

/** What a browser sends: the answers come compressed where the server compresses. */
const browserHeaders = { 'accept-encoding': 'br, gzip' };

async function load(url: string, options: { connections?: number; duration?: number; paths?: () => string } = {}): Promise<Result> {
  const { paths } = options;
  return autocannon({
    url,
    connections: options.connections ?? connections,
    duration: options.duration ?? seconds,
    headers: browserHeaders,
    ...(paths ? { requests: [{ setupRequest: (request) => ({ ...request, path: paths() }) }] } : {}),
  });
}

function checkOk(path: string, result: Result): void {
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
}

/** The public catalog routes of the issue and the rendered pages of a label, with ids taken from the demo catalog. */
async function catalogRoutes(base: string): Promise<string[]> {
  const releases = (await (await fetch(`${base}/api/releases?label=records&limit=1&include_artists=true`)).json()) as {
    data: { id: string; slug: string; artists: { id: string }[] }[];
  };
  const release = releases.data[0];
  const artistId = release?.artists[0]?.id;
  if (!release || !artistId) throw new Error('the demo catalog has no release with an artist');
  return [
    '/api/labels',
    '/api/releases?label=buildit-records&limit=10&include_tracks=true&include_artists=true',
    `/api/releases/${release.id}`,
    '/api/tracks?label=records&limit=50',
    '/api/artists?label=tech&limit=10',
    `/api/artist-releases/${artistId}`,
    '/api/labels/buildit-records/top-releases?limit=10',
    '/api/playlists?label=records',
    // Rendered pages come from the page cache (docs/decisions/0034).
    '/tech',
    '/tech/releases',
    '/records/artists',
    // Its own address: the release's id there is answered with a redirect to it (docs/decisions/0101).
    `/records/releases/${release.slug}`,
  ];
}

async function measureRoutes(server: BenchServer): Promise<void> {
  const routes = ['/api/config', ...(await catalogRoutes(server.url))];
  const table: string[][] = [];
  let configRps = 0;
  for (const path of routes) {
    await load(server.url + path, { duration: 1 }); // warm-up: JIT, caches
    const result = await load(server.url + path);
    checkOk(path, result);
    const rps = result.requests.average;
    if (path === '/api/config') configRps = rps;
    const ratio = rps / configRps;
    table.push([server.kind, path, fmt(rps, 0), fmt(ratio * 100, 0) + '%', fmt(result.latency.p50, 0), fmt(result.latency.p99, 0)]);
    if (path !== '/api/config') {
      recordVerdict({
        backend: server.kind,
        figure: `${path} throughput, p99`,
        measured: `${fmt(ratio * 100, 0)}% of /api/config, p99 ${fmt(result.latency.p99, 0)} ms`,
        goal: '>= 50%, p99 <= 20 ms',
        met: ratio >= 0.5 && result.latency.p99 <= 20,
      });
    }
  }
  printTable(['backend', 'route', 'req/s', 'of config', 'p50 ms', 'p99 ms'], table);
}

/** 50 connections of uncached searches (a new `q` every request) while /api/health and /api/config are timed. */
async function measureEventLoop(server: BenchServer): Promise<void> {
  // Every request a search not asked before (two letters, a sort, a type: about 10,000 of them), so
  // neither cache can answer it.
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const sorts = ['date:desc', 'date:asc', 'title:asc', 'title:desc'];
  const types = ['', '&type=album', '&type=single', '&type=compilation'];
  let n = 0;
  const heavy = () => {
    const i = n++;
    const q = letters[i % 26]! + letters[Math.floor(i / 26) % 26]!;
    const rest = Math.floor(i / 676);
    return `/api/releases?limit=100&include_tracks=true&include_artists=true&q=${q}&sort=${sorts[rest % 4]}${types[Math.floor(rest / 4) % 4]}`;
  };
  await load(server.url + heavy(), { duration: 1, paths: heavy, connections: 5 });
  server.resetEventLoop();
  const [heavyResult, health, config] = await Promise.all([
    load(server.url, { paths: heavy }),
    load(`${server.url}/api/health`, { connections: 1 }),
    load(`${server.url}/api/config`, { connections: 1 }),
  ]);
  const loop = await server.readEventLoop();
  const table = [
    [server.kind, `${connections} uncached searches (limit 100, tracks, artists)`, fmt(heavyResult.requests.average, 0), fmt(heavyResult.latency.p50, 0), fmt(heavyResult.latency.p99, 0)],
    [server.kind, '/api/health meanwhile (1 connection)', fmt(health.requests.average, 0), fmt(health.latency.p50, 0), fmt(health.latency.p99, 0)],
    [server.kind, '/api/config meanwhile (1 connection)', fmt(config.requests.average, 0), fmt(config.latency.p50, 0), fmt(config.latency.p99, 0)],
  ];
  printTable(['backend', 'load', 'req/s', 'p50 ms', 'p99 ms'], table);
  console.log(`${server.kind}: event-loop delay p50 ${fmt(loop.p50)} ms, p99 ${fmt(loop.p99)} ms, max ${fmt(loop.max)} ms`);
  for (const [name, result] of [['/api/health', health], ['/api/config', config]] as const) {
    const answered = result.requests.total > 0;
    recordVerdict({
      backend: server.kind,
      figure: `${name} p99 behind ${connections} uncached heavy requests`,
      measured: answered ? `${fmt(result.latency.p99, 0)} ms` : `no answer in ${seconds} s`,
      goal: '<= 50 ms',
      met: answered && result.latency.p99 <= 50 && result.non2xx === 0,
    });
  }
  recordVerdict({ backend: server.kind, figure: 'event-loop delay p99 meanwhile', measured: `${fmt(loop.p99)} ms`, goal: 'printed' });
}

export async function runHttpBench(): Promise<void> {
  // The production server is the build: make it when it is missing or older than the sources.
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  const kinds: BackendKind[] = ['pglite'];
  const unreachable = await postgresUnreachable();
  if (unreachable) console.log(`PostgreSQL skipped: not reachable (${unreachable})`);
  else kinds.push('postgres');
  for (const kind of kinds) {
    heading(`Production server (${kind}, demo catalog): autocannon, ${connections} connections, ${seconds} s per route after a 1 s warm-up`);
    const server = await startBenchServer(kind);
    try {
      await measureRoutes(server);
      heading(`Event loop (${kind}): ${connections} uncached heavy requests for ${seconds} s`);
      await measureEventLoop(server);
    } finally {
      await server.stop();
    }
  }
}
