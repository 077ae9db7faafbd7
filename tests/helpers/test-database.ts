import { inject } from 'vitest';
import { openPglite, openPostgres, pgliteDatabase, type Database, type OpenOptions } from '../../src/server/db/client.js';
import type { SnapshotName } from './database-snapshots.js';
import { takePglite } from './pglite-pool.js';
import { createScratchDatabase, type ScratchDatabase } from './scratch-postgres.js';

export interface TestDatabaseOpenOptions extends OpenOptions {
  /** What it starts as, a copy of a snapshot (tests/helpers/database-snapshots.ts); 'migrated' by default. */
  from?: SnapshotName;
  /** PGlite only: on disk in this folder, as a server keeps it (in memory by default). */
  dataDir?: string;
}

export interface TestDatabaseKind {
  name: 'pglite' | 'postgres';
  open(options?: TestDatabaseOpenOptions): Promise<Database>;
}

/** Where each PostgreSQL test database lives, for a second connection to it. */
const postgresUrls = new WeakMap<Database, string>();

/** A fresh PostgreSQL database on TEST_DATABASE_URL's server, a copy of the snapshot (the migrated one with the labels unless told). */
export function createPostgresTestDatabase(from: SnapshotName = 'migrated'): Promise<ScratchDatabase> {
  const templates = inject('postgresSnapshots');
  if (!templates) throw new Error('no PostgreSQL snapshots: TEST_DATABASE_URL was not set when the run started');
  return createScratchDatabase(process.env.TEST_DATABASE_URL as string, { prefix: 'bir_test', template: templates[from] });
}

/** A fresh database, a copy of a snapshot; on PostgreSQL a database of its own, dropped on close; in PGlite's memory a pooled one, put back as the snapshot was. */
async function openFresh(kind: 'pglite' | 'postgres', { from = 'migrated', dataDir, ...options }: TestDatabaseOpenOptions = {}): Promise<Database> {
  if (kind === 'pglite') {
    const snapshot = inject('pgliteSnapshots')[from];
    if (dataDir) return openPglite(dataDir, { ...options, loadDataDir: snapshot });
    // In memory: a thread an earlier file of this worker used, put back as the snapshot was (pglite-pool.ts).
    return pgliteDatabase(await takePglite(from, snapshot), options);
  }
  const created = await createPostgresTestDatabase(from);
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
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres' as const, open: (options?: TestDatabaseOpenOptions) => openFresh('postgres', options) }] : []),
];
