import type { ActivityEntry } from '../../../shared/api/admin-activity.js';
import type { AdminStats } from '../../../shared/api/admin-overview.js';
import { vipPlans } from '../../../shared/api/vip.js';
import type { Db } from '../../db/client.js';
import { listRecentActivity } from './activity.repo.js';
import { countTables } from './admin-overview.repo.js';

/** Quick Stats, counted when asked (docs/product.md §10.8). */
export async function getAdminStats(db: Db): Promise<AdminStats> {
  const counts = await countTables(db);
  return {
    artists: counts.artists,
    labels: counts.labels,
    releases: counts.releases,
    tracks: counts.tracks,
    demos: { new: counts.newDemos, total: counts.demos },
    members: {
      total: counts.members,
      active: counts.activeMembers,
      pending_payment: counts.pendingMembers,
      past_due: counts.pastDueMembers,
      paused: counts.pausedMembers,
      canceled: counts.canceledMembers,
      ...membershipRevenue(counts.activeByPlan ?? {}),
    },
    outbox: { waiting: counts.waitingEmails },
  };
}

/** Active members per configured plan and their monthly recurring revenue (docs/decisions/0062). */
export function membershipRevenue(activeByPlan: Record<string, number>): Pick<AdminStats['members'], 'active_by_plan' | 'mrr' | 'currency'> {
  const plans = vipPlans.map((plan) => ({ plan: plan.id, name: plan.name, active: activeByPlan[plan.id] ?? 0, monthly: plan.period === 'year' ? plan.price / 12 : plan.price }));
  const cents = plans.reduce((sum, plan) => sum + plan.active * plan.monthly * 100, 0);
  return {
    active_by_plan: plans.map(({ plan, name, active }) => ({ plan, name, active })),
    mrr: Math.round(cents) / 100,
    currency: vipPlans[0]?.currency ?? 'USD',
  };
}

export function getRecentActivity(db: Db, limit: number): Promise<ActivityEntry[]> {
  return listRecentActivity(db, limit);
}
