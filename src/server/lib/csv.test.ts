import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

describe('csv', () => {
  it('quotes every cell, plain ones too (RFC 4180), doubling the quotes', () => {
    expect(['Sam Rivers', 'sam@example.com', '9.99', '2026-11-21T12:00:00.000Z', ''].map(csvCell)).toEqual([
      '"Sam Rivers"',
      '"sam@example.com"',
      '"9.99"',
      '"2026-11-21T12:00:00.000Z"',
      '""',
    ]);
    expect(csvCell('Rivers, Jo')).toBe('"Rivers, Jo"');
    expect(csvCell('DJ "Jo"')).toBe('"DJ ""Jo"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('puts an apostrophe before anything a spreadsheet would run as a formula', () => {
    expect(['=1+2', '+1', '-1', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual([`"'=1+2"`, `"'+1"`, `"'-1"`, `"'@SUM(A1)"`, `"'\tx"`, `"'\rx"`]);
    expect(csvCell('=HYPERLINK("http://x", "y")')).toBe(`"'=HYPERLINK(""http://x"", ""y"")"`);
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell('Smith-Jones')).toBe('"Smith-Jones"');
  });

  it('guards a formula after any separator a spreadsheet may split on, not only at the start', () => {
    // Where `;` is the list separator (much of Europe), a reader that ignores quotes splits here.
    expect(csvCell("Bob;=cmd|' /C calc'!A0;x")).toBe(`"'Bob;=cmd|' /C calc'!A0;x"`);
    for (const value of ['a,=1+2', 'a;+1', 'a\t-1', 'a\n@SUM(A1)', 'a\r=1', 'a; =1', 'a,\t=1']) {
      expect(csvCell(value), JSON.stringify(value)).toBe(`"'${value}"`);
    }
    expect(csvCell('a; b')).toBe('"a; b"');
  });

  it('writes a byte-order mark and CRLF after every record, and reads back as written (apostrophes aside)', () => {
    const rows = [
      ['Name', 'Note'],
      ['Zoë', 'says "hi", twice\non two lines'],
      ["Bob;=cmd|' /C calc'!A0;x", ''],
    ];
    const text = toCsv(rows);
    expect(text).toBe(`\uFEFF"Name","Note"\r\n"Zoë","says ""hi"", twice\non two lines"\r\n"'Bob;=cmd|' /C calc'!A0;x",""\r\n`);
    expect(parse(text, { bom: true })).toEqual([rows[0], rows[1], ["'Bob;=cmd|' /C calc'!A0;x", '']]);
    // Read with `;` as the separator, as such a spreadsheet does, no cell starts a formula.
    for (const cell of (parse(text, { bom: true, delimiter: ';', relax_quotes: true, relax_column_count: true }) as string[][]).flat()) {
      expect(cell, cell).not.toMatch(/^[=+\-@]/);
    }
  });
});
