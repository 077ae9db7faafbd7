import { eq, lt, sql } from 'drizzle-orm';
import type { StaffRole } from '../../../shared/api/admin-auth.js';
import type { Db } from '../../db/client.js';
import { adminUsers, revokedTokens } from '../../db/schema.js';

export interface AdminUserRow {
  id: string;
  username: string;
  passwordHash: string;
  sessionEpoch: number;
  role: StaffRole;
}

const columns = {
  id: adminUsers.id,
  username: adminUsers.username,
  passwordHash: adminUsers.passwordHash,
  sessionEpoch: adminUsers.sessionEpoch,
  role: adminUsers.role,
};

export async function findAdminByUsername(db: Db, username: string): Promise<AdminUserRow | undefined> {
  const [row] = await db.select(columns).from(adminUsers).where(eq(adminUsers.username, username)).limit(1);
  return row;
}

export async function findAdminById(db: Db, id: string): Promise<AdminUserRow | undefined> {
  const [row] = await db.select(columns).from(adminUsers).where(eq(adminUsers.id, id)).limit(1);
  return row;
}

export interface AdminSessionRow {
  id: string;
  username: string;
  role: StaffRole;
  sessionEpoch: number;
  isRevoked: boolean;
}

/** What the guard checks on every admin request, in one query: the admin's row and whether token `jti` was logged out. */
export async function findAdminSession(db: Db, id: string, jti: string): Promise<AdminSessionRow | undefined> {
  const [row] = await db
    .select({
      id: adminUsers.id,
      username: adminUsers.username,
      role: adminUsers.role,
      sessionEpoch: adminUsers.sessionEpoch,
      isRevoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${jti})`,
    })
    .from(adminUsers)
    .where(eq(adminUsers.id, id))
    .limit(1);
  return row;
}

export async function hasAnyAdmin(db: Db): Promise<boolean> {
  const rows = await db.select({ id: adminUsers.id }).from(adminUsers).limit(1);
  return rows.length > 0;
}

/** Inserts the admin unless the username is taken (several instances may start at once); its id when inserted. */
export async function insertAdmin(
  db: Db,
  admin: { username: string; passwordHash: string; role: StaffRole; email?: string; lastSignInAt?: Date },
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .insert(adminUsers)
    .values({ ...admin, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: adminUsers.username })
    .returning({ id: adminUsers.id });
  return row?.id;
}

/**
 * Sets the password and raises the session epoch, which ends every token issued before; the new epoch,
 * or undefined without such an admin. With `role`, the account takes that role too (`admin:create`).
 */
export async function setAdminPassword(db: Db, username: string, passwordHash: string, now: Date, role?: StaffRole): Promise<number | undefined> {
  const [row] = await db
    .update(adminUsers)
    .set({ passwordHash, sessionEpoch: sql`${adminUsers.sessionEpoch} + 1`, updatedAt: now, ...(role && { role }) })
    .where(eq(adminUsers.username, username))
    .returning({ sessionEpoch: adminUsers.sessionEpoch });
  return row?.sessionEpoch;
}

export async function recordSignIn(db: Db, id: string, at: Date): Promise<void> {
  await db.update(adminUsers).set({ lastSignInAt: at }).where(eq(adminUsers.id, id));
}

/** Records a logged-out token and forgets those that have expired anyway. */
export async function revokeToken(db: Db, jti: string, expiresAt: Date, now: Date): Promise<void> {
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
  await db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing({ target: revokedTokens.jti });
}

