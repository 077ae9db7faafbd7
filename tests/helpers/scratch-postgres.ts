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
  return {
    name,
    url: urlOf(serverUrl, name),
    drop: () =>
      onServer(serverUrl, async (client) => {
        await waitUntilUnused(client, name);
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

/**
 * pool.end() resolves before its sockets have closed: a forced drop would kill them and the pool's
 * clients would throw an unhandled error, and a rename would fail. Waits (up to a second) until they
 * are gone; a process killed on purpose leaves none once it has exited.
 */
async function waitUntilUnused(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function urlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Kept templates carry the time they were last used, so that any run may drop those nobody uses any more. */
const lastUsedNote = 'last used ';

function stampLastUse(client: pg.Client, name: string): Promise<unknown> {
  return client.query(`comment on database ${name} is '${lastUsedNote}${new Date().toISOString()}'`);
}

export interface KeptTemplateOptions {
  /** A kept template to start from; without one, an empty database. */
  template?: string;
  /** Fills the new database, given its URL; its connections are closed when it resolves. */
  fill(url: string): Promise<void>;
}

/**
 * A template database `name` kept on the server across runs (its name says what made it: a hash of
 * its inputs), made by `fill` if it is not there yet. Runs and checkouts that start at once wait for
 * one another on an advisory lock of the name, and a crashed build leaves only `<name>_building`,
 * which the next build replaces. Connections to it are refused, so that nothing holds a copy back.
 */
export async function keepTemplateDatabase(serverUrl: string, name: string, { template, fill }: KeptTemplateOptions): Promise<void> {
  const building = `${name}_building`;
  for (const each of [building, template ?? '']) {
    if (each && !identifier.test(each)) throw new Error(`not a plain database name: ${JSON.stringify(each)}`);
  }
  await onServer(serverUrl, async (client) => {
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [name]);
    try {
      const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (rows.length === 0) {
        await client.query(`drop database if exists ${building} with (force)`);
        await client.query(`create database ${building}${template ? ` template ${template}` : ''}`);
        await stampLastUse(client, building);
        await fill(urlOf(serverUrl, building));
        await waitUntilUnused(client, building);
        await client.query(`alter database ${building} rename to ${name}`);
        await client.query(`alter database ${name} with is_template true allow_connections false`);
      }
      await stampLastUse(client, name);
    } finally {
      await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [name]);
    }
  });
}

/** Drops the kept templates named `<prefix>_…` other than `keep` that no run has used for `unusedForMs` (other checkouts share the server). */
export async function dropUnusedTemplateDatabases(serverUrl: string, { prefix, keep, unusedForMs }: { prefix: string; keep: string[]; unusedForMs: number }): Promise<void> {
  await onServer(serverUrl, async (client) => {
    const { rows } = await client.query<{ name: string; note: string | null }>(
      "select datname as name, shobj_description(oid, 'pg_database') as note from pg_database where starts_with(datname, $1)",
      [`${prefix}_`],
    );
    for (const { name, note } of rows) {
      const lastUsed = note?.startsWith(lastUsedNote) ? Date.parse(note.slice(lastUsedNote.length)) : Number.NaN;
      const isUnused = Date.now() - lastUsed >= unusedForMs;
      if (keep.includes(name) || !identifier.test(name) || !isUnused) continue;
      await client.query(`alter database ${name} with is_template false`);
      await client.query(`drop database if exists ${name} with (force)`);
    }
  });
}
