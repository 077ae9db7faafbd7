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
