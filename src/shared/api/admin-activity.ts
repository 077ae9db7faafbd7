import { z } from 'zod';

/** What the activity log records (docs/product.md §10.6 Recent Activity). */
export const activityKinds = [
  'catalog.import',
  'catalog.enrichment',
  /** Staff removed the fictional demo catalog (docs/decisions/0027). */
  'catalog.demo-removal',
  'track.edit',
  'track.delete',
  'release.pin',
  'release.create',
  'release.edit',
  'artist.edit',
  /** Staff made, changed (fields, cover, tracks, status) or deleted a playlist (docs/decisions/0104). */
  'playlist.create',
  'playlist.edit',
  'playlist.delete',
  'media.upload',
  'demo.received',
  'demo.status',
  'member.joined',
  /** A plan change stored before known emails stopped changing members; kept for those entries. */
  'member.plan',
  /** A sign-up with a member's email: nothing changed, staff confirm with the member. */
  'member.request',
  /** Stripe changed a membership's status (docs/decisions/0062). */
  'member.status',
  /** Members checked with Stripe (docs/decisions/0094): how many, changed, and whose subscription Stripe did not answer for. */
  'member.reconcile',
  /** Staff set or removed the members' discount code (docs/decisions/0066). */
  'member.discount',
  /** Staff sent the members' newsletter (docs/decisions/0065). */
  'newsletter.send',
  /** Staff sent the VIP waiting list its one "payments are open" email (docs/decisions/0099). */
  'vip.waiting-list-send',
  /** Staff lifted an address from the list of addresses that bounced (docs/decisions/0090). */
  'email.lift',
  'admin.password',
  /** Staff accounts (docs/decisions/0098): an owner invited someone, cancelled an invitation, removed an account; an invitee joined. */
  'staff.invite',
  'staff.invite-cancel',
  'staff.join',
  'staff.remove',
] as const;
export type ActivityKind = (typeof activityKinds)[number];

export const activityEntrySchema = z.object({
  id: z.string(),
  occurred_at: z.string(),
  kind: z.enum(activityKinds),
  /** The admin who did it; null for a visitor (a demo, a membership) or the server. */
  actor: z.string().nullable(),
  summary: z.string(),
  subject_id: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
