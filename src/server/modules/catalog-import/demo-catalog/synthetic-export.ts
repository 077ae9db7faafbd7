import { INVENTORY_COLUMNS, inventoryCsvHeader, inventoryCsvLine, type InventoryRow } from './inventory-csv.js';

export interface SyntheticExportSize {
  releases: number;
  tracksPerRelease: number;
  artists: number;
}

const labelNames = ['Build It Records', 'Build It Tech', 'Build It Deep'];

/**
 * A distributor export of any size, in the real file's format (the BOM and header first, then one
 * line per row), spread over the three labels, line by line: the import bench writes a 100k-row
 * file from it without holding the file.
 */
export function* syntheticExportLines({ releases, tracksPerRelease, artists }: SyntheticExportSize): Generator<string> {
  yield inventoryCsvHeader;
  for (let r = 1; r <= releases; r++) {
    const artist = `Synth Artist ${1 + (r % artists)}`;
    for (let t = 1; t <= tracksPerRelease; t++) {
      const row = Object.fromEntries(INVENTORY_COLUMNS.map((c) => [c, ''])) as InventoryRow;
      Object.assign(row, {
        'Label Name': labelNames[r % 3],
        'Catalog #': `SYN${r}`,
        UPC: String(800_000_000_000 + r),
        'Release Name': `Synthetic Release ${r}`,
        'Release Artist': artist,
        'Release Date': `20${10 + (r % 15)}-0${1 + (r % 9)}-1${r % 10}`,
        'Release Genre': 'Electronic',
        Track: String(t),
        ISRC: `QZSYN${String(r * 10 + t).padStart(7, '0')}`,
        'Song Name': `Synthetic Song ${r}-${t}`,
        'Mix Version': 'Extended Mix',
        'Primary Artists': artist,
        'Track Length': '05:00',
      });
      yield inventoryCsvLine(row);
    }
  }
}

/** The same export as one text: what the cluster test uploads. */
export function syntheticExport(size: SyntheticExportSize): string {
  return [...syntheticExportLines(size)].join('');
}
