// The pictures the server generates for the demo catalog (`/media/releases/{id}.svg`, artists',
// playlists') come in WebP copies of a few widths too, for `srcset` (docs/decisions/0023). Apart
// from the zod contract, so that the browser's pages read it without loading zod.

/** Widths (px) of the WebP copies of each generated picture. */
export const generatedImageWidths = [160, 320, 640] as const;
export type GeneratedImageWidth = (typeof generatedImageWidths)[number];

const generatedImagePattern = /^(\/media\/(?:releases|artists|playlists)\/[^/?#]+)\.svg$/;

/**
 * The WebP copies of a generated picture (`/media/releases/{id}.svg` → `/media/releases/{id}-320.webp`),
 * smallest first; none for any other picture (an artwork URL from Spotify).
 */
export function generatedImageCopies(url: string): { width: GeneratedImageWidth; url: string }[] {
  const base = generatedImagePattern.exec(url)?.[1];
  return base ? generatedImageWidths.map((width) => ({ width, url: `${base}-${width}.webp` })) : [];
}

/** The `srcset` of a generated picture's copies; undefined for any other picture. */
export function generatedImageSrcSet(url: string): string | undefined {
  const copies = generatedImageCopies(url);
  return copies.length > 0 ? copies.map((copy) => `${copy.url} ${copy.width}w`).join(', ') : undefined;
}
