import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  labelResponseSchema,
  labelsResponseSchema,
  rankedReleasesResponseSchema,
  topReleasesQuerySchema,
} from '../../../shared/api/catalog.js';
import { errorResponseSchema } from '../../../shared/api/common.js';
import type { CatalogDeps } from './catalog.deps.js';
import { getTopReleases } from './releases.service.js';
import { getLabel, getLabels } from './labels.service.js';

export const labelsRoutes: FastifyPluginAsyncZod<CatalogDeps> = async (app, deps) => {
  app.get(
    '/labels',
    { schema: { tags: ['labels'], response: { 200: labelsResponseSchema } } },
    async () => ({ success: true as const, data: await getLabels(deps) }),
  );

  app.get(
    '/labels/:id',
    { schema: { tags: ['labels'], params: idParamsSchema, response: { 200: labelResponseSchema, 404: errorResponseSchema } } },
    async (req) => ({ success: true as const, data: await getLabel(deps, req.params.id) }),
  );

  for (const [path, onlyPlayed] of [
    ['/labels/:id/top-releases', false],
    ['/labels/:id/top-spotify-plays', true],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags: ['labels'],
          description: onlyPlayed
            ? 'Releases that have been played, ranked: staff pins first, then the popularity score.'
            : 'Releases ranked: staff pins first, then the popularity score.',
          params: idParamsSchema,
          querystring: topReleasesQuerySchema,
          response: { 200: rankedReleasesResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (req) => {
        const data = await getTopReleases(deps, req.params.id, req.query.limit, { onlyPlayed, type: req.query.type, now: deps.clock() });
        return { success: true as const, data, total: data.length, offset: 0, limit: req.query.limit };
      },
    );
  }
};
