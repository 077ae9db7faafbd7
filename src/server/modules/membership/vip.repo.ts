import { eq } from 'drizzle-orm';
import type { VipMemberStatus, VipPlanId } from '../../../shared/api/vip.js';
import type { Db } from '../../db/client.js';
import { vipMembers } from '../../db/schema.js';

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
