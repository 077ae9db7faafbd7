import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { claimIdempotencyKey, findIdempotentResult, saveIdempotentResult } from './idempotency.repo.js';

export interface Outcome<T> {
  statusCode: number;
  body: T;
  /** True when this is the stored answer to an earlier request with the same key. */
  isReplay: boolean;
}

/**
 * Runs `work` in one transaction. With a key, the first request's answer is stored in the same
 * transaction and every retry with the same body gets it back unchanged, without doing the work again;
 * the same key with another body answers 422 (a client bug, or a guessed key) and changes nothing.
 * When `work` throws, nothing is stored, the key included: a retry runs afresh.
 */
export async function runOnce<T>(
  db: Db,
  request: { scope: string; key: string | undefined; body: unknown; now: Date },
  work: (tx: Db) => Promise<{ statusCode: number; body: T }>,
): Promise<Outcome<T>> {
  const { scope, key, now } = request;
  const requestHash = createHash('sha256').update(JSON.stringify(request.body)).digest('hex');
  return db.transaction(async (tx) => {
    if (key !== undefined && !(await claimIdempotencyKey(tx, scope, key, requestHash, now))) {
      const stored = await findIdempotentResult(tx, scope, key);
      if (stored && stored.requestHash !== null && stored.requestHash !== requestHash) {
        throw new AppError(422, 'This Idempotency-Key was already used for a different request', 'idempotency-key');
      }
      if (stored) return { statusCode: stored.statusCode, body: stored.response as T, isReplay: true };
    }
    const result = await work(tx);
    if (key !== undefined) await saveIdempotentResult(tx, scope, key, result.statusCode, result.body);
    return { ...result, isReplay: false };
  });
}
