import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseConfig } from '../../config.js';
import { openPglite, openPostgres, type Database } from '../../db/client.js';
import { DataDirBusyError, lockDataDir } from '../../db/data-dir-lock.js';
import { readArchive } from './archive.js';
import { backupToDirectory, type BackupMade } from './backup.js';
import { requestBackup } from './command-socket.js';

// npm run backup
// Writes one archive to BACKUP_DIR (default ./backups) from DATABASE_URL, or from the embedded database
// in DATA_DIR: through the running server when one holds it (its Unix socket), else opened here.

/** Asks the server on DATA_DIR; the archive is checked through before it takes its name. */
async function backupThroughServer(dataDir: string, dir: string): Promise<BackupMade | undefined> {
  await mkdir(dir, { recursive: true });
  const partial = join(dir, `.incoming-${process.pid}.partial`);
  try {
    const answer = await requestBackup(dataDir, createWriteStream(partial, { mode: 0o600 }));
    if (!answer) return undefined;
    await readArchive(partial).catch((err: Error) => {
      throw new Error(`the running server's archive arrived damaged (${err.message})`);
    });
    const path = join(dir, answer.fileName);
    await rename(partial, path);
    return { fileName: answer.fileName, path, bytes: (await stat(path)).size };
  } finally {
    await rm(partial, { force: true });
  }
}

async function backupHere(config: ReturnType<typeof parseConfig>): Promise<BackupMade> {
  let database: Database;
  let unlock: () => Promise<void> = async () => undefined;
  if (config.databaseUrl) database = await openPostgres(config.databaseUrl, { statementTimeoutMs: config.databaseStatementTimeoutMs });
  else {
    const pgdata = join(config.dataDir, 'pgdata');
    if (!existsSync(join(pgdata, 'PG_VERSION'))) throw new Error(`there is no database in ${pgdata}: is DATA_DIR right?`);
    unlock = await lockDataDir(config.dataDir);
    database = await openPglite(pgdata).catch(async (err: unknown) => {
      await unlock();
      throw err;
    });
  }
  try {
    return await backupToDirectory({ database, databaseUrl: config.databaseUrl, mediaDir: config.mediaDir }, config.backups.dir, 'command', () => new Date());
  } finally {
    await database.close();
    await unlock();
  }
}

async function run(): Promise<void> {
  const config = parseConfig(process.env);
  const made = (!config.databaseUrl && (await backupThroughServer(config.dataDir, config.backups.dir))) || (await backupHere(config));
  process.stdout.write(`Backup written: ${made.path} (${(made.bytes / 1_048_576).toFixed(1)} MB)\n`);
}

run().catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`Backup failed: ${err instanceof DataDirBusyError ? `${message} (its server does not take local commands: restart it with this version)` : message}\n`);
  process.exit(1);
});
