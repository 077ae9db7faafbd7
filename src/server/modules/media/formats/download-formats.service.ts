import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { downloadFormatNames, downloadFormats, type DownloadFormat } from '../../../../shared/download-formats.js';
import type { Db } from '../../../db/client.js';
import { AppError, NotFoundError } from '../../../errors.js';
import { attachment, sendStoredFile } from '../media-reply.js';
import type { MediaStore } from '../media-store.js';
import { findDownloadFile, requestDownloadFile, type DownloadFileRow } from './download-files.repo.js';
import { downloadExtensions, downloadSource } from './download-source.js';
import { defaultFormatMakerSettings, FormatMaker, type FormatMakerSettings } from './format-maker.js';

export interface DownloadFormatsSettings extends FormatMakerSettings {
  /** How long a download request waits for its format to be made before answering 503 (Retry-After). */
  waitMs: number;
}

export const defaultDownloadFormatsSettings: DownloadFormatsSettings = { ...defaultFormatMakerSettings, waitMs: 50_000 };

/** A format of a track, as far as it is made. */
export type DownloadFileState = Pick<DownloadFileRow, 'status' | 'message' | 'done' | 'total' | 'size'>;

export const downloadMessages = {
  noMaster: (trackId: string) => `Track ${trackId} has no uploaded master to download`,
  notYet: (format: DownloadFormat) => `The ${downloadFormatNames[format]} file is still being made: try again in a minute.`,
  failed: (format: DownloadFormat) => `The ${downloadFormatNames[format]} file could not be made from the label's master: choose another format.`,
} as const;

/**
 * The download formats of tracks (issue 36, docs/decisions/0103), for the shop's order page and the members'
 * downloads: each made once per track from its uploaded master by this instance's `FormatMaker` (or any
 * other's), kept in the media store, streamed with Range as "Artist - Title (Mix).ext".
 */
export class DownloadFormats {
  private readonly maker: FormatMaker;
  private readonly waiters = new Map<string, Set<() => void>>();

  constructor(
    private readonly deps: { db: Db; store: MediaStore; clock: () => Date; log: () => FastifyBaseLogger },
    private readonly settings: DownloadFormatsSettings = defaultDownloadFormatsSettings,
  ) {
    this.maker = new FormatMaker({ ...deps, onEnded: (row) => this.wake(row.trackId, row.format) }, settings);
  }

  /** The formats, in the order a picker lists them. */
  list(): { id: DownloadFormat; name: string; extension: string }[] {
    return downloadFormats.map((id) => ({ id, name: downloadFormatNames[id], extension: downloadExtensions[id] }));
  }

  start(): void {
    this.maker.start();
  }

  close(): Promise<void> {
    return this.maker.close();
  }

  /**
   * The track's `format`, queued to be made unless it is made (or failed) from the same master, tags and cover;
   * undefined for a track without an uploaded master. Any number of calls at once make one file.
   */
  async ensure(trackId: string, format: DownloadFormat): Promise<DownloadFileState | undefined> {
    const source = await downloadSource(this.deps.db, this.deps.store, trackId);
    if (!source) return undefined;
    const row = await requestDownloadFile(this.deps.db, trackId.toLowerCase(), format, source.source, this.settings.deleteAfterMs);
    if (row.status === 'queued') this.maker.kick();
    return row;
  }

  /** `ensure`, then waits until the format is made or failed, at most `waitMs` (then it answers as it stands). */
  async whenMade(trackId: string, format: DownloadFormat, waitMs = this.settings.waitMs): Promise<DownloadFileState | undefined> {
    const until = Date.now() + waitMs;
    let row = await this.ensure(trackId, format);
    while (row && (row.status === 'queued' || row.status === 'making') && Date.now() < until) {
      // Woken when this instance ends the job; another instance's is seen by looking again.
      await this.ended(trackId.toLowerCase(), format, Math.min(this.settings.pollMs, until - Date.now()));
      row = await findDownloadFile(this.deps.db, trackId.toLowerCase(), format);
    }
    return row;
  }

  /**
   * Streams the track's `format` (made first if need be) as an attachment named "Artist - Title (Mix).ext", with
   * Range, privately cached unless the caller set its own Cache-Control. 404 without a master; 503 with
   * Retry-After while it is still being made; 409 when it could not be made.
   */
  async send(req: FastifyRequest, reply: FastifyReply, trackId: string, format: DownloadFormat): Promise<FastifyReply> {
    const made = await this.whenMade(trackId, format);
    const missing = downloadMessages.noMaster(trackId);
    if (!made) throw new NotFoundError(missing);
    if (made.status === 'failed') throw new AppError(409, downloadMessages.failed(format));
    const row = made.status === 'ready' ? await findDownloadFile(this.deps.db, trackId.toLowerCase(), format) : undefined;
    if (!row?.fileKey) {
      reply.header('Retry-After', '30');
      throw new AppError(503, downloadMessages.notYet(format));
    }
    const source = await downloadSource(this.deps.db, this.deps.store, trackId);
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'private, max-age=3600');
    reply.header('Content-Disposition', attachment(`${source?.name ?? trackId}.${downloadExtensions[format]}`));
    return sendStoredFile(req, reply, this.deps.store, { key: row.fileKey, missing });
  }

  private ended(trackId: string, format: DownloadFormat, ms: number): Promise<void> {
    const key = `${trackId}/${format}`;
    return new Promise<void>((resolve) => {
      const waiters = this.waiters.get(key) ?? new Set();
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        if (waiters.size === 0) this.waiters.delete(key);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiters.add(done);
      this.waiters.set(key, waiters);
    });
  }

  private wake(trackId: string, format: DownloadFormat): void {
    for (const done of [...(this.waiters.get(`${trackId}/${format}`) ?? [])]) done();
  }
}
