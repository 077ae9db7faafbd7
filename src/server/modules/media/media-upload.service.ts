import { readFile } from 'node:fs/promises';
import { audioFileName } from '../../../shared/api/admin-audio.js';
import { mediaMessages, type ImageJob, type ImageSubjectKind, type MediaUploadReport } from '../../../shared/api/admin-media.js';
import { uploadedArtUrl } from '../../../shared/generated-images.js';
import type { Db } from '../../db/client.js';
import { recordActivity } from '../staff/index.js';
import { applyAudioFile } from './audio/audio-upload.js';
import { nameKey } from './media-name.js';
import type { MediaStore } from './media-store.js';
import { findImageJobs, insertImageJob } from './image-jobs.repo.js';
import { listMediaTargets } from './media.repo.js';
import type { UploadedItem } from './media-upload.js';
import { checkImage, ImageRefused, originalKeyOf, uploadedArtName, type CheckedImage } from './uploaded-art.js';

type Targets = Awaited<ReturnType<typeof listMediaTargets>>;
type Target = { kind: ImageSubjectKind; id: string; name: string };

/**
 * What a file name names: a release by its id, UPC or catalog number, else an artist by id or
 * name, else a playlist by its id (as the admin's Playlists tab sends its cover). More than one
 * release (a catalog number two labels share) or artist is no match: the reason says so.
 */
function matchTarget(targets: Targets, key: string): Target | { reason: string } {
  const releases = targets.releases.filter((r) => r.id === key || r.upc?.toLowerCase() === key || r.catalogNumber?.toLowerCase() === key);
  if (releases.length > 1) return { reason: mediaMessages.ambiguous(releases.length, `releases (${releases.map((r) => `"${r.title}"`).join(', ')})`) };
  if (releases[0]) return { kind: 'release', id: releases[0].id, name: releases[0].title };
  const artists = targets.artists.filter((a) => a.id === key || a.name.toLowerCase() === key);
  if (artists.length > 1) return { reason: mediaMessages.ambiguous(artists.length, 'artists') };
  if (artists[0]) return { kind: 'artist', id: artists[0].id, name: artists[0].name };
  const playlist = targets.playlists.find((p) => p.id.toLowerCase() === key);
  if (playlist) return { kind: 'playlist', id: playlist.id, name: playlist.title };
  return { reason: mediaMessages.unknownName };
}

/**
 * Stores an accepted image's original (named by its subject and bytes) and queues the job that makes its
 * picture (docs/decisions/0091); the original is stored again under the job's lock if a deletion of the
 * same picture took it meanwhile.
 */
async function queueImage(ctx: MediaUploadContext, fileName: string, bytes: Buffer, image: CheckedImage, subject: { kind: ImageSubjectKind; id: string }) {
  const name = uploadedArtName(`${subject.kind}:${subject.id}`, bytes);
  const originalKey = originalKeyOf(name, image.format);
  const store = () => ctx.store.put(originalKey, bytes, `image/${image.format}`);
  await store();
  return insertImageJob(
    ctx.db,
    { subjectKind: subject.kind, subjectId: subject.id, name, originalKey, fileName, actor: ctx.actor, at: ctx.now },
    async () => {
      if (!(await ctx.store.stat(originalKey))) await store();
    },
  );
}

export interface MediaUploadContext {
  db: Db;
  store: MediaStore;
  now: Date;
  actor: string;
  /** How long a replaced audio original stays (docs/decisions/0091). */
  deleteAfterMs: number;
}

/**
 * Applies the files of an upload one by one (docs/decisions/0085): each image checked (type, a
 * decompression bomb, its size) and matched by its name, its original stored and its picture queued, to
 * become the release's cover or the artist's picture once made (docs/decisions/0091); each audio file
 * (named .wav, .flac, .aif, .aiff or .mp3) checked, matched to its tracks and queued for the preview
 * cutter (docs/decisions/0026). A refused or unmatched file changes nothing. Recorded as one
 * 'media.upload' when anything was applied.
 */
export function createMediaUpload(ctx: MediaUploadContext) {
  const report: MediaUploadReport = { matched: [], unmatched: [], refused: [] };
  let targets: Targets | undefined;

  const apply = async (item: UploadedItem): Promise<void> => {
    if ('refused' in item) {
      report.refused.push({ file: item.name, reason: `${item.name} ${item.refused}` });
      return;
    }
    if (audioFileName.test(item.name)) {
      const outcome = await applyAudioFile(ctx, { name: item.name, path: item.path });
      if (outcome.list === 'matched') report.matched.push(outcome.entry);
      else report[outcome.list].push(outcome.entry);
      return;
    }
    try {
      // An image is at most mediaUploadLimits.maxImageBytes: read whole, as sharp takes it.
      const bytes = await readFile(item.path);
      const image = await checkImage(bytes);
      targets ??= await listMediaTargets(ctx.db);
      const target = matchTarget(targets, nameKey(item.name));
      if ('reason' in target) {
        report.unmatched.push({ file: item.name, reason: `${item.name} ${target.reason}` });
        return;
      }
      const job = await queueImage(ctx, item.name, bytes, image, target);
      report.matched.push({
        ...target,
        file: item.name,
        // Named by its content: the URL the catalog answers once the job is ready.
        url: uploadedArtUrl(job.name),
        job: { id: job.id, status: job.status, url: `/api/admin/media/images/${job.id}` },
      });
    } catch (err) {
      if (!(err instanceof ImageRefused)) throw err;
      report.refused.push({ file: item.name, reason: `${item.name} ${err.message}` });
    }
  };

  const finish = async (): Promise<MediaUploadReport> => {
    if (report.matched.length > 0) {
      const covers = report.matched.filter((m) => m.kind === 'release').length;
      const pictures = report.matched.filter((m) => m.kind === 'artist').length;
      const playlistCovers = report.matched.filter((m) => m.kind === 'playlist').length;
      const audio = report.matched.flatMap((m) => (m.kind === 'audio' ? [m] : []));
      const tracks = audio.reduce((sum, m) => sum + m.tracks.length, 0);
      const parts = [
        ...(covers + pictures > 0 ? [`${covers} cover${covers === 1 ? '' : 's'} and ${pictures} artist picture${pictures === 1 ? '' : 's'}`] : []),
        ...(playlistCovers > 0 ? [`${playlistCovers} playlist cover${playlistCovers === 1 ? '' : 's'}`] : []),
        ...(audio.length > 0 ? [`audio for ${tracks} track${tracks === 1 ? '' : 's'} (${audio.length} file${audio.length === 1 ? '' : 's'})`] : []),
      ];
      await recordActivity(ctx.db, {
        kind: 'media.upload',
        actor: ctx.actor,
        summary: `Uploaded ${parts.join(', and ')}`,
        details: {
          matched: report.matched.map((m) => (m.kind === 'audio' ? { file: m.file, kind: m.kind, id: m.id, tracks: m.tracks.map((t) => t.id) } : { file: m.file, kind: m.kind, id: m.id })),
          unmatched: report.unmatched.length,
          refused: report.refused.length,
        },
        at: ctx.now,
      });
    }
    return report;
  };

  return { apply, finish, report };
}

/** Image jobs as `GET /api/admin/media/images` answers them, in the order asked; an id of no job is left out. */
export async function imageJobAnswers(db: Db, ids: string[]): Promise<ImageJob[]> {
  const rows = await findImageJobs(db, ids);
  return rows.map((row) => ({
    id: row.id,
    file_name: row.fileName,
    kind: row.subjectKind,
    subject_id: row.subjectId,
    status: row.status,
    message: row.message,
    url: uploadedArtUrl(row.name),
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  }));
}
