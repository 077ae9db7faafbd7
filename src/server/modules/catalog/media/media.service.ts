import sharp from 'sharp';
import type { GeneratedImageWidth } from '../../../../shared/generated-images.js';
import { defaultLabel, findLabel, labels } from '../../../../shared/labels.js';
import type { Db } from '../../../db/client.js';
import { renderArtistPicture, renderReleaseArtwork } from './artwork.js';
import { renderPreviewWav } from './preview-audio.js';
import { isUuid } from '../../../lib/uuid.js';
import { previewAudioUrl } from './media-urls.js';
import { findArtistName, findArtworkSubject, findPreviewSubject } from './media.repo.js';

const primaryAccent = defaultLabel.accent;

/** Rendering a preview takes tens of milliseconds and a browser asks for ranges of the same file. */
const previewCache = new Map<string, Buffer>();
const previewCacheSize = 64;

function cachedPreview(key: string): Buffer {
  let wav = previewCache.get(key);
  if (!wav) {
    wav = renderPreviewWav(key);
    if (previewCache.size >= previewCacheSize) previewCache.delete(previewCache.keys().next().value as string);
    previewCache.set(key, wav);
  }
  return wav;
}

export function placeholderArtistSvg(): string {
  return renderArtistPicture({ key: 'placeholder', name: '?', accent: primaryAccent });
}

/** The release's generated artwork, or undefined for no such release. */
export async function releaseArtworkSvg(db: Db, releaseId: string): Promise<string | undefined> {
  const subject = isUuid(releaseId) ? await findArtworkSubject(db, releaseId) : undefined;
  if (!subject) return undefined;
  return renderReleaseArtwork({
    key: subject.upc ?? releaseId,
    title: subject.title,
    artist: subject.artist ?? 'Various Artists',
    accent: findLabel(subject.labelId)?.accent ?? primaryAccent,
  });
}

/** The cover of a playlist of the site configuration, or undefined for no such playlist. */
export function playlistCoverSvg(playlistId: string): string | undefined {
  const label = labels.find((l) => l.playlists.some((p) => p.id === playlistId));
  const playlist = label?.playlists.find((p) => p.id === playlistId);
  if (!label || !playlist) return undefined;
  return renderReleaseArtwork({ key: playlistId, title: playlist.title, artist: label.name, accent: label.accent });
}

/** The artist's generated picture, or undefined for no such artist (artist ids are slugs, not UUIDs). */
export async function artistPictureSvg(db: Db, artistId: string): Promise<string | undefined> {
  const name = await findArtistName(db, artistId);
  return name === undefined ? undefined : renderArtistPicture({ key: artistId, name, accent: primaryAccent });
}

/**
 * The generated preview loop of a track whose preview is the generated one (the demo catalog's);
 * undefined otherwise: a real track never plays a made-up loop.
 */
export async function generatedPreviewWav(db: Db, trackId: string): Promise<Buffer | undefined> {
  const subject = isUuid(trackId) ? await findPreviewSubject(db, trackId) : undefined;
  if (!subject || subject.previewUrl !== previewAudioUrl(trackId)) return undefined;
  return cachedPreview(subject.isrc ?? trackId);
}

/**
 * WebP copies of generated pictures (docs/decisions/0023): the same picture every time, so each is
 * drawn once and kept (a release list's first screen asks for a dozen at once).
 */
const webpCache = new Map<string, Promise<Buffer>>();
const webpCacheSize = 1024;

/** The picture `svg` at `width` pixels as WebP, cached under `key` (its kind and file name). */
export function webpCopy(key: string, svg: string, width: GeneratedImageWidth): Promise<Buffer> {
  let webp = webpCache.get(key);
  if (!webp) {
    webp = sharp(Buffer.from(svg)).resize(width, width).webp({ quality: 80 }).toBuffer();
    webp.catch(() => webpCache.delete(key));
    if (webpCache.size >= webpCacheSize) webpCache.delete(webpCache.keys().next().value as string);
    webpCache.set(key, webp);
  }
  return webp;
}
