import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { mediaImageFormats, mediaMessages, mediaUploadLimits } from '../../../shared/api/admin-media.js';
import { generatedImageWidths } from '../../../shared/generated-images.js';
import type { MediaStore } from './media-store.js';

/** Why an image is refused; its message completes "{file} …". */
export class ImageRefused extends Error {}

type ImageFormat = (typeof mediaImageFormats)[number];
const isAccepted = (format: string | undefined): format is ImageFormat => mediaImageFormats.includes(format as ImageFormat);
const extensionOf: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/**
 * Reads only the image's header: its type and the size it declares, checked before a pixel is
 * decoded, so that a decompression bomb is refused for what it claims.
 */
export interface CheckedImage {
  format: ImageFormat;
  width: number;
  height: number;
}

/** `minSide` and its refusal: a cover's or picture's unless told otherwise (a logo, an icon: site-images.ts). */
export async function checkImage(
  bytes: Buffer,
  small: { minSide: number; refusal: (width: number, height: number) => string } = { minSide: mediaUploadLimits.minImageSide, refusal: mediaMessages.tooSmall },
): Promise<CheckedImage> {
  let meta: Metadata;
  try {
    // No pixel limit here: the header alone is read, and the limit is checked below with its own message.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused(mediaMessages.notAnImage);
  }
  if (!isAccepted(meta.format)) throw new ImageRefused(mediaMessages.notAnImage);
  const { width = 0, height = 0 } = meta;
  if (width * height > mediaUploadLimits.maxImagePixels || (meta.pages ?? 1) > 1) throw new ImageRefused(mediaMessages.bomb(width, height));
  if (Math.min(width, height) < small.minSide) throw new ImageRefused(small.refusal(width, height));
  return { format: meta.format, width, height };
}

/** Decodes under the same pixel limit, and says "unreadable" for a file whose header lied. */
export async function decoded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch {
    throw new ImageRefused(mediaMessages.unreadable);
  }
}

// libvips keeps the last operations and their pixels for reuse: an upload never repeats one, so that
// memory would only grow with each cover (the WebP copies of generated art are kept by media.service.ts).
sharp.cache(false);
export const open = (bytes: Buffer) => sharp(bytes, { limitInputPixels: mediaUploadLimits.maxImagePixels }).rotate();

/** The largest square copy kept: what `artwork_url` / `image_url` name. */
const fullSide = 1200;

/**
 * The name of an uploaded picture for one release or artist (`release:{id}`, `artist:{id}`): a hash of the
 * subject and the bytes, so a URL never changes what it shows (and one subject's files are never another's, decision 0091), and
 * the URL is known before the picture is made (docs/decisions/0091).
 */
export function uploadedArtName(subjectId: string, bytes: Buffer): string {
  return createHash('sha256').update(subjectId).update('\0').update(bytes).digest('hex').slice(0, 32);
}

export const originalKeyOf = (name: string, format: ImageFormat) => `art/${name}-original.${extensionOf[format]}`;

const uploadedArtPattern = /^\/media\/art\/([0-9a-f]{32})\.webp$/;

/** The name behind an uploaded picture's URL; undefined for any other picture (generated art, a Spotify URL). */
export function uploadedArtNameOf(url: string | null | undefined): string | undefined {
  return url ? uploadedArtPattern.exec(url)?.[1] : undefined;
}

/**
 * Every key an uploaded picture may have in the store: the square, its copies and its original (of any
 * type), and the share card its job made before cards were drawn on request (decision 0102).
 */
export function uploadedArtKeys(name: string): string[] {
  return [
    `art/${name}.webp`,
    ...generatedImageWidths.map((width) => `art/${name}-${width}.webp`),
    `art/${name}-card.jpg`,
    ...mediaImageFormats.map((format) => originalKeyOf(name, format)),
  ];
}

/**
 * Makes what is served of a stored original (the worker's part, docs/decisions/0091): a square WebP (up to
 * 1200 px) and its 160/320/640 px WebP copies, stored under `name`; its share card is drawn on request, with
 * the settings in force (media.service.ts, decision 0102). The square
 * goes last: a URL the catalog names always has every file behind it. An original that does not decode (its
 * header passed the checks, its pixels are damaged or cut short) is ImageRefused, "unreadable".
 */
export async function renderUploadedArt(store: MediaStore, name: string, bytes: Buffer): Promise<void> {
  const meta = await decoded(() => sharp(bytes, { limitInputPixels: mediaUploadLimits.maxImagePixels }).metadata());
  const side = Math.min(fullSide, meta.width ?? 0, meta.height ?? 0);
  const square = await decoded(() => open(bytes).resize(side, side, { fit: 'cover' }).webp({ quality: 85 }).toBuffer());
  // One after another: a job holds one picture's work in memory at a time.
  const copies: { width: number; body: Buffer }[] = [];
  for (const width of generatedImageWidths) copies.push({ width, body: await sharp(square).resize(width, width).webp({ quality: 80 }).toBuffer() });
  await Promise.all(copies.map((copy) => store.put(`art/${name}-${copy.width}.webp`, copy.body, 'image/webp')));
  await store.put(`art/${name}.webp`, square, 'image/webp');
}
