import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { memberDiscounts } from '../../db/schema.js';

export type MemberDiscountRow = typeof memberDiscounts.$inferSelect;

/** The one discount code staff set; undefined when none is. */
export async function findMemberDiscount(db: Db): Promise<MemberDiscountRow | undefined> {
  const [row] = await db.select().from(memberDiscounts).where(eq(memberDiscounts.id, 1));
  return row;
}

/** Sets the code (one row, replaced whole: two saves at once leave the later one). */
export async function saveMemberDiscount(db: Db, discount: Omit<MemberDiscountRow, 'id'>): Promise<void> {
  await db
    .insert(memberDiscounts)
    .values({ id: 1, ...discount })
    .onConflictDoUpdate({ target: memberDiscounts.id, set: discount });
}

export async function deleteMemberDiscount(db: Db): Promise<void> {
  await db.delete(memberDiscounts).where(eq(memberDiscounts.id, 1));
}
