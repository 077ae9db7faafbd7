import { z } from 'zod';
import { itemResponse, limitParam, listResponse, offsetParam } from './common.js';
import { vipPlanIds } from './vip.js';

// The members' newsletter (docs/decisions/0065): staff write it in admin and send it once to the
// active members of the plans they choose, through the outbox, each copy with its unsubscribe link.

export const newsletterLimits = { subject: 200, body: 20_000 } as const;

const plansError = `plans must be a list of ${vipPlanIds.join(', ')}`;
const planId = z.enum(vipPlanIds, { error: plansError });

/** A draft as staff save it: any part may still be empty; sending asks for all of them. */
export const newsletterDraftSchema = z.object({
  subject: z
    .string({ error: 'subject must be text' })
    .trim()
    .max(newsletterLimits.subject, { error: `subject must be at most ${newsletterLimits.subject} characters` })
    .regex(/^[^\r\n]*$/, { error: 'subject must be one line' }),
  /** Plain text; a blank line starts a paragraph. Never markup: the email shows it as written. */
  body: z.string({ error: 'body must be text' }).max(newsletterLimits.body, { error: `body must be at most ${newsletterLimits.body} characters` }),
  plans: z.array(planId, { error: plansError }).transform((plans) => [...new Set(plans)]),
});
export type NewsletterDraft = z.infer<typeof newsletterDraftSchema>;

/** What sending asks of a draft, field by field (the server checks the saved draft with it, the form before asking). */
export const newsletterToSendSchema = z.object({
  subject: z.string().trim().min(1, { error: 'subject is required to send the newsletter' }),
  body: z.string().trim().min(1, { error: 'body is required to send the newsletter' }),
  plans: z.array(planId).min(1, { error: 'plans: choose at least one plan to send the newsletter to' }),
});

export const newsletterParamsSchema = z.object({ id: z.uuid({ error: 'id must be a newsletter id' }) });

/** `plans=monthly,annual`: the plans whose members a newsletter would reach. */
export const newsletterReachQuerySchema = z.object({
  plans: z
    .string({ error: plansError })
    .transform((value) => value.split(',').map((plan) => plan.trim()).filter(Boolean))
    .pipe(z.array(planId, { error: plansError }))
    .default([]),
});

export const newsletterReachSchema = z.object({
  plans: z.array(z.enum(vipPlanIds)),
  /** Active members of those plans who get it. */
  recipients: z.number().int(),
  /** Active members of those plans left out because they unsubscribed from the newsletter. */
  unsubscribed: z.number().int(),
});
export type NewsletterReach = z.infer<typeof newsletterReachSchema>;

export const newsletterSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  body: z.string(),
  plans: z.array(z.enum(vipPlanIds)),
  /** The admin who wrote it, and who last saved it. */
  created_by: z.string(),
  updated_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Null while a draft. */
  sent_at: z.string().nullable(),
  sent_by: z.string().nullable(),
  /** How many members it was written to when sent; null while a draft. */
  recipient_count: z.number().int().nullable(),
});
export type Newsletter = z.infer<typeof newsletterSchema>;

export const newslettersQuerySchema = z.object({ offset: offsetParam, limit: limitParam(20) });

export const newslettersResponseSchema = listResponse(newsletterSchema);
export const newsletterResponseSchema = itemResponse(newsletterSchema).extend({ message: z.string() });
export const newsletterReachResponseSchema = itemResponse(newsletterReachSchema);
