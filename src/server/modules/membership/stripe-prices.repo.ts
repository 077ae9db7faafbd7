import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { stripePrices } from '../../db/schema.js';

/** What a kept price is kept by (docs/decisions/0067): the plan and the price the site configuration gives it. */
export interface PlanPriceKey {
  planId: string;
  /** Minor units (999 for 9.99). */
  unitAmount: number;
  /** Lower case, as Stripe spells it. */
  currency: string;
  interval: 'month' | 'year';
  livemode: boolean;
}

const matching = (key: PlanPriceKey) =>
  and(
    eq(stripePrices.planId, key.planId),
    eq(stripePrices.unitAmount, key.unitAmount),
    eq(stripePrices.currency, key.currency),
    eq(stripePrices.interval, key.interval),
    eq(stripePrices.livemode, key.livemode),
    isNull(stripePrices.replacedAt),
  );

/** The price in use for the plan price: kept and not replaced. */
export async function findKeptStripePrice(db: Db, key: PlanPriceKey): Promise<string | undefined> {
  const [row] = await db.select({ id: stripePrices.stripePriceId }).from(stripePrices).where(matching(key));
  return row?.id;
}

/** The plan a price was created and kept for, whatever its amount or mode then, replaced or not (docs/decisions/0093). */
export async function findPlanOfKeptStripePrice(db: Db, stripePriceId: string): Promise<string | undefined> {
  const [row] = await db.select({ planId: stripePrices.planId }).from(stripePrices).where(eq(stripePrices.stripePriceId, stripePriceId)).limit(1);
  return row?.planId;
}

/**
 * Keeps a created price unless one is kept for its key already (two first checkouts at once), and
 * answers the one kept: one statement for the insert, so both requests leave one row and agree on it.
 */
export async function keepStripePrice(db: Db, key: PlanPriceKey, stripePriceId: string, now: Date): Promise<string> {
  await db
    .insert(stripePrices)
    .values({ ...key, stripePriceId, createdAt: now })
    .onConflictDoNothing();
  return (await findKeptStripePrice(db, key)) as string;
}

/** Marks a kept price replaced (Stripe refused it); false when it was already (another checkout did first). */
export async function markStripePriceReplaced(db: Db, stripePriceId: string, now: Date): Promise<boolean> {
  const marked = await db
    .update(stripePrices)
    .set({ replacedAt: now })
    .where(and(eq(stripePrices.stripePriceId, stripePriceId), isNull(stripePrices.replacedAt)))
    .returning({ id: stripePrices.stripePriceId });
  return marked.length > 0;
}
