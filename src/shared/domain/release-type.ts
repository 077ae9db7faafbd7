export const releaseTypes = ['album', 'ep', 'single', 'compilation'] as const;
export type ReleaseType = (typeof releaseTypes)[number];

/** Releases of up to this many tracks are singles (Spotify counts 1–3 track releases as singles). */
export const maxSingleTracks = 3;

/** More distinct primary artists than this (on more than 2 tracks) make a compilation. */
const maxAlbumArtists = 3;

export interface ReleaseShape {
  title: string;
  /** Primary artist names of each track. */
  trackArtists: string[][];
}

/**
 * What the type rule needs of a release, gathered one track at a time: an import reads a release's
 * rows wherever they are in the file, and keeps this instead of the tracks.
 */
export interface ReleaseTypeTally {
  isCompilationTitle: boolean;
  tracks: number;
  /** Distinct primary artists (lower case), kept only up to the count the rule looks at. */
  artists: string[];
}

export function startTypeTally(title: string): ReleaseTypeTally {
  return { isCompilationTitle: /compilation|various/i.test(title), tracks: 0, artists: [] };
}

export function tallyTrack(tally: ReleaseTypeTally, primaryArtists: string[]): void {
  tally.tracks += 1;
  for (const name of primaryArtists) {
    if (tally.artists.length > maxAlbumArtists) return;
    const key = name.trim().toLowerCase();
    if (key.length > 0 && !tally.artists.includes(key)) tally.artists.push(key);
  }
}

function tallyOf(release: ReleaseShape): ReleaseTypeTally {
  const tally = startTypeTally(release.title);
  for (const names of release.trackArtists) tallyTrack(tally, names);
  return tally;
}

function isCompilationTally(tally: ReleaseTypeTally): boolean {
  return tally.isCompilationTitle || (tally.tracks > 2 && tally.artists.length > maxAlbumArtists);
}

export function typeOfTally(tally: ReleaseTypeTally): ReleaseType {
  if (isCompilationTally(tally)) return 'compilation';
  return tally.tracks <= maxSingleTracks ? 'single' : 'album';
}

/** docs/product.md §5: 'compilation' or 'various' in the title, or more than 2 tracks by more than 3 artists. */
export function isCompilation(release: ReleaseShape): boolean {
  return isCompilationTally(tallyOf(release));
}

export function releaseTypeOf(release: ReleaseShape): ReleaseType {
  return typeOfTally(tallyOf(release));
}
