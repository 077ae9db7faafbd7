import { z } from 'zod';
import { vipPlanIds } from '../../../../shared/api/vip.js';

/** What use-vip-status.ts stores; loaded with zod only when this browser has something stored to check. */
export const vipStatusSchema = z.object({
  subscribed: z.literal(true),
  plan: z.enum(vipPlanIds),
  email: z.string(),
  /** ISO 8601 time of the subscription. */
  timestamp: z.string(),
});
export type VipStatus = z.infer<typeof vipStatusSchema>;
