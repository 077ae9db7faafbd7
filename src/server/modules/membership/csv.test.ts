import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

describe('csv', () => {
  it('leaves plain cells alone', () => {
    expect(['Sam Rivers', 'sam@example.com', '9.99', '2026-11-21T12:00:00.000Z', ''].map(csvCell)).toEqual([
      'Sam Rivers',
      'sam@example.com',
      '9.99',
      '2026-11-21T12:00:00.000Z',
      '',
    ]);
  });

  it('quotes commas, quotes and line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvCell('Rivers, Jo')).toBe('"Rivers, Jo"');
    expect(csvCell('DJ "Jo"')).toBe('"DJ ""Jo"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('puts an apostrophe before anything a spreadsheet would run as a formula', () => {
    expect(['=1+2', '+1', '-1', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual(["'=1+2", "'+1", "'-1", "'@SUM(A1)", "'\tx", `"'\rx"`]);
    expect(csvCell('=HYPERLINK("http://x", "y")')).toBe(`"'=HYPERLINK(""http://x"", ""y"")"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes a byte-order mark and CRLF after every record, and reads back as written', () => {
    const rows = [
      ['Name', 'Note'],
      ['Zoë', 'says "hi", twice\non two lines'],
    ];
    const text = toCsv(rows);
    expect(text).toBe('\uFEFFName,Note\r\nZoë,"says ""hi"", twice\non two lines"\r\n');
    expect(parse(text, { bom: true })).toEqual(rows);
  });
});
