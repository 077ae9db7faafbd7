import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range.js';

describe('parseByteRange', () => {
  it.each([
    [undefined, undefined],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-10', { start: 990, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=50-10', undefined],
    ['bytes=0-1,5-9', undefined],
    ['items=0-1', undefined],
    ['bytes=-', undefined],
  ])('%s on 1000 bytes → %j', (header, expected) => {
    expect(parseByteRange(header, 1000)).toEqual(expected);
  });
});
