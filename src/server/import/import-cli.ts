import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { parseConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/open-configured-database.js';
import { createLogger } from '../logging.js';
import { relayCatalogChanges } from '../modules/catalog-cache/catalog-changes.js';
import { importCatalog } from './catalog-importer.js';
import { recordUnattendedImport, systemActors } from './record-catalog-import.js';

// npm run catalog:import -- <file.csv> [--label <id>]
// Imports into DATABASE_URL, or into the embedded database in DATA_DIR (stop the server first). On
// PostgreSQL, the servers running on the same database hear of it and empty their catalog caches.
async function run(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { label: { type: 'string' } },
  });
  const file = positionals[0];
  if (!file) throw new Error('Usage: npm run catalog:import -- <file.csv> [--label <id>]');
  const config = parseConfig(process.env);
  const database = await openConfiguredDatabase(config);
  try {
    const report = await importCatalog(database.db, readFileSync(file, 'utf8'), {
      label: values.label,
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
