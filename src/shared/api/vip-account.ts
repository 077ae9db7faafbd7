import { z } from 'zod';
import { emailAddress } from './common.js';
import { vipMemberStatuses, vipMessages } from './vip.js';
import { memberDiscountCodeSchema } from './vip-perks.js';

// A VIP member's own page and paying with Stripe (docs/decisions/0062, 0063).

/** Where Stripe Checkout returns the member: "Processing" until the webhook confirms the payment. */
export const vipCheckoutStatusSchema = z.object({
  success: z.literal(true),
  data: z.object({ status: z.enum(vipMemberStatuses), planName: z.string().nullable() }),
});
export type VipCheckoutStatus = z.infer<typeof vipCheckoutStatusSchema>['data'];

export const vipSignInRequestSchema = z.object({
  email: emailAddress({ required: vipMessages.required, invalid: vipMessages.invalidEmail }),
});

export const vipSignInSentMessage = 'If that address has a VIP membership, a sign-in link is on its way. It works once, within 15 minutes.';
export const vipSignInLinkUnusableMessage = 'This sign-in link has been used or has expired. Ask for a new one.';
export const vipSignInRequiredMessage = 'Sign in with the link we email you';

export const vipMessageResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const vipSignInLinkStateSchema = z.object({ success: z.literal(true), data: z.object({ usable: z.boolean() }) });

export const vipInvoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  status: z.string().nullable(),
  created_at: z.string(),
  url: z.string().nullable(),
});

export const vipAccountSchema = z.object({
  name: z.string(),
  email: z.string(),
  plan: z.object({ id: z.string(), name: z.string().nullable(), price: z.number().nullable(), currency: z.string().nullable(), period: z.string().nullable() }),
  status: z.enum(vipMemberStatuses),
  /** Renewal, or the end of access once cancelled; null when unknown. */
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  can_manage_billing: z.boolean(),
  invoices: z.array(vipInvoiceSchema),
  /** The merch discount code staff set, for an active member of a plan it names (docs/decisions/0066); null otherwise. */
  discount: memberDiscountCodeSchema.nullable(),
  /** Whether the members' newsletter comes to this address: false once it left the `newsletter` list (docs/decisions/0065). */
  gets_newsletter: z.boolean(),
});
export type VipAccount = z.infer<typeof vipAccountSchema>;
export const vipAccountResponseSchema = z.object({ success: z.literal(true), data: vipAccountSchema });

/**
 * `GET /api/vip/session`: the member signed in (their plan's id and status), or null signed out. A 200
 * either way: a page that only wants to know (the buy form's VIP price) makes no error of a visitor.
 */
export const vipSessionSchema = z.object({ plan: z.string(), status: z.enum(vipMemberStatuses) }).nullable();
export type VipSession = z.infer<typeof vipSessionSchema>;
export const vipSessionResponseSchema = z.object({ success: z.literal(true), data: vipSessionSchema });

/** `PUT /api/vip/account/newsletter`: the signed-in member leaves the members' newsletter, or gets it again. */
export const vipNewsletterChoiceSchema = z.object({
  gets_newsletter: z.boolean({ error: 'gets_newsletter must be true or false' }),
});
export type VipNewsletterChoice = z.infer<typeof vipNewsletterChoiceSchema>;
export const vipNewsletterChoiceResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: vipNewsletterChoiceSchema });
export const vipNewsletterChoiceMessages = {
  on: 'You get the members\' newsletter again.',
  off: 'You left the members\' newsletter: no more of it comes to you. Your membership emails keep coming.',
} as const;

export const vipBillingPortalResponseSchema = z.object({ success: z.literal(true), data: z.object({ url: z.string() }) });

/** The 403 of a VIP-only download for anyone but an active member (docs/decisions/0064). */
export const vipDownloadMembersOnlyMessage = 'Downloads are for active VIP members: join VIP, or sign in on your VIP account page.';
export const vipEarlyAccessMembersOnlyMessage = 'Early access is for active VIP members: join VIP, or sign in on your VIP account page.';
export const vipDownloadLinkUnusableMessage = 'This download link has expired or is not valid: open it again from the site.';
/** A download link opened without a member session (401), or with another member's (403): each link is its member's alone (docs/decisions/0096). */
export const vipDownloadSignInMessage = 'Download links work only for the member they were made for, signed in: sign in on your VIP account page and download it from there.';
export const vipDownloadOtherMemberMessage = "This download link was made for another member's account: download the track from your own VIP account page.";

/** `POST /api/vip/downloads/{trackId}`: a signed link for the signed-in member, expiring in 10 minutes. */
export const vipDownloadLinkResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), expires_at: z.string() }),
});
export type VipDownloadLink = z.infer<typeof vipDownloadLinkResponseSchema>['data'];
