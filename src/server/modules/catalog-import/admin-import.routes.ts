import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminLabelsResponseSchema,
  demoCatalogRemovedResponseSchema,
  demoCatalogResponseSchema,
  importJobParamsSchema,
  importJobResponseSchema,
  importJobsQuerySchema,
  importJobsResponseSchema,
  importStartedResponseSchema,
  importMessages,
  importTracksRequestSchema,
  maxCatalogUploadBytes,
} from '../../../shared/api/admin-import.js';
import { errorResponseSchema } from '../../../shared/api/common.js';
import type { CatalogImportDeps } from './catalog-import.deps.js';
import { adminOf, decorateAdminRequest, guardAdminRoutes, requireAdmin, type AdminAuthContext } from '../staff/index.js';
import {
  getAdminLabels,
  getImportJob,
  getImportJobs,
  importJobWork,
  publicMessageOf,
  startCatalogImport,
  startEnrichment,
  type ImportContext,
  type ImportWorkContext,
  type StartingAdmin,
} from './admin-import.service.js';
import { checkUploadLength } from '../../lib/uploads.js';
import { maxCatalogUploadBodyBytes, readCatalogUpload } from './catalog-upload.js';
import { defaultImportJobSettings, ImportJobRunner } from './import-job-runner.js';
import { liveJobStarterOrAdmin } from './live-job-access.js';
import { removeDemoCatalog, summarizeDemoCatalog } from './demo-catalog/remove-demo-catalog.js';

function startingAdmin(request: FastifyRequest): StartingAdmin {
  const { user, token } = adminOf(request);
  return { username: user.username, tokenId: token.jti };
}

const pollHint =
  'It runs on; poll GET /api/admin/import-jobs/{id} (any server instance answers) for its progress and result. One import ' +
  'at a time across all instances (409 otherwise).';

export const adminImportRoutes: FastifyPluginAsyncZod<CatalogImportDeps> = async (root, deps) => {
  const auth = deps.adminAuth;
  const work: ImportWorkContext = { db: deps.db, clock: deps.clock, catalogChanges: deps.catalogChanges, spotifyCatalog: deps.spotifyCatalog };
  // One runner per app: the job this instance runs, and taking over jobs whose instance died (decision 0050).
  const runner = new ImportJobRunner(deps.db, deps.clock, root.log, importJobWork(work), publicMessageOf, deps.importJobs ?? defaultImportJobSettings);
  const ctx: ImportContext = { ...work, runner };
  root.addHook('onReady', async () => runner.startClaiming());
  // After the server has finished its in-flight requests: the job running here is handed back.
  root.addHook('onClose', async () => runner.close());

  // A job's status has a guard of its own (live-job-access.ts); every other route the full one.
  await root.register(jobStatusRoute, { ctx, auth, isDatabaseSingleConnection: deps.databaseKind === 'pglite' });
  await root.register(guardedRoutes, { ctx, auth });
};

const jobStatusRoute: FastifyPluginAsyncZod<{ ctx: ImportContext; auth: AdminAuthContext; isDatabaseSingleConnection: boolean }> = async (
  app,
  { ctx, auth, isDatabaseSingleConnection },
) => {
  decorateAdminRequest(app);
  app.get(
    '/admin/import-jobs/:id',
    {
      onRequest: isDatabaseSingleConnection ? liveJobStarterOrAdmin(ctx.runner, auth) : requireAdmin(auth),
      schema: {
        tags: ['admin'],
        description:
          'One import job with its progress, from whichever server instance runs it (live from memory when that is this ' +
          'one). A job whose server instances stopped twice while running it fails as "Import interrupted".',
        params: importJobParamsSchema,
        response: { 200: importJobResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await getImportJob(ctx, req.params.id) }),
  );
};

const guardedRoutes: FastifyPluginAsyncZod<{ ctx: ImportContext; auth: AdminAuthContext }> = async (app, { ctx, auth }) => {
  guardAdminRoutes(app, auth);
  // preservePath: the file name as sent, which the upload rules check (a path is refused, not cut down).
  await app.register(fastifyMultipart, { preservePath: true, limits: { fileSize: maxCatalogUploadBytes, files: 1, fields: 4, fieldSize: 1024 } });
  const started = { 202: importStartedResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema };
  const catalogBody = { maxBodyBytes: maxCatalogUploadBodyBytes, tooLargeMessage: importMessages.fileTooLarge, field: 'file' };

  app.post(
    '/admin/import-catalog',
    {
      schema: {
        tags: ['admin'],
        description:
          'Uploads a distributor inventory export (multipart/form-data: field `file`, the CSV, at most 10 MB; optional ' +
          'field `label`, any label id form, to import only that label\'s rows) and starts a catalog-csv import job. ' +
          'Before the body is read: 411 without Content-Length, 413 when it states more than the limit, 409 while an ' +
          'import runs or starts. The file is checked before the job starts (400 naming `file` or `label`, its name ' +
          'included: no control characters or path separators; 413 over the size limit; nothing is ' +
          `imported). ${pollHint} The job's report: rows, releases/tracks/` +
          'artists imported, created and updated counts, rejected rows (line and reason), warnings (line and message). A row whose ' +
          'catalog number another release of its label holds imports its release without it (or keeping its own), ' +
          'with a warning: never a failed job (docs/decisions/0088).',
        consumes: ['multipart/form-data'],
        response: { ...started, 411: errorResponseSchema, 413: errorResponseSchema },
      },
    },
    async (req, reply) => {
      // The upload rules (docs/decisions/0019): its length, then the one-import slot, then the body.
      checkUploadLength(req, catalogBody);
      const job = await startCatalogImport(ctx, startingAdmin(req), () => readCatalogUpload(req));
      return reply.code(202).send({ success: true, message: `Importing "${job.file_name ?? ''}"`, job });
    },
  );

  app.post(
    '/admin/import-tracks',
    {
      schema: {
        tags: ['admin'],
        description:
          'docs/product.md §7 "Import tracks": starts a spotify-enrichment job for the label `labelId` (any id form). For each ' +
          'release with a UPC it searches the album on Spotify (artwork, Spotify id and URL), for each track with an ISRC ' +
          'the track (Spotify id, URL, preview when Spotify gives one), and for artists whose names match the credits ' +
          'the artist (picture, genres when ours are empty, followers and popularity when given). What Spotify omits ' +
          `is never invented or overwritten. ${pollHint} The finished job's \`report\` has the product's import result shape ` +
          '{success, message, details: {totalTracksImported, totalArtistsImported, totalReleasesImported}}. ' +
          '503 when the server has no Spotify credentials (SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET).',
        body: importTracksRequestSchema,
        response: { ...started, 503: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const job = await startEnrichment(ctx, startingAdmin(req), req.body.labelId);
      return reply.code(202).send({ success: true, message: 'Importing tracks from Spotify', job });
    },
  );

  app.get(
    '/admin/demo-catalog',
    {
      schema: {
        tags: ['admin'],
        description:
          'The fictional demo catalog seeded on first start: how many releases, tracks and artists removing it deletes ' +
          '(artists credited on a real release too stay). All zero once it is removed.',
        response: { 200: demoCatalogResponseSchema, 401: errorResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await summarizeDemoCatalog(ctx.db) }),
  );

  app.delete(
    '/admin/demo-catalog',
    {
      schema: {
        tags: ['admin'],
        description:
          'Removes the demo catalog in one step: its releases disappear from the site with their tracks and plays, and ' +
          'the artists credited only on them. Answers what was deleted (all zero when there was none). Recorded as ' +
          'catalog.demo-removal.',
        response: { 200: demoCatalogRemovedResponseSchema, 401: errorResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await removeDemoCatalog(ctx.db, ctx.catalogChanges, { actor: adminOf(req).user.username, now: ctx.clock() })),
    }),
  );

  app.get(
    '/admin/import-jobs',
    {
      schema: {
        tags: ['admin'],
        description: 'The latest import jobs, newest first, with the progress of the one running.',
        querystring: importJobsQuerySchema,
        response: { 200: importJobsResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (req) => {
      const { data, total } = await getImportJobs(ctx, req.query.limit);
      return { success: true as const, data, total, offset: 0, limit: req.query.limit };
    },
  );

  app.get(
    '/admin/labels',
    {
      schema: {
        tags: ['admin'],
        description:
          'The labels of the site configuration with live counts (releases, tracks, artists as the public site lists ' +
          'them, new and all demos) and whether Spotify enrichment ("Import tracks") is available.',
        response: { 200: adminLabelsResponseSchema, 401: errorResponseSchema },
      },
    },
    async () => ({ success: true as const, ...(await getAdminLabels(ctx)) }),
  );
};
