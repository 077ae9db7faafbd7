import { describeDemoCatalog, type DemoCatalogSummary } from '../../../../shared/api/admin-import.js';
import type { Db } from '../../../db/client.js';
import type { CatalogChanges } from '../../catalog/index.js';
import { recordActivity } from '../../staff/index.js';
import { deleteDemoCatalog, summarizeDemoCatalog } from './demo-catalog.repo.js';

export { summarizeDemoCatalog };

/**
 * Deletes the fictional demo catalog (its releases, their tracks and plays, and the artists credited only on
 * them) and records 'catalog.demo-removal' in the same transaction; then the public catalog's cached answers go.
 */
export async function removeDemoCatalog(
  db: Db,
  catalogChanges: CatalogChanges,
  change: { actor: string; now: Date },
): Promise<{ message: string; data: DemoCatalogSummary }> {
  const removed = await db.transaction(async (tx) => {
    const summary = await summarizeDemoCatalog(tx);
    if (summary.releases === 0) return summary;
    await deleteDemoCatalog(tx);
    await recordActivity(tx, {
      kind: 'catalog.demo-removal',
      actor: change.actor,
      summary: `Removed the demo catalog: ${describeDemoCatalog(summary)}`,
      details: { ...summary },
      at: change.now,
    });
    return summary;
  });
  if (removed.releases === 0) return { message: 'There is no demo catalog: nothing was removed.', data: removed };
  catalogChanges.publish();
  return { message: `Removed the demo catalog: ${describeDemoCatalog(removed)}`, data: removed };
}
