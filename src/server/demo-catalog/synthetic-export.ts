import { formatInventoryCsv, INVENTORY_COLUMNS, type InventoryRow } from './inventory-csv.js';

export interface SyntheticExportSize {
  releases: number;
  tracksPerRelease: number;
  artists: number;
}

/**
 * A distributor export of any size, in the real file's format, spread over the three labels: what
 * the import bench and the cluster test feed the importer when the real file (544 rows) is too small.
 */
export function syntheticExport({ releases, tracksPerRelease, artists }: SyntheticExportSize): string {
  const rows: InventoryRow[] = [];
  const labels = ['Build It Records', 'Build It Tech', 'Build It Deep'];
  for (let r = 1; r <= releases; r++) {
    const artist = `Synth Artist ${1 + (r % artists)}`;
    for (let t = 1; t <= tracksPerRelease; t++) {
      const row = Object.fromEntries(INVENTORY_COLUMNS.map((c) => [c, ''])) as InventoryRow;
      Object.assign(row, {
        'Label Name': labels[r % 3],
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
      rows.push(row);
    }
  }
  return formatInventoryCsv(rows);
}
