/**
 * What a spreadsheet may run as a formula: = + - @ (or a tab or carriage return before one) at a
 * cell's start, or right after any separator a spreadsheet may split on (`,` `;` tab, a line break),
 * spaces allowed in between. Where `;` is the list separator, or a reader ignores quotes,
 * `Bob;=cmd|…` becomes two cells, the second a formula: a cell with one anywhere gets a leading
 * apostrophe. An export of what visitors typed must not execute in Excel.
 */
const formulaTrigger = /^[\t\r]|(?:^|[,;\t\r\n]) *[=+\-@]/;

/** RFC 4180, every cell quoted (so no separator inside a cell splits it), its quotes doubled. */
export function csvCell(value: string): string {
  const safe = formulaTrigger.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/**
 * RFC 4180 text (CRLF after every record) with a UTF-8 byte-order mark, without which Excel reads
 * the file as ANSI and garbles every accented name.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('')}`;
}
