// The pictures the server generates for the demo catalog (`/media/releases/{id}.svg`, artists',
// playlists') and the covers and pictures staff upload (`/media/art/{name}.webp`, docs/decisions/0085)
// come in WebP copies of a few widths too, for `srcset` (docs/decisions/0023); and each release and
// artist has a 1200×630 raster share card for link previews, drawn on request. Apart from the zod contract, so that the
// browser's pages read it without loading zod.

/** Widths (px) of the WebP copies of each generated or uploaded picture. */
export const generatedImageWidths = [160, 320, 640] as const;
export type GeneratedImageWidth = (typeof generatedImageWidths)[number];

const generatedImagePattern = /^(\/media\/(?:releases|artists|playlists)\/[^/?#]+)\.svg$/;
const uploadedImagePattern = /^(\/media\/art\/[0-9a-f]+)\.webp$/;

/** An uploaded picture's URL: the square WebP that `artwork_url` / `image_url` name. */
export const uploadedArtUrl = (name: string) => `/media/art/${name}.webp`;

/**
 * The WebP copies of a generated or uploaded picture (`/media/releases/{id}.svg` →
 * `/media/releases/{id}-320.webp`), smallest first; none for any other picture (an artwork URL from Spotify).
 */
export function generatedImageCopies(url: string): { width: GeneratedImageWidth; url: string }[] {
  const base = (generatedImagePattern.exec(url) ?? uploadedImagePattern.exec(url))?.[1];
  return base ? generatedImageWidths.map((width) => ({ width, url: `${base}-${width}.webp` })) : [];
}

/** The `srcset` of a generated picture's copies; undefined for any other picture. */
export function generatedImageSrcSet(url: string): string | undefined {
  const copies = generatedImageCopies(url);
  return copies.length > 0 ? copies.map((copy) => `${copy.url} ${copy.width}w`).join(', ') : undefined;
}

/** FNV-1a: a short, stable fingerprint of texts, the same in the browser and on the server (not a secret). */
function fingerprint(texts: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const char of texts.join('\0')) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/**
 * The 1200×630 raster card a link to the release or artist previews with (never an SVG), drawn by the
 * server from the uploaded picture or else the generated art, with the label's name and accent in force
 * (docs/decisions/0102). Its `v` is a fingerprint of what it is drawn from: a renamed release or label, a
 * new accent or cover gives the page a new address, which no cache has kept.
 */
export function shareCardUrl(subject: {
  kind: 'releases' | 'artists';
  id: string;
  pictureUrl: string | null | undefined;
  title: string;
  subtitle?: string;
  label: { name: string; accent: string };
}): string {
  const version = fingerprint([subject.pictureUrl ?? '', subject.title, subject.subtitle ?? '', subject.label.name, subject.label.accent]);
  return `/media/${subject.kind}/${subject.id}-card.jpg?v=${version}`;
}
