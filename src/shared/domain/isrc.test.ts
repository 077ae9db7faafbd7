import { describe, expect, it } from 'vitest';
import { canonicalIsrc, isrcPattern } from './isrc.js';

describe('ISRC', () => {
  it.each([
    ['GB-ABC-24-00001', 'GBABC2400001'],
    [' gbabc2400001 ', 'GBABC2400001'],
    ['NL A1B 25 12345', 'NLA1B2512345'],
  ])('reads %j as %s, a valid ISRC', (typed, canonical) => {
    expect(canonicalIsrc(typed)).toBe(canonical);
    expect(isrcPattern.test(canonicalIsrc(typed))).toBe(true);
  });

  it.each(['GBABC240000', 'GBABC24000012', '12ABC2400001', 'GBABC24A0001', ''])('refuses %j', (value) => {
    expect(isrcPattern.test(canonicalIsrc(value))).toBe(false);
  });
});
