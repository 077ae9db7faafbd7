import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CatalogCache } from '../modules/catalog-cache/catalog-cache.js';
import type { CatalogChanges } from '../modules/catalog-cache/catalog-changes.js';

type Encoding = 'br' | 'gzip';

interface StoredAnswer {
  etag: string;
  body: Buffer;
  /** Compressed once per encoding, on the first request that asks for it (off the main thread). */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

// A client may keep an answer but asks again every time: catalog writes must show on the next read,
// and the revalidation is a 304 without a body (docs/decisions/0030-catalog-cache.md).
const cacheControl = 'public, no-cache';
const minCompressedBytes = 1024;
const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};

/** br or gzip when the client accepts it (q > 0), br first; undefined: send as is. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

function isFresh(request: FastifyRequest, etag: string): boolean {
  const asked = request.headers['if-none-match'];
  if (!asked) return false;
  return asked.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

async function answer(request: FastifyRequest, reply: FastifyReply, stored: StoredAnswer): Promise<Buffer | string> {
  reply.header('ETag', stored.etag).header('Cache-Control', cacheControl).header('Vary', 'Accept-Encoding');
  if (isFresh(request, stored.etag)) {
    reply.code(304);
    return '';
  }
  reply.type('application/json; charset=utf-8');
  const encoding = stored.body.length >= minCompressedBytes ? chooseEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return stored.body;
  stored.encoded[encoding] ??= compressors[encoding](stored.body);
  reply.header('Content-Encoding', encoding);
  return stored.encoded[encoding];
}

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
    return reply.send(await answer(request, reply, stored));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const version = versions.get(request);
    if (served.has(request) || version === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const body = Buffer.from(payload);
    const stored: StoredAnswer = { etag: `"${createHash('sha1').update(body).digest('base64url')}"`, body, encoded: {} };
    answers.set(request.url, stored, version);
    return answer(request, reply, stored);
  });
}
