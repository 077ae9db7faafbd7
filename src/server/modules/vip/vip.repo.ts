import { getTableColumns, sql } from 'drizzle-orm';
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
 * One member per email: a new email inserts, a known one takes the new name, plan and status.
 * One statement, so two requests with one email at once still leave one row.
 */
export async function upsertVipMember(db: Db, member: VipMemberInput) {
  const [row] = await db
    .insert(vipMembers)
    .values({ ...member, createdAt: member.now, updatedAt: member.now })
    .onConflictDoUpdate({
      target: vipMembers.email,
      set: { name: sql`excluded.name`, plan: sql`excluded.plan`, status: sql`excluded.status`, updatedAt: sql`excluded.updated_at` },
    })
    .returning({
      ...getTableColumns(vipMembers),
      // xmax is 0 on a freshly inserted row version, set when ON CONFLICT updated an existing one.
      isNew: sql<boolean>`(${vipMembers}.xmax = 0)`,
      // Read with the statement's snapshot: the plan before this statement changed it.
      previousPlan: sql<string | null>`(select v.plan from ${vipMembers} v where v.email = ${member.email})`,
    });
  return row as NonNullable<typeof row>;
}
