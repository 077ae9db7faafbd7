import type { Db } from '../../db/client.js';
import { pingDatabase } from './health.repo.js';

/** Resolves when the database answers a query; throws its error otherwise. */
export async function checkDatabase(db: Db): Promise<void> {
  await pingDatabase(db);
}
