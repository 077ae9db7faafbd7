import type { FastifyBaseLogger } from 'fastify';
import {
  findVipPlan,
  type VipMemberStatus,
  type VipPlan,
  type VipSubscriptionRequest,
  type VipSubscriptionResponse,
} from '../../../shared/api/vip.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { recordActivity } from '../staff/index.js';
import type { Mailroom } from '../messaging/index.js';
import type { AfterAnswer } from './after-answer.js';
import { emailSignInLink } from './member-account.service.js';
import { keptPrices } from './kept-prices.service.js';
import type { PaymentProvider } from './payment-provider.js';
import { findVipMemberByCheckoutSession, findVipMemberByEmail, findVipMemberById, findVipMemberId, insertVipMemberUnlessKnown, keepCheckoutSession, type VipMemberRow } from './vip.repo.js';

function statusSentence(status: VipMemberStatus, email: string): string {
  return status === 'active'
    ? 'Your membership is active.'
    : `Payments aren't open yet, so your membership is pending payment: we'll email you at ${email} when they are.`;
}

/**
 * Stores a new member (docs/product.md §10.7). A known email changes nothing: anyone may type anyone's email,
 * so the answer is the same 201 as for a new member and tells nothing of the stored one; the request
 * goes to the activity log for staff to confirm with the member by email. A new member's welcome email
 * is written in the same transaction (docs/decisions/0060). With Stripe, see subscribeVipWithStripe.
 */
export async function subscribeVip(db: Db, mailroom: Mailroom, input: VipSubscriptionRequest, now: Date): Promise<VipSubscriptionResponse> {
  const email = input.email.toLowerCase();
  const plan = findVipPlan(input.plan) as VipPlan;
  const status = 'pending_payment';
  const welcome = await mailroom.prepareVipWelcome({ name: input.name, email, planId: plan.id, status }, now);
  await db.transaction(async (tx) => {
    const newId = await insertVipMemberUnlessKnown(tx, { name: input.name, email, plan: plan.id, status, now });
    if (newId) await mailroom.write(tx, welcome);
    await recordSignUp(tx, input, plan, newId, now);
  });
  return {
    success: true,
    message: `You're on the list for the ${plan.name} plan. ${statusSentence(status, email)}`,
    data: { name: input.name, email, plan: plan.id, status },
  };
}

async function recordSignUp(tx: Db, input: VipSubscriptionRequest, plan: VipPlan, newId: string | undefined, now: Date, knownId?: string): Promise<void> {
  await recordActivity(tx, {
    kind: newId ? 'member.joined' : 'member.request',
    actor: null,
    summary: newId ? `${input.name} joined VIP (${plan.name})` : `${input.name} asked for the ${plan.name} plan with a member's email`,
    subjectId: newId ?? knownId ?? ((await findVipMemberId(tx, input.email.toLowerCase())) as string),
    at: now,
  });
}

/** A membership whose subscription goes on (paid, being retried, paused): a new checkout would charge twice. */
const isPaying = (status: VipMemberStatus) => status === 'active' || status === 'past_due' || status === 'paused';

/**
 * With Stripe (docs/decisions/0062, 0095): every address gets the same answer, a Checkout Session of
 * the plan, so that nobody learns who is a member; the welcome waits for the payment. The member row
 * keeps its name and plan until a checkout completes. A pending member's open session for the plan is
 * answered again rather than replaced (their "Processing" page polls it), and a paid one is never
 * replaced. A returning member pays as their Stripe customer. A paying member's address is also emailed
 * a sign-in link, after the answer; should they pay this checkout too, the second subscription is
 * cancelled and refunded when its payment arrives (stripe-events.ts).
 */
export async function subscribeVipWithStripe(
  db: Db,
  mailroom: Mailroom,
  payments: PaymentProvider,
  input: VipSubscriptionRequest,
  now: Date,
  log: FastifyBaseLogger,
  afterAnswer: AfterAnswer,
): Promise<VipSubscriptionResponse> {
  const email = input.email.toLowerCase();
  const plan = findVipPlan(input.plan) as VipPlan;
  const base = { success: true as const, message: `Taking you to payment for the ${plan.name} plan.`, data: { name: input.name, email, plan: plan.id, status: 'pending_payment' as const } };
  // The same statements for a member's address and a stranger's.
  const member = await db.transaction(async (tx) => {
    const newId = await insertVipMemberUnlessKnown(tx, { name: input.name, email, plan: plan.id, status: 'pending_payment', now });
    const row = (await findVipMemberByEmail(tx, email)) as VipMemberRow;
    await recordSignUp(tx, input, plan, newId, now, row.id);
    return row;
  });
  const unavailable = (err: unknown) => {
    // Stripe unreachable, stalled or refusing (the price as well as the session): the member stays
    // stored, pending; they may try again.
    throw Object.assign(new AppError(502, 'Payments are not available right now. Please try again in a few minutes.'), { cause: err });
  };
  const stored =
    member.status === 'pending_payment' && member.stripeCheckoutSessionId ? await payments.checkoutSession(member.stripeCheckoutSessionId).catch(unavailable) : undefined;
  if (stored?.status === 'open' && stored.planId === plan.id && stored.url) return { ...base, data: { ...base.data, checkoutUrl: stored.url } };
  const kept = keptPrices(db, log, now);
  const session = await payments
    .startCheckout(
      { id: member.id, email, customerId: member.stripeCustomerId, plan },
      { success: mailroom.link(`/vip/welcome?session_id={CHECKOUT_SESSION_ID}`), cancel: mailroom.link('/vip') },
      { kept, log, now },
    )
    .catch(unavailable);
  // A session being paid (open) or paid whose webhook has not come yet stays the member's: its "Processing" page
  // polls it. This one's page finds its member through Stripe meanwhile (checkoutStatus).
  if (stored?.status !== 'open' && stored?.status !== 'complete') await keepCheckoutSession(db, member.id, session.sessionId, now);
  if (isPaying(member.status)) afterAnswer(() => emailSignInLink(db, mailroom, member, now));
  return { ...base, data: { ...base.data, checkoutUrl: session.url } };
}

/**
 * Where a Checkout Session's member stands: the return page polls it until the webhook made them active.
 * A session the member row does not keep (a second one started while another was open: docs/decisions/0095)
 * is asked of Stripe, which names its member.
 */
export async function checkoutStatus(db: Db, payments: PaymentProvider | undefined, sessionId: string): Promise<{ status: VipMemberStatus; planName: string | null } | undefined> {
  const kept = await findVipMemberByCheckoutSession(db, sessionId);
  const memberId = kept || !payments || !/^cs_[A-Za-z0-9_]{1,250}$/.test(sessionId) ? undefined : (await payments.checkoutSession(sessionId).catch(() => undefined))?.memberId;
  const member = kept ?? (memberId ? await findVipMemberById(db, memberId) : undefined);
  return member ? { status: member.status, planName: findVipPlan(member.plan)?.name ?? null } : undefined;
}
