import { importCatalog, type ImportReport } from '../src/server/modules/catalog-import/importer/catalog-importer.js';
import {
  demoCsv,
  fmt,
  heading,
  median,
  postgresUnreachable,
  printTable,
  readFixtureCsv,
  recordVerdict,
  timed,
  withFreshDatabase,
  type BackendKind,
} from './support.js';

/** Repeat imports per dataset and backend; the median is reported. */
const repeats = 5;

interface Dataset {
  name: string;
  csv: string;
}

function changed(report: ImportReport): number {
  const { created, updated } = report;
  return created.releases + created.tracks + created.artists + updated.releases + updated.tracks + updated.artists;
}

async function measure(kind: BackendKind, dataset: Dataset): Promise<string[]> {
  return withFreshDatabase(kind, async ({ db }) => {
    const first = await timed(() => importCatalog(db, dataset.csv));
    const repeatMs: number[] = [];
    let repeatChanges = 0;
    for (let i = 0; i < repeats; i++) {
      const again = await timed(() => importCatalog(db, dataset.csv));
      repeatMs.push(again.ms);
      repeatChanges += changed(again.value);
    }
    const rows = first.value.rows;
    const repeat = median(repeatMs);
    if (dataset.name === 'fixture') {
      recordVerdict({ backend: kind, figure: `import of the real fixture (${rows} rows), first`, measured: `${fmt(first.ms / 1000, 2)} s`, goal: '<= 2 s', met: first.ms <= 2000 });
      recordVerdict({ backend: kind, figure: 'the same fixture again: changes', measured: String(repeatChanges), goal: '0', met: repeatChanges === 0 });
    }
    return [
      kind,
      dataset.name,
      String(rows),
      `${first.value.totalReleasesImported}/${first.value.totalTracksImported}/${first.value.totalArtistsImported}`,
      fmt(first.ms),
      fmt((rows / first.ms) * 1000, 0),
      fmt(repeat),
      fmt((rows / repeat) * 1000, 0),
      fmt(repeat / first.ms, 2),
      String(repeatChanges),
    ];
  });
}

export async function runImportBench(): Promise<void> {
  heading('Import throughput (first import into an empty database, then repeat imports of the same file)');
  const datasets: Dataset[] = [
    { name: 'fixture', csv: readFixtureCsv() },
    { name: 'demo', csv: demoCsv() },
  ];
  // Untimed warm-up so the first measured import does not pay for module loading and JIT.
  await withFreshDatabase('pglite', ({ db }) => importCatalog(db, datasets[0]!.csv));

  const kinds: BackendKind[] = ['pglite'];
  const unreachable = await postgresUnreachable();
  if (unreachable) console.log(`PostgreSQL skipped: not reachable (${unreachable})`);
  else kinds.push('postgres');

  const table: string[][] = [];
  for (const kind of kinds) for (const dataset of datasets) table.push(await measure(kind, dataset));
  printTable(
    [
      'backend',
      'dataset',
      'rows',
      'rel/trk/art',
      'first ms',
      'first rows/s',
      `repeat ms (median of ${repeats})`,
      'repeat rows/s',
      'repeat/first',
      'changes on repeat',
    ],
    table,
  );
}
