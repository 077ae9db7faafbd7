import { desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { stripeReconciliations, stripeWebhookEndpoints, vipMembers, type stripeReconciliationTriggers } from '../../db/schema.js';

// What the site keeps of its own dealings with Stripe (docs/decisions/0094): the webhook endpoint it set
// up, and each check of the members with Stripe.

export type StripeWebhookEndpointRow = typeof stripeWebhookEndpoints.$inferSelect;

export async function findStripeWebhookEndpoint(db: Db, url: string): Promise<StripeWebhookEndpointRow | undefined> {
  const [row] = await db.select().from(stripeWebhookEndpoints).where(eq(stripeWebhookEndpoints.url, url));
  return row;
}

/** Keeps the endpoint of this URL (one row per URL: the one created last). */
export async function keepStripeWebhookEndpoint(db: Db, endpoint: { url: string; endpointId: string; secret: string; enabledEvents: string[] }, now: Date): Promise<void> {
  await db
    .insert(stripeWebhookEndpoints)
    .values({ ...endpoint, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: stripeWebhookEndpoints.url, set: { endpointId: endpoint.endpointId, secret: endpoint.secret, enabledEvents: endpoint.enabledEvents, updatedAt: now } });
}

export async function setStripeWebhookEvents(db: Db, url: string, enabledEvents: string[], now: Date): Promise<void> {
  await db.update(stripeWebhookEndpoints).set({ enabledEvents, updatedAt: now }).where(eq(stripeWebhookEndpoints.url, url));
}

/** Members with a Stripe subscription, oldest first: what a check reads from Stripe. */
export async function listMembersWithSubscription(db: Db): Promise<{ id: string; name: string; stripeSubscriptionId: string }[]> {
  const rows = await db
    .select({ id: vipMembers.id, name: vipMembers.name, stripeSubscriptionId: vipMembers.stripeSubscriptionId })
    .from(vipMembers)
    .where(isNotNull(vipMembers.stripeSubscriptionId))
    .orderBy(vipMembers.createdAt, vipMembers.id);
  return rows.map((row) => ({ ...row, stripeSubscriptionId: row.stripeSubscriptionId as string }));
}

export type StripeCheckTrigger = (typeof stripeReconciliationTriggers)[number];

export async function recordStripeCheck(
  db: Db,
  check: { trigger: StripeCheckTrigger; startedAt: Date; finishedAt: Date; checked: number; changed: number; failed: number },
): Promise<void> {
  await db.insert(stripeReconciliations).values(check);
}

/** When the newest check (by anyone) finished. */
export async function findLastStripeCheckAt(db: Db): Promise<Date | undefined> {
  const [row] = await db.select({ at: stripeReconciliations.finishedAt }).from(stripeReconciliations).orderBy(desc(stripeReconciliations.finishedAt)).limit(1);
  return row?.at;
}
