import { z } from 'zod';
import { activityEntrySchema } from './admin-activity.js';
import { itemResponse, limitParam } from './common.js';

const count = z.number().int().min(0);

/** The admin Overview's Quick Stats: live counts from the database (docs/product.md §10.6). */
export const adminStatsSchema = z.object({
  /** Artists the public site lists: a name that is not a sample pack, and at least one release. */
  artists: count,
  labels: count,
  releases: count,
  tracks: count,
  demos: z.object({ new: count, total: count }),
  members: z.object({
    total: count,
    active: count,
    pending_payment: count,
    past_due: count,
    paused: count,
    canceled: count,
    /** Active members of each configured plan, in the site configuration's order (docs/decisions/0062). */
    active_by_plan: z.array(z.object({ plan: z.string(), name: z.string(), active: count })),
    /**
     * Monthly recurring revenue of the active members, in the plans' currency: a monthly plan's price,
     * a yearly plan's twelfth. Past-due members are left out until they pay.
     */
    mrr: z.number().min(0),
    currency: z.string(),
  }),
  /** Emails not yet sent: waiting (held, due, or between retries) or being sent. */
  outbox: z.object({ waiting: count }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const adminStatsResponseSchema = itemResponse(adminStatsSchema);
export type AdminStatsResponse = z.infer<typeof adminStatsResponseSchema>;

export const defaultActivityLimit = 10;

export const adminActivityQuerySchema = z.object({ limit: limitParam(defaultActivityLimit) });

/** The latest activity log entries, newest first. */
export const adminActivityResponseSchema = itemResponse(z.array(activityEntrySchema));
export type AdminActivityResponse = z.infer<typeof adminActivityResponseSchema>;

// ---- The setup checklist (docs/decisions/0099): from a fresh install to a live site ----

/** The checklist's steps, in the order a label takes them. */
export const setupStepIds = ['public_url', 'catalog', 'demo_catalog', 'media', 'email', 'payments', 'settings'] as const;
export type SetupStepId = (typeof setupStepIds)[number];

/**
 * Each step computed from the server's real state when asked (never stored as a flag), with what
 * it found; and, for each step not done that changes what fans see, what they see.
 */
export const adminSetupSchema = z.object({
  steps: z.array(z.object({ id: z.enum(setupStepIds), done: z.boolean(), detail: z.string() })),
  notices: z.array(z.object({ step: z.enum(setupStepIds), text: z.string() })),
});
export type AdminSetup = z.infer<typeof adminSetupSchema>;
export const adminSetupResponseSchema = itemResponse(adminSetupSchema);
export type AdminSetupResponse = z.infer<typeof adminSetupResponseSchema>;
