import { describe, expect, it } from 'vitest';
import { isCompilation, maxSingleTracks, releaseTypeOf, releaseTypes } from './release-type.js';

/** A release whose tracks are each by the given single artist. */
function release(title: string, ...artists: string[]) {
  return { title, trackArtists: artists.map((a) => [a]) };
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
    const r = { title: 'Mix', trackArtists: [['A', 'B'], ['C'], ['D']] };
    expect(isCompilation(r)).toBe(true);
    expect(releaseTypeOf(r)).toBe('compilation');
  });

  it('2 tracks by 4 artists is not (track threshold)', () => {
    const r = { title: 'Mix', trackArtists: [['A', 'B'], ['C', 'D']] };
    expect(isCompilation(r)).toBe(false);
    expect(releaseTypeOf(r)).toBe('single');
  });

  it('3 tracks by 3 artists is not (artist threshold)', () => {
    expect(isCompilation(release('Mix', 'A', 'B', 'C'))).toBe(false);
  });

  it('many tracks by 3 artists is not', () => {
    expect(isCompilation(release('Mix', 'A', 'B', 'C', 'A', 'B', 'C', 'A'))).toBe(false);
    expect(releaseTypeOf(release('Mix', 'A', 'B', 'C', 'A', 'B', 'C', 'A'))).toBe('album');
  });

  it('counts names that differ only in case or surrounding spaces once', () => {
    const r = { title: 'Mix', trackArtists: [['Kwal', 'KWAL'], ['kwal ', 'Rob Me'], ['Frederique'], ['rob me']] };
    // distinct: kwal, rob me, frederique = 3, not more than 3
    expect(isCompilation(r)).toBe(false);
    expect(releaseTypeOf(r)).toBe('album');
  });

  it('does not count blank names as artists', () => {
    const r = { title: 'Mix', trackArtists: [['A'], ['B', ''], ['C', '  ']] };
    expect(isCompilation(r)).toBe(false);
  });

  it('counts artists over featured credits of one track too', () => {
    const r = { title: 'Mix', trackArtists: [['A'], ['A'], ['A', 'B', 'C', 'D']] };
    expect(isCompilation(r)).toBe(true);
  });
});

describe('releaseTypeOf: single up to 3 tracks, else album', () => {
  it('uses a 3-track single limit', () => {
    expect(maxSingleTracks).toBe(3);
    expect(releaseTypes).toEqual(['album', 'single', 'compilation']);
  });

  it('1, 2 and 3 tracks are singles', () => {
    expect(releaseTypeOf(release('No More', 'Kwal'))).toBe('single');
    expect(releaseTypeOf(release('No More', 'Kwal', 'Kwal'))).toBe('single');
    expect(releaseTypeOf(release('No More', 'Kwal', 'Kwal', 'Kwal'))).toBe('single');
  });

  it('4 tracks make an album', () => {
    expect(releaseTypeOf(release('No More', 'Kwal', 'Kwal', 'Kwal', 'Kwal'))).toBe('album');
  });

  it('a remix EP by one artist and three remixers stays an album', () => {
    // remixers are not primary artists: 4 tracks, 1 distinct primary artist
    expect(releaseTypeOf(release('Step Outside Remixes', 'Cam Northwest', 'Cam Northwest', 'Cam Northwest', 'Cam Northwest'))).toBe('album');
  });

  it('a release with no known tracks counts as a single', () => {
    expect(releaseTypeOf({ title: 'Coming Soon', trackArtists: [] })).toBe('single');
  });
});
