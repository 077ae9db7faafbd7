import { findVipPlan } from '../../../shared/api/vip.js';
import type { Mailroom, PreparedEmail } from '../messaging/index.js';
import { asObject, secondsToDate } from './stripe-subscription.js';
import type { VipMemberRow } from './vip.repo.js';

// The emails a Stripe event's change calls for (docs/decisions/0093): decided as data from the member
// before and after, so that they can be decided again under the member's lock and compared, and
// rendered outside the transaction.

export type MemberState = Pick<VipMemberRow, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'plan'>;

/**
 * What led to a subscription's state being applied: a webhook event (a PaymentEvent is one), or a check
 * of the member with Stripe (docs/decisions/0094), whose `type` is {@link reconciliationCause}.
 */
export interface StateCause {
  id: string;
  type: string;
  /** In seconds. */
  created: number;
  data: { object: unknown };
}

/** The `type` of a check with Stripe (reconciliation): no event, Stripe's state read as it is. */
export const reconciliationCause = 'reconciliation';

/** An email the change calls for, as data: compared before and under the lock, rendered outside the transaction. */
export type EmailIntent =
  | { kind: 'welcome'; receipt?: { amount: number; currency: string; periodEnd: Date | null } }
  | { kind: 'payment_failed' }
  | { kind: 'cancelled'; accessUntil: Date | null }
  | { kind: 'renewal_reminder'; renewsOn: Date };

export interface PlannedEmail {
  intent: EmailIntent;
  dedupeKey: string;
}

/**
 * The emails a change calls for (docs/decisions/0062, 0093), each with the key that keeps it to one:
 * the welcome once per subscription when it becomes active; payment failed when it becomes past due;
 * the cancellation when the member cancels, or when it ends without a cancellation first; the yearly
 * plans' renewal reminder for each `invoice.upcoming`.
 */
export function emailsFor(
  before: VipMemberRow,
  after: MemberState,
  event: StateCause,
  observed: { subscriptionId?: string; payment?: { amount: number; currency: string } } | undefined,
): PlannedEmail[] {
  const emails: PlannedEmail[] = [];
  const once = (intent: EmailIntent) => emails.push({ intent, dedupeKey: `vip_${intent.kind}:${event.id}` });
  const subscriptionId = observed?.subscriptionId ?? before.stripeSubscriptionId;
  if (after.status === 'active' && (before.status === 'pending_payment' || before.status === 'canceled')) {
    const receipt = observed?.payment ? { ...observed.payment, periodEnd: after.currentPeriodEnd } : undefined;
    emails.push({ intent: { kind: 'welcome', receipt }, dedupeKey: `vip_welcome:${before.id}:${subscriptionId ?? event.id}` });
  }
  if (after.status === 'past_due' && before.status !== 'past_due') once({ kind: 'payment_failed' });
  const isCancelled = after.status !== 'canceled' && after.cancelAtPeriodEnd && !before.cancelAtPeriodEnd;
  const hasEnded = after.status === 'canceled' && before.status !== 'canceled' && before.status !== 'pending_payment' && !before.cancelAtPeriodEnd;
  if (isCancelled || hasEnded) once({ kind: 'cancelled', accessUntil: hasEnded ? null : after.currentPeriodEnd });
  const renewsOn = secondsToDate(asObject(event.data.object).next_payment_attempt) ?? after.currentPeriodEnd;
  if (event.type === 'invoice.upcoming' && findVipPlan(after.plan)?.period === 'year' && after.status === 'active' && !after.cancelAtPeriodEnd && renewsOn) {
    once({ kind: 'renewal_reminder', renewsOn });
  }
  return emails;
}

/** An email rendered, outside the transaction, for the member as read and their plan after the change. */
export async function renderEmailFor(mailroom: Mailroom, member: VipMemberRow, after: MemberState, intent: EmailIntent, now: Date): Promise<PreparedEmail> {
  const who = { name: member.name, email: member.email, planId: after.plan };
  switch (intent.kind) {
    case 'welcome':
      return mailroom.prepareVipWelcome({ ...who, status: 'active' }, now, intent.receipt && { ...intent.receipt, paidAt: now });
    case 'payment_failed':
      return mailroom.prepareVipPaymentFailed(who, now);
    case 'cancelled':
      return mailroom.prepareVipCancelled(who, intent.accessUntil, now);
    case 'renewal_reminder':
      return mailroom.prepareVipRenewalReminder(who, intent.renewsOn, now);
  }
}
