/**
 * Writes rows in the distributor inventory export format: UTF-8 BOM, LF line endings, a final
 * newline, and a field quoted exactly when it contains a space, a comma, a quote or a line break
 * (which is what the distributor does: `"Build It Records",BLDR192,198937087963,"No More",,Kwal`).
 */

export const INVENTORY_COLUMNS = [
  'Label Name',
  'Catalog #',
  'UPC',
  'Release Name',
  'Release Version',
  'Release Artist',
  'Release Date',
  'Release Genre',
  'Release Subgenre',
  'Track',
  'ISRC',
  'Song Name',
  'Mix Version',
  'Primary Artists',
  'Featuring Artists',
  'Remixers',
  'Track Length',
  'Song Genre',
  'Song Subgenre',
] as const;

export type InventoryColumn = (typeof INVENTORY_COLUMNS)[number];
export type InventoryRow = Record<InventoryColumn, string>;

const BOM = '\uFEFF';

export function formatCsvField(value: string): string {
  if (!/[\s,"]/.test(value)) return value;
  return `"${value.replaceAll('"', '""')}"`;
}

/** The BOM and the header line, line end included. */
export const inventoryCsvHeader = `${BOM}${INVENTORY_COLUMNS.map(formatCsvField).join(',')}\n`;

/** One row's line, line end included. */
export function inventoryCsvLine(row: InventoryRow): string {
  return `${INVENTORY_COLUMNS.map((column) => formatCsvField(row[column])).join(',')}\n`;
}

export function formatInventoryCsv(rows: readonly InventoryRow[]): string {
  return inventoryCsvHeader + rows.map(inventoryCsvLine).join('');
}
