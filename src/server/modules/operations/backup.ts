import { randomBytes } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { Database } from '../../db/client.js';
import { projectRoot } from '../../paths.js';
import { archiveFormat, mediaEntries, writeArchive, type ArchiveEntry, type Manifest } from './archive.js';
import { recordBackup, type BackupTrigger } from './backups.repo.js';
import { dumpPostgres, engineVersion, migrationLevel, pgliteCopyName, postgresCopyName } from './database-copy.js';

/** What a backup copies: the open database (PGlite copies itself; PostgreSQL through pg_dump at its URL) and the media folder. */
export interface BackupSource {
  database: Database;
  /** PostgreSQL: the URL pg_dump connects to. */
  databaseUrl: string | undefined;
  mediaDir: string;
}

/** The copied parts, ready to be written as an archive; `discard` removes what was staged on disk. */
export interface PreparedBackup {
  entries: ArchiveEntry[];
  manifest: Omit<Manifest, 'files' | 'media'>;
  discard(): Promise<void>;
}

const appVersion = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;

/** `backup-2026-11-26T04-30-00-123Z.tar`: sorts by time, and no colon for other file systems. */
export function backupFileName(at: Date): string {
  return `backup-${at.toISOString().replace(/[:.]/g, '-')}.tar`;
}

const backupFilePattern = /^backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.tar$/;

/**
 * Copies the database, then lists the media folder: every file that a row of the copy names existed
 * before the listing. PGlite copies its files between two queries on its own thread (readers of
 * uncached answers wait for that, bench/backup.bench.ts); pg_dump reads one snapshot while writers go on.
 * Both are staged in `scratchDir` and discarded once written.
 */
export async function prepareBackup(source: BackupSource, scratchDir: string, now: Date): Promise<PreparedBackup> {
  const { database } = source;
  const [migrations, engine] = await Promise.all([migrationLevel(database.db), engineVersion(database.db)]);
  await mkdir(scratchDir, { recursive: true });
  let copy: ArchiveEntry;
  let discard: () => Promise<void> = async () => undefined;
  if (database.dumpDataDir) {
    const into = await mkdtemp(join(scratchDir, '.pglite-'));
    discard = () => rm(into, { recursive: true, force: true });
    const file = await database.dumpDataDir(into).catch(async (err: unknown) => {
      await discard();
      throw err;
    });
    copy = { path: pgliteCopyName, file };
  } else {
    if (!source.databaseUrl) throw new Error('a PostgreSQL backup needs DATABASE_URL');
    const file = join(scratchDir, `.pg_dump-${randomBytes(6).toString('hex')}`);
    discard = () => rm(file, { force: true });
    try {
      await dumpPostgres(source.databaseUrl, file);
    } catch (err) {
      await discard();
      throw err;
    }
    copy = { path: postgresCopyName, file };
  }
  return {
    entries: [copy, ...(await mediaEntries(source.mediaDir))],
    manifest: {
      format: archiveFormat,
      createdAt: now.toISOString(),
      app: { name: 'build-it-records', version: appVersion, node: process.version },
      database: { kind: database.kind, engine, file: copy.path },
      migrations,
    },
    discard,
  };
}

/** Writes a prepared backup to `out` and discards what it staged. */
export async function writePreparedBackup(prepared: PreparedBackup, out: Writable): Promise<void> {
  try {
    await writeArchive(out, prepared.entries, prepared.manifest);
  } finally {
    await prepared.discard();
  }
}

export interface BackupMade {
  fileName: string;
  path: string;
  bytes: number;
}

/**
 * A backup written to `dir` under a new name (as `.partial` until complete, so a cut-short file never
 * looks like a backup), and recorded in the database, failed or not, for the admin Settings tab.
 */
export async function backupToDirectory(source: BackupSource, dir: string, trigger: BackupTrigger, clock: () => Date): Promise<BackupMade> {
  const startedAt = clock();
  const fileName = backupFileName(startedAt);
  const path = join(dir, fileName);
  try {
    await mkdir(dir, { recursive: true });
    const prepared = await prepareBackup(source, dir, startedAt);
    await writePreparedBackup(prepared, createWriteStream(`${path}.partial`, { mode: 0o600 }));
    await rename(`${path}.partial`, path);
    const { size } = await stat(path);
    await recordBackup(source.database.db, { trigger, startedAt, finishedAt: clock(), fileName, sizeBytes: size, error: null });
    return { fileName, path, bytes: size };
  } catch (err) {
    await rm(`${path}.partial`, { force: true });
    const message = err instanceof Error ? err.message : String(err);
    await recordBackup(source.database.db, { trigger, startedAt, finishedAt: clock(), fileName: null, sizeBytes: null, error: message }).catch(() => undefined);
    throw err;
  }
}

/** Deletes all but the newest `keep` backups in `dir` (by their names, which sort by time); other files stay. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => backupFilePattern.test(name)).sort();
  const doomed = names.slice(0, Math.max(0, names.length - keep));
  await Promise.all(doomed.map((name) => rm(join(dir, name), { force: true })));
  return doomed;
}
