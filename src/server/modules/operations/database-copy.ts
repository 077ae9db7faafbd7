import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { migrationsDir } from '../../paths.js';
import type { Manifest } from './archive.js';

// The database half of a backup: which migrations the database has, and the PostgreSQL client tools
// (pg_dump, pg_restore), run with the connection in libpq's environment variables rather than on the
// command line, where any user could read the password in the process list.

export const pgliteCopyName = 'database/pgdata.tar.gz';
export const postgresCopyName = 'database/postgres.dump';

interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations this version of the product has (drizzle/meta/_journal.json), oldest first. */
export function knownMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

/** How far the database is migrated: drizzle records each applied migration with its journal time. */
export async function migrationLevel(db: Db): Promise<Manifest['migrations']> {
  const [row] = await queryRows<{ count: number; last: string | null }>(
    db,
    sql`select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  const lastCreatedAt = Number(row?.last ?? 0);
  const last = knownMigrations().find((entry) => entry.when === lastCreatedAt)?.tag ?? 'unknown';
  return { count: row?.count ?? 0, last, lastCreatedAt };
}

/** The database server's own version string (`select version()`). */
export async function engineVersion(db: Db): Promise<string> {
  const [row] = await queryRows<{ version: string }>(db, sql`select version() as version`);
  return row?.version ?? 'unknown';
}

/** libpq's variables for a postgres:// URL (host, port, user, password, database, sslmode). */
export function libpqEnvironment(url: string): Record<string, string> {
  const parsed = new URL(url);
  const env: Record<string, string> = {
    PGHOST: decodeURIComponent(parsed.hostname.replace(/^\[|\]$/g, '')) || 'localhost',
    PGPORT: parsed.port || '5432',
    PGDATABASE: decodeURIComponent(parsed.pathname.slice(1)) || 'postgres',
  };
  if (parsed.username) env.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  const sslmode = parsed.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Runs a PostgreSQL client tool; a failure carries the tool's own message. */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: { ...process.env, ...libpqEnvironment(url) }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (err) => reject(new Error(`${tool} could not be started (${err.message}): install PostgreSQL's client tools`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${tool} failed: ${stderr.trim() || `exit code ${code}`}`))));
  });
}

/** `pg_dump` of the whole database, in its custom format (compressed), to `file`. */
export function dumpPostgres(url: string, file: string): Promise<void> {
  return runPgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`], url);
}

/** `pg_restore` into the database, all or nothing. */
export function restorePostgres(url: string, file: string): Promise<void> {
  return runPgTool('pg_restore', ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${libpqEnvironment(url).PGDATABASE}`, file], url);
}
