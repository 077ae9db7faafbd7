import { createHash, randomBytes } from 'node:crypto';
import { findVipPlan, type VipMemberStatus } from '../../../shared/api/vip.js';
import type { Db } from '../../db/client.js';
import { chooseMailingList, isOnMailingList, type Mailroom } from '../messaging/index.js';
import { deleteExpiredMemberTokens, deleteMemberSession, deleteUnusedMemberLinks, findLiveMemberToken, insertMemberToken, useMemberLink } from './member-tokens.repo.js';
import { discountFor } from './member-discount.service.js';
import type { MemberInvoice, PaymentProvider } from './payment-provider.js';
import { findVipMemberByEmail, findVipMemberById, type VipMemberRow } from './vip.repo.js';

// A member's own page (docs/decisions/0063): an emailed sign-in link, used once within 15 minutes by
// a button on its confirm page (a mail scanner's GET uses nothing), opens a 30-day session kept in
// an HttpOnly cookie. Only SHA-256 hashes of the secrets are stored.

export const signInLinkMs = 15 * 60_000;
export const memberSessionMs = 30 * 24 * 60 * 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/**
 * Writes a sign-in link email for the member, unless the address had one within the cooldown (the
 * mailroom's per-recipient caps: one a minute, three an hour, five a day). A link written replaces the
 * member's unused ones (docs/decisions/0095); links and sessions that ran out are forgotten. Runs after
 * the request's answer: the asker learns nothing either way.
 */
export async function emailSignInLink(db: Db, mailroom: Mailroom, member: Pick<VipMemberRow, 'id' | 'email'>, now: Date): Promise<void> {
  const token = newToken();
  const email = await mailroom.prepareVipSignIn(member.email, token, now);
  await db.transaction(async (tx) => {
    // The email first: past a cap nothing is written, and the member's last link keeps working.
    if (!(await mailroom.write(tx, { ...email, subjectId: member.id }))) return;
    await deleteExpiredMemberTokens(tx, member.id, now);
    await deleteUnusedMemberLinks(tx, member.id);
    await insertMemberToken(tx, { hash: hashOf(token), memberId: member.id, kind: 'sign_in_link', expiresAt: new Date(now.getTime() + signInLinkMs), now });
  });
  mailroom.nudge();
}

/** "Email me a sign-in link", after the answer (the same for any address): a member's address gets one. */
export async function requestSignInLink(db: Db, mailroom: Mailroom, email: string, now: Date): Promise<void> {
  const member = await findVipMemberByEmail(db, email.toLowerCase());
  if (member) await emailSignInLink(db, mailroom, member, now);
}

/** Whether a sign-in link can still be used (the confirm page asks; nothing changes). */
export async function isSignInLinkUsable(db: Db, token: string, now: Date): Promise<boolean> {
  return (await findLiveMemberToken(db, hashOf(token), 'sign_in_link', now)) !== undefined;
}

/** Uses a sign-in link once (two clicks at once open one session): the new session's token, or undefined. */
export async function useSignInLink(db: Db, token: string, now: Date): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const memberId = await useMemberLink(tx, hashOf(token), now);
    if (!memberId) return undefined;
    const session = newToken();
    await insertMemberToken(tx, { hash: hashOf(session), memberId, kind: 'session', expiresAt: new Date(now.getTime() + memberSessionMs), now });
    return session;
  });
}

/** The member of a live session token. */
export async function memberOfSession(db: Db, token: string | undefined, now: Date): Promise<VipMemberRow | undefined> {
  const memberId = token ? await findLiveMemberToken(db, hashOf(token), 'session', now) : undefined;
  return memberId ? findVipMemberById(db, memberId) : undefined;
}

export async function endSession(db: Db, token: string | undefined): Promise<void> {
  if (token) await deleteMemberSession(db, hashOf(token));
}

export interface MemberAccount {
  name: string;
  email: string;
  plan: { id: string; name: string | null; price: number | null; currency: string | null; period: string | null };
  status: VipMemberStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canManageBilling: boolean;
  invoices: MemberInvoice[];
  /** The discount code staff set, for an active member of a plan it names (docs/decisions/0066). */
  discount: { code: string; note: string } | null;
  /** Whether the members' newsletter comes to them (docs/decisions/0065: the `newsletter` list, kept by address). */
  getsNewsletter: boolean;
}

export async function memberAccount(db: Db, member: VipMemberRow, payments: PaymentProvider | undefined): Promise<MemberAccount> {
  const plan = findVipPlan(member.plan);
  const customerId = member.stripeCustomerId;
  return {
    name: member.name,
    email: member.email,
    plan: { id: member.plan, name: plan?.name ?? null, price: plan?.price ?? null, currency: plan?.currency ?? null, period: plan?.period ?? null },
    status: member.status,
    currentPeriodEnd: member.currentPeriodEnd,
    cancelAtPeriodEnd: member.cancelAtPeriodEnd,
    canManageBilling: Boolean(payments && customerId),
    invoices: payments && customerId ? await payments.invoices(customerId) : [],
    discount: await discountFor(db, member),
    getsNewsletter: await isOnMailingList(db, member.email, 'newsletter'),
  };
}

/** The member leaves the newsletter or comes back to it, through the messaging context's one store of list choices. */
export async function chooseNewsletter(db: Db, member: Pick<VipMemberRow, 'email'>, getsNewsletter: boolean, now: Date): Promise<void> {
  await chooseMailingList(db, member.email, 'newsletter', getsNewsletter, now);
}
