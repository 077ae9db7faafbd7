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
        description: "A label's published playlists, as staff curate them in the admin (docs/decisions/0104), each with its tracks: never a draft, nor a track of a draft or upcoming release.",
        querystring: playlistsQuerySchema,
        response: { 200: playlistsResponseSchema, 400: errorResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await getPlaylists(deps, req.query.label) }),
  );
};
