import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database, type OpenOptions } from '../../src/server/db/client.js';

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

/** A fresh, migrated PostgreSQL database with the labels on TEST_DATABASE_URL's server, and its removal. */
export interface PostgresTestDatabase {
  url: string;
  /** Waits until its connections are closed, then drops it. */
  drop(): Promise<void>;
}

export async function createPostgresTestDatabase(): Promise<PostgresTestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL as string;
  const name = `bir_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // pool.end() resolves before its sockets have closed: a forced drop would kill them and the
      // pool's clients would throw an unhandled error. Wait (briefly) until they are gone.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const { rows } = await dropper.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
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
