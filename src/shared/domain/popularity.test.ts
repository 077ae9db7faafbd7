import { describe, expect, it } from 'vitest';
import { basePopularity, popularityScore, recencyScore, recencySpan } from './popularity.js';

const dayMs = 24 * 60 * 60 * 1000;
const quarterMs = (365.25 / 4) * dayMs; // 91.3125 days
const released = '2024-01-01';
const releasedMs = Date.UTC(2024, 0, 1);
const quartersAfterRelease = (n: number) => new Date(releasedMs + n * quarterMs);

describe('basePopularity', () => {
  it("uses the provider's popularity when there is one", () => {
    expect(basePopularity({ popularity: 73, streamCount: 1e9 })).toBe(73);
    expect(basePopularity({ popularity: 0, streamCount: 1e9 })).toBe(0);
  });

  it('keeps a provider figure within 0–100', () => {
    expect(basePopularity({ popularity: 150, streamCount: 0 })).toBe(100);
    expect(basePopularity({ popularity: -3, streamCount: 0 })).toBe(0);
  });

  it('falls back to the stream count when the provider figure is missing or not a number', () => {
    // log10(1000) * 20 = 60
    expect(basePopularity({ popularity: null, streamCount: 1000 })).toBeCloseTo(60, 10);
    expect(basePopularity({ popularity: Number.NaN, streamCount: 1000 })).toBeCloseTo(60, 10);
  });

  it('scores streams as log10 × 20, clamped to 40–100', () => {
    // 0 streams: log10 of at least 1 = 0 → 0, clamped up to 40
    expect(basePopularity({ popularity: null, streamCount: 0 })).toBe(40);
    // 10 streams: 1 × 20 = 20 → clamped up to 40
    expect(basePopularity({ popularity: null, streamCount: 10 })).toBe(40);
    // 100 streams: 2 × 20 = 40 → exactly the floor
    expect(basePopularity({ popularity: null, streamCount: 100 })).toBeCloseTo(40, 10);
    // 10 000 streams: 4 × 20 = 80
    expect(basePopularity({ popularity: null, streamCount: 1e4 })).toBeCloseTo(80, 10);
    // 100 000 streams: 5 × 20 = 100 → exactly the ceiling
    expect(basePopularity({ popularity: null, streamCount: 1e5 })).toBeCloseTo(100, 10);
    // 10 000 000 streams: 7 × 20 = 140 → clamped down to 100
    expect(basePopularity({ popularity: null, streamCount: 1e7 })).toBe(100);
  });

  it('treats an impossible stream count as none', () => {
    expect(basePopularity({ popularity: null, streamCount: -50 })).toBe(40);
    expect(basePopularity({ popularity: null, streamCount: Number.NaN })).toBe(40);
  });
});

describe('recencyScore: 20 minus one per quarter year, at least 5', () => {
  it('is 20 on release day and until a full quarter has passed', () => {
    expect(recencyScore(released, quartersAfterRelease(0))).toBe(20);
    expect(recencyScore(released, new Date(releasedMs + quarterMs - 1))).toBe(20);
  });

  it('loses one point per full quarter', () => {
    expect(recencyScore(released, quartersAfterRelease(1))).toBe(19);
    expect(recencyScore(released, quartersAfterRelease(4))).toBe(16);
    expect(recencyScore(released, quartersAfterRelease(14))).toBe(6);
  });

  it('stops at 5', () => {
    expect(recencyScore(released, quartersAfterRelease(15))).toBe(5);
    expect(recencyScore(released, quartersAfterRelease(100))).toBe(5);
  });

  it('is 20 for a release dated in the future', () => {
    expect(recencyScore('2030-01-01', quartersAfterRelease(0))).toBe(20);
  });

  it('reads year-only and year-month dates', () => {
    expect(recencyScore('2024', quartersAfterRelease(1))).toBe(19);
    expect(recencyScore('2024-01', quartersAfterRelease(2))).toBe(18);
  });

  it('is the minimum 5 when the date is unknown or unreadable', () => {
    expect(recencyScore(null, quartersAfterRelease(0))).toBe(5);
    expect(recencyScore('', quartersAfterRelease(0))).toBe(5);
    expect(recencyScore('not a date', quartersAfterRelease(0))).toBe(5);
  });
});

describe('popularityScore: 85% base, 10% recency, 5% track count (max 10)', () => {
  it('weights a provider figure, a fresh release and a long track list', () => {
    // 0.85 × 50 + 0.10 × 20 + 0.05 × min(10, 12) = 42.5 + 2 + 0.5 = 45
    const input = { popularity: 50, streamCount: 0, releaseDate: released, trackCount: 12 };
    expect(popularityScore(input, quartersAfterRelease(0))).toBe(45);
  });

  it('weights stream counts, one quarter of age and a short track list', () => {
    // base log10(1000) × 20 = 60; recency 20 − 1 = 19; tracks 4
    // 0.85 × 60 + 0.10 × 19 + 0.05 × 4 = 51 + 1.9 + 0.2 = 53.1
    const input = { popularity: null, streamCount: 1000, releaseDate: released, trackCount: 4 };
    expect(popularityScore(input, quartersAfterRelease(1))).toBe(53.1);
  });

  it('gives an unknown release the floor on every part', () => {
    // base 40 (no streams); recency 5 (no date); tracks 0
    // 0.85 × 40 + 0.10 × 5 + 0.05 × 0 = 34 + 0.5 + 0 = 34.5
    const input = { popularity: null, streamCount: 0, releaseDate: null, trackCount: 0 };
    expect(popularityScore(input, quartersAfterRelease(0))).toBe(34.5);
  });

  it('reaches 100 at the top of every part', () => {
    // 0.85 × 100 + 0.10 × 20 + 0.05 × 10 = 85 + 2 + 0.5 = 87.5
    const input = { popularity: null, streamCount: 1e7, releaseDate: released, trackCount: 10 };
    expect(popularityScore(input, quartersAfterRelease(0))).toBe(87.5);
  });

  it('rounds to two decimals', () => {
    // base log10(500) × 20 = 53.9794; recency 5 (100 quarters); tracks 1
    // 0.85 × 53.9794 + 0.10 × 5 + 0.05 × 1 = 45.8825 + 0.5 + 0.05 = 46.4325 → 46.43
    const input = { popularity: null, streamCount: 500, releaseDate: released, trackCount: 1 };
    expect(popularityScore(input, quartersAfterRelease(100))).toBe(46.43);
  });

  it('caps the track count at 10 and never counts below 0', () => {
    const at = (trackCount: number) =>
      popularityScore({ popularity: 50, streamCount: 0, releaseDate: released, trackCount }, quartersAfterRelease(0));
    // 42.5 + 2 + 0.05 × 10 = 45 for 10 tracks and for 20
    expect(at(10)).toBe(45);
    expect(at(20)).toBe(45);
    // 42.5 + 2 + 0.05 × 3 = 44.65
    expect(at(3)).toBe(44.65);
    // 42.5 + 2 + 0 = 44.5
    expect(at(-4)).toBe(44.5);
  });

  it('ranks a newer release above an older one with the same streams', () => {
    const input = { popularity: null, streamCount: 1000, releaseDate: released, trackCount: 1 };
    expect(popularityScore(input, quartersAfterRelease(0))).toBeGreaterThan(
      popularityScore(input, quartersAfterRelease(8)),
    );
  });
});

describe('recencySpan: where the recency score keeps its value', () => {
  it('bounds each quarter step exactly: the score holds inside and changes at its edges', () => {
    for (const at of [quartersAfterRelease(0), new Date(releasedMs + 3 * quarterMs + 5 * dayMs), quartersAfterRelease(14)]) {
      const { from, until } = recencySpan(released, at);
      const score = recencyScore(released, at);
      expect(recencyScore(released, new Date(until! - 1))).toBe(score);
      expect(recencyScore(released, new Date(until!))).toBe(score - 1);
      if (from !== null) {
        expect(recencyScore(released, new Date(from))).toBe(score);
        expect(recencyScore(released, new Date(from - 1))).toBe(score + 1);
      }
    }
  });

  it('is open before release day and from the 15th quarter on', () => {
    expect(recencySpan(released, new Date(releasedMs - 10 * dayMs))).toEqual({ from: null, until: releasedMs + quarterMs });
    expect(recencySpan(released, quartersAfterRelease(40))).toEqual({ from: releasedMs + 15 * quarterMs, until: null });
    expect(recencySpan(null, quartersAfterRelease(1))).toEqual({ from: null, until: null });
    expect(recencySpan('not a date', quartersAfterRelease(1))).toEqual({ from: null, until: null });
  });
});
