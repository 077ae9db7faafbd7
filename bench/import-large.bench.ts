import { monitorEventLoopDelay } from 'node:perf_hooks';
import { syntheticExport } from '../src/server/demo-catalog/synthetic-export.js';
import { importCatalog } from '../src/server/import/catalog-importer.js';
import { fmt, heading, postgresUnreachable, printTable, timed, withFreshDatabase, type BackendKind } from './support.js';

const releases = 20_000;
const tracksPerRelease = 5;
const artists = 2_000;

async function measure(kind: BackendKind, csv: string): Promise<string[]> {
  return withFreshDatabase(kind, async ({ db }) => {
    let progressCalls = 0;
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const startRss = process.memoryUsage().rss;
    try {
      const { ms, value } = await timed(() => importCatalog(db, csv, { onProgress: () => void progressCalls++ }));
      return [
        kind,
        String(value.rows),
        fmt(ms / 1000),
        ms <= 60_000 ? 'met' : 'NOT MET',
        String(progressCalls),
        fmt((peakRss - startRss) / 2 ** 20, 0),
        fmt(loop.percentile(99) / 1e6),
      ];
    } finally {
      clearInterval(sampler);
      loop.disable();
    }
  });
}

export async function runImportLargeBench(): Promise<void> {
  const csv = syntheticExport({ releases, tracksPerRelease, artists });
  heading(`Import of a synthetic ${releases * tracksPerRelease}-row export (${fmt(csv.length / 2 ** 20)} MB), in process`);
  const kinds: BackendKind[] = ['pglite'];
  const unreachable = await postgresUnreachable();
  if (unreachable) console.log(`PostgreSQL skipped: not reachable (${unreachable})`);
  else kinds.push('postgres');
  const table: string[][] = [];
  for (const kind of kinds) table.push(await measure(kind, csv));
  printTable(['backend', 'rows', 'seconds', 'goal <= 60 s', 'progress reports', 'RSS growth MB', 'event-loop p99 ms'], table);
  console.log('Not streamed: the file is read whole, then written in batches (memory grows with the file).');
}
