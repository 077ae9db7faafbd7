import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { defaultMediaStoreTimeoutMs, type S3Settings } from '../../src/server/config.js';

export interface FakeS3 {
  /** What an instance is given as MEDIA_S3_URL and its credentials (s3rver's own, which it checks). */
  settings: S3Settings;
  close(): Promise<void>;
}

/** A fake S3 server (s3rver) on loopback with one bucket, `media`, its objects in a scratch folder. */
export async function startFakeS3(): Promise<FakeS3> {
  const directory = await mkdtemp(join(tmpdir(), 'fake-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'media' }] });
  const { port } = await server.run();
  return {
    settings: { url: `http://127.0.0.1:${port}/media`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1', timeoutMs: defaultMediaStoreTimeoutMs },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
