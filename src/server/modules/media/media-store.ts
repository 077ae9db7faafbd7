import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config.js';

/**
 * Where uploaded originals and what is derived from them live (docs/decisions/0085). Keys are paths
 * such as `art/3f9c…-320.webp` or `previews/3f9c….mp3` (docs/decisions/0026): content-addressed, so a key is written once and never changes.
 */
export interface MediaStore {
  /** Where it keeps its files, for the start-up log (a folder or a bucket URL). */
  readonly where: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored file, or undefined when no instance stored it. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | undefined>;
}

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
  return {
    where: dir,
    async put(key, body) {
      const path = join(dir, checkKey(key));
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomUUID()}.partial`;
      await writeFile(partial, body);
      await rename(partial, path);
    },
    async get(key) {
      if (!keyPattern.test(key)) return undefined;
      try {
        return { body: await readFile(join(dir, key)), contentType: contentTypeOf(key) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
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
  });
  return {
    where: `${endpoint}/${bucket}`,
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: checkKey(key), Body: body, ContentType: contentType }));
    },
    async get(key) {
      if (!keyPattern.test(key)) return undefined;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const bytes = await object.Body?.transformToByteArray();
        return bytes ? { body: Buffer.from(bytes), contentType: object.ContentType ?? contentTypeOf(key) } : undefined;
      } catch (err) {
        if (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)) return undefined;
        throw err;
      }
    },
    close: () => client.destroy(),
  };
}
