import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createCatalogCache, type CatalogCache } from './catalog-cache.js';
import type { CatalogChanges } from './catalog-changes.js';
import { sendStored, storeAnswer, type StoredAnswer } from '../../plugins/stored-answer.js';

// A client may keep an answer but asks again every time: catalog writes must show on the next read,
// and the revalidation is a 304 without a body (docs/decisions/0030-catalog-cache.md).
const cacheControl = 'public, no-cache';
const jsonType = 'application/json; charset=utf-8';

/**
 * The public catalog answers of the routes registered in `app`, kept as sent (JSON bytes, their
 * compressed forms, an ETag) until the catalog changes: a repeated GET costs neither a database query
 * nor serialising nor compressing. Conditional GETs get a 304. Answers the cache (its lookups are counted in metrics).
 */
export function registerCatalogAnswerCache(
  app: FastifyInstance,
  changes: CatalogChanges,
  clock: () => Date,
  expiresAt: (storedAt: number) => number,
): CatalogCache {
  // Nothing is kept past the moment an upcoming release goes public (docs/decisions/0081).
  const answers = createCatalogCache('answers', changes, { now: () => clock().getTime(), expiresAt });
  const versions = new WeakMap<FastifyRequest, number>();
  const served = new WeakSet<FastifyRequest>();
  // The answer one request is making for a URL: the requests that miss meanwhile (a burst when an
  // answer ages out) wait for it, so that it is serialised and compressed once, not once per request.
  const making = new Map<string, Promise<StoredAnswer | undefined>>();
  // An answer begun before a catalog change is sent to its own request only: a request after the change
  // must not wait for it and be handed what the change made stale.
  changes.subscribe(() => making.clear());
  const makers = new WeakMap<FastifyRequest, (stored: StoredAnswer | undefined) => void>();
  const finish = (request: FastifyRequest, stored: StoredAnswer | undefined) => {
    makers.get(request)?.(stored);
    makers.delete(request);
  };

  // preHandler: after the rate limit (a route-level onRequest hook) and the query's validation.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET') return;
    const stored = answers.get<StoredAnswer>(request.url) ?? (await making.get(request.url));
    if (!stored) {
      versions.set(request, answers.version);
      if (!making.has(request.url)) {
        const url = request.url;
        const made = new Promise<StoredAnswer | undefined>((resolve) => makers.set(request, (answer) => {
          if (making.get(url) === made) making.delete(url);
          resolve(answer);
        }));
        making.set(url, made);
      }
      return;
    }
    served.add(request);
    reply.header('Cache-Control', cacheControl).header('Vary', 'Accept-Encoding');
    return reply.send(await sendStored(request, reply, stored));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const version = versions.get(request);
    if (served.has(request) || version === undefined || reply.statusCode !== 200 || typeof payload !== 'string') {
      finish(request, undefined);
      return payload;
    }
    const stored = storeAnswer(payload, jsonType);
    answers.set(request.url, stored, version);
    finish(request, stored);
    reply.header('Cache-Control', cacheControl).header('Vary', 'Accept-Encoding');
    return sendStored(request, reply, stored);
  });
  // A request that ended without sending (the client went away first) lets the waiting ones make their own.
  app.addHook('onResponse', async (request) => finish(request, undefined));
  app.addHook('onRequestAbort', async (request) => finish(request, undefined));
  return answers;
}
