import type { ActivityEntry } from '../../../shared/api/admin-activity.js';
import type { AdminStats } from '../../../shared/api/admin-overview.js';
import type { Db } from '../../db/client.js';
import { listRecentActivity } from '../activity/activity.repo.js';
import { listArtists } from '../artists/artists.repo.js';
import { countWaitingEmails } from '../messaging/index.js';
import { countTables } from './admin-overview.repo.js';

/**
 * Quick Stats, counted when asked (docs/product.md §10.8). Artists are counted by the public artists list's
 * own rule (listArtists' total), so that the admin figure and the site never disagree.
 */
export async function getAdminStats(db: Db): Promise<AdminStats> {
  const [counts, listed, waitingEmails] = await Promise.all([
    countTables(db),
    // Only the total is wanted: no rows.
    listArtists(db, {}, 'asc', { offset: 0, limit: 0 }),
    countWaitingEmails(db),
  ]);
  return {
    artists: listed.total,
    labels: counts.labels,
    releases: counts.releases,
    tracks: counts.tracks,
    demos: { new: counts.newDemos, total: counts.demos },
    members: { total: counts.members, active: counts.activeMembers, pending_payment: counts.pendingMembers },
    outbox: { waiting: waitingEmails },
  };
}

export function getRecentActivity(db: Db, limit: number): Promise<ActivityEntry[]> {
  return listRecentActivity(db, limit);
}
