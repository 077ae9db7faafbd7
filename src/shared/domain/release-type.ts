export const releaseTypes = ['album', 'single', 'compilation'] as const;
export type ReleaseType = (typeof releaseTypes)[number];

/** Releases of up to this many tracks are singles (Spotify counts 1–3 track releases as singles). */
export const maxSingleTracks = 3;

export interface ReleaseShape {
  title: string;
  /** Primary artist names of each track. */
  trackArtists: string[][];
}

/** docs/product.md §5: 'compilation' or 'various' in the title, or more than 2 tracks by more than 3 artists. */
export function isCompilation(release: ReleaseShape): boolean {
  if (/compilation|various/i.test(release.title)) return true;
  const names = release.trackArtists.flat().map((n) => n.trim().toLowerCase());
  const distinct = new Set(names.filter((n) => n.length > 0));
  return release.trackArtists.length > 2 && distinct.size > 3;
}

export function releaseTypeOf(release: ReleaseShape): ReleaseType {
  if (isCompilation(release)) return 'compilation';
  return release.trackArtists.length <= maxSingleTracks ? 'single' : 'album';
}
