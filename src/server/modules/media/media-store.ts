import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat as statFile, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config.js';

/**
 * Where uploaded originals and what is derived from them live (docs/decisions/0085). Keys are paths
 * such as `art/3f9c…-320.webp` or `previews/3f9c….mp3` (docs/decisions/0026): content-addressed, so a key is written once and never changes;
 * a key is deleted only once nothing names it (docs/decisions/0091).
 */
export interface MediaStore {
  /** Where it keeps its files, for the start-up log (a folder or a bucket URL). */
  readonly where: string;
  /** Stores `body`; `watch` (a job's: `boundedStore`) stops it when aborted. */
  put(key: string, body: Buffer, contentType: string, watch?: StoreWatch): Promise<void>;
  /**
   * Stores the file at `path` (an upload's scratch file), streamed: never read whole into memory. `watch` hears
   * each chunk sent (a sign of life) and stops it when aborted.
   */
  putFile(key: string, path: string, contentType: string, watch?: StoreWatch): Promise<void>;
  /** The stored file's size and type, or undefined when no instance stored it. */
  stat(key: string): Promise<StoredFile | undefined>;
  /**
   * The stored file's bytes, streamed (a reader holds a chunk at a time, however large the file or slow
   * the reader): all of them, or `range`'s (its end included). Undefined when no instance stored it.
   */
  read(key: string, range?: { start: number; end: number }): Promise<Readable | undefined>;
  /** Removes the stored file; a key no instance stored is no error. */
  delete(key: string): Promise<void>;
}

export interface StoredFile {
  size: number;
  contentType: string;
}

/** A store call watched by `boundedStore`: `moved` on each chunk sent, `signal` aborted once it stalled. */
export interface StoreWatch {
  signal: AbortSignal;
  moved(): void;
}

/** A job's store call that gave no sign of life for its timeout: the job stops with this reason. */
export class MediaStoreStalled extends Error {
  constructor(timeoutMs: number) {
    super(`the media store did not answer for ${timeoutMs / 1000} s`);
    this.name = 'MediaStoreStalled';
  }
}

/** Passes chunks through, calling `moved` for each. */
const tap = (moved: () => void) =>
  new Transform({
    transform(chunk, _encoding, done) {
      moved();
      done(null, chunk);
    },
  });

/** The file at `path`, streamed; each chunk read tells `watch` that the call is moving. */
function fileBody(path: string, watch: StoreWatch | undefined): Readable {
  const file = createReadStream(path);
  if (!watch) return file;
  const body = tap(watch.moved);
  pipeline(file, body).catch(() => undefined);
  return body;
}

/** Aborted once `timeoutMs` passed without `moved()`, or with `outer`; `stop()` when the call ended. */
function watchdog(timeoutMs: number, outer: AbortSignal | undefined): StoreWatch & { stop(): void; stalled: Promise<never> } {
  const controller = new AbortController();
  const signal = outer ? AbortSignal.any([controller.signal, outer]) : controller.signal;
  let timer: NodeJS.Timeout | undefined;
  const moved = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new MediaStoreStalled(timeoutMs)), timeoutMs);
  };
  const stalled = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason as Error);
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
  stalled.catch(() => undefined);
  moved();
  return { signal, moved, stalled, stop: () => clearTimeout(timer) };
}

/**
 * `store` as a job uses it (docs/decisions/0103): each call ends within `timeoutMs` of its last sign of life (its
 * answer, a chunk read or sent), else it is aborted and throws `MediaStoreStalled`, whatever the store (a hung
 * network mount, an S3 endpoint that stopped answering); `signal` (shutdown) aborts every call. For jobs only:
 * a read stream counts as stalled when its reader (a scratch file, memory) takes nothing for that long, so it
 * is not for streaming to a slow client.
 */
export function boundedStore(store: MediaStore, timeoutMs: number, signal?: AbortSignal): MediaStore {
  const call = async <T>(ask: (watch: StoreWatch) => Promise<T>): Promise<T> => {
    const watch = watchdog(timeoutMs, signal);
    try {
      return await Promise.race([ask(watch), watch.stalled]);
    } finally {
      watch.stop();
    }
  };
  return {
    where: store.where,
    put: (key, body, contentType) => call((watch) => store.put(key, body, contentType, watch)),
    putFile: (key, path, contentType) => call((watch) => store.putFile(key, path, contentType, watch)),
    stat: (key) => call(() => store.stat(key)),
    delete: (key) => call(() => store.delete(key)),
    async read(key, range) {
      const watch = watchdog(timeoutMs, signal);
      const answer = store.read(key, range);
      const body = await Promise.race([answer, watch.stalled]).catch((err: unknown) => {
        watch.stop();
        // A stream handed over after the call was given up is closed, not left open.
        answer.then((late) => late?.destroy(), () => undefined);
        throw err;
      });
      if (!body) {
        watch.stop();
        return undefined;
      }
      const watched = tap(watch.moved);
      const onStall = () => watched.destroy(watch.signal.reason as Error);
      watch.signal.addEventListener('abort', onStall, { once: true });
      pipeline(body, watched)
        .catch(() => undefined)
        .finally(() => {
          watch.stop();
          watch.signal.removeEventListener('abort', onStall);
        });
      return watched;
    },
  };
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Keys are a folder name and a file name of letters, digits, `-` and `.`: nothing can climb out of the store. */
const keyPattern = /^[a-z]+\/[A-Za-z0-9][A-Za-z0-9.-]*$/;

function checkKey(key: string): string {
  if (!keyPattern.test(key) || key.includes('..')) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
  return key;
}

const contentTypes: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  aiff: 'audio/aiff',
  flac: 'audio/flac',
};
const contentTypeOf = (key: string) => contentTypes[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/**
 * A folder (MEDIA_DIR, default DATA_DIR/media): one instance, or several sharing the folder
 * (a network file system). A file is written under a temporary name and renamed, so a reader never
 * sees half of it.
 */
export function folderMediaStore(dir: string): MediaStore {
  const write = async (key: string, save: (partial: string) => Promise<void>) => {
    const path = join(dir, checkKey(key));
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}.${randomUUID()}.partial`;
    try {
      await save(partial);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
    await rename(partial, path);
  };
  return {
    where: dir,
    put: (key, body, _contentType, watch) => write(key, (partial) => writeFile(partial, body, { signal: watch?.signal })),
    putFile: (key, path, _contentType, watch) => write(key, (partial) => pipeline(fileBody(path, watch), createWriteStream(partial), { signal: watch?.signal })),
    async stat(key) {
      if (!keyPattern.test(key)) return undefined;
      try {
        const file = await statFile(join(dir, key));
        return file.isFile() ? { size: file.size, contentType: contentTypeOf(key) } : undefined;
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async read(key, range) {
      if (!keyPattern.test(key)) return undefined;
      const stream = createReadStream(join(dir, key), range);
      // Opened before it is handed on, so that a missing file is an answer rather than a broken stream.
      try {
        await new Promise<void>((resolve, reject) => stream.once('ready', resolve).once('error', reject));
      } catch (err) {
        stream.destroy();
        if (isMissing(err)) return undefined;
        throw err;
      }
      return stream;
    },
    async delete(key) {
      try {
        await unlink(join(dir, checkKey(key)));
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    },
  };
}

/** `http://host:port/bucket` as the client's endpoint and the bucket (path-style, as every S3-compatible server takes). */
export function parseS3Url(url: string): { endpoint: string; bucket: string } {
  const parsed = new URL(url);
  const bucket = parsed.pathname.replace(/^\/+|\/+$/g, '');
  if (!bucket || bucket.includes('/')) throw new Error('MEDIA_S3_URL must name the bucket as its path: https://host/bucket');
  return { endpoint: parsed.origin, bucket };
}

/** S3-compatible object storage (MEDIA_S3_URL): every instance reads what any instance stored. */
export function s3MediaStore(settings: S3Settings): MediaStore & { close(): void } {
  const { endpoint, bucket } = parseS3Url(settings.url);
  const client = new S3Client({
    endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // A streamed PutObject (an audio original from its scratch file) goes as plain bytes: with checksums on
    // every request the SDK frames a stream as aws-chunked, which not every S3-compatible server reads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    // A request that stalls (no connection, or no bytes either way for MEDIA_STORE_TIMEOUT_MS) fails, rather than
    // holding its socket and its caller for ever.
    requestHandler: { connectionTimeout: settings.timeoutMs, requestTimeout: settings.timeoutMs },
  });
  /** The answer, or undefined for a key no instance stored. */
  const unlessMissing = async <T>(ask: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await ask();
    } catch (err) {
      if (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404)) return undefined;
      throw err;
    }
  };
  return {
    where: `${endpoint}/${bucket}`,
    async put(key, body, contentType, watch) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: checkKey(key), Body: body, ContentType: contentType }), { abortSignal: watch?.signal });
    },
    async putFile(key, path, contentType, watch) {
      const { size } = await statFile(path);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: checkKey(key), Body: fileBody(path, watch), ContentLength: size, ContentType: contentType }), {
        abortSignal: watch?.signal,
      });
    },
    async stat(key) {
      if (!keyPattern.test(key)) return undefined;
      const head = await unlessMissing(() => client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })));
      return head ? { size: head.ContentLength ?? 0, contentType: head.ContentType ?? contentTypeOf(key) } : undefined;
    },
    async read(key, range) {
      if (!keyPattern.test(key)) return undefined;
      const object = await unlessMissing(() =>
        client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined })),
      );
      return object?.Body as Readable | undefined;
    },
    async delete(key) {
      // S3 answers 204 for a key it never held.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkKey(key) }));
    },
    close: () => client.destroy(),
  };
}
