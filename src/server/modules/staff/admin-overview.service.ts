import type { ActivityEntry } from '../../../shared/api/admin-activity.js';
import type { AdminStats } from '../../../shared/api/admin-overview.js';
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
    members: { total: counts.members, active: counts.activeMembers, pending_payment: counts.pendingMembers },
    outbox: { waiting: counts.waitingEmails },
  };
}

export function getRecentActivity(db: Db, limit: number): Promise<ActivityEntry[]> {
  return listRecentActivity(db, limit);
}
