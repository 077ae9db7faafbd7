import { findVipPlan, type VipMemberStatus } from '../../../shared/api/vip.js';
import type { Db } from '../../db/client.js';
import type { Mailroom, PreparedEmail } from '../messaging/index.js';
import { recordActivity } from '../staff/index.js';
import type { PaymentEvent } from './payment-provider.js';
import {
  findVipMemberById,
  findVipMemberByEmail,
  findVipMemberByStripe,
  recordStripeEvent,
  updateVipMember,
  type VipMemberChange,
  type VipMemberRow,
} from './vip.repo.js';

// Stripe's webhook events applied to members (docs/decisions/0062). Read loosely: the fields are
// taken where Stripe's API versions put them (a subscription's period end on its items since
// 2025-03-31, on the subscription before), and an event missing one changes only what it does say.

type Loose = Record<string, unknown>;

const asObject = (v: unknown): Loose => (v && typeof v === 'object' ? (v as Loose) : {});
const asString = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
/** An id field, expanded (`{ id }`) or not. */
const idOf = (v: unknown): string | undefined => asString(v) ?? asString(asObject(v).id);
const secondsToDate = (v: unknown): Date | undefined => (typeof v === 'number' && Number.isFinite(v) ? new Date(v * 1000) : undefined);

/** Stripe's subscription statuses as a member's. */
function statusOfSubscription(status: unknown): VipMemberStatus | undefined {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    case 'incomplete':
      return 'pending_payment';
    default:
      return undefined;
  }
}

function subscriptionPeriodEnd(subscription: Loose): Date | undefined {
  const [item] = (asObject(subscription.items).data as unknown[] | undefined) ?? [];
  return secondsToDate(asObject(item).current_period_end) ?? secondsToDate(subscription.current_period_end);
}

function invoiceSubscriptionId(invoice: Loose): string | undefined {
  return idOf(invoice.subscription) ?? idOf(asObject(asObject(invoice.parent).subscription_details).subscription);
}

function invoicePeriodEnd(invoice: Loose): Date | undefined {
  const [line] = (asObject(invoice.lines).data as unknown[] | undefined) ?? [];
  return secondsToDate(asObject(asObject(line).period).end) ?? secondsToDate(invoice.period_end);
}

/** What an event says of a member: who, and what changes. */
interface Reading {
  member: VipMemberRow | undefined;
  /** Ids and plan: applied whatever the event's age. */
  ids: VipMemberChange;
  /** Status and period: applied unless a newer event was applied already. */
  state: VipMemberChange;
  /** Money received with it: the welcome's receipt. */
  paid?: { amount: number; currency: string };
}

async function readEvent(tx: Db, event: PaymentEvent): Promise<Reading | undefined> {
  const object = asObject(event.data.object);
  const metadata = asObject(object.metadata);
  const byMetadata = async () => {
    const id = asString(metadata.member_id);
    return id ? findVipMemberById(tx, id) : undefined;
  };
  switch (event.type) {
    case 'checkout.session.completed': {
      const email = asString(asObject(object.customer_details).email) ?? asString(object.customer_email);
      const reference = asString(object.client_reference_id);
      const member = (reference ? await findVipMemberById(tx, reference) : undefined) ?? (await byMetadata()) ?? (email ? await findVipMemberByEmail(tx, email.toLowerCase()) : undefined);
      const plan = asString(metadata.plan);
      const isPaid = object.payment_status !== 'unpaid';
      const amount = object.amount_total;
      return {
        member,
        ids: {
          stripeCustomerId: idOf(object.customer),
          stripeSubscriptionId: idOf(object.subscription),
          stripeCheckoutSessionId: asString(object.id),
          plan: plan && findVipPlan(plan) ? plan : undefined,
        },
        state: isPaid ? { status: 'active' } : {},
        paid: isPaid && typeof amount === 'number' ? { amount: amount / 100, currency: String(object.currency ?? 'usd').toUpperCase() } : undefined,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscriptionId = asString(object.id);
      const customerId = idOf(object.customer);
      const member = (await findVipMemberByStripe(tx, { subscriptionId, customerId })) ?? (await byMetadata());
      const status = event.type === 'customer.subscription.deleted' ? 'canceled' : statusOfSubscription(object.status);
      return {
        member,
        ids: { stripeSubscriptionId: subscriptionId, stripeCustomerId: customerId },
        state: {
          status,
          currentPeriodEnd: subscriptionPeriodEnd(object),
          cancelAtPeriodEnd: event.type === 'customer.subscription.deleted' ? false : object.cancel_at_period_end === true || object.cancel_at != null,
        },
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscriptionId = invoiceSubscriptionId(object);
      const customerId = idOf(object.customer);
      const member = await findVipMemberByStripe(tx, { subscriptionId, customerId });
      const isPaid = event.type === 'invoice.paid';
      return {
        member,
        ids: { stripeSubscriptionId: subscriptionId, stripeCustomerId: customerId },
        state: isPaid ? { status: 'active', currentPeriodEnd: invoicePeriodEnd(object) } : { status: 'past_due' },
        paid:
          isPaid && typeof object.amount_paid === 'number'
            ? { amount: object.amount_paid / 100, currency: String(object.currency ?? 'usd').toUpperCase() }
            : undefined,
      };
    }
    case 'invoice.upcoming': {
      const member = await findVipMemberByStripe(tx, { subscriptionId: invoiceSubscriptionId(object), customerId: idOf(object.customer) });
      return { member, ids: {}, state: {} };
    }
    default:
      return undefined;
  }
}

const defined = (change: VipMemberChange): VipMemberChange =>
  Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) as VipMemberChange;

/**
 * Applies one verified event, exactly once by its id: the event is recorded in the same transaction
 * that applies it, so a retry after the commit changes nothing and an event whose transaction never
 * committed (a crash before the answer) is applied in full when Stripe sends it again. Events come
 * in any order: a status is taken only from an event at least as new as the one it came from.
 * Answers false for an event seen before.
 */
export async function applyStripeEvent(db: Db, mailroom: Mailroom, event: PaymentEvent, now: Date): Promise<boolean> {
  const created = secondsToDate(event.created) ?? now;
  // Rendering happens outside the transaction (the embedded database has one connection): read
  // first, render the emails the change calls for, then write it all in one transaction.
  const before = await db.transaction(async (tx) => readEvent(tx, event));
  const planned = before?.member ? plan(before, created) : undefined;
  const emails = planned && before?.member ? await emailsFor(mailroom, event, before.member, planned.after, before, now) : [];
  return db.transaction(async (tx) => {
    if (!(await recordStripeEvent(tx, { id: event.id, type: event.type, created, payload: event }, now))) return false;
    // Read again in the transaction: another event may have changed the member meanwhile.
    const reading = await readEvent(tx, event);
    const member = reading?.member;
    if (!reading || !member) return true;
    const { change, after } = plan(reading, created);
    await updateVipMember(tx, member.id, change, now);
    // The emails were chosen from the member as read before: if another event changed it since, they may no longer fit.
    const isAsRead = before?.member?.status === member.status && before.member.cancelAtPeriodEnd === member.cancelAtPeriodEnd;
    if (isAsRead) {
      for (const { email, dedupeKey } of emails) await mailroom.write(tx, { ...email, subjectId: member.id, dedupeKey });
    }
    if (after.status !== member.status) {
      await recordActivity(tx, {
        kind: 'member.status',
        actor: null,
        summary: `${member.name}'s membership is now ${after.status.replace('_', ' ')} (Stripe ${event.type})`,
        subjectId: member.id,
        at: now,
      });
    }
    return true;
  });
}

/** The change an event makes to its member, and the member's state after it. */
function plan(reading: Reading, created: Date): { change: VipMemberChange; after: Pick<VipMemberRow, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'> } {
  const member = reading.member as VipMemberRow;
  const isNewest = !member.statusEventAt || created >= member.statusEventAt;
  const state = defined(reading.state);
  const takesState = isNewest && Object.keys(state).length > 0;
  const change: VipMemberChange = { ...defined(reading.ids), ...(takesState ? { ...state, statusEventAt: created } : {}) };
  return {
    change,
    after: {
      status: change.status ?? member.status,
      currentPeriodEnd: change.currentPeriodEnd ?? member.currentPeriodEnd,
      cancelAtPeriodEnd: change.cancelAtPeriodEnd ?? member.cancelAtPeriodEnd,
    },
  };
}

/**
 * The emails an event calls for (docs/decisions/0062), each with the key that keeps it to one: the
 * welcome with its receipt once per subscription (its first payment, whichever event brings it);
 * payment failed, cancellation and renewal reminder once per event.
 */
async function emailsFor(
  mailroom: Mailroom,
  event: PaymentEvent,
  member: VipMemberRow,
  after: Pick<VipMemberRow, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'>,
  reading: Reading,
  now: Date,
): Promise<{ email: PreparedEmail; dedupeKey: string }[]> {
  const who = { name: member.name, email: member.email, planId: reading.ids.plan ?? member.plan };
  const emails: { email: PreparedEmail; dedupeKey: string }[] = [];
  const once = (email: PreparedEmail) => ({ email, dedupeKey: `${email.kind}:${event.id}` });
  const subscriptionId = reading.ids.stripeSubscriptionId ?? member.stripeSubscriptionId;
  const isFirstPayment = event.type === 'checkout.session.completed' || (reading.paid !== undefined && asObject(event.data.object).billing_reason === 'subscription_create');
  if (isFirstPayment && after.status === 'active') {
    const receipt = reading.paid ? { ...reading.paid, paidAt: now, periodEnd: after.currentPeriodEnd } : undefined;
    emails.push({ email: await mailroom.prepareVipWelcome({ ...who, status: 'active' }, now, receipt), dedupeKey: `vip_welcome:${member.id}:${subscriptionId ?? event.id}` });
  }
  if (event.type === 'invoice.payment_failed' && after.status === 'past_due') emails.push(once(await mailroom.prepareVipPaymentFailed(who, now)));
  const cancelled = (after.cancelAtPeriodEnd && !member.cancelAtPeriodEnd) || (after.status === 'canceled' && member.status !== 'canceled' && !member.cancelAtPeriodEnd);
  if (cancelled) emails.push(once(await mailroom.prepareVipCancelled(who, after.status === 'canceled' ? null : after.currentPeriodEnd, now)));
  const renewsOn = secondsToDate(asObject(event.data.object).next_payment_attempt) ?? after.currentPeriodEnd;
  if (event.type === 'invoice.upcoming' && findVipPlan(who.planId)?.period === 'year' && after.status === 'active' && !after.cancelAtPeriodEnd && renewsOn) {
    emails.push(once(await mailroom.prepareVipRenewalReminder(who, renewsOn, now)));
  }
  return emails;
}
