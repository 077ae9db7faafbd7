import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPglite, openPostgres, type Database, type OpenOptions } from '../src/server/db/client.js';
import { generateDemoCatalog } from '../src/server/modules/catalog-import/demo-catalog/generate-demo-catalog.js';
import { syncLabels } from '../src/server/modules/catalog/labels.repo.js';
import { labels } from '../src/shared/labels.js';
import { distributorExportPath } from '../tests/helpers/fixtures.js';
import { startProductionServer } from '../tests/helpers/production-server.js';
import { createScratchDatabase, type ScratchDatabase } from '../tests/helpers/scratch-postgres.js';

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

/** A new, empty database `bench_<random>` on the bench's server; drop() removes it. */
export function createPostgresDatabase(): Promise<ScratchDatabase> {
  return createScratchDatabase(postgresServerUrl, { prefix: 'bench' });
}

export interface EventLoopDelay {
  p50: number;
  p99: number;
  max: number;
}

/** The built server as a bench measures it: on which database, and with its event-loop delay at hand. */
export interface BenchServer {
  url: string;
  kind: BackendKind;
  /** Its PostgreSQL database, for a command-line import into it; undefined on PGlite. */
  databaseUrl: string | undefined;
  /** The server's process id, for its memory (/proc). */
  pid: number;
  /** Clears the server's event-loop delay histogram. */
  resetEventLoop(): void;
  readEventLoop(): Promise<EventLoopDelay>;
  stop(): Promise<void>;
}

const eventLoopProbe = fileURLToPath(new URL('./http/event-loop-probe.mjs', import.meta.url));

/**
 * The built server (tests/helpers/production-server.ts) on a fresh data directory or a fresh
 * PostgreSQL database, seeded with the demo catalog, with the read rate limit out of the way of the
 * load and its event-loop delay measured by http/event-loop-probe.mjs. LOG_LEVEL warn: no line per
 * request to slow it down (the start line comes at any level).
 */
export async function startBenchServer(kind: BackendKind, env: Record<string, string> = {}): Promise<BenchServer> {
  const postgres = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  const server = await startProductionServer({
    env: {
      LOG_LEVEL: 'warn',
      RATE_LIMIT_READS_PER_MINUTE: '100000000',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ...env,
    },
    nodeOptions: ['--import', eventLoopProbe],
    ipc: true,
  }).catch(async (error: unknown) => {
    await postgres?.drop();
    throw error;
  });
  const child = server.process;
  return {
    url: server.url,
    kind,
    databaseUrl: postgres?.url,
    pid: child.pid as number,
    resetEventLoop: () => child.send('event-loop:reset'),
    readEventLoop: () =>
      new Promise((resolve) => {
        child.once('message', (message) => resolve(message as EventLoopDelay));
        child.send('event-loop:read');
      }),
    stop: async () => {
      await server.stop();
      await postgres?.drop();
    },
  };
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

/** The resident memory of a process, in MiB, with its children's (a server's audio jobs run in processes of their own: decision 0111; Linux: /proc). */
export async function processRssMiB(pid: number): Promise<number> {
  return treeRss(pid) / 1024 / 1024;
}

/** Peak of a process's resident memory with its children's, read from /proc every 50 ms (Linux). */
export function sampleRss(pid: number): { stop(): number } {
  let peak = 0;
  const read = () => (peak = Math.max(peak, treeRss(pid)));
  read();
  const timer = setInterval(read, 50);
  return {
    stop: () => {
      clearInterval(timer);
      read();
      return peak;
    },
  };
}

/** The resident memory of process `pid` and of its children, in bytes (0 for one that has ended; Linux: /proc). */
export function treeRss(pid: number): number {
  const rssOf = (id: number | string) => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    } catch {
      return 0;
    }
  };
  let children: string[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    // It has ended: no children counted.
  }
  return rssOf(pid) + children.reduce((sum, child) => sum + rssOf(child), 0);
}

/** Peak of this process's and its children's resident memory above what it was at the start, read every 20 ms while `work` runs. */
export async function peakTreeRss<T>(work: () => Promise<T>): Promise<{ ms: number; value: T; peakBytes: number }> {
  const before = treeRss(process.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(process.pid))), 20);
  try {
    const { ms, value } = await timed(work);
    return { ms, value, peakBytes: Math.max(peak, treeRss(process.pid)) - before };
  } finally {
    clearInterval(sampler);
  }
}
