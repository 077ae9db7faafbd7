import { parse } from 'csv-parse/sync';
import { parseLength } from '../../shared/domain/duration.js';
import { canonicalIsrc, isrcPattern } from '../../shared/domain/isrc.js';
import { detectRemix } from '../../shared/domain/remix.js';
import { findLabel, findLabelByDistributorName } from '../../shared/labels.js';

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
  tracks: ParsedTrack[];
}

export interface ParsedCatalog {
  rows: number;
  releases: ParsedRelease[];
  rejected: RowNote[];
  warnings: RowNote[];
  /** Rows of other labels than the one asked for. */
  skipped: number;
}

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
 * The physical line (the header is line 1) on which each record starts. csv-parse's own count is the
 * line a record ends on and counts a CRLF inside quotes twice; its `bytes` is exact: where each record
 * (header included) ends. A record starts where the previous one ends, after any empty lines.
 */
function startLines(text: string, recordEnds: number[]): number[] {
  const buf = Buffer.from(text, 'utf8');
  const lines: number[] = [];
  let pos = 0;
  let line = 1;
  for (const end of recordEnds) {
    let start = end;
    while (buf[start] === 0x0a || buf[start] === 0x0d) start += 1;
    for (; pos < start; pos += 1) {
      if (buf[pos] === 0x0a || (buf[pos] === 0x0d && buf[pos + 1] !== 0x0a)) line += 1;
    }
    lines.push(line);
  }
  return lines;
}

function remixersOf(row: Row, title: string, mixVersion: string | null): string[] {
  const listed = splitArtists(row[columns.remixers]);
  if (listed.length > 0) return listed;
  const fromCredit = detectRemix(mixVersion).remixer ?? detectRemix(title).remixer;
  return fromCredit ? [fromCredit] : [];
}

/**
 * Reads a distributor inventory export. Every row ends up in a release, a track, the rejected list
 * or the skipped count: nothing is dropped silently.
 */
export function parseDistributorCsv(text: string, options: { label?: string } = {}): ParsedCatalog {
  const onlyLabel = options.label === undefined ? undefined : findLabel(options.label);
  if (options.label !== undefined && !onlyLabel) throw new CatalogFormatError(`Invalid label: ${options.label}`);

  let parsed: { record: string[]; info: { bytes: number } }[];
  try {
    // With `info`, each record comes as { record, info } (csv-parse's types only know plain rows here).
    // Every row has the header's columns: a ragged file is refused at its first short or long row
    // (relaxing that made csv-parse build an error object per row: 10 MB of short rows took 30 s).
    parsed = parse(text, { bom: true, info: true, skip_empty_lines: true }) as unknown as typeof parsed;
  } catch (err) {
    throw new CatalogFormatError(`The file is not a readable CSV: ${(err as Error).message}`);
  }
  const [headerRecord, ...dataRecords] = parsed;
  const header = headerRecord?.record ?? [];
  const missing = requiredColumns.filter((c) => headerRecord !== undefined && !header.includes(c));
  if (missing.length > 0) throw new CatalogFormatError(`Missing columns: ${missing.join(', ')}`);
  const lines = startLines(text, parsed.slice(0, -1).map((p) => p.info.bytes));
  // A row of empty fields is a blank line that a spreadsheet wrote out with its commas.
  const records = dataRecords.flatMap(({ record }, i) =>
    record.every((field) => field.trim() === '')
      ? []
      : [{ record: Object.fromEntries(header.map((name, c) => [name, record[c]])) as Row, line: lines[i] as number }],
  );

  const releases = new Map<string, ParsedRelease>();
  const trackLines = new Map<string, number>();
  const rejected: RowNote[] = [];
  const warnings: RowNote[] = [];
  let skipped = 0;

  for (const { record: row, line } of records) {
    const labelName = (row[columns.label] ?? '').trim();
    const label = labelName ? findLabelByDistributorName(labelName) : onlyLabel;
    if (!label) {
      rejected.push({ line, reason: labelName ? `unknown label "${labelName}"` : 'no label name' });
      continue;
    }
    if (onlyLabel && label.id !== onlyLabel.id) {
      skipped += 1;
      continue;
    }
    const upc = (row[columns.upc] ?? '').trim();
    if (!/^\d{8,14}$/.test(upc)) {
      rejected.push({ line, reason: upc ? `UPC "${upc}" is not 8–14 digits` : 'no UPC' });
      continue;
    }
    const releaseTitle = blankToNull(row[columns.release]);
    if (!releaseTitle) {
      rejected.push({ line, reason: 'no release name' });
      continue;
    }
    const date = blankToNull(row[columns.date]);
    if (date && !isValidDate(date)) {
      rejected.push({ line, reason: `release date "${date}" is not a YYYY-MM-DD date` });
      continue;
    }

    let release = releases.get(upc);
    if (!release) {
      const releaseArtist = (row[columns.releaseArtist] ?? '').trim();
      release = {
        line,
        upc,
        labelId: label.id,
        catalogNumber: blankToNull(row[columns.catalogNumber]),
        title: releaseTitle,
        version: blankToNull(row[columns.version]),
        releaseDate: date,
        genres: distinctNonEmpty([row[columns.genre], row[columns.subgenre]]),
        artists: /^various artists$/i.test(releaseArtist) ? [] : splitArtists(releaseArtist),
        tracks: [],
      };
      releases.set(upc, release);
    } else if (release.labelId !== label.id || release.title !== releaseTitle) {
      warnings.push({ line, reason: `release ${upc} differs from line ${release.line}; line ${release.line} is kept` });
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
      rejected.push({ line, reason });
      continue;
    }
    if (!isrcPattern.test(isrc)) {
      rejected.push({ line, reason: `ISRC "${isrc}" is not a valid ISRC` });
      continue;
    }
    // Digits only, and few enough for the database's integer ("1e1", "0x2" and 99999999999 are no track numbers).
    const trackText = (row[columns.track] ?? '').trim();
    const trackNumber = /^\d{1,9}$/.test(trackText) ? Number(trackText) : NaN;
    if (!Number.isInteger(trackNumber) || trackNumber < 1) {
      rejected.push({ line, reason: `track number "${row[columns.track] ?? ''}" is not a positive whole number` });
      continue;
    }
    const seenAt = trackLines.get(`${upc}/${isrc}`);
    if (seenAt !== undefined) {
      rejected.push({ line, reason: `ISRC ${isrc} appears twice on release ${upc} (first on line ${seenAt})` });
      continue;
    }
    const lengthText = (row[columns.length] ?? '').trim();
    const durationMs = lengthText ? parseLength(lengthText) : null;
    if (durationMs === null) {
      warnings.push({
        line,
        reason: lengthText ? `track length "${lengthText}" is not mm:ss: duration unknown` : 'no track length: duration unknown',
      });
    }
    const mixVersion = blankToNull(row[columns.mix]);
    trackLines.set(`${upc}/${isrc}`, line);
    release.tracks.push({
      line,
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

  return { rows: records.length, releases: [...releases.values()], rejected, warnings, skipped };
}
