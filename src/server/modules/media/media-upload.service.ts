import { readFile } from 'node:fs/promises';
import { audioFileName } from '../../../shared/api/admin-audio.js';
import { mediaMessages, type MediaUploadReport } from '../../../shared/api/admin-media.js';
import { defaultLabel, findLabel } from '../../../shared/labels.js';
import type { Db } from '../../db/client.js';
import { recordActivity } from '../staff/index.js';
import { applyAudioFile } from './audio/audio-upload.js';
import { nameKey } from './media-name.js';
import type { MediaStore } from './media-store.js';
import { findArtworkSubject, listMediaTargets, setArtistPicture, setReleaseArtwork } from './media.repo.js';
import type { UploadedItem } from './media-upload.js';
import { checkImage, ImageRefused, storeUploadedArt } from './uploaded-art.js';

type Targets = Awaited<ReturnType<typeof listMediaTargets>>;
type Target = { kind: 'release'; release: Targets['releases'][number] } | { kind: 'artist'; artist: Targets['artists'][number] };

/**
 * What a file name names: a release by its id, UPC or catalog number, else an artist by id or
 * name. More than one release (a catalog number two labels share) or artist is no match: the
 * reason says so.
 */
function matchTarget(targets: Targets, key: string): Target | { reason: string } {
  const releases = targets.releases.filter((r) => r.id === key || r.upc?.toLowerCase() === key || r.catalogNumber?.toLowerCase() === key);
  if (releases.length > 1) return { reason: mediaMessages.ambiguous(releases.length, `releases (${releases.map((r) => `"${r.title}"`).join(', ')})`) };
  if (releases[0]) return { kind: 'release', release: releases[0] };
  const artists = targets.artists.filter((a) => a.id === key || a.name.toLowerCase() === key);
  if (artists.length > 1) return { reason: mediaMessages.ambiguous(artists.length, 'artists') };
  if (artists[0]) return { kind: 'artist', artist: artists[0] };
  return { reason: mediaMessages.unknownName };
}

export interface MediaUploadContext {
  db: Db;
  store: MediaStore;
  now: Date;
  actor: string;
}

/**
 * Applies the files of an upload one by one (docs/decisions/0085): each image checked (type, a
 * decompression bomb, its size), matched by its name, stored and made the release's cover or the
 * artist's picture; each audio file (named .wav, .flac, .aif, .aiff or .mp3) checked, matched to its
 * tracks and queued for the preview cutter (docs/decisions/0026). A refused or unmatched file changes nothing. Recorded as one 'media.upload'
 * when anything was applied.
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
      if (target.kind === 'release') {
        const { release } = target;
        const subject = await findArtworkSubject(ctx.db, release.id);
        const label = findLabel(release.labelId) ?? defaultLabel;
        const card = { subjectId: `release:${release.id}`, title: release.title, subtitle: subject?.artist ?? 'Various Artists', labelName: label.name, accent: label.accent };
        const url = await storeUploadedArt(ctx.store, bytes, image, card);
        await setReleaseArtwork(ctx.db, release.id, url, ctx.now);
        report.matched.push({ file: item.name, kind: 'release', id: release.id, name: release.title, url });
      } else {
        const { artist } = target;
        const card = { subjectId: `artist:${artist.id}`, title: artist.name, labelName: defaultLabel.name, accent: defaultLabel.accent };
        const url = await storeUploadedArt(ctx.store, bytes, image, card);
        await setArtistPicture(ctx.db, artist.id, url, ctx.now);
        report.matched.push({ file: item.name, kind: 'artist', id: artist.id, name: artist.name, url });
      }
    } catch (err) {
      if (!(err instanceof ImageRefused)) throw err;
      report.refused.push({ file: item.name, reason: `${item.name} ${err.message}` });
    }
  };

  const finish = async (): Promise<MediaUploadReport> => {
    if (report.matched.length > 0) {
      const covers = report.matched.filter((m) => m.kind === 'release').length;
      const pictures = report.matched.filter((m) => m.kind === 'artist').length;
      const audio = report.matched.flatMap((m) => (m.kind === 'audio' ? [m] : []));
      const tracks = audio.reduce((sum, m) => sum + m.tracks.length, 0);
      const parts = [
        ...(covers + pictures > 0 ? [`${covers} cover${covers === 1 ? '' : 's'} and ${pictures} artist picture${pictures === 1 ? '' : 's'}`] : []),
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
