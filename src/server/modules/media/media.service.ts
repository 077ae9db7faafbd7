import { buffer } from 'node:stream/consumers';
import pLimit from 'p-limit';
import sharp from 'sharp';
import type { GeneratedImageWidth } from '../../../shared/generated-images.js';
import { isUpcoming, localDate, releaseMoment } from '../../../shared/domain/release-day.js';
import { defaultLabel, findLabel } from '../../../shared/labels.js';
import { currentSiteSettings } from '../../../shared/site-settings.js';
import type { Db } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import type { MediaStore } from './media-store.js';
import { uploadedArtNameOf } from './uploaded-art.js';
import { renderArtistPicture, renderReleaseArtwork } from './artwork.js';
import { renderPreviewWav } from './preview-audio.js';
import { renderShareCard, type ShareCardInput } from './share-card.js';
import { isUuid } from '../../lib/uuid.js';
import { previewAudioUrl, uploadedPreviewUrl } from './media-urls.js';
import { findArtistSubject, findArtworkSubject, findPlaylistSubject, findPreviewSubject, isPreviewOfReleasedTrack } from './media.repo.js';

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

/** Artists belong to no one label: their pictures and cards wear the parent label's accent and name, as in force (docs/decisions/0097). */
export function placeholderArtistSvg(): string {
  return renderArtistPicture({ key: 'placeholder', name: '?', accent: defaultLabel.accent });
}

/** The release's generated artwork, or undefined for no such release or a draft (it has no page, docs/decisions/0101). */
export async function releaseArtworkSvg(db: Db, releaseId: string): Promise<string | undefined> {
  return (await releaseArtwork(db, releaseId))?.svg;
}

async function releaseArtwork(db: Db, releaseId: string) {
  const subject = isUuid(releaseId) ? await findArtworkSubject(db, releaseId, 'public') : undefined;
  if (!subject) return undefined;
  const label = findLabel(subject.labelId) ?? defaultLabel;
  const artist = subject.artist ?? 'Various Artists';
  const svg = renderReleaseArtwork({ key: subject.upc ?? releaseId, title: subject.title, artist, accent: label.accent });
  return { svg, title: subject.title, artist, label, uploaded: uploadedArtNameOf(subject.artworkUrl) };
}

/** The cover a download carries (docs/decisions/0103): the uploaded picture's name, or else its generated artwork. */
export async function releaseCoverSource(db: Db, releaseId: string): Promise<{ uploaded: string } | { svg: string } | undefined> {
  const subject = isUuid(releaseId) ? await findArtworkSubject(db, releaseId, 'staff') : undefined;
  if (!subject) return undefined;
  const uploaded = uploadedArtNameOf(subject.artworkUrl);
  if (uploaded) return { uploaded };
  const label = findLabel(subject.labelId) ?? defaultLabel;
  return { svg: renderReleaseArtwork({ key: subject.upc ?? releaseId, title: subject.title, artist: subject.artist ?? 'Various Artists', accent: label.accent }) };
}

/** `cover` as a square JPEG of `size` px, drawn in the drawings' turn (uploaded: from its 640 px copy in the store). */
export function coverJpeg(store: MediaStore, cover: { uploaded: string } | { svg: string }, size: number): Promise<Buffer> {
  return drawing(async () => {
    const bytes = 'svg' in cover ? Buffer.from(cover.svg) : await storedCopy(store, cover.uploaded);
    return sharp(bytes).resize(size, size).jpeg({ quality: 90 }).toBuffer();
  });
}

/**
 * A share card kept with everything it is drawn from: its picture (the generated SVG, or the uploaded
 * picture's name) and words, the label's name and accent in force. An uploaded picture's card is drawn
 * from its 640 px copy in the media store (the card shows it at 510 px), read in the drawing's turn.
 */
function cachedShareCard(key: string, picture: { svg: string } | { uploaded: string; store: MediaStore }, input: Omit<ShareCardInput, 'picture'>): Promise<Buffer> {
  const drawnFrom = JSON.stringify(['svg' in picture ? picture.svg : picture.uploaded, input.title, input.subtitle, input.labelName, input.accent]);
  return cachedRaster(key, drawnFrom, async () => {
    const bytes = 'svg' in picture ? Buffer.from(picture.svg) : await storedCopy(picture.store, picture.uploaded);
    return renderShareCard({ ...input, picture: bytes });
  });
}

async function storedCopy(store: MediaStore, name: string): Promise<Buffer> {
  const copy = await store.read(`art/${name}-640.webp`);
  if (!copy) throw new NotFoundError('Picture not found');
  return buffer(copy);
}

/**
 * The share card of a release (docs/decisions/0102): its uploaded cover, or else its generated artwork, beside
 * its words and its label's name and accent in force; undefined for no such release or a draft.
 */
export async function releaseShareCard(db: Db, store: MediaStore, releaseId: string): Promise<Buffer | undefined> {
  const art = await releaseArtwork(db, releaseId);
  if (!art) return undefined;
  const picture = art.uploaded ? { uploaded: art.uploaded, store } : { svg: art.svg };
  return cachedShareCard(`releases/${releaseId}-card.jpg`, picture, { title: art.title, subtitle: art.artist, labelName: art.label.name, accent: art.label.accent });
}

/** The share card of an artist: its uploaded picture, or else its generated one; undefined for no such or an unlisted artist. */
export async function artistShareCard(db: Db, store: MediaStore, artistId: string): Promise<Buffer | undefined> {
  const picture = await artistPicture(db, artistId);
  if (!picture) return undefined;
  const uploaded = uploadedArtNameOf(picture.imageUrl);
  return cachedShareCard(`artists/${artistId}-card.jpg`, uploaded ? { uploaded, store } : { svg: picture.svg }, {
    title: picture.name,
    labelName: defaultLabel.name,
    accent: defaultLabel.accent,
  });
}

/** The generated cover of a published playlist, or undefined for no such or a draft playlist (docs/decisions/0103). */
export async function playlistCoverSvg(db: Db, playlistId: string): Promise<string | undefined> {
  const playlist = await findPlaylistSubject(db, playlistId, 'public');
  const label = playlist && findLabel(playlist.labelId);
  if (!playlist || !label) return undefined;
  return renderReleaseArtwork({ key: playlistId, title: playlist.title, artist: label.name, accent: label.accent });
}

/** The artist's generated picture, or undefined for no such or an unlisted artist (no page; artist ids are slugs, not UUIDs). */
export async function artistPictureSvg(db: Db, artistId: string): Promise<string | undefined> {
  return (await artistPicture(db, artistId))?.svg;
}

async function artistPicture(db: Db, artistId: string) {
  const artist = await findArtistSubject(db, artistId, 'public');
  return artist && { ...artist, svg: renderArtistPicture({ key: artistId, name: artist.name, accent: defaultLabel.accent }) };
}

/**
 * The generated preview loop of a track whose preview is the generated one (the demo catalog's), once
 * its release is out; undefined otherwise: a real track never plays a made-up loop, and an upcoming
 * release's previews are for members (docs/decisions/0064).
 */
export async function generatedPreviewWav(db: Db, trackId: string, now: Date): Promise<Buffer | undefined> {
  const subject = isUuid(trackId) ? await findPreviewSubject(db, trackId) : undefined;
  if (!subject || subject.previewUrl !== previewAudioUrl(trackId) || isUpcoming(subject.releaseDate, now, currentSiteSettings().timeZone)) return undefined;
  return cachedPreview(subject.isrc ?? trackId);
}

/**
 * Whether `/media/audio/{file}` may be served to anyone (docs/decisions/0096): a track of a release that
 * is out has it as its preview. A preview only upcoming releases' tracks have is for members (through
 * GET /api/vip/early-access/{trackId}) until the release's moment; one no track has (replaced, waiting
 * for the sweep) is nobody's.
 */
export function isPublicUploadedPreview(db: Db, file: string, now: Date): Promise<boolean> {
  return isPreviewOfReleasedTrack(db, uploadedPreviewUrl(file), localDate(now, currentSiteSettings().timeZone));
}

export type EarlyAccessPreview =
  /** The generated loop (a WAV), or the key of the MP3 cut from uploaded audio in the media store. */
  | { kind: 'generated'; body: Buffer }
  | { kind: 'uploaded'; key: string }
  /** Upcoming, but further than `earlyAccessDays` away: when members may listen. */
  | { kind: 'not-yet'; opensAt: Date }
  | { kind: 'none' };

/** When early access to a release dated `releaseDate` opens: `earlyAccessDays` before its public moment. */
export function earlyAccessOpensAt(releaseDate: string, earlyAccessDays: number): Date {
  return new Date(releaseMoment(releaseDate, currentSiteSettings().timeZone) - earlyAccessDays * 24 * 60 * 60 * 1000);
}

/** A preview early access can serve: the generated loop or one cut from uploaded audio (not a store's URL). */
export function hasPreviewOfOurs(trackId: string, previewUrl: string | null): previewUrl is string {
  return previewUrl !== null && (previewUrl === previewAudioUrl(trackId) || previewUrl.startsWith(uploadedPreviewUrl('')));
}

/**
 * An upcoming release's preview for VIP early access (docs/decisions/0064): within `earlyAccessDays`
 * of its public moment, the generated loop or the preview cut from uploaded audio. 'none' for a track
 * that is not upcoming (its preview is public), has no preview of ours, or no such track.
 */
export async function earlyAccessPreview(db: Db, trackId: string, now: Date, earlyAccessDays: number): Promise<EarlyAccessPreview> {
  const subject = isUuid(trackId) ? await findPreviewSubject(db, trackId) : undefined;
  if (!subject?.releaseDate || !hasPreviewOfOurs(trackId, subject.previewUrl) || !isUpcoming(subject.releaseDate, now, currentSiteSettings().timeZone)) return { kind: 'none' };
  const opensAt = earlyAccessOpensAt(subject.releaseDate, earlyAccessDays);
  if (now < opensAt) return { kind: 'not-yet', opensAt };
  if (subject.previewUrl === previewAudioUrl(trackId)) return { kind: 'generated', body: cachedPreview(subject.isrc ?? trackId) };
  return { kind: 'uploaded', key: `previews/${subject.previewUrl.slice(uploadedPreviewUrl('').length)}` };
}

/**
 * Rasters of generated pictures, WebP copies (docs/decisions/0023) and share cards: the same picture
 * every time what it is drawn from is the same, so each is drawn once and kept (a release list's first
 * screen asks for a dozen at once). Kept with what it was drawn from (the SVG, and a card's words, label
 * name and accent): a renamed release, or a label renamed or recoloured in the settings, draws it again.
 */
const rasterCache = new Map<string, { drawnFrom: string; raster: Promise<Buffer> }>();
const rasterCacheSize = 1024;
/**
 * Pictures drawn at once: sharp works on libuv's thread pool (4 threads), which file reads and the
 * compression of answers share; drawing on two of them at most leaves the others to every other
 * request while one address asks for hundreds of pictures never drawn before (issue 32, row 10).
 */
const drawing = pLimit(2);

/** Pictures being drawn now, and those waiting for a turn (`bir_image_drawings`, docs/operations.md). */
export function drawingsNow(): { drawing: number; waiting: number } {
  return { drawing: drawing.activeCount, waiting: drawing.pendingCount };
}

function cachedRaster(key: string, drawnFrom: string, draw: () => Promise<Buffer>): Promise<Buffer> {
  const kept = rasterCache.get(key);
  if (kept?.drawnFrom === drawnFrom) return kept.raster;
  const raster = drawing(draw);
  raster.catch(() => rasterCache.delete(key));
  if (rasterCache.size >= rasterCacheSize) rasterCache.delete(rasterCache.keys().next().value as string);
  rasterCache.set(key, { drawnFrom, raster });
  return raster;
}

/** The picture `svg` at `width` pixels as WebP, cached under `key` (its kind and file name). */
export function webpCopy(key: string, svg: string, width: GeneratedImageWidth): Promise<Buffer> {
  return cachedRaster(key, svg, () => sharp(Buffer.from(svg)).resize(width, width).webp({ quality: 80 }).toBuffer());
}
