import type { Db } from '../../db/client.js';
import { pingDatabase } from './health.repo.js';

/** How long a database answer vouches for the database (docs/decisions/0031-pglite-off-the-main-thread.md). */
const freshForMs = 10_000;

/**
 * Resolves when the database is answering; throws its error otherwise. A ping that succeeded in the
 * last ten seconds answers at once (one new ping runs meanwhile), so a health check is not queued
 * behind the heavy queries of a busy moment; a failed ping is reported by the next check.
 */
export function createDatabaseCheck(db: Db, now: () => number = Date.now): () => Promise<void> {
  let answeredAt = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | undefined;
  const ping = () =>
    (running ??= pingDatabase(db)
      .then(
        () => void (answeredAt = now()),
        (err: unknown) => {
          answeredAt = Number.NEGATIVE_INFINITY;
          throw err;
        },
      )
      .finally(() => (running = undefined)));
  return async () => {
    if (now() - answeredAt >= freshForMs) return ping();
    ping().catch(() => undefined);
  };
}
