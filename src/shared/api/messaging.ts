import { z } from 'zod';
import { emailAddress, itemResponse, limitParam, listResponse, offsetParam, oneOf, searchParam } from './common.js';
import { demoStatuses } from './demos.js';

// Email (docs/decisions/0060-outbox.md): the outbox staff read in admin, the demo decision templates
// they edit, their own address and digest, and the public answers behind emailed links (a demo's
// status, an unsubscribe).

/** Every email the product writes. */
export const emailKinds = [
  'demo_received',
  'demo_shortlisted',
  'demo_accepted',
  'demo_declined',
  'vip_welcome',
  'staff_digest',
  /** "Notify me": the double opt-in's question, then the one email on the release day. */
  'release_alert_confirm',
  'release_alert',
  /** VIP with Stripe (docs/decisions/0062, 0063): a member's sign-in link, a failed renewal, a cancellation, an annual plan's renewal ahead. */
  'vip_sign_in',
  'vip_payment_failed',
  'vip_cancelled',
  'vip_renewal_reminder',
  /** The members' newsletter staff write (docs/decisions/0065): one per member, on the `newsletter` list. */
  'vip_newsletter',
  /** The VIP waiting list while payments are off (docs/decisions/0099): the double opt-in's question, then the one email when payments open. */
  'vip_waiting_list_confirm',
  'vip_payments_open',
  /** An owner's invitation to a staff account (docs/decisions/0098). */
  'staff_invitation',
  /** The shop (issue 36): the receipt of an order, with its download page; the download email (a pre-order's on its release day, a code's, a resend). */
  'order_receipt',
  'order_downloads',
] as const;
export type EmailKind = (typeof emailKinds)[number];

/**
 * Non-transactional emails by the list a person can leave (RFC 8058 one-click): an unsubscribed
 * address gets nothing more of that list. Every other kind answers something the person did.
 */
export const mailingLists = ['digest', 'newsletter', 'waiting_list'] as const;
export type MailingList = (typeof mailingLists)[number];
export const mailingListOf: Readonly<Partial<Record<EmailKind, MailingList>>> = {
  staff_digest: 'digest',
  vip_newsletter: 'newsletter',
  vip_payments_open: 'waiting_list',
};

/**
 * Bulk mail: what goes to many addresses at once rather than answering something the person did just
 * now. It skips suppressed addresses (docs/decisions/0090).
 */
export const bulkEmailKinds: readonly EmailKind[] = ['staff_digest', 'vip_newsletter', 'release_alert', 'vip_payments_open'];

/**
 * Emails a stranger can have written to any address, by how many of each one address gets in 24
 * hours (docs/decisions/0086, 0090): past it, the request is answered as always and nothing is written.
 */
export const perRecipientDailyCaps: Readonly<Partial<Record<EmailKind, number>>> = {
  demo_received: 3,
  release_alert_confirm: 3,
  vip_sign_in: 5,
  vip_waiting_list_confirm: 3,
};

/**
 * Shorter windows beside the daily cap, for emails a person asks for again and again (docs/decisions/0095):
 * a member's sign-in links come one a minute and three an hour at most. Counted the same way, in the
 * outbox, and past one the request is answered as always.
 */
export const perRecipientBurstCaps: Readonly<Partial<Record<EmailKind, readonly { withinMs: number; max: number }[]>>> = {
  vip_sign_in: [
    { withinMs: 60_000, max: 1 },
    { withinMs: 60 * 60_000, max: 3 },
  ],
};

/**
 * waiting: due or held (an undo window, a retry's backoff); sending: an instance holds it now;
 * sent; failed: refused for good (the reason is kept); cancelled: undone before it left, or its
 * address unsubscribed; not_configured: waiting on a server without SMTP_URL, where nothing is sent.
 */
export const outboxStatuses = ['waiting', 'sending', 'sent', 'failed', 'cancelled', 'not_configured'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];
/** What the table stores: not_configured is how a waiting email reads on a server that cannot send. */
export const storedOutboxStatuses = ['waiting', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type StoredOutboxStatus = (typeof storedOutboxStatuses)[number];

// ---- Admin outbox ----

export const adminOutboxQuerySchema = z.object({
  status: z.enum(outboxStatuses, { error: oneOf('status', outboxStatuses) }).optional(),
  kind: z.enum(emailKinds, { error: oneOf('kind', emailKinds) }).optional(),
  /** Recipient or subject. */
  q: searchParam,
  offset: offsetParam,
  limit: limitParam(20),
});
export type AdminOutboxQuery = z.infer<typeof adminOutboxQuerySchema>;

export const outboxEmailRowSchema = z.object({
  id: z.uuid(),
  kind: z.enum(emailKinds),
  /** The label it is sent for (from-name, reply-to, colours); null for staff mail of every label. */
  label: z.string().nullable(),
  to: z.array(z.string()),
  subject: z.string(),
  status: z.enum(outboxStatuses),
  /** How many times sending began. */
  attempts: z.number().int(),
  /** Why the last attempt failed (the SMTP server's answer), or why it was cancelled. */
  last_error: z.string().nullable(),
  created_at: z.string(),
  /** Held until then (the 10-minute undo window of a decision); null: due when written. */
  send_after: z.string().nullable(),
  /** The next attempt after a temporary failure; null when none is planned. */
  retry_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  /** False once a sent email's body is gone (kept 90 days): only its envelope is left. */
  has_body: z.boolean(),
});
export type OutboxEmailRow = z.infer<typeof outboxEmailRowSchema>;

export const outboxEmailSchema = outboxEmailRowSchema.extend({
  /** Kept on every attempt so that a receiver drops a copy of an email that did arrive before. */
  message_id: z.string(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

export const adminOutboxResponseSchema = listResponse(outboxEmailRowSchema);
export const adminOutboxEmailResponseSchema = itemResponse(outboxEmailSchema);

// ---- Suppressed addresses (docs/decisions/0090) ----

export const adminSuppressionsQuerySchema = z.object({
  /** Part of the address. */
  q: searchParam,
  offset: offsetParam,
  limit: limitParam(20),
});

export const emailSuppressionSchema = z.object({
  email: z.string(),
  /** The SMTP server's answer when it refused the address. */
  reason: z.string(),
  /** The email it refused, while the outbox keeps it. */
  email_id: z.uuid().nullable(),
  created_at: z.string(),
});
export type EmailSuppression = z.infer<typeof emailSuppressionSchema>;

export const adminSuppressionsResponseSchema = listResponse(emailSuppressionSchema);
export const suppressionParamsSchema = z.object({ email: z.string().trim().min(1, { error: 'email must not be empty' }).max(320, { error: 'email must be at most 320 characters' }) });
export const suppressionMessages = {
  notFound: (email: string) => `${email} is not on the list of addresses that bounced`,
  lifted: (email: string) => `${email} was lifted: bulk mail reaches it again`,
} as const;
export const suppressionLiftedResponseSchema = z.object({ success: z.literal(true), message: z.string() });

// ---- Demo decision templates ----

export const decisionStatuses = ['shortlisted', 'accepted', 'declined'] as const satisfies readonly (typeof demoStatuses)[number][];
export type DecisionStatus = (typeof decisionStatuses)[number];

/** What a decision template may name; anything else in braces is refused when saved. */
export const templatePlaceholders = ['artistName', 'trackName', 'labelName', 'statusLink'] as const;

const templateText = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(max, { error: `${name} must be at most ${max} characters` })
    .refine((text) => [...text.matchAll(/\{([^{}]*)\}/g)].every((m) => (templatePlaceholders as readonly string[]).includes(m[1] ?? '')), {
      error: `${name} may only use the placeholders ${templatePlaceholders.map((p) => `{${p}}`).join(', ')}`,
    });

export const emailTemplateBodySchema = z.object({
  subject: templateText('Subject', 200),
  /** Plain text; a blank line starts a paragraph. */
  body: templateText('Text', 5000),
});
export type EmailTemplateBody = z.infer<typeof emailTemplateBodySchema>;

export const emailTemplateParamsSchema = z.object({
  label: z.string().trim().min(1, { error: 'label must not be empty' }),
  status: z.enum(decisionStatuses, { error: oneOf('status', decisionStatuses) }),
});

export const emailTemplateSchema = z.object({
  label: z.string(),
  status: z.enum(decisionStatuses),
  subject: z.string(),
  body: z.string(),
  /** True while staff have not changed it: the product's text. */
  is_default: z.boolean(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailTemplatesResponseSchema = itemResponse(z.array(emailTemplateSchema));
export const emailTemplateResponseSchema = itemResponse(emailTemplateSchema);

export const emailPreviewRequestSchema = emailTemplateBodySchema.extend({
  label: z.string().trim().min(1, { error: 'label must not be empty' }),
  status: z.enum(decisionStatuses, { error: oneOf('status', decisionStatuses) }),
});
export const emailPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export const emailPreviewResponseSchema = itemResponse(emailPreviewSchema);

// ---- Staff email ----

export const staffEmailSettingsSchema = z.object({
  /** Where staff mail goes; null: none. */
  email: emailAddress({ required: 'Please enter a valid email address', invalid: 'Please enter a valid email address' }).nullable(),
  /** Labels whose new demos come in the daily digest (canonical ids); empty: no digest. */
  digest_labels: z.array(z.string().trim().min(1)).max(20),
});
export type StaffEmailSettings = z.infer<typeof staffEmailSettingsSchema>;
export const staffEmailSettingsResponseSchema = itemResponse(staffEmailSettingsSchema);

// ---- Demo undo ----

export const demoUndoMessages = {
  nothingToUndo: 'This demo has no decision to undo',
  tooLate: 'The 10 minutes to undo this decision have passed: its email has gone',
} as const;

// ---- Public: demo status and unsubscribe ----

export const tokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,300}$/, { error: 'token is not a valid link' }),
});

export const publicDemoStatusSchema = z.object({
  label: z.string(),
  label_name: z.string(),
  status: z.enum(demoStatuses),
  submitted_at: z.string(),
  updated_at: z.string(),
  tracks: z.array(z.string()),
});
export type PublicDemoStatus = z.infer<typeof publicDemoStatusSchema>;
export const publicDemoStatusResponseSchema = itemResponse(publicDemoStatusSchema);

export const unsubscribeSchema = z.object({
  /** The address, partly hidden: the link may be forwarded. */
  email: z.string(),
  list: z.enum(mailingLists),
  unsubscribed: z.boolean(),
});
export const unsubscribeResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: unsubscribeSchema });

// ---- "Notify me" on an upcoming release (docs/decisions/0061) ----

export const releaseAlertMessages = {
  invalidEmail: 'Please enter a valid email address',
  alreadyOut: 'This release is out already: listen to it now.',
  asked: 'Check your inbox: confirm your address there, and we email you on the release day.',
  unknownLink: 'This link is not valid, or the release day has passed and the address was forgotten.',
} as const;

export const releaseAlertRequestSchema = z.object({
  email: emailAddress({ required: releaseAlertMessages.invalidEmail, invalid: releaseAlertMessages.invalidEmail }),
});
export type ReleaseAlertRequest = z.infer<typeof releaseAlertRequestSchema>;

/** The same answer whether the address was new, waiting or confirmed already. */
export const releaseAlertAskedResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** An emailed "Notify me" link: its release, the address partly hidden, and whether it is confirmed. */
export const releaseAlertSchema = z.object({
  email: z.string(),
  confirmed: z.boolean(),
  release: z.object({
    id: z.string(),
    /** As its page titles it: "Symbiotic (Radio Edit)". */
    title: z.string(),
    artists: z.string(),
    label_name: z.string(),
    release_date: z.string(),
    /** The release's page on this site. */
    path: z.string(),
  }),
});
export type ReleaseAlert = z.infer<typeof releaseAlertSchema>;
export const releaseAlertResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: releaseAlertSchema });
