import {
  findVipPlan,
  type VipMemberStatus,
  type VipPlan,
  type VipSubscriptionRequest,
  type VipSubscriptionResponse,
} from '../../../shared/api/vip.js';
import type { Db } from '../../db/client.js';
import { recordActivity } from '../activity/activity.repo.js';
import type { PaymentProvider } from './payment-provider.js';
import { upsertVipMember } from './vip.repo.js';

function statusSentence(status: VipMemberStatus, email: string): string {
  return status === 'active'
    ? 'Your membership is active.'
    : `Payments aren't open yet, so your membership is pending payment: we'll email you at ${email} when they are.`;
}

function outcomeSentence(plan: VipPlan, isNew: boolean, previousPlanId: string | null): string {
  if (isNew) return `You're on the list for the ${plan.name} plan.`;
  if (previousPlanId === plan.id) return `You're already on the list for the ${plan.name} plan.`;
  const previous = previousPlanId ? findVipPlan(previousPlanId) : undefined;
  return previous ? `Your plan changed from ${previous.name} to ${plan.name}.` : `Your plan is now ${plan.name}.`;
}

/** Stores or updates the member (DECISIONS §7): 201 for a new member, 200 when the email was known. */
export async function subscribeVip(
  db: Db,
  payments: PaymentProvider,
  input: VipSubscriptionRequest,
  now: Date,
): Promise<{ statusCode: 200 | 201; body: VipSubscriptionResponse }> {
  const email = input.email.toLowerCase();
  const plan = findVipPlan(input.plan) as VipPlan;
  const status = await payments.subscribe({ name: input.name, email, plan: plan.id });
  const member = await db.transaction(async (tx) => {
    const stored = await upsertVipMember(tx, { name: input.name, email, plan: plan.id, status, now });
    if (stored.isNew || stored.previousPlan !== plan.id) {
      await recordActivity(tx, {
        kind: stored.isNew ? 'member.joined' : 'member.plan',
        actor: null,
        summary: stored.isNew ? `${stored.name} joined VIP (${plan.name})` : `${stored.name} changed VIP plan to ${plan.name}`,
        subjectId: stored.id,
        at: now,
      });
    }
    return stored;
  });
  return {
    statusCode: member.isNew ? 201 : 200,
    body: {
      success: true,
      message: `${outcomeSentence(plan, member.isNew, member.previousPlan)} ${statusSentence(member.status, email)}`,
      data: {
        id: member.id,
        name: member.name,
        email: member.email,
        plan: plan.id,
        status: member.status,
        created_at: member.createdAt.toISOString(),
        updated_at: member.updatedAt.toISOString(),
      },
    },
  };
}
