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
import { importCatalog } from './importer/catalog-importer.js';
import { catalogReportOf, recordCatalogImport } from './importer/record-catalog-import.js';
import { planEnrichment } from './spotify/catalog-enrichment.js';
import { SpotifyApiError, SpotifyTokenError, type SpotifyCatalogClient } from './spotify/spotify-catalog-client.js';
import { countLabelArtists, type CatalogChanges } from '../catalog/index.js';
import { recordActivity } from '../staff/index.js';
import { isUuid } from '../../lib/uuid.js';
import { countCatalogPerLabel, countDemosPerLabel } from './admin-import.repo.js';
import type { CatalogUpload } from './catalog-upload.js';
import { applyEnrichment, readCatalogToEnrich } from './enrichment.repo.js';
import type { ImportJobRunner, JobContext, JobWork } from './import-job-runner.js';
import { findImportJob, listImportJobs, type ClaimedImportJob, type ImportJobRow } from './import-jobs.repo.js';

/** What the jobs' work needs, on whichever instance runs them. */
export interface ImportWorkContext {
  db: Db;
  clock: () => Date;
  /** Told once an import or enrichment has committed, so cached catalog answers go. */
  catalogChanges: CatalogChanges;
  spotifyCatalog: SpotifyCatalogClient | undefined;
}

export interface ImportContext extends ImportWorkContext {
  runner: ImportJobRunner;
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

/** The job as the API shows it, with this instance's live progress when it runs here. */
function toImportJob(row: ImportJobRow, runner: ImportJobRunner): ImportJob {
  const current = runner.liveJob(row.id) ?? row;
  const common = {
    id: current.id,
    status: current.status,
    label_id: current.labelId,
    file_name: current.fileName,
    actor: current.actor,
    done: current.done,
    total: current.total,
    message: current.message,
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

/**
 * Starts importing a catalog file: 409 while another import runs anywhere, before `readUpload` reads
 * and checks the file (catalog-upload.ts).
 */
export async function startCatalogImport(ctx: ImportContext, admin: StartingAdmin, readUpload: () => Promise<CatalogUpload>): Promise<ImportJob> {
  const row = await ctx.runner.start(async () => {
    const upload = await readUpload();
    return {
      kind: 'catalog-csv',
      labelId: upload.labelId,
      fileName: upload.fileName,
      actor: admin.username,
      total: upload.rows,
      csv: upload.csv,
      startedByTokenId: admin.tokenId,
    };
  });
  return toImportJob(row, ctx.runner);
}

/** docs/product.md §7 "Import tracks": starts the Spotify enrichment of one label (any id form). */
export async function startEnrichment(ctx: ImportContext, admin: StartingAdmin, labelValue: string | number): Promise<ImportJob> {
  const label = findLabel(labelValue);
  if (!label) throw new BadRequestError(invalidLabelMessage(String(labelValue)), 'labelId');
  if (!ctx.spotifyCatalog) throw new AppError(503, importMessages.spotifyNotConfigured);
  const row = await ctx.runner.start(async () => {
    const { releases } = await readCatalogToEnrich(ctx.db, label.id);
    return { kind: 'spotify-enrichment', labelId: label.id, fileName: null, actor: admin.username, total: releases.length, csv: null, startedByTokenId: admin.tokenId };
  });
  return toImportJob(row, ctx.runner);
}

/** The work of each kind of job, run from its row by the instance that holds it. */
export function importJobWork(ctx: ImportWorkContext): JobWork {
  return (job, run) => (job.kind === 'catalog-csv' ? importCatalogFile(ctx, job, run) : enrichLabel(ctx, job, run));
}

/**
 * Imports the job's CSV, read as a stream in batches (never all its rows at once); the job's total is
 * the rows counted when it was uploaded. Its report and activity entry are stored with the catalog.
 */
async function importCatalogFile(ctx: ImportWorkContext, job: ClaimedImportJob, run: JobContext): Promise<void> {
  if (job.csv === null) throw new Error(`import job ${job.id} has no CSV`);
  await importCatalog(ctx.db, job.csv, {
    label: job.labelId ?? undefined,
    signal: run.signal,
    onProgress: ({ rows }) => run.reportProgress(rows, job.total),
    beforeCommit: async (tx, report) => {
      const at = ctx.clock();
      await run.markSucceeded(tx, { report: catalogReportOf(report), done: report.rows, total: report.rows, at });
      await recordCatalogImport({ actor: job.actor, source: `"${job.fileName}"`, subjectId: job.id, at: () => at })(tx, report);
    },
  });
  ctx.catalogChanges.publish();
}

/** Asks Spotify first, holding no transaction; then stores everything at once. */
async function enrichLabel(ctx: ImportWorkContext, job: ClaimedImportJob, run: JobContext): Promise<void> {
  const label = findLabel(job.labelId);
  if (!label) throw new Error(`import job ${job.id} has no label`);
  const client = ctx.spotifyCatalog;
  if (!client) throw new AppError(503, importMessages.spotifyNotConfigured);
  const catalog = await readCatalogToEnrich(ctx.db, label.id);
  const trackCount = catalog.releases.reduce((n, r) => n + r.tracks.length, 0);
  const plan = await planEnrichment(client, catalog, run.reportProgress, run.signal);
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
    await run.markSucceeded(tx, { report: result, ...run.progress(), at });
    await recordActivity(tx, {
      kind: 'catalog.enrichment',
      actor: job.actor,
      summary: `Spotify enrichment of ${label.name}: ${stored.releases} releases, ${stored.tracks} tracks, ${stored.artists} artists matched`,
      subjectId: job.id,
      details: { labelId: label.id, ...result.details },
      at,
    });
  });
  ctx.catalogChanges.publish();
}

/** The Labels tab: each configured label with live counts, and whether "Import tracks" can run. */
export async function getAdminLabels(ctx: ImportContext): Promise<Omit<AdminLabelsResponse, 'success'>> {
  const [catalog, demos] = [await countCatalogPerLabel(ctx.db), await countDemosPerLabel(ctx.db)];
  const data = [];
  for (const label of labels) {
    // The public site's rule for who counts as the label's artist, counted only.
    const artists = await countLabelArtists(ctx.db, label.id);
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
