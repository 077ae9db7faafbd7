import type { VipMemberStatus } from '../../../shared/api/vip.js';

// A Stripe subscription as the membership reads it (docs/decisions/0093), from Stripe's answer to a
// retrieve or, when Stripe has none to give, from an event's own copy. Read loosely: fields are taken
// where Stripe's API versions put them (the period on the items since 2025-03-31, on the subscription
// before), and a missing one is undefined rather than a guess.

type Loose = Record<string, unknown>;

export const asObject = (v: unknown): Loose => (v && typeof v === 'object' ? (v as Loose) : {});
export const asString = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
/** An id field, expanded (`{ id }`) or not. */
export const idOf = (v: unknown): string | undefined => asString(v) ?? asString(asObject(v).id);
export const secondsToDate = (v: unknown): Date | undefined => (typeof v === 'number' && Number.isFinite(v) ? new Date(v * 1000) : undefined);

export interface SubscriptionState {
  id: string;
  customerId: string | undefined;
  /** Stripe's own: incomplete, incomplete_expired, trialing, active, past_due, unpaid, paused, canceled. */
  status: string | undefined;
  /** The end of the period paid for (the renewal, or the end of access once cancelled). */
  currentPeriodEnd: Date | undefined;
  /** Ends at the period's end (or at a set time) instead of renewing. */
  cancelAtPeriodEnd: boolean;
  /** The price it bills now (the first item's): the member's plan follows it. */
  priceId: string | undefined;
  /** The member the site's own Checkout named in the subscription's metadata. */
  memberId: string | undefined;
  /** Its latest invoice, when paid (and expanded): the welcome's receipt. */
  latestPayment: { amount: number; currency: string } | undefined;
}

/** A subscription object (retrieved, or an event's copy); undefined for anything without an id. */
export function readSubscription(object: unknown): SubscriptionState | undefined {
  const subscription = asObject(object);
  const id = asString(subscription.id);
  if (!id) return undefined;
  const [item] = (asObject(subscription.items).data as unknown[] | undefined) ?? [];
  const invoice = asObject(subscription.latest_invoice);
  const isPaid = invoice.status === 'paid' && typeof invoice.amount_paid === 'number';
  return {
    id,
    customerId: idOf(subscription.customer),
    status: asString(subscription.status),
    currentPeriodEnd: secondsToDate(asObject(item).current_period_end) ?? secondsToDate(subscription.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true || subscription.cancel_at != null,
    priceId: idOf(asObject(item).price),
    memberId: asString(asObject(subscription.metadata).member_id),
    latestPayment: isPaid ? { amount: (invoice.amount_paid as number) / 100, currency: String(invoice.currency ?? 'usd').toUpperCase() } : undefined,
  };
}

/**
 * Stripe's subscription status as the member's (docs/product.md §10.7): what each grants is said there.
 * `unpaid` (Stripe stopped retrying) is past due to the member: a payment failed, billing repairs it.
 */
export function memberStatusOf(status: string | undefined): VipMemberStatus | undefined {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'paused':
      return 'paused';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    case 'incomplete':
      return 'pending_payment';
    default:
      return undefined;
  }
}

/** A subscription that can never bill again: it is nobody's new subscription. */
export const isEnded = (status: string | undefined) => status === 'canceled' || status === 'incomplete_expired';
