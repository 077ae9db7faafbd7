import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema.js';

/**
 * Claims a key inside the caller's transaction: true when this request is the first with it. A
 * concurrent request with the same key waits here on the primary key until the first commits
 * (then finds its result) or rolls back (then claims the key itself).
 */
export async function claimIdempotencyKey(tx: Db, scope: string, key: string, requestHash: string, now: Date): Promise<boolean> {
  const claimed = await tx
    .insert(idempotencyKeys)
    // Placeholder answer, replaced before commit: no other transaction ever sees it.
    .values({ key, scope, statusCode: 0, response: sql`'null'::jsonb`, requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

export async function findIdempotentResult(db: Db, scope: string, key: string) {
  const [row] = await db
    .select({ statusCode: idempotencyKeys.statusCode, response: idempotencyKeys.response, requestHash: idempotencyKeys.requestHash })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  return row;
}

export async function saveIdempotentResult(tx: Db, scope: string, key: string, statusCode: number, response: unknown) {
  await tx
    .update(idempotencyKeys)
    .set({ statusCode, response })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
}
