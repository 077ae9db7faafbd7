import { describe, expect, it } from 'vitest';
import { isCompilation, maxEpTracks, releaseTypeNamed, releaseTypeOf, releaseTypes } from './release-type.js';

/** A release whose tracks are each by the given single artist, each track titled apart. */
function release(title: string, ...artists: string[]) {
  return { title, tracks: artists.map((a, index) => ({ title: `${title} ${index + 1}`, artists: [a] })) };
}

/** A release whose tracks, each titled apart, are by these artists. */
function credited(title: string, trackArtists: string[][]) {
  return { title, tracks: trackArtists.map((artists, index) => ({ title: `${title} ${index + 1}`, artists })) };
}

/** A release of one title in these mixes, by one artist. */
function mixes(title: string, count: number) {
  return { title, tracks: Array.from({ length: count }, () => ({ title, artists: ['Kwal'] })) };
}

describe('isCompilation by title', () => {
  it("counts 'compilation' or 'various' anywhere in the title, in any case", () => {
    expect(isCompilation(release('Build It Records Summer Compilation 2024', 'Kwal'))).toBe(true);
    expect(isCompilation(release('Build It Records G House Compilation, Vol. 1', 'Kwal'))).toBe(true);
    expect(isCompilation(release('COMPILATION', 'Kwal'))).toBe(true);
    expect(isCompilation(release('Various Artists Vol. 2', 'Kwal'))).toBe(true);
    expect(isCompilation(release('deep by various', 'Kwal'))).toBe(true);
  });

  it('holds even for a one-track release', () => {
    expect(releaseTypeOf(release('Various', 'Kwal'))).toBe('compilation');
  });

  it('does not count other titles', () => {
    expect(isCompilation(release('No More', 'Kwal'))).toBe(false);
    expect(isCompilation(release('Build It Records: The Collection, Vol. 3', 'Kwal'))).toBe(false);
  });
});

describe('isCompilation by artists: more than 2 tracks and more than 3 distinct artists', () => {
  it('3 tracks by 4 artists is a compilation', () => {
    const r = credited('Mix', [['A', 'B'], ['C'], ['D']]);
    expect(isCompilation(r)).toBe(true);
    expect(releaseTypeOf(r)).toBe('compilation');
  });

  it('2 tracks by 4 artists is not (track threshold)', () => {
    const r = credited('Mix', [['A', 'B'], ['C', 'D']]);
    expect(isCompilation(r)).toBe(false);
    expect(releaseTypeOf(r)).toBe('ep');
  });

  it('3 tracks by 3 artists is not (artist threshold)', () => {
    expect(isCompilation(release('Mix', 'A', 'B', 'C'))).toBe(false);
  });

  it('many tracks by 3 artists is not', () => {
    expect(isCompilation(release('Mix', 'A', 'B', 'C', 'A', 'B', 'C', 'A'))).toBe(false);
    expect(releaseTypeOf(release('Mix', 'A', 'B', 'C', 'A', 'B', 'C', 'A'))).toBe('album');
  });

  it('counts names that differ only in case or surrounding spaces once', () => {
    const r = credited('Mix', [['Kwal', 'KWAL'], ['kwal ', 'Rob Me'], ['Frederique'], ['rob me']]);
    // distinct: kwal, rob me, frederique = 3, not more than 3
    expect(isCompilation(r)).toBe(false);
    expect(releaseTypeOf(r)).toBe('ep');
  });

  it('does not count blank names as artists', () => {
    const r = credited('Mix', [['A'], ['B', ''], ['C', '  ']]);
    expect(isCompilation(r)).toBe(false);
  });

  it('counts artists over featured credits of one track too', () => {
    const r = { title: 'Mix', tracks: [{ title: 'X', artists: ['A'] }, { title: 'Y', artists: ['A'] }, { title: 'Z', artists: ['A', 'B', 'C', 'D'] }] };
    expect(isCompilation(r)).toBe(true);
  });
});

describe('releaseTypeOf: single for one track, EP for one title in mixes or 2–6 tracks, else album (decision 0101)', () => {
  it('knows the four types and the 6-track EP limit', () => {
    expect(maxEpTracks).toBe(6);
    expect(releaseTypes).toEqual(['album', 'ep', 'single', 'compilation']);
  });

  it('1 track is a single', () => {
    expect(releaseTypeOf(release('No More', 'Kwal'))).toBe('single');
  });

  it('2 to 6 tracks are an EP', () => {
    expect(releaseTypeOf(release('That Beat', 'Kwal', 'Kwal'))).toBe('ep');
    expect(releaseTypeOf(release('That Beat', 'Kwal', 'Kwal', 'Kwal', 'Kwal', 'Kwal', 'Kwal'))).toBe('ep');
    expect(releaseTypeOf(release('That Beat', 'Kwal', 'Kwal', 'Kwal', 'Kwal', 'Kwal', 'Kwal', 'Kwal'))).toBe('album');
  });

  it('one title in several mixes is an EP, however many', () => {
    expect(releaseTypeOf(mixes('No More', 4))).toBe('ep');
    expect(releaseTypeOf(mixes('No More', 9))).toBe('ep');
  });

  it('a release with no known tracks counts as a single', () => {
    expect(releaseTypeOf({ title: 'Coming Soon', tracks: [] })).toBe('single');
  });

  it("reads a distributor's own type in any case, and nothing else", () => {
    expect(releaseTypeNamed(' EP ')).toBe('ep');
    expect(releaseTypeNamed('Album')).toBe('album');
    expect(releaseTypeNamed('Maxi')).toBeNull();
    expect(releaseTypeNamed(undefined)).toBeNull();
  });
});
