import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { mediaImageFormats, mediaMessages, mediaUploadLimits } from '../../../shared/api/admin-media.js';
import { generatedImageWidths, uploadedArtUrl } from '../../../shared/generated-images.js';
import type { MediaStore } from './media-store.js';
import { renderShareCard, type ShareCardInput } from './share-card.js';

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

export async function checkImage(bytes: Buffer): Promise<CheckedImage> {
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
  if (Math.min(width, height) < mediaUploadLimits.minImageSide) throw new ImageRefused(mediaMessages.tooSmall(width, height));
  return { format: meta.format, width, height };
}

/** Decodes under the same pixel limit, and says "unreadable" for a file whose header lied. */
async function decoded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch {
    throw new ImageRefused(mediaMessages.unreadable);
  }
}

// libvips keeps the last operations and their pixels for reuse: an upload never repeats one, so that
// memory would only grow with each cover (the WebP copies of generated art are kept by media.service.ts).
sharp.cache(false);
const open = (bytes: Buffer) => sharp(bytes, { limitInputPixels: mediaUploadLimits.maxImagePixels }).rotate();

/** The largest square copy kept: what `artwork_url` / `image_url` name. */
const fullSide = 1200;

/**
 * Stores an accepted image for one release or artist: the original as sent, a square WebP (up to
 * 1200 px), its 160/320/640 px WebP copies and a 1200×630 JPEG share card; the keys are named by
 * the picture and its subject, so a URL never changes what it shows. Returns the picture's URL.
 */
export async function storeUploadedArt(
  store: MediaStore,
  bytes: Buffer,
  image: CheckedImage,
  card: Omit<ShareCardInput, 'picture'> & { subjectId: string },
): Promise<string> {
  const name = createHash('sha256').update(card.subjectId).update('\0').update(bytes).digest('hex').slice(0, 32);
  const side = Math.min(fullSide, image.width, image.height);
  const square = await decoded(() => open(bytes).resize(side, side, { fit: 'cover' }).webp({ quality: 85 }).toBuffer());
  // One after another: an upload of hundreds of covers holds one picture's work in memory at a time.
  const copies: { width: number; body: Buffer }[] = [];
  for (const width of generatedImageWidths) copies.push({ width, body: await sharp(square).resize(width, width).webp({ quality: 80 }).toBuffer() });
  const shareCard = await renderShareCard({ ...card, picture: square });
  // The original first and the picture last: a URL the catalog names always has every file behind it.
  await store.put(`art/${name}-original.${extensionOf[image.format]}`, bytes, `image/${image.format}`);
  await Promise.all([
    ...copies.map((copy) => store.put(`art/${name}-${copy.width}.webp`, copy.body, 'image/webp')),
    store.put(`art/${name}-card.jpg`, shareCard, 'image/jpeg'),
  ]);
  await store.put(`art/${name}.webp`, square, 'image/webp');
  return uploadedArtUrl(name);
}
