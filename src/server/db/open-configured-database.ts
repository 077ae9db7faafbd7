import { join } from 'node:path';
import { labels } from '../../shared/labels.js';
import type { AppConfig } from '../config.js';
import { syncLabels } from '../modules/catalog/index.js';
import { openPglite, openPostgres, type Database, type OpenOptions } from './client.js';
import { lockDataDir } from './data-dir-lock.js';

/**
 * The database the configuration names — PostgreSQL at DATABASE_URL, else the embedded one in
 * DATA_DIR, locked to this process — migrated, with the configured labels (one server at a time when
 * several start at once). close() unlocks it.
 */
export async function openConfiguredDatabase(config: AppConfig, options: OpenOptions = {}): Promise<Database> {
  if (config.databaseUrl) return prepare(await openPostgres(config.databaseUrl, { ...options, statementTimeoutMs: config.databaseStatementTimeoutMs }));
  const unlock = await lockDataDir(config.dataDir);
  try {
    const database = await prepare(await openPglite(join(config.dataDir, 'pgdata'), options));
    return {
      ...database,
      close: async () => {
        await database.close();
        await unlock();
      },
    };
  } catch (err) {
    await unlock();
    throw err;
  }
}

async function prepare(database: Database): Promise<Database> {
  await database.exclusively(async () => {
    await database.migrate();
    await syncLabels(database.db, labels);
  });
  return database;
}
