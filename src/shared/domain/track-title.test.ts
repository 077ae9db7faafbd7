import { describe, expect, it } from 'vitest';
import { titleWithMix } from './track-title.js';

describe('titleWithMix', () => {
  it.each([
    ['No More', 'Extended Mix', 'No More (Extended Mix)'],
    ['No More', null, 'No More'],
    ['No More', '  ', 'No More'],
    ['No More (Extended Mix)', 'extended mix', 'No More (Extended Mix)'],
  ])('names %j with mix %j as %j', (title, mix, expected) => {
    expect(titleWithMix(title, mix)).toBe(expected);
  });
});
