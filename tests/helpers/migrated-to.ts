import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client.js';
import { migrationsDir } from '../../src/server/paths.js';
import { createScratchDatabase } from './scratch-postgres.js';

// A database as an older version of the product left it: migrated up to a given migration and no
// further, so that a migration test can put in the data that version allowed, then migrate() the rest
// as a server start of this version does (drizzle applies the migrations newer than the last applied).

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A copy of drizzle/ whose journal ends at `lastTag`; removed by the caller. */
function migrationsThrough(lastTag: string): string {
  const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as Journal;
  const end = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (end < 0) throw new Error(`no migration ${lastTag} in drizzle/meta/_journal.json`);
  const entries = journal.entries.slice(0, end + 1);
  const folder = mkdtempSync(join(tmpdir(), 'bir-migrations-'));
  mkdirSync(join(folder, 'meta'));
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) copyFileSync(join(migrationsDir, `${tag}.sql`), join(folder, `${tag}.sql`));
  return folder;
}

/**
 * A new, empty database of `kind` migrated through `lastTag` ("0025_stripe_prices"); `migrate()`
 * applies the rest. On PostgreSQL a database of its own on TEST_DATABASE_URL's server, dropped on close.
 */
export async function openDatabaseMigratedTo(kind: 'pglite' | 'postgres', lastTag: string): Promise<Database> {
  const folder = migrationsThrough(lastTag);
  try {
    if (kind === 'pglite') {
      const database = await openPglite(undefined);
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder }).catch(async (error: unknown) => {
        await database.close();
        throw error;
      });
      return database;
    }
    const created = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, { prefix: 'bir_test' });
    const opened = await openPostgres(created.url, { statementTimeoutMs: 60_000 });
    const database: Database = {
      ...opened,
      close: async () => {
        await opened.close();
        await created.drop();
      },
    };
    await migratePg(opened.db as unknown as NodePgDatabase, { migrationsFolder: folder }).catch(async (error: unknown) => {
      await database.close();
      throw error;
    });
    return database;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
