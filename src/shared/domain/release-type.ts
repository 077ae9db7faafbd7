export const releaseTypes = ['album', 'ep', 'single', 'compilation'] as const;
export type ReleaseType = (typeof releaseTypes)[number];

/** A type as a release page names it: its format, as collectors say ("EP"). */
export const releaseTypeNames: Readonly<Record<ReleaseType, string>> = { album: 'Album', ep: 'EP', single: 'Single', compilation: 'Compilation' };

/** A release of more tracks than this is an album, unless one title in several mixes (docs/decisions/0101). */
export const maxEpTracks = 6;

/** More distinct primary artists than this (on more than 2 tracks) make a compilation. */
const maxAlbumArtists = 3;

export interface ReleaseShape {
  title: string;
  /** Each track's title and primary artist names. */
  tracks: { title: string; artists: string[] }[];
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
  /** Distinct track titles (lower case), kept up to two: one title in several mixes is an EP. */
  titles: string[];
}

export function startTypeTally(title: string): ReleaseTypeTally {
  return { isCompilationTitle: /compilation|various/i.test(title), tracks: 0, artists: [], titles: [] };
}

export function tallyTrack(tally: ReleaseTypeTally, title: string, primaryArtists: string[]): void {
  tally.tracks += 1;
  const titleKey = title.trim().toLowerCase();
  if (tally.titles.length < 2 && !tally.titles.includes(titleKey)) tally.titles.push(titleKey);
  for (const name of primaryArtists) {
    if (tally.artists.length > maxAlbumArtists) return;
    const key = name.trim().toLowerCase();
    if (key.length > 0 && !tally.artists.includes(key)) tally.artists.push(key);
  }
}

function tallyOf(release: ReleaseShape): ReleaseTypeTally {
  const tally = startTypeTally(release.title);
  for (const track of release.tracks) tallyTrack(tally, track.title, track.artists);
  return tally;
}

function isCompilationTally(tally: ReleaseTypeTally): boolean {
  return tally.isCompilationTitle || (tally.tracks > 2 && tally.artists.length > maxAlbumArtists);
}

/**
 * docs/product.md §5.6: a compilation (decision 0002); else a single for one track; else an EP for one title in
 * several mixes or 2–6 tracks; else an album (decision 0101).
 */
export function typeOfTally(tally: ReleaseTypeTally): ReleaseType {
  if (isCompilationTally(tally)) return 'compilation';
  if (tally.tracks <= 1) return 'single';
  if (tally.titles.length === 1 || tally.tracks <= maxEpTracks) return 'ep';
  return 'album';
}

/** The distributor's own name of a type (a `Release Type` column: Album, EP, Single, Compilation), or null. */
export function releaseTypeNamed(name: string | undefined): ReleaseType | null {
  const key = name?.trim().toLowerCase();
  return releaseTypes.find((type) => type === key) ?? null;
}

/** docs/product.md §5: 'compilation' or 'various' in the title, or more than 2 tracks by more than 3 artists. */
export function isCompilation(release: ReleaseShape): boolean {
  return isCompilationTally(tallyOf(release));
}

export function releaseTypeOf(release: ReleaseShape): ReleaseType {
  return typeOfTally(tallyOf(release));
}
