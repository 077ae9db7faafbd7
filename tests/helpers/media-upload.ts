// Test support (not a test): media uploads as a browser's form sends them, and their image jobs followed
// until they end (docs/decisions/0091).
import { expect } from 'vitest';
import type { ImageJob, MediaUploadReport } from '../../src/shared/api/admin-media.js';
import type { MediaStore } from '../../src/server/modules/media/index.js';
import type { AdminTestApp } from './admin-test-app.js';
import { Gate } from './gate.js';

export interface Part {
  field?: string;
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart body as a browser's FormData sends it. */
export async function multipart(parts: Part[]) {
  const form = new FormData();
  for (const p of parts) form.append(p.field ?? 'files', new Blob([new Uint8Array(p.bytes)], { type: p.type ?? 'application/octet-stream' }), p.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') as string };
}

export async function upload(t: AdminTestApp, parts: Part[], headers: Record<string, string> = t.auth) {
  const body = await multipart(parts);
  return t.app.inject({ method: 'POST', url: '/api/admin/media', payload: body.payload, headers: { ...headers, 'content-type': body.contentType } });
}

/** `GET /api/admin/media/images/{id}`. */
export async function imageJob(t: AdminTestApp, id: string): Promise<ImageJob> {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/media/images/${id}`, headers: t.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ImageJob }>().data;
}

/** The image job, asked again until it is ready or failed. */
export async function finished(t: AdminTestApp, id: string): Promise<ImageJob> {
  let job: ImageJob | undefined;
  await expect
    .poll(
      async () => {
        job = await imageJob(t, id);
        return job.status;
      },
      { timeout: 20_000, interval: 50 },
    )
    .toMatch(/^(ready|failed)$/);
  return job!;
}

/** Every image job of an upload's report, each followed until it ends. */
export async function finishedAll(t: AdminTestApp, report: MediaUploadReport): Promise<ImageJob[]> {
  const jobs: ImageJob[] = [];
  for (const m of report.matched) if (m.kind !== 'audio' && m.job) jobs.push(await finished(t, m.job.id));
  return jobs;
}

/** The files an uploaded picture's URL stands for: the square WebP, its copies and its original (its share card is drawn on request). */
export function filesOf(url: string, originalExtension = 'jpg'): string[] {
  return [url, ...[160, 320, 640].map((w) => url.replace('.webp', `-${w}.webp`)), url.replace('.webp', `-original.${originalExtension}`)];
}

/** The status each file answers with. */
export async function statusesOf(t: AdminTestApp, files: string[]): Promise<number[]> {
  return Promise.all(files.map(async (url) => (await t.app.inject({ method: 'GET', url })).statusCode));
}

/**
 * A media store that lets a test hold what the image jobs write (the made files, not originals) and what
 * they delete, and see which keys were written and asked to be deleted.
 */
export function watchedStore(inner: MediaStore) {
  const renders = new Gate();
  const deletes = new Gate();
  const written: string[] = [];
  const deleting: string[] = [];
  const store: MediaStore = {
    where: inner.where,
    putFile: (key, path, type) => inner.putFile(key, path, type),
    stat: (key) => inner.stat(key),
    read: (key, range) => inner.read(key, range),
    async put(key, body, type) {
      if (!key.includes('-original.')) await renders.pass();
      await inner.put(key, body, type);
      written.push(key);
    },
    async delete(key) {
      deleting.push(key);
      await deletes.pass();
      await inner.delete(key);
    },
  };
  return { store, renders, deletes, written, deleting };
}
