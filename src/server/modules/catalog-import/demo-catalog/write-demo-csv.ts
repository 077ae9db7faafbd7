import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { generateDemoCatalog } from './generate-demo-catalog.js';

/** Usage: npm run catalog:demo -- <out.csv> — writes the demo inventory export. */

const target = process.argv[2];
if (!target) {
  process.stderr.write('usage: npm run catalog:demo -- <out.csv>\n');
  process.exit(1);
}

const { csv, artists } = generateDemoCatalog();
const outPath = resolve(target);
mkdirSync(dirname(outPath), { recursive: true });
writeFileSync(outPath, csv, 'utf8');

const rows: Record<string, string>[] = parse(csv, { bom: true, columns: true });
const releases = new Set(rows.map((row) => row.UPC)).size;
process.stdout.write(`wrote ${outPath}: ${rows.length} rows, ${releases} releases, ${artists.length} artists\n`);
