import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { NewsletterDraft } from '../../../shared/api/newsletters.js';
import type { Db } from '../../db/client.js';
import { newsletters, vipMembers } from '../../db/schema.js';

export type NewsletterRow = typeof newsletters.$inferSelect;

export async function insertNewsletter(db: Db, draft: NewsletterDraft, actor: string, at: Date): Promise<NewsletterRow> {
  const [row] = await db
    .insert(newsletters)
    .values({ ...draft, createdBy: actor, updatedBy: actor, createdAt: at, updatedAt: at })
    .returning();
  return row as NewsletterRow;
}

/** Saves a draft; a sent newsletter (or none) is left alone: answers undefined. */
export async function updateDraft(db: Db, id: string, draft: NewsletterDraft, actor: string, at: Date): Promise<NewsletterRow | undefined> {
  const [row] = await db
    .update(newsletters)
    .set({ ...draft, updatedBy: actor, updatedAt: at })
    .where(and(eq(newsletters.id, id), isNull(newsletters.sentAt)))
    .returning();
  return row;
}

export async function findNewsletter(db: Db, id: string): Promise<NewsletterRow | undefined> {
  const [row] = await db.select().from(newsletters).where(eq(newsletters.id, id));
  return row;
}

export async function listNewsletters(db: Db, page: { offset: number; limit: number }): Promise<{ rows: NewsletterRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db.select().from(newsletters).orderBy(desc(newsletters.createdAt), desc(newsletters.id)).offset(page.offset).limit(page.limit),
    db.select({ total: count() }).from(newsletters),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/**
 * Marks the draft sent, once: only while unsent and unchanged since `savedAt` (what was rendered).
 * The row lock makes a concurrent send wait for this transaction, then find it sent.
 */
export async function claimForSending(tx: Db, id: string, savedAt: Date, actor: string, at: Date): Promise<NewsletterRow | undefined> {
  const [row] = await tx
    .update(newsletters)
    .set({ sentAt: at, sentBy: actor })
    .where(and(eq(newsletters.id, id), isNull(newsletters.sentAt), eq(newsletters.updatedAt, savedAt)))
    .returning();
  return row;
}

export async function setRecipientCount(tx: Db, id: string, recipients: number): Promise<NewsletterRow> {
  const [row] = await tx.update(newsletters).set({ recipientCount: recipients }).where(eq(newsletters.id, id)).returning();
  return row as NewsletterRow;
}

/** The members a newsletter is for: active, on one of `plans`, oldest first. */
export async function activeMembersOf(db: Db, plans: readonly string[]): Promise<{ id: string; email: string }[]> {
  if (plans.length === 0) return [];
  return db
    .select({ id: vipMembers.id, email: vipMembers.email })
    .from(vipMembers)
    .where(and(eq(vipMembers.status, 'active'), inArray(vipMembers.plan, [...plans])))
    .orderBy(vipMembers.createdAt, vipMembers.id);
}
