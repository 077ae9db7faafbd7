import type { Db } from '../../db/client.js';
import { claimIdempotencyKey, findIdempotentResult, saveIdempotentResult } from './idempotency.repo.js';

export interface Outcome<T> {
  statusCode: number;
  body: T;
  /** True when this is the stored answer to an earlier request with the same key. */
  isReplay: boolean;
}

/**
 * Runs `work` in one transaction. With a key, the first request's answer is stored in the same
 * transaction and every retry gets it back unchanged, without doing the work again. When `work`
 * throws, nothing is stored, the key included: a retry runs afresh.
 */
export async function runOnce<T>(
  db: Db,
  request: { scope: string; key: string | undefined; now: Date },
  work: (tx: Db) => Promise<{ statusCode: number; body: T }>,
): Promise<Outcome<T>> {
  const { scope, key, now } = request;
  return db.transaction(async (tx) => {
    if (key !== undefined && !(await claimIdempotencyKey(tx, scope, key, now))) {
      const stored = await findIdempotentResult(tx, scope, key);
      if (stored) return { statusCode: stored.statusCode, body: stored.response as T, isReplay: true };
    }
    const result = await work(tx);
    if (key !== undefined) await saveIdempotentResult(tx, scope, key, result.statusCode, result.body);
    return { ...result, isReplay: false };
  });
}
