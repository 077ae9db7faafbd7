import { and, desc, eq, sql } from 'drizzle-orm';
import type { VipMemberStatus, VipPlanId } from '../../../shared/api/vip.js';
import { queryRows, type Db } from '../../db/client.js';
import { stripeEvents, stripeStateTickets, vipCheckoutSessions, vipMembers } from '../../db/schema.js';

export interface VipMemberInput {
  name: string;
  /** Lower-cased. */
  email: string;
  plan: VipPlanId;
  status: VipMemberStatus;
  now: Date;
}

/**
 * One member per email: a new email inserts; a known one is left as it is, since whoever sends an
 * email is not shown to own it. Answers the member's id, or undefined when the email was known.
 * One statement, so two requests with one email at once still leave one row.
 */
export async function insertVipMemberUnlessKnown(db: Db, member: VipMemberInput): Promise<string | undefined> {
  const [row] = await db
    .insert(vipMembers)
    .values({ ...member, createdAt: member.now, updatedAt: member.now })
    .onConflictDoNothing({ target: vipMembers.email })
    .returning({ id: vipMembers.id });
  return row?.id;
}

/** The id of the member with this (lower-cased) email. */
export async function findVipMemberId(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: vipMembers.id }).from(vipMembers).where(eq(vipMembers.email, email));
  return row?.id;
}

export type VipMemberRow = typeof vipMembers.$inferSelect;

export async function findVipMemberByEmail(db: Db, email: string): Promise<VipMemberRow | undefined> {
  const [row] = await db.select().from(vipMembers).where(eq(vipMembers.email, email));
  return row;
}

export async function findVipMemberById(db: Db, id: string): Promise<VipMemberRow | undefined> {
  if (!uuidPattern.test(id)) return undefined;
  const [row] = await db.select().from(vipMembers).where(eq(vipMembers.id, id));
  return row;
}

/** The member whose subscription this is (the newest row, should two ever hold it). */
export async function findVipMemberBySubscription(db: Db, subscriptionId: string): Promise<VipMemberRow | undefined> {
  const [row] = await db.select().from(vipMembers).where(eq(vipMembers.stripeSubscriptionId, subscriptionId)).orderBy(desc(vipMembers.updatedAt)).limit(1);
  return row;
}

/** The member's row, locked until the transaction ends: what a Stripe event changes is decided under it. */
export async function lockVipMember(tx: Db, id: string): Promise<VipMemberRow | undefined> {
  const [row] = await tx.select().from(vipMembers).where(eq(vipMembers.id, id)).for('update');
  return row;
}

/** A ticket taken before reading a subscription from Stripe: a later read has a larger one (docs/decisions/0093). */
export async function takeStripeStateTicket(db: Db): Promise<number> {
  const [row] = await queryRows<{ ticket: string | number }>(db, sql`select nextval(${`"${stripeStateTickets.seqName}"`}::regclass) as ticket`);
  return Number(row?.ticket);
}

export type VipMemberChange = Partial<
  Pick<
    VipMemberRow,
    | 'plan'
    | 'status'
    | 'stripeCustomerId'
    | 'stripeSubscriptionId'
    | 'stripeCheckoutSessionId'
    | 'stripePriceId'
    | 'currentPeriodEnd'
    | 'cancelAtPeriodEnd'
    | 'stripeStateTicket'
    | 'statusEventAt'
  >
>;

export async function updateVipMember(db: Db, id: string, change: VipMemberChange, now: Date): Promise<void> {
  await db
    .update(vipMembers)
    .set({ ...change, updatedAt: now })
    .where(eq(vipMembers.id, id));
}

/** Records a Checkout Session the site created for a member and plan (docs/decisions/0095, amendment). */
export async function recordCheckoutSession(db: Db, session: { sessionId: string; memberId: string; plan: string; now: Date }): Promise<void> {
  await db.insert(vipCheckoutSessions).values({ sessionId: session.sessionId, memberId: session.memberId, plan: session.plan, createdAt: session.now }).onConflictDoNothing();
}

/** The member's latest Checkout Session for the plan, whoever asked for it: the one a sign-up may answer again. */
export async function findLatestCheckoutSession(db: Db, memberId: string, plan: string): Promise<string | undefined> {
  const [row] = await db
    .select({ sessionId: vipCheckoutSessions.sessionId })
    .from(vipCheckoutSessions)
    .where(and(eq(vipCheckoutSessions.memberId, memberId), eq(vipCheckoutSessions.plan, plan)))
    .orderBy(desc(vipCheckoutSessions.createdAt), desc(vipCheckoutSessions.sessionId))
    .limit(1);
  return row?.sessionId;
}

/** A Checkout Session the site created, with the plan it was for and its member as they are now. */
export async function findRecordedCheckoutSession(db: Db, sessionId: string): Promise<{ plan: string; member: VipMemberRow } | undefined> {
  const [row] = await db
    .select({ plan: vipCheckoutSessions.plan, member: vipMembers })
    .from(vipCheckoutSessions)
    .innerJoin(vipMembers, eq(vipMembers.id, vipCheckoutSessions.memberId))
    .where(eq(vipCheckoutSessions.sessionId, sessionId));
  return row;
}

/** Forgets a member's Stripe customer that Stripe refused at a checkout, unless a payment has kept another since. */
export async function forgetStripeCustomer(db: Db, id: string, customerId: string, now: Date): Promise<void> {
  await db
    .update(vipMembers)
    .set({ stripeCustomerId: null, updatedAt: now })
    .where(and(eq(vipMembers.id, id), eq(vipMembers.stripeCustomerId, customerId)));
}

/** Whether a Stripe event was applied (its transaction committed) before. */
export async function isStripeEventRecorded(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id));
  return row !== undefined;
}

/** Records a Stripe event by its id; false when it was recorded before (processed: nothing to do). */
export async function recordStripeEvent(db: Db, event: { id: string; type: string; created: Date; payload: unknown }, now: Date): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, createdAt: event.created, receivedAt: now, payload: event.payload })
    .onConflictDoNothing({ target: stripeEvents.id })
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
