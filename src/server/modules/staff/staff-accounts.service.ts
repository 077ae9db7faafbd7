import { createHash, randomBytes } from 'node:crypto';
import type { AdminUser } from '../../../shared/api/admin-auth.js';
import {
  invitationLifetimeMs,
  staffMessages,
  staffRoleNames,
  type AcceptInvitationRequest,
  type InviteStaffRequest,
  type StaffList,
} from '../../../shared/api/staff.js';
import { AppError, ConflictError, NotFoundError } from '../../errors.js';
import type { Db } from '../../db/client.js';
import type { Mailroom } from '../messaging/index.js';
import { recordActivity } from './activity.repo.js';
import { insertAdmin } from './admin-auth.repo.js';
import type { AdminAuthContext } from './admin-auth.service.js';
import { signAdminToken } from './admin-tokens.js';
import { hashPassword } from './passwords.js';
import {
  deletePendingInvitation,
  deleteStaffAccount,
  findInvitation,
  findStaffRole,
  isStaffEmail,
  listPendingInvitations,
  listStaffAccounts,
  lockOwners,
  lockStaffEmail,
  markInvitationAccepted,
  replaceInvitation,
  type InvitationRow,
} from './staff-accounts.repo.js';

export interface StaffContext extends AdminAuthContext {
  mailroom: Mailroom;
}

/** Only the SHA-256 of an invitation's token is stored: the database alone opens no account. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function listStaff(ctx: StaffContext): Promise<StaffList> {
  const [accounts, invitations] = [await listStaffAccounts(ctx.db), await listPendingInvitations(ctx.db)];
  return { accounts, invitations };
}

/**
 * An owner invites `email` with `role`: the email with its one-time link goes through the outbox, and
 * any earlier invitation to the address is replaced (its link stops working). 409 for an address that
 * is a staff account's already.
 */
export async function inviteStaff(ctx: StaffContext, owner: AdminUser, request: InviteStaffRequest): Promise<string> {
  const now = ctx.clock();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + invitationLifetimeMs);
  const email = await ctx.mailroom.prepareStaffInvitation({ email: request.email, role: request.role, invitedBy: owner.username, token, expiresAt }, now);
  const id = await ctx.db.transaction(async (tx) => {
    // Two invitations to one address at once: the later replaces the earlier, as inviting again does.
    await claimStaffEmail(tx, request.email);
    const invitationId = await replaceInvitation(tx, { email: request.email, role: request.role, tokenHash: hashOf(token), invitedBy: owner.username, createdAt: now, expiresAt });
    await ctx.mailroom.write(tx, { ...email, subjectId: invitationId });
    await recordActivity(tx, {
      kind: 'staff.invite',
      actor: owner.username,
      summary: `${owner.username} invited ${request.email} as ${staffRoleNames[request.role]}`,
      subjectId: invitationId,
      at: now,
    });
    return invitationId;
  });
  ctx.mailroom.nudge();
  return id;
}

/**
 * Gives `email` to the account `accountId` (none yet: an invitation or a new account) for the rest of the
 * transaction: 409 naming email when another account has it. No two staff accounts share an address: the
 * digest, the invitations and the Staff tab each name one person by it.
 */
export async function claimStaffEmail(tx: Db, email: string, accountId?: string): Promise<void> {
  await lockStaffEmail(tx, email);
  if (await isStaffEmail(tx, email, accountId)) throw new ConflictError(staffMessages.alreadyStaff, 'email');
}

/** The invitation a link stands for while it may still be accepted: 404 unknown, 410 used or expired. */
function openInvitation(invitation: InvitationRow | undefined, now: Date): InvitationRow {
  if (!invitation) throw new NotFoundError(staffMessages.invitationUnknown);
  if (invitation.acceptedAt) throw new AppError(410, staffMessages.invitationUsed);
  if (invitation.expiresAt <= now) throw new AppError(410, staffMessages.invitationExpired);
  return invitation;
}

export async function invitationFor(ctx: StaffContext, token: string): Promise<InvitationRow> {
  return openInvitation(await findInvitation(ctx.db, hashOf(token)), ctx.clock());
}

/**
 * The invitee chooses a username and password: the account is made with the invitation's role and
 * address, the link is used up, and the answer is the new account's first session token.
 */
export async function acceptInvitation(ctx: StaffContext, token: string, request: AcceptInvitationRequest): Promise<{ id: string; username: string; token: string }> {
  const tokenHash = hashOf(token);
  const { email } = openInvitation(await findInvitation(ctx.db, tokenHash), ctx.clock());
  // Hashed before the transaction: on the embedded database it holds the only connection.
  const passwordHash = await hashPassword(request.password);
  const now = ctx.clock();
  const { username } = request;
  const id = await ctx.db.transaction(async (tx) => {
    // The address's lock before the invitation's row lock, in the order inviting takes them; a link used
    // meanwhile is a 410 first. An account may have taken the address since (its own, set in Settings).
    await lockStaffEmail(tx, email);
    const invitation = openInvitation(await findInvitation(tx, tokenHash, true), now);
    await claimStaffEmail(tx, invitation.email);
    const adminId = await insertAdmin(tx, { username, passwordHash, role: invitation.role, email: invitation.email, lastSignInAt: now }, now);
    if (!adminId) throw new ConflictError(staffMessages.usernameTaken, 'username');
    await markInvitationAccepted(tx, invitation.id, now);
    await recordActivity(tx, { kind: 'staff.join', actor: username, summary: `${username} joined as ${staffRoleNames[invitation.role]}`, subjectId: adminId, at: now });
    return adminId;
  });
  return { id, username, token: await signAdminToken(ctx.jwtSecret, id, now) };
}

/**
 * An owner removes a staff account: it is gone, so every session of it ends at once (the guard finds no
 * account behind its tokens). Never the owner's own account, nor the last owner.
 */
export async function removeStaff(ctx: StaffContext, owner: AdminUser, id: string): Promise<void> {
  if (id === owner.id) throw new ConflictError(staffMessages.notYourself);
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    const owners = await lockOwners(tx);
    const role = await findStaffRole(tx, id);
    if (!role) throw new NotFoundError(staffMessages.notFound);
    if (role === 'owner' && owners.filter((ownerId) => ownerId !== id).length === 0) throw new ConflictError(staffMessages.lastOwner);
    const removed = await deleteStaffAccount(tx, id);
    if (!removed) throw new NotFoundError(staffMessages.notFound);
    await recordActivity(tx, {
      kind: 'staff.remove',
      actor: owner.username,
      summary: `${owner.username} removed ${removed.username} (${staffRoleNames[removed.role]})`,
      subjectId: id,
      at: now,
    });
  });
  // The job poll's shortcut on the embedded database asks this, not the database (ended-sessions.ts).
  ctx.endedSessions.endSessionsBefore(id, Number.MAX_SAFE_INTEGER);
}

export async function cancelInvitation(ctx: StaffContext, owner: AdminUser, id: string): Promise<void> {
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    const email = await deletePendingInvitation(tx, id);
    if (!email) throw new NotFoundError(staffMessages.invitationNotFound);
    await recordActivity(tx, { kind: 'staff.invite-cancel', actor: owner.username, summary: `${owner.username} cancelled the invitation of ${email}`, subjectId: id, at: now });
  });
}
