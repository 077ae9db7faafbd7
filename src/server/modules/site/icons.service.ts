import sharp from 'sharp';
import { currentSiteSettings } from '../../../shared/site-settings.js';

// The favicon and touch icons, drawn from the site settings in force (`icon`, docs/decisions/0097): a label family
// that re-brands the product gets its own icons by editing that file alone.

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The icon as SVG: the letters in the accent on the ground, a bar of the accent beneath them. */
export function iconSvg(): string {
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

/** The PNGs of the icon as the settings draw it now: drawn again once the settings change it. */
let drawn: { svg: string; pngs: Map<IconSize, Promise<Buffer>> } | undefined;

/** The icon at `size` px as PNG, drawn once per look of the icon. */
export function iconPng(size: IconSize): Promise<Buffer> {
  const svg = iconSvg();
  if (drawn?.svg !== svg) drawn = { svg, pngs: new Map() };
  let png = drawn.pngs.get(size);
  if (!png) {
    png = sharp(Buffer.from(svg)).resize(size, size).png().toBuffer();
    drawn.pngs.set(size, png);
  }
  return png;
}

/** /favicon.ico: an ICO holding the 16 and 32 px PNGs (every browser since 2010 reads PNG inside ICO). */
export async function faviconIco(): Promise<Buffer> {
  const images = await Promise.all(([16, 32] as const).map(async (size) => ({ size, png: await iconPng(size) })));
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
