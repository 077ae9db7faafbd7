import type { AdminMemberDiscount, MemberDiscount } from '../../../shared/api/vip-perks.js';
import type { Db } from '../../db/client.js';
import { recordActivity, type StaffChange } from '../staff/index.js';
import { deleteMemberDiscount, findMemberDiscount, saveMemberDiscount, type MemberDiscountRow } from './member-discount.repo.js';
import type { VipMemberRow } from './vip.repo.js';

// The merch discount code staff set (docs/decisions/0066): one code at a time, for the plans it names,
// shown on the page of their active members. Staff give it out by hand; nothing here checks it is used.

function toAdmin(row: MemberDiscountRow | undefined): AdminMemberDiscount {
  return row ? { code: row.code, note: row.note, plans: row.plans as MemberDiscount['plans'], updated_at: row.updatedAt.toISOString(), updated_by: row.updatedBy } : null;
}

export async function getMemberDiscount(db: Db): Promise<AdminMemberDiscount> {
  return toAdmin(await findMemberDiscount(db));
}

/** Sets the code and records 'member.discount' in the same transaction. */
export async function setMemberDiscount(db: Db, discount: MemberDiscount, change: StaffChange): Promise<AdminMemberDiscount> {
  return db.transaction(async (tx) => {
    await saveMemberDiscount(tx, { ...discount, updatedBy: change.actor, updatedAt: change.now });
    await recordActivity(tx, {
      kind: 'member.discount',
      actor: change.actor,
      summary: `Set the members' discount code ${discount.code} for ${discount.plans.join(', ')}`,
      details: discount,
      at: change.now,
    });
    return toAdmin(await findMemberDiscount(tx));
  });
}

/** Removes the code (members see none); records it when there was one. */
export async function removeMemberDiscount(db: Db, change: StaffChange): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findMemberDiscount(tx);
    if (!before) return;
    await deleteMemberDiscount(tx);
    await recordActivity(tx, { kind: 'member.discount', actor: change.actor, summary: `Removed the members' discount code ${before.code}`, details: { code: before.code }, at: change.now });
  });
}

/** The code an active member of a plan it names sees; null for anyone else. */
export async function discountFor(db: Db, member: Pick<VipMemberRow, 'status' | 'plan'>): Promise<{ code: string; note: string } | null> {
  if (member.status !== 'active') return null;
  const row = await findMemberDiscount(db);
  return row?.plans.includes(member.plan) ? { code: row.code, note: row.note } : null;
}
