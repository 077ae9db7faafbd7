import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '../../../shared/api/catalog.js';
import type { AppDeps } from '../../app-deps.js';
import { loggableError } from '../../logging.js';
import { createDatabaseCheck } from './health.service.js';

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const checkDatabase = createDatabaseCheck(db);
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (req, reply) => {
      try {
        await checkDatabase();
        return { success: true, message: 'OK' };
      } catch (err) {
        req.log.error({ error: loggableError(err as Error) }, 'health check: database unreachable');
        return reply.code(503).send({ success: false, message: 'Database unavailable' });
      }
    },
  );
};
