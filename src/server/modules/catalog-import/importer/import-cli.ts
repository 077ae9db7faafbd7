import { createReadStream, statSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { parseConfig } from '../../../config.js';
import { openConfiguredDatabase } from '../../../db/open-configured-database.js';
import { createLogger } from '../../../logging.js';
import { relayCatalogChanges } from '../../catalog/index.js';
import { importCatalog, type ImportProgress } from './catalog-importer.js';
import { recordUnattendedImport, systemActors } from './record-catalog-import.js';

// npm run catalog:import -- <file.csv> [--label <id>]
// Imports into DATABASE_URL, or into the embedded database in DATA_DIR (stop the server first). On
// PostgreSQL, the servers running on the same database hear of it and empty their catalog caches.
// The file is read as a stream (memory stays flat whatever its size); progress goes to stderr at
// most every second, the report to stdout at the end.

/** Progress lines on stderr: rows settled and how much of the file has been read. */
function progressPrinter(fileBytes: number): (progress: ImportProgress) => void {
  let printedAt = 0;
  return ({ rows, bytes }) => {
    if (performance.now() - printedAt < 1000) return;
    printedAt = performance.now();
    const percent = fileBytes > 0 ? Math.floor((bytes / fileBytes) * 100) : 100;
    process.stderr.write(`${rows} rows imported (${percent}% of the file read)\n`);
  };
}

async function run(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { label: { type: 'string' } },
  });
  const file = positionals[0];
  if (!file) throw new Error('Usage: npm run catalog:import -- <file.csv> [--label <id>]');
  // Refused before the database is opened when the file cannot be read.
  const fileBytes = statSync(file).size;
  const config = parseConfig(process.env);
  const database = await openConfiguredDatabase(config);
  try {
    const report = await importCatalog(database.db, createReadStream(file), {
      label: values.label,
      onProgress: progressPrinter(fileBytes),
      beforeCommit: recordUnattendedImport({
        actor: systemActors.commandLine,
        source: `"${basename(file)}" from the command line`,
        fileName: basename(file),
        at: () => new Date(),
      }),
    });
    if (config.databaseUrl) {
      const changes = await relayCatalogChanges(config.databaseUrl, createLogger('warn', process.stderr));
      changes.publish();
      await changes.close();
    }
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await database.close();
  }
}

run().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
