import { z } from 'zod';
import { itemResponse, limitParam, listResponse, offsetParam, oneOf, searchParam } from './common.js';
import { vipMemberStatuses, vipPlanIds, type VipMemberStatus } from './vip.js';

// The admin's VIP member list (docs/product.md §10.7) and its CSV export.

/** Status in words, for the table and the CSV export. */
export const vipMemberStatusLabels: Readonly<Record<VipMemberStatus, string>> = {
  pending_payment: 'Pending payment',
  active: 'Active',
  past_due: 'Past due',
  paused: 'Paused',
  canceled: 'Canceled',
};

export const adminMembersExportQuerySchema = z.object({
  /** Name or email. */
  q: searchParam,
  plan: z.enum(vipPlanIds, { error: oneOf('plan', vipPlanIds) }).optional(),
  status: z.enum(vipMemberStatuses, { error: oneOf('status', vipMemberStatuses) }).optional(),
});
export type AdminMembersFilter = z.infer<typeof adminMembersExportQuerySchema>;

export const adminMembersQuerySchema = adminMembersExportQuerySchema.extend({
  offset: offsetParam,
  limit: limitParam(20),
});
export type AdminMembersQuery = z.infer<typeof adminMembersQuerySchema>;

export const adminMemberSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  /** From the site configuration; a plan id no longer configured has its name and price unknown (null). */
  plan: z.object({
    id: z.string(),
    name: z.string().nullable(),
    price: z.number().nullable(),
    currency: z.string().nullable(),
    period: z.string().nullable(),
  }),
  status: z.enum(vipMemberStatuses),
  /** The end of the period paid for (renewal, or end of access once cancelled); null without one. */
  current_period_end: z.string().nullable(),
  /** Cancelled by the member: no renewal, access to current_period_end. */
  cancel_at_period_end: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

export const adminMembersResponseSchema = listResponse(adminMemberSchema);

/** A check of the members with Stripe (docs/decisions/0094): `POST /api/admin/members/reconcile`. */
export const adminMembersReconcileSchema = z.object({
  /** Members with a Stripe subscription compared with Stripe. */
  checked: z.number().int().min(0),
  /** Of those, members Stripe's state changed (each change is in the activity log). */
  changed: z.number().int().min(0),
  /** Members whose subscription Stripe did not answer for (named in the activity log); the others were checked all the same. */
  failed: z.number().int().min(0).optional(),
});
export type AdminMembersReconcile = z.infer<typeof adminMembersReconcileSchema>;
export const adminMembersReconcileResponseSchema = itemResponse(adminMembersReconcileSchema);

/** `vip-members-YYYY-MM-DD.csv`, dated in UTC. */
export function membersCsvFileName(at: Date): string {
  return `vip-members-${at.toISOString().slice(0, 10)}.csv`;
}
