import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { vipMembers, vipWaitingList, vipWaitingListSends } from '../../db/schema.js';

export type WaitingRow = typeof vipWaitingList.$inferSelect;
export type WaitingListSend = typeof vipWaitingListSends.$inferSelect;

/** The dedupe key of an address's one "payments are open" email: each address gets it once, whoever sends. */
export const paymentsOpenKey = (email: string) => `vip-payments-open:${email.toLowerCase()}`;

export async function findWaiting(db: Db, where: { email: string } | { token: string }): Promise<WaitingRow | undefined> {
  const [row] = await db
    .select()
    .from(vipWaitingList)
    .where('email' in where ? eq(vipWaitingList.email, where.email) : eq(vipWaitingList.token, where.token));
  return row;
}

export async function isPendingMember(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: vipMembers.id }).from(vipMembers).where(and(eq(vipMembers.email, email), eq(vipMembers.status, 'pending_payment')));
  return row !== undefined;
}

/** Stores a pending address unless it waits already; answers the stored row's id and token. */
export async function insertWaiting(tx: Db, entry: { email: string; token: string; at: Date }): Promise<{ id: string; token: string }> {
  await tx.insert(vipWaitingList).values({ email: entry.email, token: entry.token, createdAt: entry.at }).onConflictDoNothing({ target: vipWaitingList.email });
  return (await findWaiting(tx, { email: entry.email })) as WaitingRow;
}

export async function confirmWaiting(db: Db, token: string, at: Date): Promise<void> {
  await db.update(vipWaitingList).set({ confirmedAt: at }).where(and(eq(vipWaitingList.token, token), isNull(vipWaitingList.confirmedAt)));
}

export async function deleteWaiting(db: Db, token: string): Promise<boolean> {
  return (await db.delete(vipWaitingList).where(eq(vipWaitingList.token, token)).returning({ id: vipWaitingList.id })).length > 0;
}

/** Who the opening email goes to now: confirmed addresses, and members pending payment who have not had it, oldest first. */
export async function waitingRecipients(db: Db): Promise<string[]> {
  const rows = await queryRows<{ email: string }>(db, sql`
    select email from (
      select email, created_at from vip_waiting_list where confirmed_at is not null
      union
      select m.email, m.created_at from vip_members m
       where m.status = 'pending_payment'
         and not exists (select 1 from outbox_emails o where o.dedupe_key = 'vip-payments-open:' || m.email)
    ) r group by email order by min(created_at), email`);
  return rows.map((r) => r.email);
}

export async function countWaiting(db: Db): Promise<{ confirmed: number; unconfirmed: number; pendingMembers: number }> {
  const [row] = await queryRows<{ confirmed: number; unconfirmed: number; pendingMembers: number }>(db, sql`
    select (select count(*)::int from vip_waiting_list where confirmed_at is not null) as "confirmed",
           (select count(*)::int from vip_waiting_list where confirmed_at is null) as "unconfirmed",
           (select count(*)::int from vip_members m where m.status = 'pending_payment'
               and not exists (select 1 from outbox_emails o where o.dedupe_key = 'vip-payments-open:' || m.email)) as "pendingMembers"`);
  return row ?? { confirmed: 0, unconfirmed: 0, pendingMembers: 0 };
}

/** One send at a time, on every instance: a second waits for the first's transaction, then finds nobody left. */
export async function lockSending(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('vip-waiting-list-send', 0))`);
}

/** The confirmed addresses have had their email (or left the list): forgotten. */
export async function forgetConfirmed(tx: Db): Promise<void> {
  await tx.delete(vipWaitingList).where(sql`${vipWaitingList.confirmedAt} is not null`);
}

export async function insertSend(tx: Db, send: { at: Date; by: string; recipients: number }): Promise<void> {
  await tx.insert(vipWaitingListSends).values({ sentAt: send.at, sentBy: send.by, recipientCount: send.recipients });
}

export async function lastSend(db: Db): Promise<WaitingListSend | undefined> {
  const [row] = await db.select().from(vipWaitingListSends).orderBy(desc(vipWaitingListSends.sentAt), desc(vipWaitingListSends.id)).limit(1);
  return row;
}
