import { z } from 'zod';
import { itemResponse, limitParam, listResponse, offsetParam, searchParam } from './common.js';
import { demoStatuses } from './demos.js';
import { vipMemberStatuses, vipPlanIds, type VipMemberStatus } from './vip.js';

// The admin inbox (docs/product.md §10.6, §10.7): demo submissions with their review status, and VIP members.

const oneOf = (name: string, values: readonly string[]) => `${name} must be one of ${values.join(', ')}`;

// ---- Demos ----

export const adminDemosQuerySchema = z.object({
  status: z.enum(demoStatuses, { error: oneOf('status', demoStatuses) }).optional(),
  /** Any form of a label id; an unknown one is the product's 'Invalid label: {value}'. */
  label: z.string().trim().min(1, { error: 'label must not be empty' }).optional(),
  offset: offsetParam,
  limit: limitParam(20),
  /** Artist names (stage and full), artist emails and track names. */
  q: searchParam,
});
export type AdminDemosQuery = z.infer<typeof adminDemosQuerySchema>;

export const adminDemoRowSchema = z.object({
  id: z.uuid(),
  created_at: z.string(),
  status: z.enum(demoStatuses),
  /** Canonical label id. */
  label: z.string(),
  /** The first artist's email, lower-cased. */
  contact_email: z.string(),
  /** Stage names, in form order. */
  artists: z.array(z.string()),
  tracks: z.array(z.object({ name: z.string(), genre: z.string() })),
  /**
   * After accepted or declined: until when `POST /api/admin/demos/{id}/undo` may restore the status
   * before it (the decision's email waits until then); null otherwise.
   */
  undo_until: z.string().nullable(),
});
export type AdminDemoRow = z.infer<typeof adminDemoRowSchema>;

/** Every field of the form; a social link is null when the artist ticked "Don't have". */
export const adminDemoArtistSchema = z.object({
  fullName: z.string(),
  name: z.string(),
  email: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  facebook: z.string().nullable(),
  twitter: z.string().nullable(),
  instagram: z.string().nullable(),
  soundcloud: z.string().nullable(),
  spotify: z.string().nullable(),
  appleMusic: z.string().nullable(),
});
export type AdminDemoArtist = z.infer<typeof adminDemoArtistSchema>;

export const adminDemoTrackSchema = z.object({
  name: z.string(),
  genre: z.string(),
  /** As stored: the canonical spelling of the link the artist sent. */
  soundCloudPrivateLink: z.string(),
});

export const adminDemoSchema = adminDemoRowSchema.extend({
  updated_at: z.string(),
  artists: z.array(adminDemoArtistSchema),
  tracks: z.array(adminDemoTrackSchema),
});
export type AdminDemo = z.infer<typeof adminDemoSchema>;

export const updateDemoStatusRequestSchema = z.object({
  status: z.enum(demoStatuses, { error: oneOf('status', demoStatuses) }),
});

export const adminDemosResponseSchema = listResponse(adminDemoRowSchema);
export const adminDemoResponseSchema = itemResponse(adminDemoSchema);

// ---- VIP members ----

/** Status in words, for the table and the CSV export. */
export const vipMemberStatusLabels: Readonly<Record<VipMemberStatus, string>> = {
  pending_payment: 'Pending payment',
  active: 'Active',
  past_due: 'Past due',
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

/** `vip-members-YYYY-MM-DD.csv`, dated in UTC. */
export function membersCsvFileName(at: Date): string {
  return `vip-members-${at.toISOString().slice(0, 10)}.csv`;
}
