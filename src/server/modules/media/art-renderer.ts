import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import { imageJobFailures } from '../../../shared/api/admin-media.js';
import { defaultMediaStoreTimeoutMs } from '../../config.js';
import type { Db } from '../../db/client.js';
import { loggableError } from '../../logging.js';
import { isUuid } from '../../lib/uuid.js';
import {
  claimImageJob,
  deleteArtIfUnnamed,
  dueArtDeletions,
  failImageJob,
  finishImageJob,
  isAudioKey,
  releaseImageJob,
  renewImageJobLease,
  type ImageJobRow,
} from './image-jobs.repo.js';
import { LeasedJobs } from './leased-jobs.js';
import { findArtistSubject, findArtworkSubject, findPlaylistSubject } from './media.repo.js';
import { MediaStoreStalled, type MediaStore } from './media-store.js';
import { ImageRefused, renderUploadedArt, uploadedArtKeys } from './uploaded-art.js';

/**
 * How long an image job's lease lasts, how often an idle instance looks for jobs and due deletions, how long a
 * store call may go without a sign of life, and how long a replaced picture's files stay (pages rendered or
 * cached before the change still name them); production: 30 s, 5 s, 2 minutes and an hour.
 */
export interface ImageJobSettings {
  leaseMs: number;
  pollMs: number;
  storeTimeoutMs: number;
  deleteAfterMs: number;
}

export const defaultImageJobSettings: ImageJobSettings = { leaseMs: 30_000, pollMs: 5_000, storeTimeoutMs: defaultMediaStoreTimeoutMs, deleteAfterMs: 60 * 60_000 };

/** Deletions looked at in one pass: the rest wait for the next. */
const deletionsPerPass = 100;

/**
 * Makes uploaded covers and artist pictures (docs/decisions/0091), one job at a time on this instance: a
 * queued `image_jobs` row is claimed by a lease (any instance may take it), its original read from the media
 * store, its WebP and copies stored under its name, and the release's cover or artist's picture
 * set in one transaction. A job whose run died with its server (its lease ran out and nobody handed it back)
 * is failed when it is next claimed, never run again: the file may be what killed it. Between jobs it deletes
 * the files of pictures nothing names any more, once their time is due.
 */
export class ArtRenderer extends LeasedJobs<ImageJobRow> {
  constructor(
    private readonly deps: { db: Db; store: MediaStore; catalogChanges: { publish(): void }; clock: () => Date; log: FastifyBaseLogger },
    private readonly settings: ImageJobSettings = defaultImageJobSettings,
  ) {
    super(settings, { log: () => deps.log, failure: 'could not look for a picture to make' }, deps.store);
  }

  protected override claim(): Promise<ImageJobRow | undefined> {
    return claimImageJob(this.deps.db, this.lease);
  }

  protected override renew(row: ImageJobRow): Promise<boolean> {
    return renewImageJobLease(this.deps.db, row.id, this.lease);
  }

  protected override async run(row: ImageJobRow): Promise<void> {
    const { db, log, clock } = this.deps;
    const fail = (message: string) =>
      failImageJob(db, row.id, this.owner, { message, at: clock(), deleteAfterMs: this.settings.deleteAfterMs }).catch((err: Error) => {
        log.error({ error: loggableError(err), imageJobId: row.id }, 'could not fail an image job');
      });
    // Claimed once before and never finished, failed or handed back: that run died, and with it its server.
    if (row.attempts > 1) {
      log.warn({ imageJobId: row.id, file: row.fileName }, 'image job failed: the run before this one died');
      return fail(imageJobFailures.died(row.fileName));
    }
    try {
      await this.make(row, fail);
    } catch (err) {
      if (this.signal.aborted) {
        await releaseImageJob(db, row.id, this.owner).catch(() => undefined);
        return;
      }
      if (!(err instanceof ImageRefused)) log.error({ error: loggableError(err as Error), imageJobId: row.id }, 'could not make a picture');
      await fail(
        err instanceof ImageRefused
          ? `${row.fileName} ${err.message}`
          : err instanceof MediaStoreStalled
            ? imageJobFailures.stalled(row.fileName, err.message)
            : imageJobFailures.failed(row.fileName),
      );
    }
  }

  /** One job: the original read (30 MB at most), the files made and stored, the picture shown. */
  private async make(row: ImageJobRow, fail: (message: string) => Promise<void>): Promise<void> {
    const { db, log, clock } = this.deps;
    const { store } = this;
    if (!(await this.subjectExists(row))) return fail(imageJobFailures.subjectGone(row.fileName));
    const original = await store.read(row.originalKey);
    if (!original) return fail(imageJobFailures.missing(row.fileName));
    const bytes = await buffer(original);
    this.signal.throwIfAborted();
    await renderUploadedArt(store, row.name, bytes);
    this.signal.throwIfAborted();
    const outcome = await finishImageJob(db, row.id, this.owner, { deleteAfterMs: this.settings.deleteAfterMs, at: clock(), subjectGone: imageJobFailures.subjectGone(row.fileName) });
    if (outcome === 'applied') this.deps.catalogChanges.publish();
    log.info({ imageJobId: row.id, file: row.fileName, outcome }, 'picture made');
  }

  /** Whether the release or artist the picture is for is still there (its share card is drawn on request, from the settings in force: media.service.ts). */
  private async subjectExists(row: ImageJobRow): Promise<boolean> {
    if (row.subjectKind === 'artist') return (await findArtistSubject(this.deps.db, row.subjectId, 'staff')) !== undefined;
    if (row.subjectKind === 'playlist') return (await findPlaylistSubject(this.deps.db, row.subjectId, 'staff')) !== undefined;
    return isUuid(row.subjectId) && (await findArtworkSubject(this.deps.db, row.subjectId, 'staff')) !== undefined;
  }

  /**
   * Before each job, so that the files a job just replaced go (once due) before the next one is made: deletes
   * the files of pictures, and uploaded audio originals and previews, whose deletion is due and that nothing
   * names (docs/decisions/0091).
   */
  protected override async beforeClaim(): Promise<void> {
    const { db, log } = this.deps;
    const { store } = this;
    try {
      for (const name of await dueArtDeletions(db, deletionsPerPass)) {
        if (this.signal.aborted) return;
        const deleted = await deleteArtIfUnnamed(db, name, async () => {
          for (const key of isAudioKey(name) ? [name] : uploadedArtKeys(name)) await store.delete(key);
        });
        if (deleted) log.info({ name }, 'files of a picture or audio nothing names deleted');
      }
    } catch (err) {
      // Left due: the next pass tries again.
      log.error({ error: loggableError(err as Error) }, 'could not delete the files of a replaced picture');
    }
  }
}
