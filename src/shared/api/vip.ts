import { z } from 'zod';
import { emailAddress } from './common.js';
import type { PlanSettings } from './settings.js';
import { siteConfig } from '../site-config.js';
import { currentSiteSettings } from '../site-settings.js';

// The VIP subscription contract (docs/product.md §3, §5; docs/product.md §10.7). Which plans there are
// comes from the site configuration; what each one says and costs from the settings in force
// (docs/decisions/0097).

export type VipPlanId = (typeof siteConfig.vipPlans)[number]['id'];
export type VipPlan = PlanSettings & { readonly id: VipPlanId };
export const vipPlanIds = siteConfig.vipPlans.map((plan) => plan.id) as [VipPlanId, ...VipPlanId[]];

function livePlan(id: VipPlanId): VipPlan {
  const settings = () => currentSiteSettings().vip.plans.find((plan) => plan.id === id) as PlanSettings;
  const plan = { id } as VipPlan;
  for (const key of Object.keys(settings()) as (keyof PlanSettings)[]) {
    if (key !== 'id') Object.defineProperty(plan, key, { enumerable: true, get: () => settings()[key] });
  }
  return plan;
}

/** The plans, each reading the settings in force whenever a field is read; their order and ids are site-config.ts's. */
export const vipPlans: readonly VipPlan[] = vipPlanIds.map(livePlan);

export function findVipPlan(id: string): VipPlan | undefined {
  return vipPlans.find((plan) => plan.id === id);
}

/**
 * What Stripe says of the member's subscription (docs/product.md §10.7, docs/decisions/0093):
 * `pending_payment` until the first payment went through (Stripe's `incomplete`; without Stripe, until
 * payments open); `active` while paid up or trialing, a cancelled subscription too until its period
 * ends; `past_due` after a failed renewal, while Stripe retries or after it stopped (`unpaid`), until it
 * is paid; `paused` while the subscription is paused; `canceled` once it has ended. Only `active` grants
 * the plan's perks.
 */
export const vipMemberStatuses = ['pending_payment', 'active', 'past_due', 'paused', 'canceled'] as const;
export type VipMemberStatus = (typeof vipMemberStatuses)[number];

export const vipMessages = {
  required: 'Please fill in all required fields',
  invalidEmail: 'Please enter a valid email address',
  invalidPlan: `Please choose a plan: ${vipPlanIds.join(', ')}`,
} as const;

export const vipSubscriptionRequestSchema = z.object({
  name: z
    .string({ error: vipMessages.required })
    .trim()
    .min(1, { error: vipMessages.required, abort: true })
    .max(200, { error: 'Name must be at most 200 characters' }),
  email: emailAddress({ required: vipMessages.required, invalid: vipMessages.invalidEmail }),
  plan: z.enum(vipPlanIds, { error: vipMessages.invalidPlan }),
});
export type VipSubscriptionRequest = z.infer<typeof vipSubscriptionRequestSchema>;

/** What was asked for, and nothing of a member already stored under that email. */
export const vipSubscriptionSchema = z.object({
  name: z.string(),
  /** Lower-cased: one membership per address. */
  email: z.string(),
  plan: z.enum(vipPlanIds),
  status: z.enum(vipMemberStatuses),
  /**
   * With Stripe configured: where the browser goes next, the Checkout Session's page, for every address
   * (a paying member's too, whose second subscription would be cancelled and refunded: docs/decisions/0095).
   */
  checkoutUrl: z.string().optional(),
});

export const vipSubscriptionResponseSchema = z.object({
  success: z.literal(true),
  /** What happened, in words, and that payment is still pending. */
  message: z.string(),
  data: vipSubscriptionSchema,
});
export type VipSubscriptionResponse = z.infer<typeof vipSubscriptionResponseSchema>;
