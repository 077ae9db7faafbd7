import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tracksQuerySchema, tracksResponseSchema } from '../../../shared/api/catalog.js';
import { errorResponseSchema } from '../../../shared/api/common.js';
import type { CatalogDeps } from './catalog.deps.js';
import { getTracks } from './tracks.service.js';

export const tracksRoutes: FastifyPluginAsyncZod<CatalogDeps> = async (app, deps) => {
  app.get(
    '/tracks',
    {
      schema: {
        tags: ['tracks'],
        description: 'Tracks of a release (release_id), or of a label or the whole catalog, paged and sorted.',
        querystring: tracksQuerySchema,
        response: { 200: tracksResponseSchema, 400: errorResponseSchema },
      },
    },
    async (req) => {
      const { data, total } = await getTracks(deps, req.query);
      return { success: true as const, data, total, offset: req.query.offset, limit: req.query.limit };
    },
  );
};
