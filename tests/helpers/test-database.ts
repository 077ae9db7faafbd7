import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database, type OpenOptions } from '../../src/server/db/client.js';
import { createScratchDatabase, type ScratchDatabase } from './scratch-postgres.js';

export interface TestDatabaseKind {
  name: 'pglite' | 'postgres';
  open(options?: OpenOptions): Promise<Database>;
}

let migratedPglite: Blob | undefined;

/** Where each PostgreSQL test database lives, for a second connection to it. */
const postgresUrls = new WeakMap<Database, string>();

/** The migrated PGlite of this run (tests/setup/migrated-databases.ts), read once per test file. */
function migratedPgliteDump(): Blob {
  migratedPglite ??= new Blob([readFileSync(inject('pgliteDumpPath'))]);
  return migratedPglite;
}

/** A fresh, migrated PostgreSQL database with the labels on TEST_DATABASE_URL's server, copied from this run's template. */
export function createPostgresTestDatabase(): Promise<ScratchDatabase> {
  return createScratchDatabase(process.env.TEST_DATABASE_URL as string, { prefix: 'bir_test', template: inject('postgresTemplate') });
}

/**
 * A fresh, migrated database with the labels, copied from the one migrated for this run
 * (tests/setup/migrated-databases.ts); on PostgreSQL a database of its own, dropped on close.
 */
async function openFresh(kind: 'pglite' | 'postgres', options: OpenOptions = {}): Promise<Database> {
  if (kind === 'pglite') return openPglite(undefined, { ...options, loadDataDir: migratedPgliteDump() });
  const created = await createPostgresTestDatabase();
  const opened = await openPostgres(created.url, options);
  const database: Database = {
    ...opened,
    close: async () => {
      await opened.close();
      await created.drop();
    },
  };
  postgresUrls.set(database, created.url);
  return database;
}

/**
 * Another connection to a test database, as a second server instance has: on PostgreSQL a pool of its
 * own; on PGlite, which one process opens once, the same one. Closing it leaves the database as it is.
 */
export async function openSameDatabase(database: Database): Promise<Database> {
  const url = postgresUrls.get(database);
  if (!url) return { ...database, close: async () => undefined };
  return openPostgres(url);
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDatabaseKinds: TestDatabaseKind[] = [
  { name: 'pglite', open: (options) => openFresh('pglite', options) },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres' as const, open: (options?: OpenOptions) => openFresh('postgres', options) }] : []),
];
