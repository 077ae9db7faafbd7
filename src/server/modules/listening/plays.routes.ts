import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/api/common.js';
import { playRequestSchema, playResponseSchema } from '../../../shared/api/plays.js';
import type { ListeningDeps } from './listening.deps.js';
import { defaultLimits } from '../../config.js';
import { routeRateLimit } from '../../plugins/rate-limit.js';
import { reportPlay } from './plays.service.js';

export const playsRoutes: FastifyPluginAsyncZod<ListeningDeps> = async (app, { db, clock, rateLimits }) => {
  app.post(
    '/plays',
    {
      bodyLimit: 4 * 1024,
      config: { rateLimit: routeRateLimit(rateLimits?.plays ?? defaultLimits.plays) },
      schema: {
        tags: ['plays'],
        description:
          "The player reports a play after a few seconds of listening. It adds one to the track's release " +
          'stream_count (201) unless this client (address plus optional browser id) had this track counted in the ' +
          'last 30 minutes, or 3 browsers behind its address already had (200, counted false). Rate-limited per ' +
          'client address.',
        body: playRequestSchema,
        response: {
          200: playResponseSchema,
          201: playResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const data = await reportPlay(db, req.body, { ip: req.ip, now: clock() });
      // A counted play is no catalog change: cached answers show it within catalogAnswerMaxAgeMs (docs/decisions/0033).
      return reply.code(data.counted ? 201 : 200).send({ success: true as const, data });
    },
  );
};
