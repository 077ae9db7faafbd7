import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CatalogCache } from '../modules/catalog-cache/catalog-cache.js';
import type { CatalogChanges } from '../modules/catalog-cache/catalog-changes.js';
import { sendStored, storeAnswer, type StoredAnswer } from './stored-answer.js';

// A client may keep an answer but asks again every time: catalog writes must show on the next read,
// and the revalidation is a 304 without a body (docs/decisions/0030-catalog-cache.md).
const cacheControl = 'public, no-cache';
const jsonType = 'application/json; charset=utf-8';

/**
 * The public catalog answers of the routes registered in `app`, kept as sent (JSON bytes, their
 * compressed forms, an ETag) until the catalog changes: a repeated GET costs neither a database query
 * nor serialising nor compressing. Conditional GETs get a 304.
 */
export function registerCatalogAnswerCache(app: FastifyInstance, changes: CatalogChanges, clock: () => Date): void {
  const answers = new CatalogCache(changes, { now: () => clock().getTime() });
  const versions = new WeakMap<FastifyRequest, number>();
  const served = new WeakSet<FastifyRequest>();

  // preHandler: after the rate limit (a route-level onRequest hook) and the query's validation.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET') return;
    const stored = answers.get<StoredAnswer>(request.url);
    if (!stored) {
      versions.set(request, answers.version);
      return;
    }
    served.add(request);
    reply.header('Cache-Control', cacheControl).header('Vary', 'Accept-Encoding');
    return reply.send(await sendStored(request, reply, stored));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const version = versions.get(request);
    if (served.has(request) || version === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const stored = storeAnswer(payload, jsonType);
    answers.set(request.url, stored, version);
    reply.header('Cache-Control', cacheControl).header('Vary', 'Accept-Encoding');
    return sendStored(request, reply, stored);
  });
}
