import type { FastifyBaseLogger } from 'fastify';
import {
  findVipPlan,
  type VipMemberStatus,
  type VipPlan,
  type VipSubscriptionRequest,
  type VipSubscriptionResponse,
} from '../../../shared/api/vip.js';
import type { Db } from '../../db/client.js';
import { AppError, paymentsUnavailableMessage } from '../../errors.js';
import { recordActivity } from '../staff/index.js';
import type { Mailroom } from '../messaging/index.js';
import type { AfterAnswer } from './after-answer.js';
import { emailSignInLink } from './member-account.service.js';
import { keptPrices } from './kept-prices.service.js';
import type { PaymentProvider } from './payment-provider.js';
import {
  findLatestCheckoutSession,
  findRecordedCheckoutSession,
  findVipMemberByEmail,
  findVipMemberId,
  forgetStripeCustomer,
  insertVipMemberUnlessKnown,
  recordCheckoutSession,
  type VipMemberRow,
} from './vip.repo.js';

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
 * With Stripe (docs/decisions/0062, 0095 and its amendment): every address gets the same answer, a
 * Checkout Session of the plan, so that nobody learns who is a member; the welcome waits for the
 * payment. The member row keeps its name and plan until a checkout completes. The member's latest
 * session of the plan, whoever asked for it, is read from Stripe and answered again while open (the
 * same read for every address that was asked for before: a paying member's address too); else a new
 * one is made and recorded. A returning member pays as their Stripe customer, or by address when
 * Stripe no longer has it. A paying member's address is also emailed a sign-in link, after the
 * answer; should they pay this checkout, the second subscription is cancelled and refunded when its
 * payment arrives (stripe-events.ts).
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
    throw Object.assign(new AppError(502, paymentsUnavailableMessage), { cause: err });
  };
  const latest = await findLatestCheckoutSession(db, member.id, plan.id);
  const stored = latest ? await payments.checkoutSession(latest).catch(unavailable) : undefined;
  const checkoutUrl = stored?.status === 'open' && stored.url ? stored.url : await startCheckout();
  if (isPaying(member.status)) afterAnswer(() => emailSignInLink(db, mailroom, member, now));
  return { ...base, data: { ...base.data, checkoutUrl } };

  async function startCheckout(): Promise<string> {
    const session = await payments
      .startCheckout(
        { id: member.id, email, customerId: member.stripeCustomerId, plan },
        { success: mailroom.link(`/vip/welcome?session_id={CHECKOUT_SESSION_ID}`), cancel: mailroom.link('/vip') },
        { kept: keptPrices(db, log, now), log, now },
      )
      .catch(unavailable);
    await recordCheckoutSession(db, { sessionId: session.sessionId, memberId: member.id, plan: plan.id, now });
    if (session.refusedCustomerId) {
      log.warn({ member: member.id, stripeCustomer: session.refusedCustomerId }, 'stripe has no such customer: this checkout asks the address, and the member row forgets the customer');
      await forgetStripeCustomer(db, member.id, session.refusedCustomerId, now);
    }
    return session.url;
  }
}

/**
 * Where the membership of a Checkout Session the site created stands: its "Processing" page polls it
 * until the webhook made the member active. It reads the database only (an id the site never made is
 * no checkout, and costs Stripe nothing), and tells the member's status only for the session their
 * subscription came from (the one the member row keeps, once they are no longer pending); any other
 * session, paid or not, is pending with its own plan, whoever the address belongs to
 * (docs/decisions/0095, amendment).
 */
export async function checkoutStatus(db: Db, sessionId: string): Promise<{ status: VipMemberStatus; planName: string | null } | undefined> {
  const recorded = await findRecordedCheckoutSession(db, sessionId);
  if (!recorded) return undefined;
  const { member } = recorded;
  const isApplied = member.stripeCheckoutSessionId === sessionId && member.status !== 'pending_payment';
  return isApplied
    ? { status: member.status, planName: findVipPlan(member.plan)?.name ?? null }
    : { status: 'pending_payment', planName: findVipPlan(recorded.plan)?.name ?? null };
}
