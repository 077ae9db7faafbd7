import { mkdtempSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { labels } from '../src/shared/labels.js';
import { openPglite, openPostgres, type Database } from '../src/server/db/client.js';
import { syncLabels } from '../src/server/modules/catalog/index.js';
import { backupToDirectory } from '../src/server/modules/operations/backup.js';
import { generateCatalog } from './scale.bench.js';
import { createPostgresDatabase, fmt, heading, percentile, postgresUnreachable, printTable, recordVerdict, timed, type BackendKind } from './support.js';

// `npm run bench -- backup`: a backup of the 100k-release catalog (docs/decisions/0073) — how long it
// takes, how large the archive is, and how long a reader waits meanwhile. On PGlite the copy runs
// between two queries on the database's thread, so every query waits for it; PostgreSQL's pg_dump reads
// a snapshot beside the readers.

const releases = 100_000;
/** What a reader may wait while the server copies (issue 27: "at most a few seconds"). */
const readerWaitGoalMs = 3_000;

/** The embedded database on disk (as a server has it), or a PostgreSQL database of its own with its URL for pg_dump; migrated, with the labels. */
async function openBenchDatabase(kind: BackendKind, dir: string): Promise<{ database: Database; url: string | undefined; close(): Promise<void> }> {
  const created = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  // Generating 100k releases takes statements longer than the server's 5 s default.
  const database = created ? await openPostgres(created.url, { statementTimeoutMs: 600_000 }) : await openPglite(join(dir, 'pgdata'));
  await database.migrate();
  await syncLabels(database.db, labels);
  return {
    database,
    url: created?.url,
    close: async () => {
      await database.close();
      await created?.drop();
    },
  };
}

async function folderBytes(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const sizes = await Promise.all(entries.filter((entry) => entry.isFile()).map(async (entry) => (await stat(join(entry.parentPath, entry.name))).size));
  return sizes.reduce((sum, size) => sum + size, 0);
}

/** Runs small reads one after another until `stop` resolves; each read's time in ms. */
async function readUntil(database: Database, stop: Promise<unknown>): Promise<number[]> {
  let isDone = false;
  void stop.finally(() => (isDone = true));
  const times: number[] = [];
  for (let i = 0; !isDone; i += 1) {
    const { ms } = await timed(() => database.db.execute(sql`select id, title from releases order by upc limit 20 offset ${(i * 37) % 5000}`));
    times.push(ms);
  }
  return times.sort((a, b) => a - b);
}

async function benchOne(kind: BackendKind, work: string): Promise<string[]> {
  const opened = await openBenchDatabase(kind, work);
  const { database, url: databaseUrl } = opened;
  try {
    const generated = await timed(() => generateCatalog(database.db, releases));
    const onDisk = kind === 'pglite' ? `, data directory ${fmt((await folderBytes(join(work, 'pgdata'))) / 1_048_576)} MiB` : '';
    console.log(`${kind}: ${releases} releases generated in ${fmt(generated.ms / 1000)} s${onDisk}`);
    const quiet = await readUntil(database, timed(() => database.db.execute(sql`select pg_sleep(0.5)`)));
    const backup = timed(() => backupToDirectory({ database, databaseUrl, mediaDir: join(work, 'media') }, join(work, 'backups'), 'command', () => new Date()));
    const during = await readUntil(database, backup);
    const { ms, value } = await backup;
    const maxWait = during.at(-1) ?? Number.NaN;
    recordVerdict({ backend: kind, figure: `reader wait during a backup of ${releases / 1000}k releases (max)`, measured: `${fmt(maxWait, 0)} ms`, goal: `≤ ${readerWaitGoalMs} ms`, met: maxWait <= readerWaitGoalMs });
    recordVerdict({ backend: kind, figure: `backup of ${releases / 1000}k releases`, measured: `${fmt(ms / 1000)} s, ${fmt(value.bytes / 1_048_576)} MiB`, goal: '(printed)' });
    console.log(`${kind}: backup ${fmt(ms / 1000)} s, ${fmt(value.bytes / 1_048_576)} MiB; readers waited at most ${fmt(maxWait, 0)} ms (${during.length} reads during it)`);
    return [kind, fmt(ms / 1000), fmt(value.bytes / 1_048_576), String(during.length), fmt(percentile(quiet, 50)), fmt(percentile(during, 50)), fmt(percentile(during, 99)), fmt(maxWait, 0)];
  } finally {
    await opened.close();
  }
}

export async function runBackupBench(): Promise<void> {
  heading(`Backup of ${releases / 1000}k releases: duration, size, reader wait`);
  const rows: string[][] = [];
  const kinds: BackendKind[] = (await postgresUnreachable()) ? ['pglite'] : ['pglite', 'postgres'];
  try {
    for (const kind of kinds) {
      const work = mkdtempSync(join(tmpdir(), `bir-bench-backup-${kind}-`));
      try {
        rows.push(await benchOne(kind, work));
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    }
  } finally {
    printTable(['backend', 'backup s', 'archive MiB', 'reads during', 'read p50 ms (quiet)', 'read p50 ms (during)', 'read p99 ms', 'max wait ms'], rows);
  }
}
