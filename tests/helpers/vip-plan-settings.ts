import type { SiteSettings } from '../../src/shared/api/settings.js';
import type { VipPlanId } from '../../src/shared/api/vip.js';
import { applySiteSettings, currentSiteSettings } from '../../src/shared/site-settings.js';

type Plan = SiteSettings['vip']['plans'][number];

/**
 * Runs `run` with one VIP plan changed in the settings in force, as the server holds them once an owner's
 * change is applied (docs/decisions/0097), then puts the settings back as they were.
 */
export async function withPlan(id: VipPlanId, change: Partial<Omit<Plan, 'id'>>, run: () => Promise<void>): Promise<void> {
  const was = currentSiteSettings();
  applySiteSettings({ ...was, vip: { ...was.vip, plans: was.vip.plans.map((plan) => (plan.id === id ? { ...plan, ...change } : plan)) } });
  try {
    await run();
  } finally {
    applySiteSettings(was);
  }
}
