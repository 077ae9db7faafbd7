import { randomBytes } from 'node:crypto';
import pg from 'pg';

// The one place that creates and drops PostgreSQL databases for tests, benches and stress runs. The
// server (TEST_DATABASE_URL, BENCH_DATABASE_URL) is shared with other runs and other checkouts, so
// each database gets a name of its own and goes when its user is done.

export interface ScratchDatabase {
  name: string;
  /** The server's URL with this database as its path. */
  url: string;
  /** Waits (briefly) until its connections have closed, then drops it. */
  drop(): Promise<void>;
}

export interface ScratchDatabaseOptions {
  /** Says whose it is in a listing of the server's databases: `bir_test`, `bench`, … */
  prefix: string;
  /** A database to copy (CREATE DATABASE … TEMPLATE); without one, an empty database. */
  template?: string;
}

const identifier = /^[a-z_][a-z0-9_]*$/;

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new database `<prefix>_<random>` on the server of `serverUrl`. */
export async function createScratchDatabase(serverUrl: string, { prefix, template }: ScratchDatabaseOptions): Promise<ScratchDatabase> {
  for (const name of [prefix, template ?? '']) {
    if (name && !identifier.test(name)) throw new Error(`not a plain database name: ${JSON.stringify(name)}`);
  }
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      onServer(serverUrl, async (client) => {
        // pool.end() resolves before its sockets have closed: a forced drop would kill them and the
        // pool's clients would throw an unhandled error. Wait (up to a second) until they are gone;
        // a process killed on purpose leaves none once it has exited.
        for (let attempt = 0; attempt < 50; attempt += 1) {
          const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
}
