import { siteImageLimits, siteImageMessages, type SiteImageKind } from '../../../shared/api/settings.js';
import type { MediaStore } from './media-store.js';
import { checkImage, decoded, open, uploadedArtName } from './uploaded-art.js';

// A label's logo and the site's icon, uploaded by the owner in the admin's Site tab (docs/decisions/0102):
// checked as covers are (a JPEG, PNG or WebP, no decompression bomb), made into the one file the site
// serves, and stored in the media store under a name of their content, so a URL never changes what it shows.

/** What each is made into: a logo keeps its shape (and transparency) within 800×400; an icon is a 512 px square PNG. */
const made = {
  logo: { extension: 'webp', type: 'image/webp', make: (bytes: Buffer) => open(bytes).resize(800, 400, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 90 }).toBuffer() },
  icon: { extension: 'png', type: 'image/png', make: (bytes: Buffer) => open(bytes).resize(512, 512, { fit: 'cover' }).png().toBuffer() },
} as const;

/**
 * Checks, makes and stores an uploaded logo (`subject`: its label) or icon; answers its URL under
 * `/media/art/`. Refuses (ImageRefused, its message completing "{file} …") what is no image, too small or damaged.
 */
export async function storeSiteImage(store: MediaStore, kind: SiteImageKind, subject: string, bytes: Buffer): Promise<string> {
  const minSide = siteImageLimits.minSide[kind];
  await checkImage(bytes, { minSide, refusal: (width, height) => siteImageMessages.tooSmall(width, height, minSide) });
  const file = `${kind}-${uploadedArtName(`${kind}:${subject}`, bytes)}.${made[kind].extension}`;
  await store.put(`art/${file}`, await decoded(() => made[kind].make(bytes)), made[kind].type);
  return `/media/art/${file}`;
}

/** The media store's key of an image `storeSiteImage` answered (its URL). */
export const siteImageKey = (url: string) => url.replace(/^\/media\//, '');
