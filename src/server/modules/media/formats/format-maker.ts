import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { downloadFormatNames, type DownloadFormat } from '../../../../shared/download-formats.js';
import { defaultMediaStoreTimeoutMs } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { type JobMemoryLimits, JobProcessDied } from '../../../lib/job-process.js';
import { loggableError } from '../../../logging.js';
import { AudioRefused } from '../audio/audio-format.js';
import { LeasedJobs } from '../leased-jobs.js';
import { MediaStoreStalled, type MediaStore } from '../media-store.js';
import { downloadExtensions, downloadSource } from './download-source.js';
import {
  claimDownloadFile,
  failDownloadFile,
  finishDownloadFile,
  releaseDownloadFile,
  renewDownloadFileLease,
  retryDownloadFileLater,
  type DownloadFileRow,
} from './download-files.repo.js';
import { formatProcessLimits, makeFormatApart } from './format-process.js';

/**
 * A maker's lease, how often an idle instance looks for jobs, how long a store call may go without a sign of
 * life, how long a replaced file stays, the process's memory.
 */
export interface FormatMakerSettings {
  leaseMs: number;
  pollMs: number;
  storeTimeoutMs: number;
  deleteAfterMs: number;
  processLimits: JobMemoryLimits;
}

export const defaultFormatMakerSettings: FormatMakerSettings = {
  leaseMs: 30_000,
  pollMs: 5_000,
  storeTimeoutMs: defaultMediaStoreTimeoutMs,
  deleteAfterMs: 60 * 60_000,
  processLimits: formatProcessLimits,
};

/** Why a format was not made, as staff read it (the master's file name first). */
export const formatFailures = {
  refused: (file: string, format: DownloadFormat, reason: string) => `${file} ${reason}: its ${downloadFormatNames[format]} download could not be made`,
  died: (file: string, format: DownloadFormat) =>
    `${file}: making its ${downloadFormatNames[format]} download stopped with the server that was making it (it crashed or ran out of memory); upload the master again`,
  outOfMemory: (file: string, format: DownloadFormat) => `${file}: making its ${downloadFormatNames[format]} download ran out of memory; upload the master as WAV or AIFF`,
  missing: (file: string) => `${file}: the master is missing from the media store; upload it again`,
  noMaster: 'the track has no uploaded master any more; upload it again',
  failed: (file: string, format: DownloadFormat) => `${file}: its ${downloadFormatNames[format]} download could not be made; upload the master again`,
  stalled: (file: string, format: DownloadFormat, reason: string) => `${file}: making its ${downloadFormatNames[format]} download stopped: ${reason}; it will be tried again`,
} as const;

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/**
 * Makes download formats (docs/decisions/0103), one job at a time on this instance, in a process of its own: a queued
 * `download_files` row is claimed by a lease (any instance may take it), the master copied from the media store
 * to a scratch file, the format made from it with the track's tags and cover, stored under its content's hash.
 * A job whose run died with its server is failed when next claimed, never run again (as decision 0087's); one
 * whose store call stalled goes back to the end of the queue, its reason in its row. `onEnded` hears every job this instance ends, so that a request waiting for it answers at once.
 */
export class FormatMaker extends LeasedJobs<DownloadFileRow> {
  constructor(
    private readonly deps: { db: Db; store: MediaStore; clock: () => Date; log: () => FastifyBaseLogger; onEnded: (row: Pick<DownloadFileRow, 'trackId' | 'format'>) => void },
    private readonly settings: FormatMakerSettings,
  ) {
    super(settings, { log: deps.log, failure: 'could not look for a download format to make' }, deps.store);
  }

  /** The running job's progress, written with each renewal of its lease. */
  private progress = { done: 0, total: 0 };

  protected override claim(): Promise<DownloadFileRow | undefined> {
    return claimDownloadFile(this.deps.db, this.lease);
  }

  protected override renew(row: DownloadFileRow): Promise<boolean> {
    return renewDownloadFileLease(this.deps.db, row.id, this.lease, this.progress);
  }

  /** One job, then `onEnded` hears that it ended. */
  protected override async run(row: DownloadFileRow): Promise<void> {
    await this.attempt(row);
    this.deps.onEnded(row);
  }

  private async attempt(row: DownloadFileRow): Promise<void> {
    const { db, clock } = this.deps;
    const log = this.deps.log();
    const fail = (message: string) =>
      failDownloadFile(db, row.id, this.owner, message, clock()).catch((err: Error) => log.error({ error: loggableError(err), downloadId: row.id }, 'could not fail a download job'));
    this.progress = { done: 0, total: 0 };
    const source = await downloadSource(db, this.store, row.trackId).catch(() => undefined);
    if (!source) return fail(formatFailures.noMaster);
    const file = source.fileName;
    if (row.attempts > 1) return fail(formatFailures.died(file, row.format));
    let scratch: string | undefined;
    try {
      scratch = await mkdtemp(join(tmpdir(), 'format-'));
      await this.make(row, source, scratch);
    } catch (err) {
      if (this.signal.aborted) {
        await releaseDownloadFile(db, row.id, this.owner).catch(() => undefined);
        return;
      }
      if (err instanceof MediaStoreStalled) {
        log.warn({ downloadId: row.id, reason: err.message }, 'download format to be made again: the media store stalled');
        await retryDownloadFileLater(db, row.id, this.owner, formatFailures.stalled(file, row.format, err.message)).catch((error: Error) =>
          log.error({ error: loggableError(error), downloadId: row.id }, 'could not queue a download job again'),
        );
        return;
      }
      if (!(err instanceof AudioRefused)) log.error({ error: loggableError(err as Error), downloadId: row.id }, 'could not make a download format');
      await fail(
        err instanceof AudioRefused
          ? formatFailures.refused(file, row.format, err.message)
          : err instanceof JobProcessDied && err.isOutOfMemory
            ? formatFailures.outOfMemory(file, row.format)
            : formatFailures.failed(file, row.format),
      );
    } finally {
      if (scratch) await rm(scratch, { recursive: true, force: true }).catch((err: Error) => log.warn({ error: loggableError(err), scratch }, 'could not remove a scratch folder'));
    }
  }

  private async make(row: DownloadFileRow, source: NonNullable<Awaited<ReturnType<typeof downloadSource>>>, scratch: string): Promise<void> {
    const { db, clock } = this.deps;
    const { store } = this;
    const master = await store.read(source.originalKey);
    if (!master) return failDownloadFile(db, row.id, this.owner, formatFailures.missing(source.fileName), clock());
    const masterPath = join(scratch, 'master');
    await pipeline(master, createWriteStream(masterPath), { signal: this.signal });
    const extension = downloadExtensions[row.format];
    const outPath = join(scratch, `out.${extension}`);
    const tags = await source.tags();
    await makeFormatApart({ masterPath, outPath, format: row.format, tags }, this.settings.processLimits, (done, total) => (this.progress = { done, total }), this.signal);
    const key = `downloads/${await sha256Of(outPath)}.${extension}`;
    const size = (await stat(outPath)).size;
    const put = () => store.putFile(key, outPath, `audio/${extension === 'mp3' ? 'mpeg' : extension}`);
    await put();
    const ensureStored = async () => {
      if (!(await store.stat(key))) await put();
    };
    if (await finishDownloadFile(db, row.id, this.owner, { key, size, at: clock(), deleteAfterMs: this.settings.deleteAfterMs, ensureStored })) {
      this.deps.log().info({ downloadId: row.id, track: row.trackId, format: row.format, bytes: size }, 'download format made');
    }
  }
}
