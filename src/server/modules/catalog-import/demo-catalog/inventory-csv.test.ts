import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { distributorExportPath } from '../../../../../tests/helpers/fixtures.js';
import { formatCsvField, formatInventoryCsv, INVENTORY_COLUMNS, type InventoryRow } from './inventory-csv.js';

const FIXTURE = distributorExportPath;

describe('inventory CSV format', () => {
  it('quotes a field exactly when it holds a space, a comma or a quote', () => {
    expect(formatCsvField('Kwal')).toBe('Kwal');
    expect(formatCsvField('05:00')).toBe('05:00');
    expect(formatCsvField('')).toBe('');
    expect(formatCsvField('Hot Keys')).toBe('"Hot Keys"');
    expect(formatCsvField('Domestique,im kyle')).toBe('"Domestique,im kyle"');
    expect(formatCsvField('Say "Yes"')).toBe('"Say ""Yes"""');
  });

  it('writes a BOM, the header, LF line endings and a final newline', () => {
    const row = Object.fromEntries(INVENTORY_COLUMNS.map((c) => [c, c === 'Song Name' ? 'A, "B"' : 'x'])) as InventoryRow;
    const csv = formatInventoryCsv([row]);
    expect(csv.startsWith('\uFEFF"Label Name","Catalog #",UPC,')).toBe(true);
    expect(csv).not.toContain('\r');
    expect(csv.endsWith('\n')).toBe(true);
    expect(parse(csv, { bom: true, columns: true })).toEqual([row]);
  });

  it('reproduces the real distributor export byte for byte', () => {
    const text = readFileSync(FIXTURE, 'utf8');
    const rows = parse(text, { bom: true, columns: true }) as InventoryRow[];
    expect(formatInventoryCsv(rows)).toBe(text);
  });
});
