import { pipeline, Readable, type TransformOptions } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
import { parseLength } from '../../../../shared/domain/duration.js';
import { canonicalIsrc, isrcPattern } from '../../../../shared/domain/isrc.js';
import { detectRemix } from '../../../../shared/domain/remix.js';
import { releaseTypeNamed, type ReleaseType } from '../../../../shared/domain/release-type.js';
import { isHttpUrl, storeOfColumn, type StoreLink } from '../../../../shared/domain/store-links.js';
import { findLabel, findLabelByDistributorName } from '../../../../shared/labels.js';
import type { LabelConfig } from '../../../../shared/site-config.js';

/** One line of the report: the CSV line number (the header is line 1) and what happened to it. */
export interface RowNote {
  line: number;
  reason: string;
}

export interface CreditedArtists {
  primary: string[];
  featured: string[];
  remixers: string[];
}

export interface ParsedTrack {
  line: number;
  /** The release it is on. */
  upc: string;
  isrc: string;
  title: string;
  mixVersion: string | null;
  trackNumber: number;
  durationMs: number | null;
  genres: string[];
  artists: CreditedArtists;
}

export interface ParsedRelease {
  line: number;
  upc: string;
  labelId: string;
  catalogNumber: string | null;
  title: string;
  version: string | null;
  releaseDate: string | null;
  genres: string[];
  /** Release Artist column; empty for "Various Artists". */
  artists: string[];
  /** The distributor's own type (a `Release Type` column, where the export has one): it wins over the rule. */
  type: ReleaseType | null;
  /** From columns named by a store ("Beatport URL", "Spotify Link"), where the export has them. */
  links: StoreLink[];
}

/** Consecutive rows of the file, read: what the importer writes in one step. */
export interface CatalogBatch {
  /** Data rows read in this batch (blank lines not counted). */
  rows: number;
  /** Bytes of the file read through the batch's last row. */
  bytes: number;
  /** Releases first defined in this batch (by their first valid row; later rows may be in later batches). */
  releases: ParsedRelease[];
  /** The tracks of this batch's rows, of releases defined in this batch or an earlier one. */
  tracks: ParsedTrack[];
  rejected: RowNote[];
  warnings: RowNote[];
  /** Rows of other labels than the one asked for. */
  skipped: number;
}

/** The file: a text, or its bytes or text in pieces (a file's read stream). */
export type CsvSource = string | AsyncIterable<string | Buffer>;

export interface ReadOptions {
  /** Only this label's rows (any id form); rows without a label name get it. */
  label?: string;
  /** Rows per batch. */
  rowsPerBatch?: number;
}

export const defaultRowsPerBatch = 250;

const columns = {
  label: 'Label Name',
  catalogNumber: 'Catalog #',
  upc: 'UPC',
  release: 'Release Name',
  version: 'Release Version',
  releaseArtist: 'Release Artist',
  date: 'Release Date',
  genre: 'Release Genre',
  subgenre: 'Release Subgenre',
  track: 'Track',
  isrc: 'ISRC',
  song: 'Song Name',
  mix: 'Mix Version',
  primary: 'Primary Artists',
  featuring: 'Featuring Artists',
  remixers: 'Remixers',
  length: 'Track Length',
  songGenre: 'Song Genre',
  songSubgenre: 'Song Subgenre',
  /** Not in every export. */
  releaseType: 'Release Type',
} as const;

const requiredColumns = [columns.upc, columns.release, columns.isrc, columns.song, columns.track];

export class CatalogFormatError extends Error {}

type Row = Record<string, string | undefined>;

/** Artist lists are comma-separated; an act named "A & B" stays one artist. */
function splitArtists(value: string | undefined): string[] {
  const names = (value ?? '')
    .split(',')
    .map((n) => n.replace(/\s+/g, ' ').trim())
    .filter((n) => n.length > 0);
  return [...new Map(names.map((n) => [n.toLowerCase(), n])).values()];
}

function blankToNull(value: string | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed.length > 0 ? trimmed : null;
}

function distinctNonEmpty(values: (string | undefined)[]): string[] {
  return [...new Set(values.map((v) => (v ?? '').trim()).filter((v) => v.length > 0))];
}

/** A real calendar day: Date.parse alone takes "2024-02-30" (as March 1), which the database refuses. */
function isValidDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/**
 * The store links of a release's row: every column an export names by a store (storeOfColumn) with an
 * http(s) URL in it, in the file's column order. Anything else in such a column is a warning.
 */
function linksOf(row: Row, line: number, warnings: RowNote[]): StoreLink[] {
  const links: StoreLink[] = [];
  for (const [header, value] of Object.entries(row)) {
    const store = storeOfColumn(header);
    const url = (value ?? '').trim();
    if (!store || url === '') continue;
    if (isHttpUrl(url) && url.length <= 500) links.push({ name: store, url });
    else warnings.push({ line, reason: `${header} "${url.slice(0, 80)}" is not an http(s) URL: not linked` });
  }
  return links;
}

function remixersOf(row: Row, title: string, mixVersion: string | null): string[] {
  const listed = splitArtists(row[columns.remixers]);
  if (listed.length > 0) return listed;
  const fromCredit = detectRemix(mixVersion).remixer ?? detectRemix(title).remixer;
  return fromCredit ? [fromCredit] : [];
}


/** Line breaks in a row's raw text: LF, or CR not followed by LF (csv-parse gives a CRLF row end as its CR alone). */
function countLineBreaks(text: string, from: number, to: number): number {
  let breaks = 0;
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) breaks += 1;
  }
  return breaks;
}

/** Characters of a text given to the parser at a time: it parses each piece whole, then waits for its reader. */
const pieceLength = 64 * 1024;

/** A text in pieces, never cut inside a surrogate pair (the parser would read each half as U+FFFD). */
function* piecesOf(text: string): Generator<string> {
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + pieceLength);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    yield text.slice(start, end);
    start = end;
  }
}

/** What the rows after a release's first need of it, wherever they are in the file. */
interface ReleaseSeen {
  line: number;
  labelId: string;
  title: string;
}

/** What the rows of a batch need of the rows before them: per release its first row, per track its line. */
export interface ReadState {
  releases: Map<string, ReleaseSeen>;
  /** The line of each track read, by trackKey(upc, isrc). */
  trackLines: Map<string, number>;
}

/**
 * What the batches before read of the releases a batch names (by UPC, valid or not) and of their
 * tracks: one small entry per release and per track of the file, asked before the batch's rows are
 * read. The reader adds the batch's own releases and tracks to the state it is given; a store outside
 * the process learns of them from whoever writes the batch (the import, import-keys.ts) before the
 * next batch is read.
 */
export type RecallKeys = (upcs: string[]) => Promise<ReadState>;

export function trackKey(upc: string, isrc: string): string {
  return `${upc}/${isrc}`;
}

/**
 * The keys in this process's memory (about 250 bytes a row): for a text held whole anyway (an upload
 * of at most 10 MB, checked before its job starts) and for reading without a database. The import
 * keeps them in its transaction instead (import-keys.ts), so that its memory stays flat.
 */
export function recallInProcess(): RecallKeys {
  // readRow adds each batch's releases and tracks to the state it is given: here, the whole file's.
  const state: ReadState = { releases: new Map(), trackLines: new Map() };
  return async () => state;
}

/** One data row's verdict, added to its batch: a release, a track, a rejection, a warning or a skip. */
function readRow(
  row: Row,
  line: number,
  onlyLabel: LabelConfig | undefined,
  seen: ReadState,
  batch: CatalogBatch,
): void {
  const labelName = (row[columns.label] ?? '').trim();
  const label = labelName ? findLabelByDistributorName(labelName) : onlyLabel;
  if (!label) {
    batch.rejected.push({ line, reason: labelName ? `unknown label "${labelName}"` : 'no label name' });
    return;
  }
  if (onlyLabel && label.id !== onlyLabel.id) {
    batch.skipped += 1;
    return;
  }
  const upc = (row[columns.upc] ?? '').trim();
  if (!/^\d{8,14}$/.test(upc)) {
    batch.rejected.push({ line, reason: upc ? `UPC "${upc}" is not 8–14 digits` : 'no UPC' });
    return;
  }
  const releaseTitle = blankToNull(row[columns.release]);
  if (!releaseTitle) {
    batch.rejected.push({ line, reason: 'no release name' });
    return;
  }
  const date = blankToNull(row[columns.date]);
  if (date && !isValidDate(date)) {
    batch.rejected.push({ line, reason: `release date "${date}" is not a YYYY-MM-DD date` });
    return;
  }

  let release = seen.releases.get(upc);
  if (!release) {
    const releaseArtist = (row[columns.releaseArtist] ?? '').trim();
    batch.releases.push({
      line,
      upc,
      labelId: label.id,
      catalogNumber: blankToNull(row[columns.catalogNumber]),
      title: releaseTitle,
      version: blankToNull(row[columns.version]),
      releaseDate: date,
      genres: distinctNonEmpty([row[columns.genre], row[columns.subgenre]]),
      artists: /^various artists$/i.test(releaseArtist) ? [] : splitArtists(releaseArtist),
      type: releaseTypeNamed(row[columns.releaseType]),
      links: linksOf(row, line, batch.warnings),
    });
    release = { line, labelId: label.id, title: releaseTitle };
    seen.releases.set(upc, release);
  } else if (release.labelId !== label.id || release.title !== releaseTitle) {
    batch.warnings.push({ line, reason: `release ${upc} differs from line ${release.line}; line ${release.line} is kept` });
  }

  const isrc = canonicalIsrc(row[columns.isrc] ?? '');
  const songTitle = blankToNull(row[columns.song]);
  if (!isrc || !songTitle) {
    const reason =
      !isrc && !songTitle
        ? 'no song name and no ISRC: the release is kept without this track'
        : !isrc
          ? 'no ISRC: the track is not imported'
          : 'no song name: the track is not imported';
    batch.rejected.push({ line, reason });
    return;
  }
  if (!isrcPattern.test(isrc)) {
    batch.rejected.push({ line, reason: `ISRC "${isrc}" is not a valid ISRC` });
    return;
  }
  // Digits only, and few enough for the database's integer ("1e1", "0x2" and 99999999999 are no track numbers).
  const trackText = (row[columns.track] ?? '').trim();
  const trackNumber = /^\d{1,9}$/.test(trackText) ? Number(trackText) : NaN;
  if (!Number.isInteger(trackNumber) || trackNumber < 1) {
    batch.rejected.push({ line, reason: `track number "${row[columns.track] ?? ''}" is not a positive whole number` });
    return;
  }
  const seenAt = seen.trackLines.get(trackKey(upc, isrc));
  if (seenAt !== undefined) {
    batch.rejected.push({ line, reason: `ISRC ${isrc} appears twice on release ${upc} (first on line ${seenAt})` });
    return;
  }
  const lengthText = (row[columns.length] ?? '').trim();
  const durationMs = lengthText ? parseLength(lengthText) : null;
  if (durationMs === null) {
    batch.warnings.push({
      line,
      reason: lengthText ? `track length "${lengthText}" is not mm:ss: duration unknown` : 'no track length: duration unknown',
    });
  }
  const mixVersion = blankToNull(row[columns.mix]);
  seen.trackLines.set(trackKey(upc, isrc), line);
  batch.tracks.push({
    line,
    upc,
    isrc,
    title: songTitle,
    mixVersion,
    trackNumber,
    durationMs,
    genres: distinctNonEmpty([row[columns.songGenre], row[columns.songSubgenre]]),
    artists: {
      primary: splitArtists(row[columns.primary]),
      featured: splitArtists(row[columns.featuring]),
      remixers: remixersOf(row, songTitle, mixVersion),
    },
  });
}

/** What csv-parse gives for each record with `info` and `raw` (its types only know plain rows here). */
interface RawRecord {
  record: string[];
  /** The record's text, after any empty lines before it, through the first character of its row end. */
  raw: string;
  info: { bytes: number };
}

/** A data row waiting for its batch's verdicts. */
interface PendingRow {
  row: Row;
  line: number;
}

/** The releases rows name: what their batch recalls of the rows before it. */
function upcsOf(rows: PendingRow[]): string[] {
  return [...new Set(rows.map(({ row }) => (row[columns.upc] ?? '').trim()))];
}

/** The verdicts on a batch's rows, given what the rows before them read. */
async function readBatch(rows: PendingRow[], bytes: number, onlyLabel: LabelConfig | undefined, recall: RecallKeys): Promise<CatalogBatch> {
  const seen = await recall(upcsOf(rows));
  const batch: CatalogBatch = { rows: rows.length, bytes, releases: [], tracks: [], rejected: [], warnings: [], skipped: 0 };
  for (const { row, line } of rows) readRow(row, line, onlyLabel, seen, batch);
  return batch;
}

/**
 * Reads a distributor inventory export as it arrives, in batches of consecutive rows: the file is
 * never held whole, only the current batch; what later rows need of a release or a track (its first
 * line, label and title, its tracks' lines) is asked of `recall`. Every row ends up in a release, a track,
 * the rejected list or the skipped count: nothing is dropped silently. The event loop runs between
 * batches. A file the import must refuse whole throws CatalogFormatError (at its header, or at the
 * first row that is not CSV: nothing after it is read).
 */
export async function* readDistributorCsv(
  source: CsvSource,
  options: ReadOptions = {},
  recall: RecallKeys = recallInProcess(),
): AsyncGenerator<CatalogBatch> {
  const onlyLabel = options.label === undefined ? undefined : findLabel(options.label);
  if (options.label !== undefined && !onlyLabel) throw new CatalogFormatError(`Invalid label: ${options.label}`);
  const rowsPerBatch = options.rowsPerBatch ?? defaultRowsPerBatch;

  // Every row has the header's columns: a ragged file is refused at its first short or long row
  // (relaxing that made csv-parse build an error object per row: 10 MB of short rows took 30 s).
  // What is read ahead of the rows being written is bounded here, the same on every Node version
  // (Node 22 raised the streams' default from 16 to 64 KiB): one piece of the source, 16 KiB of text.
  // csv-parse hands stream options on to its Transform; its types do not name them.
  const readAhead: TransformOptions = { writableHighWaterMark: 16 * 1024 };
  const parser = parse({ bom: true, info: true, raw: true, skip_empty_lines: true, ...readAhead });
  // Errors of the source reach the reader through the parser, which pipeline() destroys with them.
  pipeline(Readable.from(typeof source === 'string' ? piecesOf(source) : source, { highWaterMark: 1 }), parser, () => undefined);

  let header: string[] | undefined;
  // The physical line on which the next raw text starts: csv-parse's own count is the line a record
  // ends on and counts a CRLF inside quotes twice.
  let nextLine = 1;
  let pending: PendingRow[] = [];
  let bytes = 0;
  try {
    for await (const { record, raw, info } of parser as AsyncIterable<RawRecord>) {
      const emptyLinesEnd = raw.length - raw.replace(/^[\r\n]+/, '').length;
      const line = nextLine + countLineBreaks(raw, 0, emptyLinesEnd);
      nextLine += countLineBreaks(raw, 0, raw.length);
      if (!header) {
        header = record;
        const missing = requiredColumns.filter((c) => !record.includes(c));
        if (missing.length > 0) throw new CatalogFormatError(`Missing columns: ${missing.join(', ')}`);
        continue;
      }
      // A row of empty fields is a blank line that a spreadsheet wrote out with its commas.
      if (record.every((field) => field.trim() === '')) continue;
      pending.push({ row: Object.fromEntries(header.map((name, c) => [name, record[c]])) as Row, line });
      bytes = info.bytes;
      if (pending.length >= rowsPerBatch) {
        yield await readBatch(pending, bytes, onlyLabel, recall);
        pending = [];
        await yieldToEventLoop();
      }
    }
  } catch (err) {
    if (err instanceof CsvError) throw new CatalogFormatError(`The file is not a readable CSV: ${err.message}`);
    throw err;
  } finally {
    parser.destroy();
  }
  if (pending.length > 0) yield await readBatch(pending, bytes, onlyLabel, recall);
}
