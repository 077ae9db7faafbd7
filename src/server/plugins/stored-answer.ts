import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

/**
 * An answer kept as sent (docs/decisions/0030): its bytes, a strong ETag of them and its compressed
 * forms, each made once, off the main thread, on the first request that asks for it.
 */
export interface StoredAnswer {
  contentType: string;
  etag: string;
  body: Buffer;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

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

/** `compressNow`: encodings made at once (still off the main thread) rather than on the first request for each. */
export function storeAnswer(body: Buffer | string, contentType: string, compressNow: readonly Encoding[] = []): StoredAnswer {
  const bytes = Buffer.from(body);
  const stored: StoredAnswer = { contentType, etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`, body: bytes, encoded: {} };
  if (bytes.length >= minCompressedBytes) {
    for (const encoding of compressNow) {
      const encoded = compressors[encoding](bytes);
      // Awaited by the requests that ask for it; if none does and it fails, that is no unhandled rejection.
      encoded.catch(() => undefined);
      stored.encoded[encoding] = encoded;
    }
  }
  return stored;
}

/** What a stored answer holds: its bytes, and room for its two compressed forms (each well under half of them for HTML and JSON). */
export function storedAnswerWeight(stored: StoredAnswer): number {
  return stored.body.length * 2;
}

/**
 * Sends a stored answer (the caller sets Cache-Control and Vary): a bodiless 304 when the client's
 * copy is current, else the bytes in the best encoding the client accepts.
 */
export async function sendStored(request: FastifyRequest, reply: FastifyReply, stored: StoredAnswer): Promise<Buffer | string> {
  reply.header('ETag', stored.etag);
  if (isFresh(request, stored.etag)) {
    reply.code(304);
    return '';
  }
  reply.type(stored.contentType);
  const encoding = stored.body.length >= minCompressedBytes ? chooseEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return stored.body;
  stored.encoded[encoding] ??= compressors[encoding](stored.body);
  reply.header('Content-Encoding', encoding);
  return stored.encoded[encoding];
}
