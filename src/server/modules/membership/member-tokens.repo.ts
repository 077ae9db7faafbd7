import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { vipMemberTokens } from '../../db/schema.js';

// A member's sign-in links and sessions (docs/decisions/0063), by the SHA-256 of their secrets.

export type MemberTokenKind = (typeof vipMemberTokens.$inferSelect)['kind'];

export async function insertMemberToken(db: Db, token: { hash: string; memberId: string; kind: MemberTokenKind; expiresAt: Date; now: Date }): Promise<void> {
  await db.insert(vipMemberTokens).values({ tokenHash: token.hash, memberId: token.memberId, kind: token.kind, expiresAt: token.expiresAt, createdAt: token.now });
}

/** Forgets a member's links and sessions that ran out. */
export async function deleteExpiredMemberTokens(db: Db, memberId: string, now: Date): Promise<void> {
  await db.delete(vipMemberTokens).where(and(eq(vipMemberTokens.memberId, memberId), lt(vipMemberTokens.expiresAt, now)));
}

/** Forgets a member's sign-in links not used yet: a new link replaces them (docs/decisions/0095). */
export async function deleteUnusedMemberLinks(db: Db, memberId: string): Promise<void> {
  await db.delete(vipMemberTokens).where(and(eq(vipMemberTokens.memberId, memberId), eq(vipMemberTokens.kind, 'sign_in_link'), isNull(vipMemberTokens.usedAt)));
}

const live = (hash: string, kind: MemberTokenKind, now: Date) =>
  and(eq(vipMemberTokens.tokenHash, hash), eq(vipMemberTokens.kind, kind), isNull(vipMemberTokens.usedAt), gt(vipMemberTokens.expiresAt, now));

/** The member of an unused, unexpired token of this kind. */
export async function findLiveMemberToken(db: Db, hash: string, kind: MemberTokenKind, now: Date): Promise<string | undefined> {
  const [row] = await db.select({ memberId: vipMemberTokens.memberId }).from(vipMemberTokens).where(live(hash, kind, now));
  return row?.memberId;
}

/** Marks a live sign-in link used, in one statement (two uses at once: one wins); its member, or undefined. */
export async function useMemberLink(db: Db, hash: string, now: Date): Promise<string | undefined> {
  const [row] = await db.update(vipMemberTokens).set({ usedAt: now }).where(live(hash, 'sign_in_link', now)).returning({ memberId: vipMemberTokens.memberId });
  return row?.memberId;
}

export async function deleteMemberSession(db: Db, hash: string): Promise<void> {
  await db.delete(vipMemberTokens).where(and(eq(vipMemberTokens.tokenHash, hash), eq(vipMemberTokens.kind, 'session')));
}
