import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, idempotencyHeadersSchema } from '../../../shared/api/common.js';
import { demoSubmissionRequestSchema, demoSubmissionResponseSchema } from '../../../shared/api/demos.js';
import type { DemosDeps } from './demos.deps.js';
import { defaultLimits } from '../../config.js';
import { routeRateLimit } from '../../plugins/rate-limit.js';
import { submitDemo } from './demos.service.js';

/** Ten artists and ten tracks fit several times over. */
export const demoBodyLimit = 64 * 1024;

export const demosRoutes: FastifyPluginAsyncZod<DemosDeps> = async (app, { db, clock, rateLimits, mailroom }) => {
  app.post(
    '/submit-demo',
    {
      bodyLimit: demoBodyLimit,
      config: { rateLimit: routeRateLimit(rateLimits?.demos ?? defaultLimits.demos) },
      schema: {
        tags: ['demos'],
        description:
          'Stores a demo with every artist and track in one transaction. A repeat of the same first-artist email and ' +
          'SoundCloud link answers 409. A retry with the same Idempotency-Key and body answers the first result; ' +
          'the same key with another body answers 422. A "Demo received" email to the first artist\'s address alone, with a private ' +
          'status link, is written in the same transaction and sent by the outbox, at most 3 to one address in 24 hours. ' +
          'Rate-limited per client address. The server never fetches the submitted links.',
        headers: idempotencyHeadersSchema,
        body: demoSubmissionRequestSchema,
        response: {
          201: demoSubmissionResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          413: errorResponseSchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const outcome = await submitDemo(db, mailroom, req.body, { idempotencyKey: req.headers['idempotency-key'], now: clock() });
      if (outcome.isReplay) reply.header('idempotent-replayed', 'true');
      else {
        req.log.info({ submissionId: outcome.body.data.id, label: req.body.label }, 'demo submitted');
        mailroom.nudge();
      }
      // Only a 201 is ever stored for a key (a refusal stores nothing), so a replay is a 201 too.
      return reply.code(outcome.statusCode as 201).send(outcome.body);
    },
  );
};
