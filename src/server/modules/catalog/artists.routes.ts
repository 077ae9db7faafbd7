import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  artistReleasesQuerySchema,
  artistReleasesResponseSchema,
  artistResponseSchema,
  artistsQuerySchema,
  artistsResponseSchema,
  idParamsSchema,
} from '../../../shared/api/catalog.js';
import { errorResponseSchema } from '../../../shared/api/common.js';
import type { CatalogDeps } from './catalog.deps.js';
import { getArtist, getArtistReleases, getArtists } from './artists.service.js';

export const artistsRoutes: FastifyPluginAsyncZod<CatalogDeps> = async (app, deps) => {
  app.get(
    '/artists',
    {
      schema: {
        tags: ['artists'],
        description: 'Listed artists (docs/product.md §5 hygiene applied), sorted by name ignoring case.',
        querystring: artistsQuerySchema,
        response: { 200: artistsResponseSchema, 400: errorResponseSchema },
      },
    },
    async (req) => {
      const { data, total } = await getArtists(deps, req.query);
      return { success: true as const, data, total, offset: req.query.offset, limit: req.query.limit };
    },
  );

  app.get(
    '/artists/:id',
    { schema: { tags: ['artists'], params: idParamsSchema, response: { 200: artistResponseSchema, 404: errorResponseSchema } } },
    async (req) => ({ success: true as const, data: await getArtist(deps, req.params.id) }),
  );

  app.get(
    '/artist-releases/:id',
    {
      schema: {
        tags: ['artists'],
        description: "The artist's releases, newest first, each with the artist's role on it.",
        params: idParamsSchema,
        querystring: artistReleasesQuerySchema,
        response: { 200: artistReleasesResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => {
      const { page, limit } = req.query;
      const { data, total } = await getArtistReleases(deps, req.params.id, page, limit);
      return { success: true as const, data, total, offset: (page - 1) * limit, limit, page };
    },
  );
};
