import type { Db } from '../db/client.js';
import { recordActivity } from '../modules/activity/activity.repo.js';
import type { ImportReport } from './catalog-importer.js';

/**
 * The activity-log entry of a catalog import, whoever ran it (an admin's upload, the command line,
 * the demo catalog at first start). Pass it as the importer's `beforeCommit`, so that the entry is
 * stored with the catalog or not at all.
 */
export function recordCatalogImport(entry: { actor: string | null; source: string; subjectId?: string; at: () => Date }) {
  return async (tx: Db, report: ImportReport): Promise<void> => {
    await recordActivity(tx, {
      kind: 'catalog.import',
      actor: entry.actor,
      summary:
        `Imported ${entry.source}: ${report.totalReleasesImported} releases, ${report.totalTracksImported} tracks, ` +
        `${report.totalArtistsImported} artists, ${report.rejected.length} rows rejected`,
      subjectId: entry.subjectId ?? null,
      details: {
        rows: report.rows,
        releases: report.totalReleasesImported,
        tracks: report.totalTracksImported,
        artists: report.totalArtistsImported,
        created: report.created,
        updated: report.updated,
        rejected: report.rejected.length,
        warnings: report.warnings.length,
      },
      at: entry.at(),
    });
  };
}
