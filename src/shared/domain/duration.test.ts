import { describe, expect, it } from 'vitest';
import { formatDuration, parseLength } from './duration.js';

describe('formatDuration', () => {
  it('shows m:ss with zero-padded seconds', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(5_000)).toBe('0:05');
    expect(formatDuration(319_000)).toBe('5:19');
    expect(formatDuration(600_000)).toBe('10:00');
  });

  it('rounds to the nearest second, carrying into the minutes', () => {
    expect(formatDuration(59_499)).toBe('0:59');
    expect(formatDuration(59_500)).toBe('1:00');
    expect(formatDuration(119_600)).toBe('2:00');
    expect(formatDuration(499)).toBe('0:00');
    expect(formatDuration(500)).toBe('0:01');
  });

  it('keeps counting minutes past an hour (m:ss, no hours field)', () => {
    expect(formatDuration(3_600_000)).toBe('60:00');
    expect(formatDuration(3_723_000)).toBe('62:03');
  });

  it('shows an em dash for unknown or impossible durations', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(undefined)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('—');
    expect(formatDuration(-1)).toBe('—');
    expect(formatDuration(-60_000)).toBe('—');
  });
});

describe('parseLength', () => {
  it('parses distributor mm:ss lengths with or without a leading zero', () => {
    expect(parseLength('05:19')).toBe(319_000);
    expect(parseLength('5:19')).toBe(319_000);
    expect(parseLength('00:00')).toBe(0);
    expect(parseLength('07:27')).toBe(447_000);
  });

  it('parses h:mm:ss', () => {
    // (1 * 60 + 2) * 60 + 3 = 3723 s
    expect(parseLength('1:02:03')).toBe(3_723_000);
  });

  it('accepts long minute counts without hours', () => {
    expect(parseLength('75:00')).toBe(4_500_000);
  });

  it('ignores surrounding whitespace', () => {
    expect(parseLength(' 05:19 ')).toBe(319_000);
  });

  it('returns null for anything that is not a length', () => {
    expect(parseLength('')).toBeNull();
    expect(parseLength('   ')).toBeNull();
    expect(parseLength('abc')).toBeNull();
    expect(parseLength('5:60')).toBeNull();
    expect(parseLength('5:9')).toBeNull();
    expect(parseLength('319')).toBeNull();
    expect(parseLength('5:19:')).toBeNull();
    expect(parseLength('-5:19')).toBeNull();
    expect(parseLength('5.19')).toBeNull();
  });

  it('rejects minutes of 60 or more once hours are given', () => {
    expect(parseLength('1:60:00')).toBeNull();
    expect(parseLength('1:75:00')).toBeNull();
    expect(parseLength('1:59:59')).toBe(7_199_000);
  });

  it('round-trips through formatDuration', () => {
    expect(formatDuration(parseLength('05:19'))).toBe('5:19');
    expect(formatDuration(parseLength('abc'))).toBe('—');
  });
});

describe('parseLength bounds', () => {
  it('refuses lengths the database integer of milliseconds could not hold', () => {
    expect(parseLength('999:00:00')).toBeNull();
    expect(parseLength('99:59:59')).toBe(((99 * 60 + 59) * 60 + 59) * 1000);
  });
});
