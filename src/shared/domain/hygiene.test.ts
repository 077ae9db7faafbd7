import { describe, expect, it } from 'vitest';
import { looksLikeSamplePack } from './hygiene.js';

describe('looksLikeSamplePack', () => {
  it('flags a word followed by a number', () => {
    expect(looksLikeSamplePack('Loop 12')).toBe(true);
    expect(looksLikeSamplePack('Kick 7')).toBe(true);
    expect(looksLikeSamplePack('kick 007')).toBe(true);
    expect(looksLikeSamplePack('  Snare   3  ')).toBe(true);
    expect(looksLikeSamplePack('Zoë 7')).toBe(true);
    // the same with a combining diaeresis (NFD form)
    expect(looksLikeSamplePack('Zoe\u0308 7')).toBe(true);
  });

  it("flags 'DJ Beats|Flow|Loop N' in any case", () => {
    expect(looksLikeSamplePack('DJ Beats 3')).toBe(true);
    expect(looksLikeSamplePack('DJ Flow 12')).toBe(true);
    expect(looksLikeSamplePack('DJ Loop 1')).toBe(true);
    expect(looksLikeSamplePack('dj flow 9')).toBe(true);
    expect(looksLikeSamplePack('DJ  BEATS  3')).toBe(true);
  });

  it('keeps real artist names', () => {
    expect(looksLikeSamplePack('Lex & Wood')).toBe(false);
    expect(looksLikeSamplePack('Gruv1')).toBe(false);
    expect(looksLikeSamplePack('DJOKO')).toBe(false);
    expect(looksLikeSamplePack('Zoë Marrant')).toBe(false);
    expect(looksLikeSamplePack('DJ Jayms')).toBe(false);
    expect(looksLikeSamplePack('Catch22')).toBe(false);
    expect(looksLikeSamplePack('Den5ity')).toBe(false);
    expect(looksLikeSamplePack('4ren')).toBe(false);
    expect(looksLikeSamplePack('Mike Kelly (SA)')).toBe(false);
  });

  it('only flags the DJ pack words it names, and only with a number', () => {
    expect(looksLikeSamplePack('DJ Beats')).toBe(false);
    expect(looksLikeSamplePack('DJ Snake 2')).toBe(false);
    expect(looksLikeSamplePack('DJ Beats 3 Remix')).toBe(false);
  });

  it('needs a space between the word and the number and nothing after', () => {
    expect(looksLikeSamplePack('Loop12')).toBe(false);
    expect(looksLikeSamplePack('Loop 12b')).toBe(false);
    expect(looksLikeSamplePack('Two Words 5')).toBe(false);
    expect(looksLikeSamplePack('12')).toBe(false);
  });

  it('follows the product rule literally for a real two-part name like "Route 77"', () => {
    // "Route 77" is a real artist in the distributor export; docs/product.md §5's rule still drops it.
    expect(looksLikeSamplePack('Route 77')).toBe(true);
  });
});
