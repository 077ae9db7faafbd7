import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { vipPlanIds } from '../../../../shared/api/vip.js';

/** docs/product.md §3: the subscription is remembered in this browser as vipSubscriptionStatus. */
export const vipStatusKey = 'vipSubscriptionStatus';

const vipStatusSchema = z.object({
  subscribed: z.literal(true),
  plan: z.enum(vipPlanIds),
  email: z.string(),
  /** ISO 8601 time of the subscription. */
  timestamp: z.string(),
});
export type VipStatus = z.infer<typeof vipStatusSchema>;

function readVipStatus(): VipStatus | null {
  try {
    const raw = localStorage.getItem(vipStatusKey);
    const parsed = raw ? vipStatusSchema.safeParse(JSON.parse(raw)) : undefined;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null; // unreadable JSON or storage turned off: nothing remembered
  }
}

/** The stored status, read after the first render (never while rendering), and a way to store one. */
export function useVipStatus(): { status: VipStatus | null; saveStatus: (status: VipStatus) => void } {
  const [status, setStatus] = useState<VipStatus | null>(null);
  useEffect(() => setStatus(readVipStatus()), []);
  const saveStatus = useCallback((next: VipStatus) => {
    try {
      localStorage.setItem(vipStatusKey, JSON.stringify(next));
    } catch {
      // Storage full or turned off: the membership is stored on the server all the same.
    }
    setStatus(next);
  }, []);
  return { status, saveStatus };
}
