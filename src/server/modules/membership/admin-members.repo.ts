import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { VipMemberStatus } from '../../../shared/api/vip.js';
import type { Db } from '../../db/client.js';
import { vipMembers } from '../../db/schema.js';
import { containsPattern } from '../../db/contains-pattern.js';

export type MemberRow = typeof vipMembers.$inferSelect;

export interface MemberFilter {
  q?: string;
  plan?: string;
  status?: VipMemberStatus;
}

function whereOf(filter: MemberFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.plan) conditions.push(eq(vipMembers.plan, filter.plan));
  if (filter.status) conditions.push(eq(vipMembers.status, filter.status));
  const term = filter.q?.trim();
  if (term) {
    const pattern = containsPattern(term);
    conditions.push(or(ilike(vipMembers.name, pattern), ilike(vipMembers.email, pattern)) as SQL);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const newestFirst = [desc(vipMembers.createdAt), desc(vipMembers.id)];

export async function listMembers(
  db: Db,
  filter: MemberFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: MemberRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, totals] = await Promise.all([
    db.select().from(vipMembers).where(where).orderBy(...newestFirst).offset(page.offset).limit(page.limit),
    db.select({ total: count() }).from(vipMembers).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Every member the filter matches, newest first: the CSV export. */
export async function allMembers(db: Db, filter: MemberFilter): Promise<MemberRow[]> {
  return db.select().from(vipMembers).where(whereOf(filter)).orderBy(...newestFirst);
}
