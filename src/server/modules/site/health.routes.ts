import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '../../../shared/api/catalog.js';
import type { SiteDeps } from './site.deps.js';
import { loggableError } from '../../logging.js';
import { createDatabaseCheck, createReadinessCheck } from './health.service.js';

const responses = { 200: healthResponseSchema, 503: healthResponseSchema };

export const healthRoutes: FastifyPluginAsyncZod<SiteDeps> = async (app, { db }) => {
  const checkDatabase = createDatabaseCheck(db);
  const checkReadiness = createReadinessCheck(db);
  // Liveness: cheap, answered from the last ping for ten seconds (the site's monitor polls it).
  app.get('/health', { schema: { tags: ['health'], response: responses } }, async (req, reply) => {
    try {
      await checkDatabase();
      return { success: true, message: 'OK' };
    } catch (err) {
      req.log.error({ error: loggableError(err as Error) }, 'health check: database unreachable');
      return reply.code(503).send({ success: false, message: 'Database unavailable' });
    }
  });
  // Readiness (docs/decisions/0070): the database answers now, within a second; a load balancer's
  // check. While the server shuts down, Fastify answers 503 here as everywhere.
  // Not rate-limited: the proxy checks from one address, often; concurrent checks share one ping.
  app.get('/ready', { schema: { tags: ['health'], response: responses }, config: { rateLimit: false } }, async (req, reply) => {
    try {
      await checkReadiness();
      return { success: true, message: 'Ready' };
    } catch (err) {
      req.log.warn({ error: loggableError(err as Error) }, 'readiness: database unreachable');
      return reply.code(503).send({ success: false, message: 'Database unavailable' });
    }
  });
};
