import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  releaseQuerySchema,
  releaseResponseSchema,
  releasesQuerySchema,
  releasesResponseSchema,
} from '../../../shared/api/catalog.js';
import { errorResponseSchema } from '../../../shared/api/common.js';
import type { CatalogDeps } from './catalog.deps.js';
import { getRelease, getReleases } from './releases.service.js';
import { defaultScoreKeepingSettings, ScoreKeeper } from './score-keeper.js';

export const releasesRoutes: FastifyPluginAsyncZod<CatalogDeps> = async (app, deps) => {
  // One keeper per app: Top Releases reads the scores it keeps and never writes them (decision 0036).
  const keeper = new ScoreKeeper(deps.db, deps.clock, app.log, deps.scoreKeeping ?? defaultScoreKeepingSettings);
  app.addHook('onReady', async () => keeper.start());
  app.addHook('onClose', async () => keeper.close());

  app.get(
    '/releases',
    {
      schema: {
        tags: ['releases'],
        querystring: releasesQuerySchema,
        response: { 200: releasesResponseSchema, 400: errorResponseSchema },
      },
    },
    async (req) => {
      const { data, total } = await getReleases(deps, req.query);
      return { success: true as const, data, total, offset: req.query.offset, limit: req.query.limit };
    },
  );

  app.get(
    '/releases/:id',
    {
      schema: {
        tags: ['releases'],
        params: idParamsSchema,
        querystring: releaseQuerySchema,
        response: { 200: releaseResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => {
      const data = await getRelease(deps, req.params.id, {
        tracks: req.query.include_tracks,
        artists: req.query.include_artists,
        remixes: req.query.include_remixes,
      });
      return { success: true as const, data };
    },
  );
};
