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
   * Runs `work` while no other server on this database runs its own under the same lock: several
   * instances starting at once on one PostgreSQL would otherwise migrate, seed and create the first admin
   * side by side (`startup`, the default); `stripe` is the work that waits on Stripe (the webhook's setup,
   * the daily check of the members), which must never hold a starting instance back.
   * PostgreSQL: a session advisory lock; PGlite: the data directory's lock already admits one process.
   */
  exclusively<T>(work: () => Promise<T>, lock?: ExclusiveLock): Promise<T>;
  /** PGlite only: a consistent copy of its data directory, a gzipped tar written into the folder `into`; its path (backups, docs/decisions/0073). */
  dumpDataDir?(into: string): Promise<string>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Called with every SQL statement and its parameters (LOG_LEVEL=trace logs them; tests count them; bench/ EXPLAINs them). */
  onQuery?: (query: string, params: unknown[]) => void;
  /** PGlite only: start from a copy of another database, the file of its `dumpDataDir()` tar, not from an empty one. */
  loadDataDir?: string;
  /** PostgreSQL only: how long a statement may run or a connection take (DATABASE_STATEMENT_TIMEOUT_MS); 5 s by default. */
  statementTimeoutMs?: number;
}

export const defaultStatementTimeoutMs = 5_000;

function queryLogger(options: OpenOptions) {
  const { onQuery } = options;
  return onQuery ? { logger: { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } } : {};
}

/** Embedded PGlite in a directory, or in memory when dataDir is undefined, on a thread of its own. */
export async function openPglite(dataDir: string | undefined, options: OpenOptions = {}): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return pgliteDatabase(await PgliteThread.open(dataDir, options.loadDataDir), options);
}

/** The database on a PGlite thread already open (the tests keep theirs for the next file: tests/helpers/pglite-pool.ts). */
export function pgliteDatabase(client: PgliteThread, options: OpenOptions = {}): Database {
  // Drizzle's driver calls query() and transaction() only, which the thread's client answers alike.
  const db = drizzlePglite(client as unknown as PGlite, { schema, ...queryLogger(options) });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
    exclusively: (work) => work(),
    dumpDataDir: (into) => client.dumpDataDir(into),
    close: () => client.close(),
  };
}

const ignoreDroppedConnection = () => undefined;

/** What `exclusively` keeps to one server at a time. */
export type ExclusiveLock = 'startup' | 'stripe';

/** The advisory lock keys of `exclusively`: fixed 64-bit numbers that nothing else on the database uses. */
const lockKeys: Record<ExclusiveLock, string> = { startup: '7311853420551023101', stripe: '7311853420551023102' };

/**
 * Runs `work` on a connection of its own, outside the pool and its timeouts: the migrations (an index
 * on a large table may take minutes) and the startup lock (which waits while another instance migrates).
 */
async function onOwnConnection<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  // A connection PostgreSQL drops (a restart) is an 'error' event; unheard, it ends the process. The
  // client's queries fail with it anyway, which is where the work hears of it.
  client.on('error', ignoreDroppedConnection);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function openPostgres(connectionString: string, options: OpenOptions = {}): Promise<Database> {
  const timeoutMs = options.statementTimeoutMs ?? defaultStatementTimeoutMs;
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // No request waits on the database for long (docs/decisions/0058): PostgreSQL cancels a statement
    // that runs past the timeout; a server that answers nothing at all (stopped, a dead network path)
    // is given up by the client a second later, and a connection not made in time fails alike.
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs + 1_000,
    connectionTimeoutMillis: timeoutMs,
  });
  // A connection that PostgreSQL drops (a restart, a failover) is an 'error' event; unheard, it ends the
  // process. Idle, the pool emits it and has already discarded the connection; checked out (an import's
  // long transaction), the client emits it, and its queries fail with it. Either way the next query
  // opens a new connection.
  pool.on('error', ignoreDroppedConnection);
  pool.on('connect', (client) => client.on('error', ignoreDroppedConnection));
  // Fail fast with the server's own message when the URL is wrong or the server is down.
  await pool.query('select 1');
  const db = drizzlePg(pool, { schema, ...queryLogger(options) });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () => onOwnConnection(connectionString, (client) => migratePg(drizzlePg(client), { migrationsFolder: migrationsDir })),
    // A session lock, held by a connection of its own, so `work` may use the pool freely.
    exclusively: (work, lock = 'startup') =>
      onOwnConnection(connectionString, async (holder) => {
        await holder.query('select pg_advisory_lock($1)', [lockKeys[lock]]);
        try {
          return await work();
        } finally {
          // On a lost connection the session's lock went with the session: the work's answer stands.
          await holder.query('select pg_advisory_unlock($1)', [lockKeys[lock]]).catch(ignoreDroppedConnection);
        }
      }),
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

/** How the database's connections are used now (metrics). */
export interface ConnectionUse {
  open: number;
  /** Open and not in use. */
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/** PostgreSQL: the pool's connections and the queries waiting for one; PGlite: its one connection and the calls queued behind the running one. */
export function connectionUse(db: Db): ConnectionUse {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return { open: client.totalCount, idle: client.idleCount, waiting: client.waitingCount };
  if (client instanceof PgliteThread) {
    const busy = client.isHeld || client.unanswered > 0;
    return { open: 1, idle: busy ? 0 : 1, waiting: Math.max(0, client.unanswered - 1) };
  }
  return { open: 0, idle: 0, waiting: 0 };
}

/** Rows of a raw SQL query; PGlite and node-postgres both answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * True when the database did not answer in time: a statement PostgreSQL cancelled (statement timeout),
 * or a query or connection the client gave up on (openPostgres's timeouts).
 */
export function isDatabaseTimeout(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: string }).code === '57014') return true;
    if (/^(Query read timeout|timeout exceeded when trying to connect|Connection terminated due to connection timeout)$/.test(e.message)) return true;
  }
  return false;
}

/**
 * True when the work's connection went, not the work itself: PostgreSQL ended the session (a restart,
 * a failover, pg_terminate_backend: 57P01–57P03), the socket closed under it, or no connection could be
 * made. A transaction that lost its connection fails on its rollback, whose error replaces the first.
 */
export function isConnectionLost(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^(57P0[123]|08\w{3}|ECONNREFUSED|ECONNRESET|EPIPE)$/.test(code)) return true;
    if (/^(Connection terminated unexpectedly|Client has encountered a connection error and is not queryable)$/.test(e.message)) return true;
  }
  return false;
}

/**
 * True when PostgreSQL ended the transaction to break a deadlock (40P01): two transactions each held a
 * row the other waited for (say, two artists' credit counts, taken in opposite orders). The other one
 * went on; this one, done again, goes through.
 */
export function isDeadlock(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '40P01') return true;
  }
  return false;
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
