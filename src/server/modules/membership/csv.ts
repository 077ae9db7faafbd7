/**
 * A cell a spreadsheet would run as a formula (= + - @, or a tab or carriage return in front of
 * one) gets a leading apostrophe: an export of what visitors typed must not execute in Excel.
 */
const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = formulaStart.test(value) ? `'${value}` : value;
  // RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled.
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * RFC 4180 text (CRLF after every record) with a UTF-8 byte-order mark, without which Excel reads
 * the file as ANSI and garbles every accented name.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('')}`;
}
