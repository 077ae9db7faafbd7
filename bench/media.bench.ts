import { request } from 'node:http';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import type { ImageJob, MediaUploadResponse } from '../src/shared/api/admin-media.js';
import type { Release } from '../src/shared/api/catalog.js';
import { writeZipFile, type ZipEntry } from '../tests/helpers/zip.js';
import { fmt, heading, printTable, recordVerdict, sampleRss, startBenchServer, type BenchServer } from './support.js';

// Issue 24: the peak memory of a 200 MB zip of covers uploaded to the built server (POST
// /api/admin/media), sampled from /proc every 50 ms. Issue 32: the upload is answered once its files are
// checked and stored, and the covers are made by jobs after (decision 0091): both times are printed. The zip is streamed to the disk and read an
// entry at a time, so the upload itself must grow the server's memory by much less than the zip;
// processing covers (sharp) adds its own working memory, which does not depend on the zip's size.

const admin = { username: 'bench-admin', password: 'bench-password-0123456789' };
const zipTarget = 200 * 2 ** 20;
const mb = (bytes: number) => bytes / 2 ** 20;

/** A cover of noise (JPEG keeps noise large: about 2 MB at 1600 px), different for each seed. */
async function noiseCover(seed: number): Promise<Buffer> {
  const side = 1600;
  const pixels = Buffer.alloc(side * side * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < pixels.length; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    pixels[i] = x & 0xff;
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

/** Entries of about `zipTarget` bytes: the first ones named by the release ids (matched), the rest by no release. */
async function zipEntries(ids: string[]): Promise<ZipEntry[]> {
  const covers = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(noiseCover));
  const entries: ZipEntry[] = [];
  let size = 0;
  for (let i = 0; size < zipTarget; i += 1) {
    const bytes = covers[i % covers.length]!;
    entries.push({ name: `covers/${ids[i] ?? `no-such-release-${i}`}.jpg`, bytes });
    size += bytes.length;
  }
  return entries;
}

/** The zip as a browser's form sends it, streamed from the disk with its length stated. */
function uploadZip(server: BenchServer, token: string, path: string): Promise<MediaUploadResponse> {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="covers.zip"\r\nContent-Type: application/zip\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(path).size + tail.length;
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.url}/api/admin/media`,
      { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode === 200) resolve(JSON.parse(body) as MediaUploadResponse);
          else reject(new Error(`upload answered ${res.statusCode}: ${body}`));
        });
      },
    );
    req.on('error', reject);
    req.write(head);
    void pipeline(createReadStream(path), req, { end: false })
      .then(() => req.end(tail))
      .catch(reject);
  });
}

/** Asks for the upload's image jobs (decision 0091) until every one is ready or failed; how many failed. */
async function untilMade(server: BenchServer, token: string, ids: string[]): Promise<number> {
  for (;;) {
    const jobs: ImageJob[] = [];
    for (let i = 0; i < ids.length; i += 100) {
      const res = await fetch(`${server.url}/api/admin/media/images?ids=${ids.slice(i, i + 100).join(',')}`, { headers: { authorization: `Bearer ${token}` } });
      jobs.push(...((await res.json()) as { data: ImageJob[] }).data);
    }
    if (jobs.every((job) => job.status === 'ready' || job.status === 'failed')) return jobs.filter((job) => job.status === 'failed').length;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * One upload of the zip: seconds until it is answered and until every cover is made, the report's counts,
 * and the server's resident memory before and at its peak (until every cover is made).
 */
async function measureUpload(server: BenchServer, token: string, path: string) {
  const before = sampleRss(server.pid).stop();
  const sampler = sampleRss(server.pid);
  const start = performance.now();
  const answer = await uploadZip(server, token, path);
  const seconds = (performance.now() - start) / 1000;
  const ids = answer.data.matched.flatMap((m) => (m.kind !== 'audio' && m.job ? [m.job.id] : []));
  const failed = await untilMade(server, token, ids);
  if (failed > 0) throw new Error(`${failed} covers' jobs failed`);
  const madeSeconds = (performance.now() - start) / 1000;
  const peak = sampler.stop();
  return { seconds, madeSeconds, before, peak, growth: peak - before, ...answer.data };
}

export async function runMediaBench(): Promise<void> {
  heading('Media: a 200 MB zip of covers uploaded to the built server (PGlite)');
  const dir = mkdtempSync(join(tmpdir(), 'bench-media-'));
  const server = await startBenchServer('pglite', { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password });
  try {
    const login = await fetch(`${server.url}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(admin) });
    const { token } = (await login.json()) as { token: string };
    const releases = (await (await fetch(`${server.url}/api/releases?label=tech&limit=40`)).json()) as { data: Release[] };
    // First a zip whose names match nothing: what the upload itself holds (streamed to the disk, read an
    // entry at a time). Then one whose first 40 covers match releases: the covers' processing on top.
    const runs = [
      { name: 'no name matches', ids: [] as string[] },
      { name: `${releases.data.length} covers match`, ids: releases.data.map((r) => r.id) },
    ];
    const rows: string[][] = [];
    for (const run of runs) {
      const path = join(dir, 'covers.zip');
      const entries = await zipEntries(run.ids);
      await writeZipFile(path, entries);
      const zipBytes = statSync(path).size;
      const m = await measureUpload(server, token, path);
      const streamedOnly = run.ids.length === 0;
      rmSync(path);
      rows.push([
        run.name,
        `${fmt(mb(zipBytes))} MB`,
        String(entries.length),
        String(m.matched.length),
        String(m.unmatched.length),
        String(m.refused.length),
        fmt(m.seconds),
        fmt(m.madeSeconds),
        `${fmt(mb(m.before))} MB`,
        `${fmt(mb(m.peak))} MB`,
        `${fmt(mb(m.growth))} MB`,
      ]);
      recordVerdict({ backend: 'pglite', figure: `media upload of a ${fmt(mb(zipBytes))} MB zip, ${run.name}: answered`, measured: `${fmt(m.seconds)} s`, goal: 'printed' });
      if (!streamedOnly) recordVerdict({ backend: 'pglite', figure: `media upload of a ${fmt(mb(zipBytes))} MB zip, ${run.name}: every cover made (from its start)`, measured: `${fmt(m.madeSeconds)} s`, goal: 'printed' });
      recordVerdict({
        backend: 'pglite',
        figure: `server RSS growth during it (${streamedOnly ? 'the upload alone: streamed' : 'with sharp processing covers'})`,
        measured: `${fmt(mb(m.growth))} MB (peak ${fmt(mb(m.peak))} MB)`,
        goal: streamedOnly ? `< ${fmt(mb(zipBytes) / 4)} MB (a quarter of the zip)` : 'printed',
        met: streamedOnly ? m.growth < zipBytes / 4 : undefined,
      });
    }
    printTable(['zip', 'size', 'entries', 'matched', 'unmatched', 'refused', 'answered (s)', 'all made (s)', 'RSS before', 'RSS peak', 'growth'], rows);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
