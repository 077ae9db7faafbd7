import { cp, mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../../config.js';
import { openPglite } from '../../db/client.js';
import { lockDataDir } from '../../db/data-dir-lock.js';
import { mediaPrefix, NewerArchiveError, readArchive, type Manifest } from './archive.js';
import { knownMigrations, restorePostgres } from './database-copy.js';

/** The target already holds data, and the restore was not told to replace it. */
export class TargetNotEmptyError extends Error {}
/** An archive of the other kind of database than the one configured. */
export class WrongDatabaseKindError extends Error {}
/** The restore failed part way; `targetEmptied` when --replace had deleted what the target held before it. */
export class RestoreFailedError extends Error {
  constructor(
    message: string,
    readonly targetEmptied: boolean,
  ) {
    super(message);
  }
}

export interface RestoreOptions {
  /** Replace what the target holds (the command's --replace): its database and media folder. */
  replace: boolean;
}

export type RestoreTarget = Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'mediaDir'>;

/** Refuses an archive made by a later version: migrations this code does not have. */
function checkNotNewer(manifest: Manifest): void {
  const known = knownMigrations();
  const newest = known.at(-1)?.when ?? 0;
  if (manifest.migrations.lastCreatedAt > newest) {
    throw new NewerArchiveError(
      `its database has migration ${manifest.migrations.last} (${manifest.migrations.count} in all), which this version (${known.length} migrations) does not have: ` +
        `restore it with version ${manifest.app.version} or later`,
    );
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? false : Promise.reject(err)),
  );
}

async function isNonEmptyDir(dir: string): Promise<boolean> {
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? [] : Promise.reject(err)));
  return names.length > 0;
}

/**
 * A connection of the restore's own. PostgreSQL ending it (a restart) is an 'error' event, which
 * unheard ends the process before the restore can remove what it wrote; its query fails with it anyway.
 */
async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

async function postgresHasTables(url: string): Promise<boolean> {
  const client = await connect(url);
  try {
    const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')");
    return (rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

async function clearPostgres(url: string): Promise<void> {
  const client = await connect(url);
  try {
    await client.query('drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public');
  } finally {
    await client.end();
  }
}

/** Moves (or, across file systems, copies) the staged media folder into place. */
async function placeMedia(staged: string, mediaDir: string): Promise<void> {
  await mkdir(dirname(resolve(mediaDir)), { recursive: true });
  await rename(staged, mediaDir).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EXDEV') throw err;
    await cp(staged, mediaDir, { recursive: true });
  });
}

/**
 * Restores an archive into the configured database and media folder. Nothing is touched until the
 * whole archive has been read and checked: a damaged or newer archive, one of the other database kind,
 * or a target that holds data (without `replace`) is refused with the reason. A restore that fails
 * after that removes what it wrote (the data directory, its lock file and database, the tables) and
 * throws RestoreFailedError.
 */
export async function restoreArchive(file: string, target: RestoreTarget, options: RestoreOptions): Promise<Manifest> {
  const dataDir = resolve(target.dataDir);
  const mediaDir = resolve(target.mediaDir);
  const pgdata = join(dataDir, 'pgdata');
  const before = { dataDir: await exists(dataDir), lock: await exists(join(dataDir, 'server.lock')), pgdata: await isNonEmptyDir(pgdata) };
  // Staged beside DATA_DIR (so placing the media folder is mostly a rename), and checked whole before
  // anything of the target is touched or even created.
  await mkdir(dirname(dataDir), { recursive: true });
  const staging = await mkdtemp(join(dirname(dataDir), '.restore-'));
  let unlock: (() => Promise<void>) | undefined;
  let writing = false;
  try {
    const manifest = await readArchive(file, staging);
    checkNotNewer(manifest);
    const isPostgres = target.databaseUrl !== undefined;
    if ((manifest.database.kind === 'postgres') !== isPostgres) {
      throw new WrongDatabaseKindError(
        `it holds a ${manifest.database.kind === 'postgres' ? 'PostgreSQL' : 'embedded (PGlite)'} database, and this configuration uses ` +
          `${isPostgres ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database (no DATABASE_URL)'}`,
      );
    }
    // The embedded database: no server may hold DATA_DIR meanwhile.
    if (!isPostgres) unlock = await lockDataDir(dataDir);
    const hasData = target.databaseUrl ? await postgresHasTables(target.databaseUrl) : await isNonEmptyDir(pgdata);
    if (!options.replace && (hasData || (await isNonEmptyDir(mediaDir)))) {
      throw new TargetNotEmptyError(
        `${hasData ? (target.databaseUrl ? 'the database at DATABASE_URL has tables' : `${pgdata} holds a database`) : `${mediaDir} holds files`}: ` +
          'restore into an empty one, or add --replace to delete what is there first',
      );
    }
    const copy = join(staging, manifest.database.file);
    writing = true;
    if (target.databaseUrl) {
      if (options.replace) await clearPostgres(target.databaseUrl);
      await restorePostgres(target.databaseUrl, copy);
    } else {
      if (options.replace) await rm(pgdata, { recursive: true, force: true });
      const database = await openPglite(pgdata, { loadDataDir: copy });
      await database.close();
    }
    if (options.replace) await rm(mediaDir, { recursive: true, force: true });
    if (manifest.media) await placeMedia(join(staging, mediaPrefix), mediaDir);
    return manifest;
  } catch (err) {
    await unlock?.();
    unlock = undefined;
    // What this restore made goes; what was there before stays (with --replace it was deleted already).
    if (!before.dataDir) await rm(dataDir, { recursive: true, force: true });
    else {
      if (!before.lock) await rm(join(dataDir, 'server.lock'), { force: true });
      if (writing && !target.databaseUrl) await rm(pgdata, { recursive: true, force: true });
    }
    if (!writing) throw err;
    if (target.databaseUrl) await clearPostgres(target.databaseUrl).catch(() => undefined);
    throw new RestoreFailedError(err instanceof Error ? err.message : String(err), options.replace && (before.pgdata || target.databaseUrl !== undefined));
  } finally {
    await rm(staging, { recursive: true, force: true });
    await unlock?.();
  }
}
