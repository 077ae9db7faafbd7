import { useCallback, useEffect, useState } from 'react';
import type { VipStatus } from './vip-status-schema.js';

/** docs/product.md §3: the subscription is remembered in this browser as vipSubscriptionStatus. */
export const vipStatusKey = 'vipSubscriptionStatus';

/** What this browser remembers, checked by a schema that loads (with zod) only when something is stored (docs/decisions/0110). */
async function readVipStatus(): Promise<VipStatus | null> {
  try {
    const raw = localStorage.getItem(vipStatusKey);
    if (!raw) return null;
    const parsed = (await import('./vip-status-schema.js')).vipStatusSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // unreadable JSON or storage turned off: nothing remembered
  }
}

/** The stored status, read after the first render (never while rendering), and a way to store one. */
export function useVipStatus(): { status: VipStatus | null; saveStatus: (status: VipStatus) => void } {
  const [status, setStatus] = useState<VipStatus | null>(null);
  useEffect(() => {
    let current = true;
    void readVipStatus().then((stored) => {
      // A status saved meanwhile (a subscription just made) is newer than the one stored before.
      if (current) setStatus((saved) => saved ?? stored);
    });
    return () => {
      current = false;
    };
  }, []);
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
