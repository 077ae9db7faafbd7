import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import sharp from 'sharp';
import type { ImageJob, MediaUploadResponse } from '../../src/shared/api/admin-media.js';
import type { Release } from '../../src/shared/api/catalog.js';
import { getJson, isHealthy, RssSampler, signIn, startMediaServer, uploadFile, type MediaServer } from './media-admin.js';

// Issue 32, row 3: without logging in, 60 slow readers of a 23.5 MB cover original from one address
// took the server from 548 MB to 1.9 GB RSS (every file was read whole into memory for each request).
// A cover of noise is uploaded by staff, then 60 connections from 127.0.0.1 ask for its original at
// `/media/art/{name}-original.png` and read one chunk (at most 64 KiB) a second, while the server's
// RSS is sampled every 250 ms. Since decision 0089 it streams, and at most 4 large files stream to one
// address at once (a fifth is answered 429).

export const slowReaders = 60;
const readingMs = 20_000;
const side = 2800;

export interface SlowReaderResult {
  coverBytes: number;
  /** How the readers were answered: "200", "429", … , "error", "no answer". */
  statuses: Record<string, number>;
  /** What all of them read in all. */
  bytesRead: number;
  /** Once the cover was made (settled 3 s); the highest while they read; 5 s after they went away. */
  rssBeforeMiB: number;
  rssPeakMiB: number;
  rssAfterMiB: number;
  isAlive: boolean;
}

/** A PNG of `side`² RGB noise, stored (noise does not compress): 23.5 MB. */
export async function writeNoiseCover(path: string): Promise<number> {
  await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0, adaptiveFiltering: false })
    .toFile(path);
  return (await stat(path)).size;
}

/** The picture's job, asked every half second until it is ready or failed (a server before 0091 has none: made in the upload). */
async function waitForPicture(base: string, token: string, jobId: string | undefined): Promise<void> {
  if (!jobId) return;
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; await delay(500)) {
    const { data } = await getJson<{ data: ImageJob }>(base, `/api/admin/media/images/${jobId}`, token);
    if (data.status === 'ready') return;
    if (data.status === 'failed') throw new Error(`the cover's job failed: ${data.message}`);
  }
  throw new Error("the cover's job did not end in 120 s");
}

/** A reader on a connection of its own from 127.0.0.1 that reads the answer's first chunk, then one chunk a second. */
function slowReader(base: URL, path: string) {
  let status: string | undefined;
  let bytes = 0;
  const socket: Socket = connect({ host: base.hostname, port: Number(base.port), localAddress: '127.0.0.1' });
  socket.on('data', (chunk: Buffer) => {
    status ??= /^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1', 0, 16))?.[1] ?? 'garbled';
    bytes += chunk.length;
    socket.pause();
  });
  socket.on('error', () => (status ??= 'error'));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${base.host}\r\nConnection: close\r\n\r\n`);
  const pace = setInterval(() => socket.resume(), 1000);
  return {
    status: () => status ?? 'no answer',
    bytes: () => bytes,
    close: () => {
      clearInterval(pace);
      socket.destroy();
    },
  };
}

/**
 * Uploads the cover at `coverPath` (named after a release) as staff, waits until it is made, then
 * the 60 slow readers; `server` may be any checkout's built server with the stress admin.
 */
export async function measureSlowReaders(server: Pick<MediaServer, 'url' | 'pid' | 'isRunning'>, coverPath: string): Promise<SlowReaderResult> {
  const token = await signIn(server.url);
  const { data: releases } = await getJson<{ data: Release[] }>(server.url, '/api/releases?label=tech&limit=1');
  const answer = await uploadFile(server.url, token, coverPath, `${releases[0]!.id}.png`);
  if (answer.status !== 200) throw new Error(`the cover's upload answered ${answer.status}: ${answer.body}`);
  const [matched] = (JSON.parse(answer.body) as MediaUploadResponse).data.matched;
  if (!matched || matched.kind === 'audio') throw new Error(`the cover was not matched: ${answer.body}`);
  await waitForPicture(server.url, token, matched.job?.id);
  const original = matched.url.replace(/\.webp$/, '-original.png');
  await delay(3_000);
  const sampler = new RssSampler(server.pid);
  const mark = sampler.mark();
  const rssBeforeMiB = sampler.read();
  const readers = Array.from({ length: slowReaders }, () => slowReader(new URL(server.url), original));
  await delay(readingMs);
  const rssPeakMiB = sampler.peakSince(mark);
  const statuses: Record<string, number> = {};
  for (const reader of readers) statuses[reader.status()] = (statuses[reader.status()] ?? 0) + 1;
  const bytesRead = readers.reduce((sum, reader) => sum + reader.bytes(), 0);
  for (const reader of readers) reader.close();
  await delay(5_000);
  const rssAfterMiB = sampler.read();
  sampler.stop();
  const isAlive = server.isRunning() && (await isHealthy(server.url));
  return { coverBytes: (await stat(coverPath)).size, statuses, bytesRead, rssBeforeMiB, rssPeakMiB, rssAfterMiB, isAlive };
}

/** The slow readers against this checkout's built server (PGlite: the database plays no part in serving a file). */
export async function runSlowReaders(): Promise<SlowReaderResult> {
  const dir = await mkdtemp(join(tmpdir(), 'bir-slow-readers-'));
  let server: MediaServer | undefined;
  try {
    const coverPath = join(dir, 'cover.png');
    await writeNoiseCover(coverPath);
    server = await startMediaServer('pglite');
    return await measureSlowReaders(server, coverPath);
  } finally {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
