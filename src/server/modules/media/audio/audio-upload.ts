import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { audioMessages, type AudioMatch, type TrackAudio } from '../../../../shared/api/admin-audio.js';
import type { MediaUploadReport } from '../../../../shared/api/admin-media.js';
import type { Db } from '../../../db/client.js';
import type { MediaStore } from '../media-store.js';
import { nameKey } from '../media-name.js';
import { titleWithMix } from '../../../../shared/domain/track-title.js';
import { withAudioFile } from './audio-file.js';
import { AudioRefused, audioExtensions, probeAudio } from './audio-format.js';
import { findTrackAudio, findTracksNamed, insertQueuedAudio, tracksOfAudio } from './track-audio.repo.js';

/** One uploaded file: its name as sent (inside a zip, "zip name/path") and its scratch file (the caller removes it). */
export interface UploadedAudio {
  name: string;
  path: string;
}

export interface AudioUploadContext {
  db: Db;
  store: MediaStore;
  now: Date;
  actor: string;
  /** How long the original a track had before stays once replaced (docs/decisions/0091). */
  deleteAfterMs: number;
}

/** Where a file lands in the upload's report, and its entry there. */
export type AudioOutcome =
  | { list: 'matched'; entry: AudioMatch }
  | { list: 'unmatched' | 'refused'; entry: MediaUploadReport['unmatched'][number] };

/** The file's SHA-256 in hex, read a chunk at a time. */
async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/**
 * One uploaded audio file (docs/decisions/0026, 0087): refused unless its header says it is a WAV, FLAC,
 * AIFF or MP3 within the limits (3 hours; FLAC and MP3 at most 64 samples a byte), read from the file's head
 * alone; matched by its name to the track with that id or every track with that ISRC (on every release);
 * then its original is stored (streamed) and its previews queued for the cutter. A refused or unmatched
 * file changes nothing.
 */
export async function applyAudioFile(ctx: AudioUploadContext, file: UploadedAudio): Promise<AudioOutcome> {
  let format;
  try {
    format = (await withAudioFile(file.path, probeAudio)).format;
  } catch (err) {
    if (!(err instanceof AudioRefused)) throw err;
    return { list: 'refused', entry: { file: file.name, reason: `${file.name} ${err.message}` } };
  }
  const named = await findTracksNamed(ctx.db, nameKey(file.name));
  if (named.length === 0) return { list: 'unmatched', entry: { file: file.name, reason: `${file.name} ${audioMessages.unknownName}` } };
  const key = `audio/${await sha256Of(file.path)}.${audioExtensions[format]}`;
  const store = () => ctx.store.putFile(key, file.path, `audio/${format}`);
  await store();
  const audio = { fileName: file.name, originalKey: key, actor: ctx.actor, at: ctx.now, deleteAfterMs: ctx.deleteAfterMs };
  // Under the lock on the key: stored again if a sweep deleted the same original after `store` above.
  const row = await insertQueuedAudio(ctx.db, audio, named.map((t) => t.id), async () => {
    if (!(await ctx.store.stat(key))) await store();
  });
  // Named with its mix: "No More" was one of four mixes (issue 35).
  const title = titleWithMix(named[0]!.title, named[0]!.mixVersion);
  return {
    list: 'matched',
    entry: {
      file: file.name,
      kind: 'audio',
      id: row.id,
      name: named.length === 1 ? title : `${title} (${named.length} tracks with ISRC ${named[0]!.isrc})`,
      url: `/api/admin/media/audio/${row.id}`,
      tracks: named.map((t) => ({ id: t.id, release_id: t.releaseId, title: t.title })),
    },
  };
}

/** An upload and its preview job as `GET /api/admin/media/audio/{id}` answers it; undefined for no such upload. */
export async function trackAudioStatus(db: Db, id: string): Promise<TrackAudio | undefined> {
  const row = await findTrackAudio(db, id);
  if (!row) return undefined;
  const served = await tracksOfAudio(db, row.id);
  return {
    id: row.id,
    file_name: row.fileName,
    status: row.status,
    done: row.done,
    total: row.total,
    message: row.message,
    duration_ms: row.durationMs,
    // A preview cut before a new window was set is not this job's answer until it is cut again.
    tracks: served.map((t) => ({ id: t.id, preview_url: row.status === 'ready' ? t.previewUrl : null })),
  };
}
