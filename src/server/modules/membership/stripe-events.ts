import type { FastifyBaseLogger } from 'fastify';
import { findVipPlan, type VipMemberStatus, vipPlans } from '../../../shared/api/vip.js';
import type { Db } from '../../db/client.js';
import type { Mailroom } from '../messaging/index.js';
import { recordActivity } from '../staff/index.js';
import type { PaymentEvent, PaymentProvider } from './payment-provider.js';
import { emailsFor, reconciliationCause, renderEmailFor, type MemberState, type PlannedEmail, type StateCause } from './stripe-event-emails.js';
import { findPlanOfKeptStripePrice } from './stripe-prices.repo.js';
import { isSecondSubscription } from './stripe-second-subscriptions.js';
import { asObject, asString, idOf, isEnded, memberStatusOf, readSubscription, secondsToDate, type SubscriptionState } from './stripe-subscription.js';
import {
  findVipMemberByEmail,
  findVipMemberById,
  findVipMemberBySubscription,
  isStripeEventRecorded,
  lockVipMember,
  recordStripeEvent,
  takeStripeStateTicket,
  updateVipMember,
  type VipMemberChange,
  type VipMemberRow,
} from './vip.repo.js';

// Stripe's webhook events applied to members (docs/decisions/0062, 0093). Stripe's state is the truth:
// an event only says which subscription to look at. Its current state is read from Stripe (after a
// ticket is taken, so that a read answered late never overwrites a later one) and applied under the
// member's row lock; the emails follow from the change made there. Only a Stripe without that
// subscription (a stand-in serving Checkout and webhooks alone) leaves the event's own copy to apply,
// ordered by the event's time as before.
// A check with Stripe (docs/decisions/0094) applies a subscription read the same way, with no event.

export interface StripeEventContext {
  db: Db;
  mailroom: Mailroom;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
}

/** What an event names, read from the event alone. */
interface EventFacts {
  /** The subscription whose state the event leads to; none: the event changes no member (a one-off invoice). */
  subscriptionId: string | undefined;
  /** A completed Checkout: who it was for, by the site's own marks or the address paid with. */
  checkout?: { sessionId?: string; memberId?: string; email?: string; plan?: string };
  /** What the event's own copy says, for a Stripe that has no such subscription to read. */
  copy: Partial<Observed>;
}

/** The subscription's state as applied to its member, and where it came from. */
interface Observed {
  subscriptionId: string;
  customerId?: string;
  status?: VipMemberStatus;
  isEnded: boolean;
  currentPeriodEnd?: Date;
  cancelAtPeriodEnd?: boolean;
  priceId?: string;
  /** The member the site's Checkout named in the subscription's metadata. */
  memberId?: string;
  /** The latest invoice, paid: the welcome's receipt. */
  payment?: { amount: number; currency: string };
  /** Read from Stripe after taking this ticket; or, without one, the event's own copy at the event's time. */
  ticket?: number;
}

const toObserved = (state: SubscriptionState): Omit<Observed, 'ticket'> => ({
  subscriptionId: state.id,
  customerId: state.customerId,
  status: memberStatusOf(state.status),
  isEnded: isEnded(state.status),
  currentPeriodEnd: state.currentPeriodEnd,
  cancelAtPeriodEnd: state.cancelAtPeriodEnd,
  priceId: state.priceId,
  memberId: state.memberId,
  payment: state.latestPayment,
});

const invoiceSubscriptionId = (invoice: Record<string, unknown>) =>
  idOf(invoice.subscription) ?? idOf(asObject(asObject(invoice.parent).subscription_details).subscription);
const moneyOf = (amount: unknown, currency: unknown) => (typeof amount === 'number' ? { amount: amount / 100, currency: String(currency ?? 'usd').toUpperCase() } : undefined);

/** The events handled; any other is recorded and changes nothing. */
export const handledStripeEvents = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.upcoming',
  // The shop's (issue 36): its payment-mode Checkouts, paid at once or by a delayed method later, refunds and disputes.
  'checkout.session.expired',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
] as const;

function readEvent(event: PaymentEvent): EventFacts | undefined {
  const object = asObject(event.data.object);
  switch (event.type) {
    case 'checkout.session.completed': {
      const metadata = asObject(object.metadata);
      const isPaid = object.payment_status !== 'unpaid';
      return {
        subscriptionId: idOf(object.subscription),
        checkout: {
          sessionId: asString(object.id),
          memberId: asString(object.client_reference_id) ?? asString(metadata.member_id),
          email: (asString(asObject(object.customer_details).email) ?? asString(object.customer_email))?.toLowerCase(),
          plan: asString(metadata.plan),
        },
        copy: { customerId: idOf(object.customer), ...(isPaid ? { status: 'active' as const, payment: moneyOf(object.amount_total, object.currency) } : {}) },
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed': {
      const state = readSubscription(object);
      if (!state) return undefined;
      const copy = toObserved(state);
      return { subscriptionId: state.id, copy: event.type === 'customer.subscription.deleted' ? { ...copy, status: 'canceled', isEnded: true, cancelAtPeriodEnd: false } : copy };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'invoice.upcoming': {
      const isPaid = event.type === 'invoice.paid';
      const [line] = (asObject(object.lines).data as unknown[] | undefined) ?? [];
      return {
        subscriptionId: invoiceSubscriptionId(object),
        copy:
          event.type === 'invoice.upcoming'
            ? {}
            : {
                customerId: idOf(object.customer),
                status: isPaid ? 'active' : 'past_due',
                // Only here, with no subscription to read: the period the invoice paid for.
                currentPeriodEnd: isPaid ? secondsToDate(asObject(asObject(line).period).end) : undefined,
                payment: isPaid ? moneyOf(object.amount_paid, object.currency) : undefined,
              },
      };
    }
    default:
      return undefined;
  }
}

/** A plan id for a Stripe price: a plan's own `stripePriceId`, else the plan a kept price was created for. */
async function planOfPrice(db: Db, priceId: string | undefined): Promise<string | undefined> {
  if (!priceId) return undefined;
  const own = vipPlans.find((plan) => plan.stripePriceId === priceId);
  if (own) return own.id;
  const kept = await findPlanOfKeptStripePrice(db, priceId);
  return kept && findVipPlan(kept) ? kept : undefined;
}

/**
 * The member an event is about: by the subscription, the Checkout's marks, the subscription's metadata,
 * the address paid with. By the address alone only for a subscription of a plan's price (or of no price
 * to tell): the endpoint hears every Checkout of the Stripe account, and one of another product (a
 * Payment Link, say) bought with a member's address is not their membership, neither to activate a
 * pending one nor to be cancelled as a second (docs/decisions/0095).
 */
async function findMember(db: Db, facts: EventFacts, observed: Observed | undefined, pricePlan: string | undefined): Promise<VipMemberRow | undefined> {
  const subscriptionId = observed?.subscriptionId ?? facts.subscriptionId;
  const bySubscription = subscriptionId ? await findVipMemberBySubscription(db, subscriptionId) : undefined;
  if (bySubscription) return bySubscription;
  for (const id of [facts.checkout?.memberId, observed?.memberId]) {
    const member = id ? await findVipMemberById(db, id) : undefined;
    if (member) return member;
  }
  const ofAPlan = pricePlan !== undefined || !observed?.priceId;
  return ofAPlan && facts.checkout?.email ? findVipMemberByEmail(db, facts.checkout.email) : undefined;
}

interface Decision {
  change: VipMemberChange;
  after: MemberState;
  emails: PlannedEmail[];
  /** Entries for staff's activity log: a status or plan Stripe changed, a price no plan has. */
  notes: { kind: 'member.status' | 'member.plan'; summary: string }[];
  unknownPriceId?: string;
}

/**
 * What the observed state changes for the member, decided from the member's row as it is: the
 * state applies when the subscription is the member's (or becomes it: the member had none, or this one
 * is live) and is newer than the one applied (a later ticket, or for an event's copy a later time).
 */
function decide(member: VipMemberRow, event: StateCause, facts: EventFacts, observed: Observed | undefined, pricePlan: string | undefined): Decision {
  const created = secondsToDate(event.created) as Date;
  const isMine =
    observed !== undefined && (member.stripeSubscriptionId === observed.subscriptionId || !member.stripeSubscriptionId || !observed.isEnded);
  const isNewer =
    observed?.ticket !== undefined
      ? member.stripeStateTicket === null || observed.ticket > member.stripeStateTicket
      : !member.statusEventAt || created >= member.statusEventAt;
  const change: VipMemberChange = {};
  const notes: Decision['notes'] = [];
  let unknownPriceId: string | undefined;
  if (observed && isMine) {
    change.stripeSubscriptionId = observed.subscriptionId;
    if (observed.customerId) change.stripeCustomerId = observed.customerId;
    if (facts.checkout?.sessionId) change.stripeCheckoutSessionId = facts.checkout.sessionId;
    if (isNewer) {
      if (observed.status) change.status = observed.status;
      if (observed.currentPeriodEnd) change.currentPeriodEnd = observed.currentPeriodEnd;
      if (observed.cancelAtPeriodEnd !== undefined) change.cancelAtPeriodEnd = observed.status === 'canceled' ? false : observed.cancelAtPeriodEnd;
      const checkoutPlan = facts.checkout?.plan && findVipPlan(facts.checkout.plan) ? facts.checkout.plan : undefined;
      const plan = pricePlan ?? checkoutPlan;
      if (plan && plan !== member.plan) change.plan = plan;
      if (observed.priceId) {
        change.stripePriceId = observed.priceId;
        if (!pricePlan && observed.priceId !== member.stripePriceId) unknownPriceId = observed.priceId;
      }
      if (observed.ticket !== undefined) change.stripeStateTicket = observed.ticket;
      if (!member.statusEventAt || created > member.statusEventAt) change.statusEventAt = created;
    }
  }
  const after: MemberState = {
    status: change.status ?? member.status,
    currentPeriodEnd: change.currentPeriodEnd ?? member.currentPeriodEnd,
    cancelAtPeriodEnd: change.cancelAtPeriodEnd ?? member.cancelAtPeriodEnd,
    plan: change.plan ?? member.plan,
  };
  const planName = (id: string) => findVipPlan(id)?.name ?? id;
  const isCheck = event.type === reconciliationCause;
  const why = isCheck ? 'checked with Stripe' : `Stripe ${event.type}`;
  if (after.status !== member.status) notes.push({ kind: 'member.status', summary: `${member.name}'s membership is now ${after.status.replace('_', ' ')} (${why})` });
  if (change.plan) {
    const price = observed?.priceId && pricePlan ? `Stripe price ${observed.priceId}` : 'the checkout';
    notes.push({ kind: 'member.plan', summary: `${member.name}'s plan is now ${planName(change.plan)}, was ${planName(member.plan)} (${isCheck ? `${why}, ` : ''}${price})` });
  }
  // A check repairs what a lost event would have changed: every repair is in the activity log (docs/decisions/0094).
  if (isCheck && after.status === member.status) {
    const day = (d: Date | null) => d?.toISOString().slice(0, 10) ?? 'none';
    if (day(after.currentPeriodEnd) !== day(member.currentPeriodEnd)) {
      notes.push({ kind: 'member.status', summary: `${member.name}'s period now ends ${day(after.currentPeriodEnd)}, was ${day(member.currentPeriodEnd)} (${why})` });
    }
    if (after.cancelAtPeriodEnd !== member.cancelAtPeriodEnd) {
      notes.push({ kind: 'member.status', summary: `${member.name}'s membership ${after.cancelAtPeriodEnd ? "now ends at the period's end" : 'renews again'} (${why})` });
    }
  }
  if (unknownPriceId) {
    notes.push({
      kind: 'member.plan',
      summary:
        `Warning: Stripe bills ${member.name} a price no VIP plan has (${unknownPriceId}), so their plan stays ${planName(after.plan)}. ` +
        "Name the price in a plan's stripePriceId, or move the subscription to a plan's price in Stripe.",
    });
  }
  return { change, after, emails: emailsFor(member, after, event, observed), notes, unknownPriceId };
}

/** The member changed between the read the emails were rendered from and the lock: decide again. */
class MemberMovedOn extends Error {
  constructor() {
    super('The member changed while a Stripe event was applied, each of 3 times: Stripe sends it again');
  }
}
const attempts = 3;

/** What the emails were rendered from: the member (who, to whom, on which plan) and the emails decided. */
const renderedFrom = (member: VipMemberRow | undefined, decision: Decision | undefined) =>
  JSON.stringify([member?.id, member?.name, member?.email, decision?.after.plan, decision?.emails ?? []]);

/**
 * Applies one verified event, exactly once by its id: the event is recorded in the same transaction
 * that applies it, so a retry after the commit changes nothing and an event whose transaction never
 * committed (a crash, Stripe unreachable, a member that kept changing) is applied in full when Stripe
 * sends it again. Answers false for an event seen before.
 */
export async function applyStripeEvent(context: StripeEventContext, event: PaymentEvent, now: Date): Promise<boolean> {
  if (await isStripeEventRecorded(context.db, event.id)) return false;
  const facts = readEvent(event);
  const observed = facts?.subscriptionId ? await observe(context, event, facts.subscriptionId, facts.copy) : undefined;
  const record = (tx: Db) => recordStripeEvent(tx, { id: event.id, type: event.type, created: secondsToDate(event.created) ?? now, payload: event }, now);
  // A paying member who paid a second Checkout (docs/decisions/0095): that subscription is cancelled and
  // refunded before the event is recorded (a failure is a 500: Stripe sends it again), and changes nothing of theirs.
  const pricePlan = await planOfPrice(context.db, observed?.priceId);
  const member = facts && observed ? await findMember(context.db, facts, observed, pricePlan) : undefined;
  if (member && observed && (await isSecondSubscription(context.payments, member, observed))) {
    await context.payments.cancelAndRefund(observed.subscriptionId);
    context.log.warn({ member: member.id, subscription: observed.subscriptionId, stripeEvent: event.id }, 'a paying member paid a second subscription: cancelled and refunded');
    return context.db.transaction(async (tx) => {
      if (!(await record(tx))) return false;
      const summary = `${member.name} paid a second membership (Stripe subscription ${observed.subscriptionId}) while theirs goes on: it was cancelled and its payment refunded`;
      await recordActivity(tx, { kind: 'member.status', actor: null, summary, subjectId: member.id, at: now });
      return true;
    });
  }
  const outcome = await applyObserved(context, event, facts, observed, pricePlan, now, record);
  return outcome !== 'seen';
}

/**
 * Checks one member's subscription with Stripe (docs/decisions/0094): its state read now and applied
 * as an event's would be (the same ticket, lock and emails). Answers whether the member changed;
 * throws when Stripe does not answer for it, or has no such subscription.
 */
export async function reconcileStripeMember(context: StripeEventContext, member: { id: string; stripeSubscriptionId: string }, now: Date): Promise<boolean> {
  const subscriptionId = member.stripeSubscriptionId;
  const cause: StateCause = { id: `reconciliation:${member.id}:${now.getTime()}`, type: reconciliationCause, created: Math.floor(now.getTime() / 1000), data: { object: {} } };
  const observed = await observe(context, cause, subscriptionId, undefined);
  if (!observed) throw new Error(`Stripe has no subscription ${subscriptionId}`);
  return (await applyObserved(context, cause, { subscriptionId, copy: {} }, observed, await planOfPrice(context.db, observed.priceId), now)) === 'changed';
}

/** The fields a member's change is told by: the rest (tickets, times, the checkout's id) are bookkeeping. */
const tellingFields = ['plan', 'status', 'stripeCustomerId', 'stripeSubscriptionId', 'stripePriceId', 'currentPeriodEnd', 'cancelAtPeriodEnd'] as const;
const comparable = (value: unknown) => (value instanceof Date ? value.getTime() : (value ?? null));
const changesMember = (member: VipMemberRow, change: VipMemberChange) =>
  tellingFields.some((field) => field in change && comparable(change[field]) !== comparable(member[field]));

/**
 * Applies an observed state to the member the cause is about, under the member's row lock, with the
 * emails and activity entries the change calls for (docs/decisions/0093). `record` (an event's) runs
 * first in the transaction and answers false when the cause was applied before: 'seen'.
 */
async function applyObserved(
  { db, mailroom, log }: StripeEventContext,
  cause: StateCause,
  facts: EventFacts | undefined,
  observed: Observed | undefined,
  pricePlan: string | undefined,
  now: Date,
  record?: (tx: Db) => Promise<boolean>,
): Promise<'seen' | 'changed' | 'unchanged'> {
  const decideFor = (member: VipMemberRow | undefined) => (member && facts ? decide(member, cause, facts, observed, pricePlan) : undefined);

  for (let attempt = 1; ; attempt += 1) {
    // Rendering happens outside the transaction (the embedded database has one connection): decide
    // from the member as read now, render, then decide again under the lock and write only if the
    // emails are the same; otherwise the member moved on meanwhile, and it is all done again.
    const read = facts ? await findMember(db, facts, observed, pricePlan) : undefined;
    const planned = decideFor(read);
    const rendered = read && planned ? await Promise.all(planned.emails.map((e) => renderEmailFor(mailroom, read, planned.after, e.intent, now))) : [];
    try {
      return await db.transaction(async (tx) => {
        if (record && !(await record(tx))) return 'seen' as const;
        const found = facts ? await findMember(tx, facts, observed, pricePlan) : undefined;
        const member = found && (await lockVipMember(tx, found.id));
        const decision = decideFor(member);
        if (renderedFrom(member, decision) !== renderedFrom(read, planned)) throw new MemberMovedOn();
        if (!member || !decision) return 'unchanged' as const;
        if (Object.keys(decision.change).length > 0) await updateVipMember(tx, member.id, decision.change, now);
        for (const [i, { dedupeKey }] of decision.emails.entries()) await mailroom.write(tx, { ...rendered[i]!, subjectId: member.id, dedupeKey });
        for (const { kind, summary } of decision.notes) await recordActivity(tx, { kind, actor: null, summary, subjectId: member.id, at: now });
        if (decision.unknownPriceId) log.warn({ member: member.id, price: decision.unknownPriceId, cause: cause.id }, 'stripe bills a price no VIP plan has: the member keeps their plan');
        return changesMember(member, decision.change) ? ('changed' as const) : ('unchanged' as const);
      });
    } catch (err) {
      if (!(err instanceof MemberMovedOn) || attempt >= attempts) throw err;
    }
  }
}

/**
 * The subscription as Stripe has it now, after a ticket; without one to read, the event's own `copy`
 * (none for a check: undefined).
 */
async function observe({ db, payments, log }: StripeEventContext, cause: StateCause, subscriptionId: string, copy: Partial<Observed> | undefined): Promise<Observed | undefined> {
  const ticket = await takeStripeStateTicket(db);
  // Stripe refusing or unreachable fails the event (a 502 in the site's words: plugins/error-handler.ts): Stripe sends it again.
  const state = await payments.subscription(subscriptionId);
  if (state) return { ...toObserved(state), ticket };
  if (!copy) return undefined;
  log.warn({ subscription: subscriptionId, stripeEvent: cause.id, type: cause.type }, 'stripe has no such subscription: the event is applied from its own copy');
  return { isEnded: false, ...copy, subscriptionId };
}
