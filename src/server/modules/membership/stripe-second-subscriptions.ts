import type { PaymentProvider } from './payment-provider.js';
import { memberStatusOf } from './stripe-subscription.js';
import type { VipMemberRow } from './vip.repo.js';

// Everyone who asks to join gets a Checkout, a paying member's address too, so that the answer tells
// nobody who is a member (docs/decisions/0095). Should a paying member pay it, the second subscription
// is theirs by its metadata but must not charge them twice: it is cancelled and refunded, and the
// membership goes on with the first.

/**
 * Whether `subscriptionId`, live, is a second one of a member whose own subscription goes on (active,
 * past due or paused), as Stripe has that one now: a member row behind on a cancellation is not fooled.
 */
export async function isSecondSubscription(
  payments: PaymentProvider,
  member: Pick<VipMemberRow, 'stripeSubscriptionId'>,
  observed: { subscriptionId: string; isEnded: boolean },
): Promise<boolean> {
  const first = member.stripeSubscriptionId;
  if (observed.isEnded || !first || first === observed.subscriptionId) return false;
  const state = await payments.subscription(first).catch((err: unknown) => {
    throw new Error(`Stripe did not answer for subscription ${first}`, { cause: err });
  });
  const status = memberStatusOf(state?.status);
  return status === 'active' || status === 'past_due' || status === 'paused';
}
