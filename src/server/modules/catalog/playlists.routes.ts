import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { playlistsQuerySchema, playlistsResponseSchema } from '../../../shared/api/catalog.js';
import { errorResponseSchema } from '../../../shared/api/common.js';
import type { CatalogDeps } from './catalog.deps.js';
import { getPlaylists } from './playlists.service.js';

export const playlistsRoutes: FastifyPluginAsyncZod<CatalogDeps> = async (app, deps) => {
  app.get(
    '/playlists',
    {
      schema: {
        tags: ['playlists'],
        description: "Each label's fixed playlists (site configuration) with their tracks from the catalog.",
        querystring: playlistsQuerySchema,
        response: { 200: playlistsResponseSchema, 400: errorResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await getPlaylists(deps, req.query.label) }),
  );
};
