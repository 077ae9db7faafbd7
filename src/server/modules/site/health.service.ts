import { isHeldByTransaction, type Db } from '../../db/client.js';
import { pingDatabase } from './health.repo.js';

/** How long a database answer vouches for the database (docs/decisions/0031-pglite-off-the-main-thread.md). */
const freshForMs = 10_000;

/** How long readiness waits for the database before it answers "not ready": under the second a proxy's check allows (docs/decisions/0070). */
const readyTimeoutMs = 800;

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

class DatabaseNotAnswering extends Error {}

/**
 * Readiness: resolves when the database answers now, throws when it fails or has not answered within
 * `timeoutMs`. Never an answer from before: a proxy takes an instance out as soon as its database is
 * gone. Checks that come while a ping runs share it. The embedded database held by an import's
 * transaction is busy, not gone: ready.
 */
export function createReadinessCheck(db: Db, timeoutMs = readyTimeoutMs): () => Promise<void> {
  let running: Promise<void> | undefined;
  return async () => {
    if (isHeldByTransaction(db)) return;
    const ping = (running ??= pingDatabase(db).finally(() => (running = undefined)));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new DatabaseNotAnswering(`the database did not answer in ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([ping, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
