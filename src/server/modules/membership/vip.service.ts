import {
  findVipPlan,
  type VipMemberStatus,
  type VipPlan,
  type VipSubscriptionRequest,
  type VipSubscriptionResponse,
} from '../../../shared/api/vip.js';
import type { Db } from '../../db/client.js';
import { recordActivity } from '../staff/index.js';
import type { Mailroom } from '../messaging/index.js';
import type { PaymentProvider } from './payment-provider.js';
import { findVipMemberId, insertVipMemberUnlessKnown } from './vip.repo.js';

function statusSentence(status: VipMemberStatus, email: string): string {
  return status === 'active'
    ? 'Your membership is active.'
    : `Payments aren't open yet, so your membership is pending payment: we'll email you at ${email} when they are.`;
}

/**
 * Stores a new member (docs/product.md §10.7). A known email changes nothing: anyone may type anyone's email,
 * so the answer is the same 201 as for a new member and tells nothing of the stored one; the request
 * goes to the activity log for staff to confirm with the member by email. A new member's welcome email
 * is written in the same transaction (docs/decisions/0060).
 */
export async function subscribeVip(
  db: Db,
  mailroom: Mailroom,
  payments: PaymentProvider,
  input: VipSubscriptionRequest,
  now: Date,
): Promise<VipSubscriptionResponse> {
  const email = input.email.toLowerCase();
  const plan = findVipPlan(input.plan) as VipPlan;
  const status = await payments.subscribe({ name: input.name, email, plan: plan.id });
  const welcome = await mailroom.prepareVipWelcome({ name: input.name, email, planId: plan.id, status }, now);
  await db.transaction(async (tx) => {
    const newId = await insertVipMemberUnlessKnown(tx, { name: input.name, email, plan: plan.id, status, now });
    if (newId) await mailroom.write(tx, welcome);
    await recordActivity(tx, {
      kind: newId ? 'member.joined' : 'member.request',
      actor: null,
      summary: newId ? `${input.name} joined VIP (${plan.name})` : `${input.name} asked for the ${plan.name} plan with a member's email`,
      subjectId: newId ?? ((await findVipMemberId(tx, email)) as string),
      at: now,
    });
  });
  return {
    success: true,
    message: `You're on the list for the ${plan.name} plan. ${statusSentence(status, email)}`,
    data: { name: input.name, email, plan: plan.id, status },
  };
}
