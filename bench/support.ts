import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openPglite, openPostgres, type Database, type OpenOptions } from '../src/server/db/client.js';
import { generateDemoCatalog } from '../src/server/modules/catalog-import/demo-catalog/generate-demo-catalog.js';
import { syncLabels } from '../src/server/modules/catalog/labels.repo.js';
import { labels } from '../src/shared/labels.js';
import { distributorExportPath } from '../tests/helpers/fixtures.js';

export type BackendKind = 'pglite' | 'postgres';


export function readFixtureCsv(): string {
  return readFileSync(distributorExportPath, 'utf8');
}

let demo: string | undefined;
export function demoCsv(): string {
  demo ??= generateDemoCatalog().csv;
  return demo;
}

/** The server the PostgreSQL runs use; each run creates a database of its own there and drops it. */
export const postgresServerUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let reachability: Promise<string | undefined> | undefined;

/** undefined when the server answers, else why not (memoized: asked once per run). */
export function postgresUnreachable(): Promise<string | undefined> {
  reachability ??= (async () => {
    const client = new pg.Client({ connectionString: postgresServerUrl, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query('select 1');
      return undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return reachability;
}

async function adminQuery(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresServerUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A new, empty database `bench_<random>` on the server; drop() removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(postgresServerUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

/** A fresh, migrated database with the labels: PGlite in memory, or a database of its own on PostgreSQL. */
export async function openFreshDatabase(kind: BackendKind, options: OpenOptions = {}): Promise<Database> {
  let database: Database;
  if (kind === 'pglite') {
    database = await openPglite(undefined, options);
  } else {
    const created = await createPostgresDatabase();
    const opened = await openPostgres(created.url, options).catch(async (error: unknown) => {
      await created.drop();
      throw error;
    });
    database = {
      ...opened,
      close: async () => {
        await opened.close();
        await created.drop();
      },
    };
  }
  try {
    await database.migrate();
    await syncLabels(database.db, labels);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** Calls `use` with a fresh database, closing (and dropping) it afterwards whatever happens. */
export async function withFreshDatabase<T>(
  kind: BackendKind,
  use: (database: Database) => Promise<T>,
  options: OpenOptions = {},
): Promise<T> {
  const database = await openFreshDatabase(kind, options);
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

export function median(values: number[]): number {
  return percentile([...values].sort((a, b) => a - b), 50);
}

export function fmt(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '-';
}

/** A plain-text table: columns padded, numbers (right-aligned) told apart from text. */
export function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((r) => /^[-\d.,x%]+$/.test(r[i] ?? '')));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (numeric[i] ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

export function heading(title: string): void {
  console.log(`\n=== ${title} ===`);
}

/** One goal of issue 16 as measured in this run; `npm run bench` prints them all together at its end. */
export interface Verdict {
  backend: BackendKind | 'both' | 'client';
  figure: string;
  measured: string;
  goal: string;
  /** undefined: printed for information, no goal to meet. */
  met?: boolean;
}

const verdicts: Verdict[] = [];

export function recordVerdict(verdict: Verdict): void {
  verdicts.push(verdict);
}

/** The table of figure, goal and verdict of every benchmark that ran; false when a goal was not met. */
export function printVerdicts(): boolean {
  if (verdicts.length === 0) return true;
  heading('Verdicts: figure, goal and verdict of this run');
  printTable(
    ['backend', 'figure', 'measured', 'goal', 'verdict'],
    verdicts.map((v) => [v.backend, v.figure, v.measured, v.goal, v.met === undefined ? '(printed)' : v.met ? 'met' : 'NOT MET']),
  );
  return verdicts.every((v) => v.met !== false);
}
