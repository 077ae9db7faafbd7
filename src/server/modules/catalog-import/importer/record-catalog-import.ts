import type { CatalogImportReport } from '../../../../shared/api/admin-import.js';
import type { Db } from '../../../db/client.js';
import { recordActivity } from '../../staff/index.js';
import { insertFinishedImportJob } from '../import-jobs.repo.js';
import type { ImportReport } from './catalog-importer.js';

/** Who ran an import nobody logged in for: the admin's Recent Activity and Recent imports show it. */
export const systemActors = { firstStart: 'System', commandLine: 'Command line' } as const;

/** The report a finished catalog job keeps: every warning with its line and message (docs/decisions/0101). */
export function catalogReportOf(report: ImportReport): CatalogImportReport {
  return { ...report, warnings: report.warnings.map((note) => ({ line: note.line, message: note.reason })) };
}

/**
 * The activity-log entry of a catalog import, whoever ran it (an admin's upload, the command line,
 * the demo catalog at first start). Pass it as the importer's `beforeCommit`, so that the entry is
 * stored with the catalog or not at all.
 */
export function recordCatalogImport(entry: { actor: string; source: string; subjectId?: string; at: () => Date }) {
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

/**
 * An import run outside the admin (the demo catalog at first start, the command line) is stored as
 * a finished job as well, so that the Labels tab's Recent imports lists what Overview's activity
 * does; same transaction as the catalog.
 */
export function recordUnattendedImport(entry: { actor: string; source: string; fileName: string; at: () => Date }) {
  return async (tx: Db, report: ImportReport): Promise<void> => {
    const at = entry.at();
    const job = await insertFinishedImportJob(tx, {
      kind: 'catalog-csv',
      labelId: null,
      fileName: entry.fileName,
      actor: entry.actor,
      total: report.rows,
      report: catalogReportOf(report),
      at,
    });
    await recordCatalogImport({ actor: entry.actor, source: entry.source, subjectId: job.id, at: () => at })(tx, report);
  };
}
