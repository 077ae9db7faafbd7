import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { StaffRole } from '../../../shared/api/admin-auth.js';
import type { PendingInvitation, StaffAccount } from '../../../shared/api/staff.js';
import type { Db } from '../../db/client.js';
import { adminUsers, staffInvitations } from '../../db/schema.js';

export async function listStaffAccounts(db: Db): Promise<StaffAccount[]> {
  const rows = await db
    .select({ id: adminUsers.id, username: adminUsers.username, email: adminUsers.email, role: adminUsers.role, lastSignInAt: adminUsers.lastSignInAt, createdAt: adminUsers.createdAt })
    .from(adminUsers)
    .orderBy(asc(adminUsers.username));
  return rows.map((r) => ({ ...r, lastSignInAt: r.lastSignInAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString() }));
}

/** The invitations not accepted yet, expired ones included (the owner sees them run out), oldest first. */
export async function listPendingInvitations(db: Db): Promise<PendingInvitation[]> {
  const rows = await db
    .select({ id: staffInvitations.id, email: staffInvitations.email, role: staffInvitations.role, invitedBy: staffInvitations.invitedBy, createdAt: staffInvitations.createdAt, expiresAt: staffInvitations.expiresAt })
    .from(staffInvitations)
    .where(isNull(staffInvitations.acceptedAt))
    .orderBy(asc(staffInvitations.createdAt), asc(staffInvitations.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), expiresAt: r.expiresAt.toISOString() }));
}

/** Whether `email` is the address of a staff account (other than `exceptId`'s). */
export async function isStaffEmail(db: Db, email: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(sql`lower(${adminUsers.email}) = lower(${email})`, exceptId === undefined ? undefined : ne(adminUsers.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Held until the transaction ends: whatever gives an address to a staff account or an invitation (inviting,
 * accepting, an account's own address) takes it first, so two at once for one address follow each other.
 */
export async function lockStaffEmail(tx: Db, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`staff-email:${email.toLowerCase()}`}, 0))`);
}

/** Stores the invitation in place of any earlier one to the same address (pending or used); its id. Under `lockStaffEmail`. */
export async function replaceInvitation(
  db: Db,
  invitation: { email: string; role: StaffRole; tokenHash: string; invitedBy: string; createdAt: Date; expiresAt: Date },
): Promise<string> {
  await db.delete(staffInvitations).where(sql`lower(${staffInvitations.email}) = lower(${invitation.email})`);
  const [row] = await db.insert(staffInvitations).values(invitation).returning({ id: staffInvitations.id });
  if (!row) throw new Error('the invitation was not stored');
  return row.id;
}

export interface InvitationRow {
  id: string;
  email: string;
  role: StaffRole;
  expiresAt: Date;
  acceptedAt: Date | null;
}

/** The invitation of a token's hash; with `lock`, held until the transaction ends (two acceptances at once: one wins). */
export async function findInvitation(db: Db, tokenHash: string, lock = false): Promise<InvitationRow | undefined> {
  const query = db
    .select({ id: staffInvitations.id, email: staffInvitations.email, role: staffInvitations.role, expiresAt: staffInvitations.expiresAt, acceptedAt: staffInvitations.acceptedAt })
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, tokenHash))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function markInvitationAccepted(db: Db, id: string, at: Date): Promise<void> {
  await db.update(staffInvitations).set({ acceptedAt: at }).where(eq(staffInvitations.id, id));
}

/** Cancels a pending invitation; its email when there was one. */
export async function deletePendingInvitation(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .delete(staffInvitations)
    .where(and(eq(staffInvitations.id, id), isNull(staffInvitations.acceptedAt)))
    .returning({ email: staffInvitations.email });
  return row?.email;
}

/** The owners, locked until the transaction ends: two owners removing each other at once cannot leave none. */
export async function lockOwners(db: Db): Promise<string[]> {
  const rows = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.role, 'owner')).for('update');
  return rows.map((r) => r.id);
}

/** Deletes the account and the invitations to its address; what it was, or undefined without one. */
export async function deleteStaffAccount(db: Db, id: string): Promise<{ username: string; role: StaffRole } | undefined> {
  const [row] = await db.delete(adminUsers).where(eq(adminUsers.id, id)).returning({ username: adminUsers.username, role: adminUsers.role, email: adminUsers.email });
  if (row?.email) await db.delete(staffInvitations).where(sql`lower(${staffInvitations.email}) = lower(${row.email})`);
  return row && { username: row.username, role: row.role };
}

export async function findStaffRole(db: Db, id: string): Promise<StaffRole | undefined> {
  const [row] = await db.select({ role: adminUsers.role }).from(adminUsers).where(eq(adminUsers.id, id)).limit(1);
  return row?.role;
}
