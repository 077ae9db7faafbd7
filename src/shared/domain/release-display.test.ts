import { describe, expect, it } from 'vitest';
import { countdown, releaseArtists, releaseDay, releaseTitle, trackCount } from './release-display.js';

describe('release display', () => {
  it('shows the version in the title, once', () => {
    expect(releaseTitle({ title: 'Symbiotic', version: 'Radio Edit' })).toBe('Symbiotic (Radio Edit)');
    expect(releaseTitle({ title: 'Symbiotic (Radio Edit)', version: 'Radio Edit' })).toBe('Symbiotic (Radio Edit)');
    expect(releaseTitle({ title: 'Symbiotic', version: null })).toBe('Symbiotic');
  });

  it('names a compilation "Various Artists", whoever its release credits, and any other release by its own artists', () => {
    const credits = [
      { id: 'ada', name: 'Ada Lane' },
      { id: 'kay', name: 'Kay Vo' },
    ];
    expect(releaseArtists({ type: 'compilation', artists: credits })).toEqual([{ name: 'Various Artists' }]);
    expect(releaseArtists({ type: 'compilation', artists: [] })).toEqual([{ name: 'Various Artists' }]);
    expect(releaseArtists({ type: 'ep', artists: credits })).toEqual(credits);
    expect(releaseArtists({ type: 'album', artists: [] })).toEqual([]);
  });

  it("names a compilation's track by its own artists, any other release's track by the release's", () => {
    const track = { artists: [{ id: 'uptwn', name: 'UPTWN' }] };
    expect(releaseArtists({ type: 'compilation', artists: [] }, track)).toEqual([{ id: 'uptwn', name: 'UPTWN' }]);
    expect(releaseArtists({ type: 'single', artists: [{ id: 'kay', name: 'Kay Vo' }] }, track)).toEqual([{ id: 'kay', name: 'Kay Vo' }]);
  });

  it('spells track counts right', () => {
    expect(trackCount(1)).toBe('1 track');
    expect(trackCount(2)).toBe('2 tracks');
    expect(trackCount(0)).toBe('0 tracks');
  });

  it('names the day and counts down to a moment', () => {
    expect(releaseDay('2026-11-25')).toBe('25 November 2026');
    expect(releaseDay('2026-11-25', 'short')).toBe('25 Nov 2026');
    const moment = Date.parse('2026-11-25T00:00:00Z');
    expect(countdown(moment, moment - (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000)).toBe('2 days 3 h 04 min 05 s');
    expect(countdown(moment, moment - 59_500)).toBe('0 h 01 min 00 s');
    expect(countdown(moment, moment)).toBeNull();
  });
});
