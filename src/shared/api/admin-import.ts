import { z } from 'zod';
import { limitParam, listResponse } from './common.js';

export const importJobKinds = ['catalog-csv', 'spotify-enrichment'] as const;
export type ImportJobKind = (typeof importJobKinds)[number];

export const importJobStatuses = ['running', 'succeeded', 'failed'] as const;
export type ImportJobStatus = (typeof importJobStatuses)[number];

/** The largest catalog CSV accepted (the distributor's full export is well under 1 MB). */
export const maxCatalogUploadBytes = 10 * 1024 * 1024;

/** docs/product.md §8 import errors, and the admin import's own messages. */
export const importMessages = {
  unknownFailure: 'Import failed with unknown error',
  requestFailed: 'Failed to import tracks',
  alreadyRunning: 'Another import is running on this server: wait until it has finished, then start this one.',
  spotifyNotConfigured:
    'Spotify is not configured: set SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET on the server to import tracks from Spotify.',
  /** A job whose server stopped during each of its runs (it is run again once, by another instance or the next start). */
  interrupted: 'Import interrupted: the server stopped before it finished. Nothing of it was stored; start it again.',
  fileMissing: 'Choose the distributor CSV file to upload (field "file").',
  formMalformed: 'The upload arrived incomplete or garbled: send the file again.',
  fileEmpty: 'The file is empty.',
  fileNotCsv: 'The file must be a CSV file (.csv).',
  fileNotText: 'The file is not UTF-8 text: export it from the distributor as CSV.',
  fileWithoutRows: 'The file has a header but no rows.',
  fileTooLarge: `The file is larger than ${maxCatalogUploadBytes / 1024 / 1024} MB.`,
} as const;

const count = z.number().int().min(0);
const importCountsSchema = z.object({ releases: count, tracks: count, artists: count });

/** One CSV line the import refused: its line number in the file (header = 1) and why. */
export const rejectedRowSchema = z.object({ line: z.number().int(), reason: z.string() });

/** A line the import took with a remark: its line number in the file (header = 1) and the remark. */
export const importWarningSchema = z.object({ line: z.number().int(), message: z.string() });
export type ImportWarning = z.infer<typeof importWarningSchema>;

/** What a catalog CSV upload did. */
export const catalogImportReportSchema = z.object({
  /** Data rows of the file (the header not counted). */
  rows: count,
  totalReleasesImported: count,
  totalTracksImported: count,
  totalArtistsImported: count,
  created: importCountsSchema,
  updated: importCountsSchema,
  rejected: z.array(rejectedRowSchema),
  /**
   * Every row imported with a remark (e.g. no track length: duration unknown), in line order: its line and
   * why. Reports stored before issue 35 kept only their count (docs/decisions/0101).
   */
  warnings: z.union([z.array(importWarningSchema), count]),
  /**
   * Of those, the rows whose catalog number another release of the label holds (line and reason): their
   * release came in without it, or kept its own (docs/decisions/0088). Absent from reports stored before.
   */
  catalogNumbersNotTaken: z.array(rejectedRowSchema).optional(),
  /** Rows of other labels than the one chosen. */
  skipped: count,
});
export type CatalogImportReport = z.infer<typeof catalogImportReportSchema>;

/** docs/product.md §3 "Import result": what a finished Spotify enrichment ("Import tracks") carries. */
export const importResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  details: z.object({
    totalTracksImported: count,
    totalArtistsImported: count,
    totalReleasesImported: count,
  }),
});
export type ImportResult = z.infer<typeof importResultSchema>;

const jobFields = {
  id: z.string(),
  status: z.enum(importJobStatuses),
  label_id: z.string().nullable(),
  file_name: z.string().nullable(),
  /** The admin who started it. */
  actor: z.string(),
  /** Progress: CSV rows settled (catalog) or releases looked up (enrichment), of `total`. */
  done: count,
  total: count,
  /** Why it failed; null otherwise. */
  message: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
};

export const importJobSchema = z.discriminatedUnion('kind', [
  z.object({ ...jobFields, kind: z.literal('catalog-csv'), report: catalogImportReportSchema.nullable() }),
  z.object({ ...jobFields, kind: z.literal('spotify-enrichment'), report: importResultSchema.nullable() }),
]);
export type ImportJob = z.infer<typeof importJobSchema>;

export const importJobResponseSchema = z.object({ success: z.literal(true), data: importJobSchema });
export const importJobsResponseSchema = listResponse(importJobSchema);
export const importJobsQuerySchema = z.object({ limit: limitParam(10) });
export const importJobParamsSchema = z.object({ id: z.string() });

/** The answer to starting a job (202): it runs on; poll `GET /api/admin/import-jobs/{id}`. */
export const importStartedResponseSchema = z.object({ success: z.literal(true), message: z.string(), job: importJobSchema });
export type ImportStartedResponse = z.infer<typeof importStartedResponseSchema>;

/** docs/product.md §7: `POST /admin/import-tracks` with the label in any id form (id, short form or number). */
export const importTracksRequestSchema = z.object({
  labelId: z.union([z.string().trim().min(1), z.number().int()], {
    error: 'labelId is required: a label id, short form or number',
  }),
});

/** A label card of the admin Labels tab: live counts from the database. */
export const adminLabelSchema = z.object({
  id: z.string(),
  short: z.string(),
  name: z.string(),
  accent: z.string(),
  releases: count,
  tracks: count,
  /** Artists the public site lists for the label (docs/product.md §5 hygiene). */
  artists: count,
  demos_new: count,
  demos_total: count,
});
export type AdminLabel = z.infer<typeof adminLabelSchema>;

export const adminLabelsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminLabelSchema),
  enrichment: z.object({
    is_available: z.boolean(),
    /** Why "Import tracks" cannot run; null when it can. */
    reason: z.string().nullable(),
  }),
});
export type AdminLabelsResponse = z.infer<typeof adminLabelsResponseSchema>;

/** The fictional demo catalog seeded on first start: what removing it deletes (docs/decisions/0027). */
export const demoCatalogSummarySchema = importCountsSchema;
export type DemoCatalogSummary = z.infer<typeof demoCatalogSummarySchema>;

export const demoCatalogResponseSchema = z.object({ success: z.literal(true), data: demoCatalogSummarySchema });
export type DemoCatalogResponse = z.infer<typeof demoCatalogResponseSchema>;

export const demoCatalogRemovedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** What was deleted; all zero when there was no demo catalog. */
  data: demoCatalogSummarySchema,
});
export type DemoCatalogRemovedResponse = z.infer<typeof demoCatalogRemovedResponseSchema>;

/** "N releases", "1 track": the counts as the admin says them. */
export const describeDemoCatalog = ({ releases, tracks, artists }: DemoCatalogSummary): string =>
  [plural(releases, 'release'), plural(tracks, 'track'), plural(artists, 'artist')].join(', ');
const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
