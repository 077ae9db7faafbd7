import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, NotFoundError } from '../../errors.js';
import { parseByteRange } from '../../lib/byte-range.js';
import type { MediaStore } from './media-store.js';

/**
 * Sending media (docs/decisions/0089): with `Accept-Ranges`, the part a `Range` asks for (206), 416
 * past the end, else the whole; stored files streamed from the media store a chunk at a time, so a
 * slow reader holds a chunk, never the file.
 */

/** Files past this size count as large: at most `largeFilesPerAddress` of them stream to one address at once. */
export const largeFileLimits = { bytes: 1024 * 1024, perAddress: 4 } as const;

export const tooManyLargeFilesMessage = `At most ${largeFileLimits.perAddress} large files download at once from one address; try again when one has finished.`;

async function sendRanged(
  req: FastifyRequest,
  reply: FastifyReply,
  type: string,
  size: number,
  open: (range?: { start: number; end: number }) => Promise<Readable | Buffer>,
): Promise<FastifyReply> {
  const range = parseByteRange(req.headers.range, size);
  if (range === 'unsatisfiable') return reply.code(416).header('Accept-Ranges', 'bytes').header('Content-Range', `bytes */${size}`).send();
  // Opened before any header is set: a failure to open answers as an error of its own.
  const body = await open(range);
  reply.type(type).header('Accept-Ranges', 'bytes');
  if (!range) return reply.header('Content-Length', size).send(body);
  return reply
    .code(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
    .header('Content-Length', range.end - range.start + 1)
    .send(body);
}

/** Characters no file name may hold on some system a buyer saves to: a path separator, Windows' reserved ones, controls. */
const unsafeInFileName = /[/\\:*?<>|\p{Cc}]/gu;
/** The longest stem kept, in UTF-8 bytes: file systems take 255 a name, and a client may add " (1)" to it. */
const longestStemBytes = 200;

/**
 * A catalog name made a file name that saves as itself everywhere: "24/7" is "24-7" (not a folder "24" holding
 * "7"), Windows' reserved characters are "-" and a double quote a single one, no leading or trailing dot or
 * space, and a stem longer than `longestStemBytes` cut short (its extension kept).
 */
export function safeFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const [stem, extension] = dot > 0 && fileName.length - dot <= 6 ? [fileName.slice(0, dot), fileName.slice(dot)] : [fileName, ''];
  let kept = '';
  for (const character of stem.replace(/"/g, "'").replace(unsafeInFileName, '-').replace(/\s+/g, ' ')) {
    if (Buffer.byteLength(kept + character) > longestStemBytes) break;
    kept += character;
  }
  return `${kept.replace(/^[\s.]+|[\s.]+$/g, '') || 'download'}${extension.replace(/[^\w.]/g, '')}`;
}

/** A value of RFC 5987 (`filename*`): UTF-8, percent-encoded but for its attr-chars (so not ', (, ) or *, which encodeURIComponent leaves). */
const extendedValue = (text: string) => encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `attachment` with a file's name made safe (`safeFileName`): an ASCII fallback and the exact name (RFC 6266). */
export function attachment(fileName: string): string {
  const safe = safeFileName(fileName);
  const ascii = safe.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${extendedValue(safe)}`;
}

/** A body already in memory (a generated preview), with Range. */
export function sendBody(req: FastifyRequest, reply: FastifyReply, type: string, body: Buffer): Promise<FastifyReply> {
  return sendRanged(req, reply, type, body.length, async (range) => (range ? body.subarray(range.start, range.end + 1) : body));
}

/** Large files streaming now, per client address (this instance's). */
const largeFilesStreaming = new Map<string, number>();

/**
 * The stored file `key`, streamed with Range (its type as stored unless `file.type` says otherwise);
 * 404 with `file.missing` when the store has no such file. Past `largeFileLimits.perAddress` files
 * larger than `largeFileLimits.bytes` streaming to one address at once, the answer is 429.
 */
export async function sendStoredFile(
  req: FastifyRequest,
  reply: FastifyReply,
  store: MediaStore,
  file: { key: string; missing: string; type?: string },
): Promise<FastifyReply> {
  const { key } = file;
  const stored = await store.stat(key);
  if (!stored) throw new NotFoundError(file.missing);
  if (stored.size > largeFileLimits.bytes) {
    const streaming = largeFilesStreaming.get(req.ip) ?? 0;
    if (streaming >= largeFileLimits.perAddress) {
      reply.header('Retry-After', '5');
      throw new AppError(429, tooManyLargeFilesMessage);
    }
    largeFilesStreaming.set(req.ip, streaming + 1);
    // 'close' comes once the answer is sent or its reader went away, whichever is first.
    reply.raw.once('close', () => {
      const left = (largeFilesStreaming.get(req.ip) ?? 1) - 1;
      if (left > 0) largeFilesStreaming.set(req.ip, left);
      else largeFilesStreaming.delete(req.ip);
    });
  }
  return sendRanged(req, reply, file.type ?? stored.contentType, stored.size, async (range) => {
    const body = await store.read(key, range);
    // Gone between the look and the read: as missing as before it.
    if (!body) throw new NotFoundError(file.missing);
    return body;
  });
}
