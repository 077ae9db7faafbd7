import {
  importMessages,
  type AdminLabelsResponse,
  type CatalogImportReport,
  type ImportJob,
  type ImportResult,
} from '../../../shared/api/admin-import.js';
import { findLabel, invalidLabelMessage, labels } from '../../../shared/labels.js';
import type { Db } from '../../db/client.js';
import { AppError, BadRequestError, NotFoundError } from '../../errors.js';
import { importParsedCatalog } from '../../import/catalog-importer.js';
import { catalogReportOf, recordCatalogImport } from '../../import/record-catalog-import.js';
import type { ParsedCatalog } from '../../import/parse-distributor-csv.js';
import { planEnrichment } from '../../spotify/catalog-enrichment.js';
import { SpotifyApiError, SpotifyTokenError, type SpotifyCatalogClient } from '../../spotify/spotify-catalog-client.js';
import { recordActivity } from '../activity/activity.repo.js';
import { listArtists } from '../artists/artists.repo.js';
import { isUuid } from '../../lib/uuid.js';
import {
  countCatalogPerLabel,
  countDemosPerLabel,
  findImportJob,
  listImportJobs,
  markImportJobSucceeded,
  type ImportJobRow,
} from './admin-import.repo.js';
import { applyEnrichment, readCatalogToEnrich } from './enrichment.repo.js';
import type { ImportJobRunner } from './import-job-runner.js';
import type { CatalogChanges } from '../catalog-cache/catalog-changes.js';

export interface ImportContext {
  db: Db;
  clock: () => Date;
  runner: ImportJobRunner;
  /** Told once an import or enrichment has committed, so cached catalog answers go. */
  catalogChanges: CatalogChanges;
  spotifyCatalog: SpotifyCatalogClient | undefined;
}

/** Who starts a job: the admin's username (the actor) and the id (jti) of the token used. */
export interface StartingAdmin {
  username: string;
  tokenId: string;
}

/** The message a failed job shows: ours (Spotify's docs/product.md §8 texts, our own errors) or none. */
export function publicMessageOf(err: unknown): string | undefined {
  return err instanceof SpotifyApiError || err instanceof SpotifyTokenError || err instanceof AppError ? err.message : undefined;
}

function toImportJob(row: ImportJobRow, runner: ImportJobRunner): ImportJob {
  const live = runner.liveJob(row.id);
  const current = live ?? row;
  // A row left running by a process that stopped: its transaction was rolled back with it.
  const isInterrupted = current.status === 'running' && !live;
  const common = {
    id: current.id,
    status: isInterrupted ? ('failed' as const) : current.status,
    label_id: current.labelId,
    file_name: current.fileName,
    actor: current.actor,
    done: current.done,
    total: current.total,
    message: isInterrupted ? importMessages.interrupted : current.message,
    created_at: current.createdAt.toISOString(),
    finished_at: current.finishedAt?.toISOString() ?? null,
  };
  return current.kind === 'catalog-csv'
    ? { ...common, kind: 'catalog-csv', report: current.report as CatalogImportReport | null }
    : { ...common, kind: 'spotify-enrichment', report: current.report as ImportResult | null };
}

export async function getImportJob(ctx: ImportContext, id: string): Promise<ImportJob> {
  const row = ctx.runner.liveJob(id) ?? (isUuid(id) ? await findImportJob(ctx.db, id) : undefined);
  if (!row) throw new NotFoundError(`Import job not found: ${id}`);
  return toImportJob(row, ctx.runner);
}

export async function getImportJobs(ctx: ImportContext, limit: number): Promise<{ data: ImportJob[]; total: number }> {
  const { rows, total } = await listImportJobs(ctx.db, limit);
  return { data: rows.map((row) => toImportJob(row, ctx.runner)), total };
}

/** Starts importing a read catalog file; the job stores its report and activity with the catalog. */
export async function startCatalogImport(
  ctx: ImportContext,
  admin: StartingAdmin,
  upload: { fileName: string; labelId: string | null; parsed: ParsedCatalog },
): Promise<ImportJob> {
  const actor = admin.username;
  const row = await ctx.runner.start(
    { kind: 'catalog-csv', labelId: upload.labelId, fileName: upload.fileName, actor, total: upload.parsed.rows, startedByTokenId: admin.tokenId },
    async (job) => {
      await importParsedCatalog(ctx.db, upload.parsed, {
        onProgress: job.reportProgress,
        beforeCommit: async (tx, report) => {
          const at = ctx.clock();
          await markImportJobSucceeded(tx, job.id, { report: catalogReportOf(report), done: report.rows, total: report.rows, at });
          await recordCatalogImport({ actor, source: `"${upload.fileName}"`, subjectId: job.id, at: () => at })(tx, report);
        },
      });
      ctx.catalogChanges.publish();
    },
  );
  return toImportJob(row, ctx.runner);
}

/** docs/product.md §7 "Import tracks": starts the Spotify enrichment of one label (any id form). */
export async function startEnrichment(ctx: ImportContext, admin: StartingAdmin, labelValue: string | number): Promise<ImportJob> {
  const actor = admin.username;
  const label = findLabel(labelValue);
  if (!label) throw new BadRequestError(invalidLabelMessage(String(labelValue)), 'labelId');
  const client = ctx.spotifyCatalog;
  if (!client) throw new AppError(503, importMessages.spotifyNotConfigured);
  ctx.runner.assertIdle();
  const catalog = await readCatalogToEnrich(ctx.db, label.id);
  const trackCount = catalog.releases.reduce((n, r) => n + r.tracks.length, 0);

  const row = await ctx.runner.start(
    { kind: 'spotify-enrichment', labelId: label.id, fileName: null, actor, total: catalog.releases.length, startedByTokenId: admin.tokenId },
    async (job) => {
      // Spotify first, without holding a transaction; then everything is stored at once.
      const plan = await planEnrichment(client, catalog, job.reportProgress);
      await ctx.db.transaction(async (tx) => {
        const stored = await applyEnrichment(tx, plan);
        const result: ImportResult = {
          success: true,
          message:
            `Matched ${stored.releases} of ${catalog.releases.length} releases, ${stored.tracks} of ${trackCount} tracks ` +
            `and ${stored.artists} artists of ${label.name} on Spotify.`,
          details: { totalReleasesImported: stored.releases, totalTracksImported: stored.tracks, totalArtistsImported: stored.artists },
        };
        const at = ctx.clock();
        await markImportJobSucceeded(tx, job.id, { report: result, ...job.progress(), at });
        await recordActivity(tx, {
          kind: 'catalog.enrichment',
          actor,
          summary: `Spotify enrichment of ${label.name}: ${stored.releases} releases, ${stored.tracks} tracks, ${stored.artists} artists matched`,
          subjectId: job.id,
          details: { labelId: label.id, ...result.details },
          at,
        });
      });
      ctx.catalogChanges.publish();
    },
  );
  return toImportJob(row, ctx.runner);
}

/** The Labels tab: each configured label with live counts, and whether "Import tracks" can run. */
export async function getAdminLabels(ctx: ImportContext): Promise<Omit<AdminLabelsResponse, 'success'>> {
  const [catalog, demos] = [await countCatalogPerLabel(ctx.db), await countDemosPerLabel(ctx.db)];
  const data = [];
  for (const label of labels) {
    // The public site's rule for who counts as the label's artist (artists.repo.ts), counted only.
    const { total: artists } = await listArtists(ctx.db, { labelId: label.id }, 'asc', { offset: 0, limit: 0 });
    data.push({
      id: label.id,
      short: label.short,
      name: label.name,
      accent: label.accent,
      releases: catalog.get(label.id)?.releases ?? 0,
      tracks: catalog.get(label.id)?.tracks ?? 0,
      artists,
      demos_new: demos.get(label.id)?.isNew ?? 0,
      demos_total: demos.get(label.id)?.total ?? 0,
    });
  }
  return {
    data,
    enrichment: { is_available: ctx.spotifyCatalog !== undefined, reason: ctx.spotifyCatalog ? null : importMessages.spotifyNotConfigured },
  };
}
