import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { defaultMediaStoreTimeoutMs } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { type JobMemoryLimits, JobProcessDied } from '../../../lib/job-process.js';
import { loggableError } from '../../../logging.js';
import { LeasedJobs } from '../leased-jobs.js';
import { MediaStoreStalled, type MediaStore } from '../media-store.js';
import { uploadedPreviewUrl } from '../media-urls.js';
import { AudioRefused } from './audio-format.js';
import { cutPreviewsApart, previewProcessLimits } from './preview-process.js';
import {
  claimTrackAudio,
  failTrackAudio,
  finishTrackAudio,
  releaseTrackAudio,
  renewTrackAudioLease,
  tracksOfAudio,
  type TrackAudioRow,
} from './track-audio.repo.js';

/**
 * How long a cutter's lease lasts, how often an idle instance looks for a job, how long a store call may go
 * without a sign of life, how long a replaced preview stays (docs/decisions/0091: the art renderer's sweep
 * deletes it), and the cutting process's memory (decisions 0087, 0111); production: 30 s, 5 s, 2 minutes, an hour,
 * and previewProcessLimits.
 */
export interface PreviewCutterSettings {
  leaseMs: number;
  pollMs: number;
  storeTimeoutMs: number;
  deleteAfterMs: number;
  processLimits: JobMemoryLimits;
}

export const defaultPreviewCutterSettings: PreviewCutterSettings = {
  leaseMs: 30_000,
  pollMs: 5_000,
  storeTimeoutMs: defaultMediaStoreTimeoutMs,
  deleteAfterMs: 60 * 60_000,
  processLimits: previewProcessLimits,
};

const progressWriteMs = 500;

export const previewFailures = {
  died: (file: string) => `${file}: cutting its preview stopped with the server that was cutting it (it crashed or ran out of memory); upload it again`,
  outOfMemory: (file: string) => `${file}: cutting its preview ran out of memory; send it as WAV or AIFF, which are read only where the preview lies`,
  missing: (file: string) => `${file}: the original is missing from the media store; upload it again`,
  failed: (file: string) => `${file}: its preview could not be cut; upload it again`,
  stalled: (file: string, reason: string) => `${file}: cutting its preview stopped: ${reason}; upload it again`,
} as const;

/**
 * Cuts the previews of uploaded audio (docs/decisions/0026, 0087), one job at a time on this instance, on
 * a process of its own: a queued `track_audio` row is claimed by a lease (any instance may take it), its original
 * copied from the media store to a scratch file, its tracks' windows cut in one pass, the MP3s stored under
 * their content's hash, and the tracks' preview URLs set in one transaction. A job whose run died with its
 * server (its lease ran out and nobody handed it back) is failed when it is next claimed, never run again: the
 * file may be what killed it.
 */
export class PreviewCutter extends LeasedJobs<TrackAudioRow> {
  constructor(
    private readonly deps: { db: Db; store: MediaStore; catalogChanges: { publish(): void }; clock: () => Date; log: FastifyBaseLogger },
    private readonly settings: PreviewCutterSettings = defaultPreviewCutterSettings,
  ) {
    super(settings, { log: () => deps.log, failure: 'could not look for a preview to cut' }, deps.store);
  }

  /** The running job's progress, written with each renewal of its lease. */
  private progress = { done: 0, total: 0 };

  protected override claim(): Promise<TrackAudioRow | undefined> {
    return claimTrackAudio(this.deps.db, this.lease);
  }

  protected override renew(row: TrackAudioRow): Promise<boolean> {
    return renewTrackAudioLease(this.deps.db, row.id, this.lease, this.progress);
  }

  protected override async run(row: TrackAudioRow): Promise<void> {
    const { db, log, clock } = this.deps;
    this.progress = { done: 0, total: 0 };
    // Claimed once before and never finished, failed or handed back: that run died, and with it its server.
    if (row.attempts > 1) {
      log.warn({ audioId: row.id, file: row.fileName }, 'preview job failed: the run before this one died');
      return failTrackAudio(db, row.id, this.owner, previewFailures.died(row.fileName), clock(), this.settings.deleteAfterMs).catch((err: Error) => {
        log.error({ error: loggableError(err), audioId: row.id }, 'could not fail a preview job');
      });
    }
    let scratch: string | undefined;
    try {
      scratch = await mkdtemp(join(tmpdir(), 'preview-'));
      await this.cut(row, join(scratch, 'original'));
    } catch (err) {
      if (this.signal.aborted) {
        await releaseTrackAudio(db, row.id, this.owner).catch(() => undefined);
        return;
      }
      const message =
        err instanceof AudioRefused
          ? `${row.fileName} ${err.message}`
          : err instanceof JobProcessDied && err.isOutOfMemory
            ? previewFailures.outOfMemory(row.fileName)
            : err instanceof MediaStoreStalled
              ? previewFailures.stalled(row.fileName, err.message)
              : previewFailures.failed(row.fileName);
      if (!(err instanceof AudioRefused)) log.error({ error: loggableError(err as Error), audioId: row.id }, 'could not cut a preview');
      await failTrackAudio(db, row.id, this.owner, message, clock(), this.settings.deleteAfterMs).catch(() => undefined);
    } finally {
      if (scratch) await rm(scratch, { recursive: true, force: true }).catch((err: Error) => log.warn({ error: loggableError(err), scratch }, 'could not remove a scratch folder'));
    }
  }

  /** One job: the original copied to `path` (streamed, never held whole), cut in its process, stored and served. */
  private async cut(row: TrackAudioRow, path: string): Promise<void> {
    const { db, log, clock } = this.deps;
    const { store } = this;
    const original = await store.read(row.originalKey);
    if (!original) return failTrackAudio(db, row.id, this.owner, previewFailures.missing(row.fileName), clock(), this.settings.deleteAfterMs);
    await pipeline(original, createWriteStream(path), { signal: this.signal });
    const served = await tracksOfAudio(db, row.id);
    // Tracks with the same window share one preview.
    const windows = new Map<string, { startMs: number | null; lengthMs: number | null; trackIds: string[] }>();
    for (const t of served) {
      const key = `${t.previewStartMs}/${t.previewLengthMs}`;
      const window = windows.get(key) ?? { startMs: t.previewStartMs, lengthMs: t.previewLengthMs, trackIds: [] };
      window.trackIds.push(t.id);
      windows.set(key, window);
    }
    const planned = [...windows.values()];
    let written = 0;
    const result = await cutPreviewsApart(
      path,
      planned,
      this.settings.processLimits,
      (done, total) => {
        this.progress = { done, total };
        if (Date.now() - written < progressWriteMs) return;
        written = Date.now();
        void this.renew(row).catch(() => undefined);
      },
      this.signal,
    );
    const previews = [];
    const mp3s = new Map<string, Buffer>();
    for (const [i, mp3] of result.previews.entries()) {
      const name = `${createHash('sha256').update(mp3).digest('hex')}.mp3`;
      const key = `previews/${name}`;
      await store.put(key, mp3, 'audio/mpeg');
      mp3s.set(key, mp3);
      previews.push({ trackIds: planned[i]!.trackIds, url: uploadedPreviewUrl(name), key });
    }
    // A sweep may have deleted a preview cut before and cut again now between its put and this: stored again.
    const ensureStored = async (key: string) => {
      if (!(await store.stat(key))) await store.put(key, mp3s.get(key)!, 'audio/mpeg');
    };
    const finish = { durationMs: result.durationMs, previews, done: this.progress.total, at: clock(), deleteAfterMs: this.settings.deleteAfterMs, ensureStored };
    if (await finishTrackAudio(db, row.id, this.owner, finish)) {
      this.deps.catalogChanges.publish();
      log.info({ audioId: row.id, file: row.fileName, tracks: served.length }, 'preview cut');
    }
  }
}
