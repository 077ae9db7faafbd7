export interface ImageCandidate {
  url: string;
  width?: number | null;
  height?: number | null;
}

export interface ArtistImageSources {
  image_url?: string | null;
  profile_image_url?: string | null;
  images?: ImageCandidate[] | null;
}

function present(url: string | null | undefined): string | null {
  return typeof url === 'string' && url.trim().length > 0 ? url.trim() : null;
}

/**
 * docs/product.md §3 artist image chain: own picture, largest provider image, then the artist's generated picture
 * (never a release's cover, which may be another artist's: issue 35).
 */
export function pickArtistImage(sources: ArtistImageSources, generated: string): string {
  // Blank urls are no picture; among the rest the widest wins (unknown width counts as 0).
  const usable = (sources.images ?? []).filter((image) => present(image.url) !== null);
  const largest = [...usable].sort((a, b) => (b.width ?? 0) - (a.width ?? 0))[0];
  return (
    present(sources.image_url) ??
    present(sources.profile_image_url) ??
    present(largest?.url) ??
    generated
  );
}
