import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths.js';
import { PgliteThread } from './pglite-thread.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other server on this database runs its own: several instances starting at
   * once on one PostgreSQL would otherwise migrate, seed and create the first admin side by side.
   * PostgreSQL: a session advisory lock; PGlite: the data directory's lock already admits one process.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Called with every SQL statement and its parameters (LOG_LEVEL=trace logs them; tests count them; bench/ EXPLAINs them). */
  onQuery?: (query: string, params: unknown[]) => void;
  /** PGlite only: start from a copy of another database (PGlite's `dumpDataDir()`), not from an empty one. */
  loadDataDir?: Blob;
}

function queryLogger(options: OpenOptions) {
  const { onQuery } = options;
  return onQuery ? { logger: { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } } : {};
}

/** Embedded PGlite in a directory, or in memory when dataDir is undefined, on a thread of its own. */
export async function openPglite(dataDir: string | undefined, options: OpenOptions = {}): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PgliteThread.open(dataDir, options.loadDataDir);
  // Drizzle's driver calls query() and transaction() only, which the thread's client answers alike.
  const db = drizzlePglite(client as unknown as PGlite, { schema, ...queryLogger(options) });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
    exclusively: (work) => work(),
    close: () => client.close(),
  };
}

/** The advisory lock key of `exclusively`: any fixed 64-bit number that nothing else on the database uses. */
const startupLockKey = '7311853420551023101';

export async function openPostgres(connectionString: string, options: OpenOptions = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection that PostgreSQL drops (a restart, a failover) is an 'error' event; unheard, it
  // ends the process. The pool has already discarded that connection and the next query opens a new one.
  pool.on('error', () => undefined);
  // Fail fast with the server's own message when the URL is wrong or the server is down.
  await pool.query('select 1');
  const db = drizzlePg(pool, { schema, ...queryLogger(options) });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder: migrationsDir }),
    exclusively: async (work) => {
      // A session lock, held by one connection of its own, so `work` may use the pool freely.
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [startupLockKey]);
        try {
          return await work();
        } finally {
          await holder.query('select pg_advisory_unlock($1)', [startupLockKey]);
        }
      } finally {
        holder.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * True while a transaction holds the embedded database's only connection (an import): a query now
 * waits until it ends. Never on PostgreSQL, whose pool has other connections.
 */
export function isHeldByTransaction(db: Db): boolean {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PgliteThread && client.isHeld;
}

/** Rows of a raw SQL query; PGlite and node-postgres both answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** True for the unique-index violation named `constraint` (PGlite and node-postgres both set code and constraint). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  // Drizzle wraps the driver's error in `cause`.
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505') return name === undefined || name === constraint;
  }
  return false;
}
