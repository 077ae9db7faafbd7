import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { currentSiteSettings } from '../../../shared/site-settings.js';
import { siteImageKey, type MediaStore } from '../media/index.js';

// The favicon and touch icons, drawn from the site settings in force (`icon`, docs/decisions/0097): the
// letters and colours an owner sets, or the image they uploaded (0102).

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The drawn icon as SVG: the letters in the accent on the ground, a bar of the accent beneath them. */
function iconSvg(): string {
  const { letters, accent, ground } = currentSiteSettings().icon;
  const size = letters.length > 1 ? 250 : 330;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">' +
    `<rect width="512" height="512" rx="96" fill="${escapeXml(ground)}"/>` +
    `<text x="256" y="300" text-anchor="middle" font-family="Helvetica Neue,Helvetica,Arial,sans-serif" font-size="${size}" font-weight="700" fill="${escapeXml(accent)}">${escapeXml(letters)}</text>` +
    `<rect x="136" y="380" width="240" height="28" rx="14" fill="${escapeXml(accent)}"/></svg>`
  );
}

/** The sizes drawn as PNG: the browser tab's (inside the ICO) and Apple's touch icon. */
type IconSize = 16 | 32 | 180;

/** The icon's picture: the drawn letters (SVG), or the owner's uploaded image (a 512 px PNG). */
interface IconPicture {
  kind: 'svg' | 'png';
  bytes: Buffer;
}

/**
 * The icon's picture as the settings make it now: the owner's uploaded image (a 512 px PNG in the media
 * store, decision 0102) when there is one, else the drawn letters. Read again once the settings change it.
 * An uploaded image missing from the store (a store restored without it, a folder cleaned by hand) is
 * drawn as the letters, logged, rather than leaving the site without an icon.
 */
let drawn: { source: string; picture: Promise<IconPicture>; pngs: Map<IconSize, Promise<Buffer>> } | undefined;

function iconPicture(store: MediaStore, log: FastifyBaseLogger) {
  const { image } = currentSiteSettings().icon;
  const source = image ?? iconSvg();
  if (drawn?.source !== source) {
    const letters = (): IconPicture => ({ kind: 'svg', bytes: Buffer.from(iconSvg()) });
    const picture = image ? readStored(store, siteImageKey(image), log).then((png) => (png ? { kind: 'png' as const, bytes: png } : letters())) : Promise.resolve(letters());
    const made = { source, picture, pngs: new Map<IconSize, Promise<Buffer>>() };
    drawn = made;
    // A read that failed is tried again by the next request.
    picture.catch(() => {
      if (drawn === made) drawn = undefined;
    });
  }
  return drawn;
}

async function readStored(store: MediaStore, key: string, log: FastifyBaseLogger): Promise<Buffer | undefined> {
  const stream = await store.read(key);
  if (!stream) {
    log.warn({ key }, 'the icon image is missing from the media store: the icon is drawn from its letters');
    return undefined;
  }
  return buffer(stream);
}

/** /favicon.svg: the drawn icon, or the uploaded image inside an SVG. */
export async function faviconSvg(store: MediaStore, log: FastifyBaseLogger): Promise<string> {
  const { kind, bytes } = await iconPicture(store, log).picture;
  if (kind === 'svg') return bytes.toString();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512"><image width="512" height="512" href="data:image/png;base64,${bytes.toString('base64')}"/></svg>`;
}

/** The icon at `size` px as PNG, drawn once per look of the icon. */
export function iconPng(store: MediaStore, log: FastifyBaseLogger, size: IconSize): Promise<Buffer> {
  const icon = iconPicture(store, log);
  let png = icon.pngs.get(size);
  if (!png) {
    png = icon.picture.then((picture) => sharp(picture.bytes).resize(size, size).png().toBuffer());
    icon.pngs.set(size, png);
  }
  return png;
}

/** /favicon.ico: an ICO holding the 16 and 32 px PNGs (every browser since 2010 reads PNG inside ICO). */
export async function faviconIco(store: MediaStore, log: FastifyBaseLogger): Promise<Buffer> {
  const images = await Promise.all(([16, 32] as const).map(async (size) => ({ size, png: await iconPng(store, log, size) })));
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // an icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size, entry);
    header.writeUInt8(size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}
