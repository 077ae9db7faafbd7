import { describe, expect, it } from 'vitest';
import { INVENTORY_COLUMNS } from '../demo-catalog/inventory-csv.js';
import {
  CatalogFormatError,
  readDistributorCsv,
  type CatalogBatch,
  type ParsedRelease,
  type ParsedTrack,
  type ReadOptions,
  type RecallKeys,
  type RowNote,
} from './parse-distributor-csv.js';

// The distributor export's header, in its own order and quoting.
const header =
  '"Label Name","Catalog #",UPC,"Release Name","Release Version","Release Artist","Release Date","Release Genre",' +
  '"Release Subgenre",Track,ISRC,"Song Name","Mix Version","Primary Artists","Featuring Artists",Remixers,' +
  '"Track Length","Song Genre","Song Subgenre"';

// The export's 19 columns, in order (the demo catalog writes the same format).
const columnNames = INVENTORY_COLUMNS;
type Column = (typeof columnNames)[number];

const defaults: Record<Column, string> = {
  'Label Name': 'Build It Records',
  'Catalog #': 'BLDR001',
  UPC: '811868617510',
  'Release Name': 'King Of The Jungle',
  'Release Version': '',
  'Release Artist': 'Chris Gresswell',
  'Release Date': '2015-03-02',
  'Release Genre': 'Dance',
  'Release Subgenre': 'House',
  Track: '1',
  ISRC: 'USLZJ1408966',
  'Song Name': 'King Of The Jungle',
  'Mix Version': '',
  'Primary Artists': 'Chris Gresswell',
  'Featuring Artists': '',
  Remixers: '',
  'Track Length': '05:19',
  'Song Genre': 'Dance',
  'Song Subgenre': 'House',
};

function field(value: string): string {
  return /[\s,"]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One data row as the export writes it: the defaults with some columns changed. */
function row(changes: Partial<Record<Column, string>> = {}): string {
  const values = { ...defaults, ...changes };
  return columnNames.map((c) => field(values[c])).join(',');
}

function csv(rows: string[], options: { bom?: boolean; eol?: string } = {}): string {
  const eol = options.eol ?? '\n';
  return `${options.bom === false ? '' : '\uFEFF'}${[header, ...rows].join(eol)}${eol}`;
}

type Track = Omit<ParsedTrack, 'upc'>;

/** The whole file read: every batch's rows, each release with its tracks (wherever its rows were). */
interface ReadCatalog {
  rows: number;
  releases: (ParsedRelease & { tracks: Track[] })[];
  rejected: RowNote[];
  warnings: RowNote[];
  skipped: number;
}

async function readBatches(source: Parameters<typeof readDistributorCsv>[0], options: ReadOptions = {}, recall?: RecallKeys): Promise<CatalogBatch[]> {
  const batches: CatalogBatch[] = [];
  for await (const batch of readDistributorCsv(source, options, recall)) batches.push(batch);
  return batches;
}

async function readAll(source: Parameters<typeof readDistributorCsv>[0], options: ReadOptions = {}): Promise<ReadCatalog> {
  const batches = await readBatches(source, options);
  const tracks = batches.flatMap((b) => b.tracks);
  return {
    rows: batches.reduce((n, b) => n + b.rows, 0),
    releases: batches
      .flatMap((b) => b.releases)
      .map((r) => ({ ...r, tracks: tracks.filter((t) => t.upc === r.upc).map(({ upc: _upc, ...t }) => t) })),
    rejected: batches.flatMap((b) => b.rejected),
    warnings: batches.flatMap((b) => b.warnings),
    skipped: batches.reduce((n, b) => n + b.skipped, 0),
  };
}

function allTracks(parsed: ReadCatalog): Track[] {
  return parsed.releases.flatMap((r) => r.tracks);
}

async function formatError(reading: Promise<unknown>): Promise<CatalogFormatError> {
  const err = await reading.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CatalogFormatError);
  return err as CatalogFormatError;
}

describe('readDistributorCsv', () => {
  it('reads a release and its tracks with every column', async () => {
    const parsed = await readAll(
      csv([
        row({
          'Release Version': 'Remixes',
          Track: '2',
          ISRC: 'USLZJ1408967',
          'Mix Version': 'Extended Mix',
          'Featuring Artists': 'Bella Goldwin',
          'Song Genre': 'Electronic',
          'Song Subgenre': 'Tech House',
          'Track Length': '06:20',
        }),
        row({ 'Release Version': 'Remixes' }),
      ]),
    );
    expect(parsed).toMatchObject({ rows: 2, rejected: [], warnings: [], skipped: 0 });
    expect(parsed.releases).toEqual([
      {
        line: 2,
        upc: '811868617510',
        labelId: 'buildit-records',
        catalogNumber: 'BLDR001',
        title: 'King Of The Jungle',
        version: 'Remixes',
        // No "Release Type" column in this export: the importer infers it (docs/product.md).
        type: null,
        releaseDate: '2015-03-02',
        genres: ['Dance', 'House'],
        artists: ['Chris Gresswell'],
        links: [],
        tracks: [
          {
            line: 2,
            isrc: 'USLZJ1408967',
            title: 'King Of The Jungle',
            mixVersion: 'Extended Mix',
            trackNumber: 2,
            durationMs: 380_000,
            genres: ['Electronic', 'Tech House'],
            artists: { primary: ['Chris Gresswell'], featured: ['Bella Goldwin'], remixers: [] },
          },
          {
            line: 3,
            isrc: 'USLZJ1408966',
            title: 'King Of The Jungle',
            mixVersion: null,
            trackNumber: 1,
            durationMs: 319_000,
            genres: ['Dance', 'House'],
            artists: { primary: ['Chris Gresswell'], featured: [], remixers: [] },
          },
        ],
      },
    ]);
  });

  it('reads the same catalog with or without a BOM, with LF or CRLF line ends', async () => {
    const rows = [row(), row({ Track: '2', ISRC: 'USLZJ1408967', 'Mix Version': 'Radio Edit' })];
    const reference = await readAll(csv(rows));
    expect(allTracks(reference)).toHaveLength(2);
    // Without the bom option the first column would be "\uFEFFLabel Name" and every row unlabelled.
    expect(reference.releases[0]?.labelId).toBe('buildit-records');
    for (const variant of [
      csv(rows, { bom: false }),
      csv(rows, { eol: '\r\n' }),
      csv(rows, { bom: false, eol: '\r\n' }),
      csv(rows).trimEnd(), // no final line end
    ]) {
      expect(await readAll(variant)).toEqual(reference);
    }
  });

  it('reads quoted fields holding commas and doubled quotes', async () => {
    const text = csv([
      '"Build It Records",BLDR009,811868617600,"Hot, Hotter",,"Lex & Wood",2016-01-01,Dance,House,1,USLZJ1600001,' +
        '"Say ""Yes"", Now","Club Mix","Lex & Wood","Bella Goldwin,Mikhail Rado",,05:00,Dance,House',
    ]);
    const parsed = await readAll(text);
    expect(parsed.rejected).toEqual([]);
    expect(parsed.releases[0]).toMatchObject({ title: 'Hot, Hotter', artists: ['Lex & Wood'] });
    expect(parsed.releases[0]?.tracks[0]).toMatchObject({
      title: 'Say "Yes", Now',
      mixVersion: 'Club Mix',
      artists: { primary: ['Lex & Wood'], featured: ['Bella Goldwin', 'Mikhail Rado'], remixers: [] },
    });
  });

  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
  ])('reports the physical line of each row (%s, empty lines, a song name over two lines)', async (_name, eol) => {
    const text = csv(
      [
        row({ 'Track Length': '' }), // line 2
        row({ Track: '2', ISRC: 'USLZJ1408967', 'Song Name': `Two${eol}Lines` }), // lines 3–4
        row({ UPC: '1234' }), // line 5
        ',,,,,,,,,,,,,,,,,,', // line 6: a blank row as spreadsheets write it, read as an empty line
        row({ Track: '3', ISRC: 'USLZJ1408968', 'Track Length': 'long' }), // line 7
        row({ Track: '4', ISRC: 'USLZJ1408969', 'Song Name': `A${eol}${eol}B` }), // lines 8–10
        row({ 'Release Date': 'soon' }), // line 11
      ],
      { eol },
    );
    // The row ends on the lines the comments say.
    expect(text.split(eol)[10]).toContain('soon');
    const parsed = await readAll(text);
    expect(parsed.rows).toBe(6);
    expect(allTracks(parsed).map((t) => [t.line, t.title])).toEqual([
      [2, 'King Of The Jungle'],
      [3, `Two${eol}Lines`],
      [7, 'King Of The Jungle'],
      [8, `A${eol}${eol}B`],
    ]);
    expect(parsed.warnings).toEqual([
      { line: 2, reason: 'no track length: duration unknown' },
      { line: 7, reason: 'track length "long" is not mm:ss: duration unknown' },
    ]);
    expect(parsed.rejected).toEqual([
      { line: 5, reason: 'UPC "1234" is not 8–14 digits' },
      { line: 11, reason: 'release date "soon" is not a YYYY-MM-DD date' },
    ]);
  });

  it('refuses a ragged file at its first row with another number of columns than the header', async () => {
    expect((await formatError(readAll(csv([row(), '"","",""', row()])))).message).toBe(
      'The file is not a readable CSV: Invalid Record Length: expect 19, got 3 on line 3',
    );
  });

  it('reads track lengths as mm:ss (or h:mm:ss) into milliseconds, and warns about the rest', async () => {
    const lengths = ['05:19', '4:00', '00:59', '1:02:03', '', '5.30', '5:60', '300'];
    const parsed = await readAll(
      csv(lengths.map((length, i) => row({ Track: String(i + 1), ISRC: `USLZJ14089${70 + i}`, 'Track Length': length }))),
    );
    expect(allTracks(parsed).map((t) => t.durationMs)).toEqual([319_000, 240_000, 59_000, 3_723_000, null, null, null, null]);
    expect(parsed.warnings).toEqual([
      { line: 6, reason: 'no track length: duration unknown' },
      { line: 7, reason: 'track length "5.30" is not mm:ss: duration unknown' },
      { line: 8, reason: 'track length "5:60" is not mm:ss: duration unknown' },
      { line: 9, reason: 'track length "300" is not mm:ss: duration unknown' },
    ]);
  });

  it('gives a release no artists for a blank Release Artist or "Various Artists"', async () => {
    const parsed = await readAll(
      csv([
        row({ UPC: '11111111', 'Release Artist': '' }),
        row({ UPC: '22222222', 'Release Artist': 'Various Artists', 'Release Name': 'Summer Compilation' }),
        row({ UPC: '33333333', 'Release Artist': 'VARIOUS ARTISTS' }),
        row({ UPC: '44444444', 'Release Artist': 'Rance & Maff,  Kwal , Kwal' }),
      ]),
    );
    expect(parsed.releases.map((r) => [r.upc, r.artists])).toEqual([
      ['11111111', []],
      ['22222222', []],
      ['33333333', []],
      // "A & B" is one act; a name listed twice is credited once.
      ['44444444', ['Rance & Maff', 'Kwal']],
    ]);
    // The tracks keep their own primary artists.
    expect(parsed.releases[1]?.tracks[0]?.artists.primary).toEqual(['Chris Gresswell']);
  });

  it('credits remixers from the Remixers column, else from a "X Remix" mix version or title', async () => {
    const parsed = await readAll(
      csv([
        row({ Track: '1', ISRC: 'USLZJ1600001', 'Mix Version': 'BELLO Remix', Remixers: 'Overtracked,Seconds' }),
        row({ Track: '2', ISRC: 'USLZJ1600002', 'Mix Version': 'Alfonso Tan Remix' }),
        row({ Track: '3', ISRC: 'USLZJ1600003', 'Song Name': 'Jungle (Tom Bull Remix)' }),
        row({ Track: '4', ISRC: 'USLZJ1600004', 'Mix Version': 'Extended Mix' }),
        row({ Track: '5', ISRC: 'USLZJ1600005', 'Mix Version': 'Extended Remix' }),
      ]),
    );
    expect(allTracks(parsed).map((t) => t.artists.remixers)).toEqual([
      ['Overtracked', 'Seconds'],
      ['Alfonso Tan'],
      ['Tom Bull'],
      [],
      [],
    ]);
  });

  it('rejects rows with a bad UPC, date, ISRC or track number, saying why', async () => {
    const parsed = await readAll(
      csv([
        row({ UPC: '' }), // 2
        row({ UPC: '1234567' }), // 3
        row({ UPC: '123456789012345' }), // 4
        row({ UPC: '81186861751X' }), // 5
        row({ 'Release Date': '02/03/2015' }), // 6
        row({ 'Release Date': '2015-02-30' }), // 7: no such day
        row({ 'Release Date': '2015-13-01' }), // 8
        row({ ISRC: 'USLZJ140896' }), // 9: one character short
        row({ ISRC: 'US1ZJ1408966X' }), // 10
        row({ ISRC: '' }), // 11
        row({ 'Song Name': '' }), // 12
        row({ Track: '0' }), // 13
        row({ Track: '' }), // 14
        row({ Track: 'A1' }), // 15
        row({ Track: '1.5' }), // 16
        row({ Track: '1e1' }), // 17
        row({ Track: '99999999999' }), // 18: more than the database's integer holds
        row({ 'Release Name': '' }), // 19
      ]),
    );
    expect(parsed.rejected).toEqual([
      { line: 2, reason: 'no UPC' },
      { line: 3, reason: 'UPC "1234567" is not 8–14 digits' },
      { line: 4, reason: 'UPC "123456789012345" is not 8–14 digits' },
      { line: 5, reason: 'UPC "81186861751X" is not 8–14 digits' },
      { line: 6, reason: 'release date "02/03/2015" is not a YYYY-MM-DD date' },
      { line: 7, reason: 'release date "2015-02-30" is not a YYYY-MM-DD date' },
      { line: 8, reason: 'release date "2015-13-01" is not a YYYY-MM-DD date' },
      { line: 9, reason: 'ISRC "USLZJ140896" is not a valid ISRC' },
      { line: 10, reason: 'ISRC "US1ZJ1408966X" is not a valid ISRC' },
      { line: 11, reason: 'no ISRC: the track is not imported' },
      { line: 12, reason: 'no song name: the track is not imported' },
      { line: 13, reason: 'track number "0" is not a positive whole number' },
      { line: 14, reason: 'track number "" is not a positive whole number' },
      { line: 15, reason: 'track number "A1" is not a positive whole number' },
      { line: 16, reason: 'track number "1.5" is not a positive whole number' },
      { line: 17, reason: 'track number "1e1" is not a positive whole number' },
      { line: 18, reason: 'track number "99999999999" is not a positive whole number' },
      { line: 19, reason: 'no release name' },
    ]);
    expect(allTracks(parsed)).toEqual([]);
  });

  it('accepts an ISRC written with dashes or in lower case, and a date-less release', async () => {
    const parsed = await readAll(csv([row({ ISRC: 'us-lzj-14-08966', 'Release Date': '' })]));
    expect(parsed.rejected).toEqual([]);
    expect(parsed.releases[0]?.releaseDate).toBeNull();
    expect(parsed.releases[0]?.tracks[0]?.isrc).toBe('USLZJ1408966');
  });

  it('rejects an ISRC repeated on one release, naming the first line; another release may repeat it', async () => {
    const parsed = await readAll(
      csv([
        row(), // 2
        row({ Track: '2', ISRC: 'USLZJ1408967' }), // 3
        row({ Track: '3', ISRC: 'uslzj-1408966', 'Mix Version': 'Dub' }), // 4: the same ISRC as line 2
        row({ UPC: '198622016599', 'Release Name': 'Summer Compilation 2024', Track: '7' }), // 5
      ]),
    );
    expect(parsed.rejected).toEqual([{ line: 4, reason: 'ISRC USLZJ1408966 appears twice on release 811868617510 (first on line 2)' }]);
    expect(parsed.releases.map((r) => [r.upc, r.tracks.map((t) => [t.line, t.isrc])])).toEqual([
      [
        '811868617510',
        [
          [2, 'USLZJ1408966'],
          [3, 'USLZJ1408967'],
        ],
      ],
      ['198622016599', [[5, 'USLZJ1408966']]],
    ]);
  });

  it('keeps the first version of a release whose rows disagree, with a warning', async () => {
    const parsed = await readAll(
      csv([row(), row({ Track: '2', ISRC: 'USLZJ1408967', 'Release Name': 'King Of The Jungle (Remixes)' })]),
    );
    expect(parsed.releases).toHaveLength(1);
    expect(parsed.releases[0]?.title).toBe('King Of The Jungle');
    expect(parsed.releases[0]?.tracks).toHaveLength(2);
    expect(parsed.warnings).toEqual([{ line: 3, reason: 'release 811868617510 differs from line 2; line 2 is kept' }]);
  });

  it('keeps a release whose only row has no track, and reports the row', async () => {
    const parsed = await readAll(csv([row({ ISRC: '', 'Song Name': '', Track: '1', 'Track Length': '' })]));
    expect(parsed.releases.map((r) => [r.title, r.tracks.length])).toEqual([['King Of The Jungle', 0]]);
    expect(parsed.rejected).toEqual([{ line: 2, reason: 'no song name and no ISRC: the release is kept without this track' }]);
    expect(parsed.warnings).toEqual([]);
  });

  it('rejects an unknown or missing label name; with a label asked for, counts other labels as skipped', async () => {
    const rows = [
      row({ 'Label Name': 'Build It Jazz' }), // 2
      row({ 'Label Name': '', UPC: '22222222' }), // 3
      row({ 'Label Name': 'build it deep', UPC: '33333333' }), // 4
      row({ 'Label Name': 'Build It Tech', UPC: '44444444' }), // 5
    ];
    const all = await readAll(csv(rows));
    expect(all.rejected).toEqual([
      { line: 2, reason: 'unknown label "Build It Jazz"' },
      { line: 3, reason: 'no label name' },
    ]);
    expect(all.releases.map((r) => [r.upc, r.labelId])).toEqual([
      ['33333333', 'buildit-deep'],
      ['44444444', 'buildit-tech'],
    ]);
    expect(all.skipped).toBe(0);

    for (const form of ['deep', 'buildit-deep', '3']) {
      const deep = await readAll(csv(rows), { label: form });
      expect(deep.rejected).toEqual([{ line: 2, reason: 'unknown label "Build It Jazz"' }]);
      // A row without a label name belongs to the label asked for.
      expect(deep.releases.map((r) => [r.upc, r.labelId])).toEqual([
        ['22222222', 'buildit-deep'],
        ['33333333', 'buildit-deep'],
      ]);
      expect(deep.skipped).toBe(1);
    }
    expect((await formatError(readAll(csv(rows), { label: 'jazz' }))).message).toBe('Invalid label: jazz');
  });

  it('accounts for every row: tracks, rejected and skipped add up to the rows read', async () => {
    const parsed = await readAll(
      csv([
        row(), // track
        row({ Track: '2', ISRC: 'USLZJ1408967', 'Track Length': '' }), // track with a warning
        row({ Track: '3', ISRC: '', 'Song Name': '' }), // release-only row: rejected, release kept
        row({ UPC: '55555555', ISRC: '', 'Song Name': '' }), // release-only row of a release without tracks
        row({ UPC: 'nope' }), // rejected
        row({ 'Label Name': 'Build It Tech', UPC: '66666666' }), // skipped
        row({ ISRC: 'uslzj1408966' }), // duplicate: rejected
      ]),
      { label: 'records' },
    );
    const tracks = allTracks(parsed).length;
    expect([parsed.rows, tracks, parsed.rejected.length, parsed.skipped]).toEqual([7, 2, 4, 1]);
    expect(tracks + parsed.rejected.length + parsed.skipped).toBe(parsed.rows);
    expect(parsed.releases.map((r) => [r.upc, r.tracks.length])).toEqual([
      ['811868617510', 2],
      ['55555555', 0],
    ]);
  });

  it('refuses a file without a required column, naming it', async () => {
    for (const column of ['UPC', 'Release Name', 'ISRC', 'Song Name', 'Track']) {
      const text = csv([row()]).replace(new RegExp(`(^\uFEFF|,)"?${column}"?,`), `$1"${column} (old)",`);
      expect(text).not.toBe(csv([row()]));
      expect((await formatError(readAll(text))).message).toBe(`Missing columns: ${column}`);
    }
    const twoMissing = csv([row()]).replace(',ISRC,', ',Code,').replace(',Track,', ',No,');
    expect((await formatError(readAll(twoMissing))).message).toBe('Missing columns: ISRC, Track');
    // A header without rows is checked too.
    expect((await formatError(readAll('\uFEFFUPC,Title\n'))).message).toBe(
      'Missing columns: Release Name, ISRC, Song Name, Track',
    );
  });

  it('reads a header without rows as an empty catalog', async () => {
    expect(await readAll(csv([]))).toEqual({ rows: 0, releases: [], rejected: [], warnings: [], skipped: 0 });
  });

  it('refuses text that is not a readable CSV', async () => {
    const error = await formatError(readAll(csv([row({ 'Song Name': 'x' }).replace(',x,', ',"x,')])));
    expect(error.message).toMatch(/^The file is not a readable CSV: /);
  });
});

describe('readDistributorCsv as a stream', () => {
  it('reads the rows of one release wherever they are, in batches of consecutive rows', async () => {
    const text = csv([
      row(), // 2: release 811868617510, first track
      row({ UPC: '22222222', ISRC: 'USLZJ1600001' }), // 3
      row({ UPC: '33333333', ISRC: 'USLZJ1600002' }), // 4
      row({ Track: '2', ISRC: 'USLZJ1408967' }), // 5: 811868617510 again, in the second batch
      row({ Track: '3', ISRC: 'uslzj1408966', 'Release Name': 'Other' }), // 6: third batch, a track of line 2 again
    ]);
    const batches = await readBatches(text, { rowsPerBatch: 2 });
    expect(batches.map((b) => [b.rows, b.releases.map((r) => r.upc), b.tracks.map((t) => [t.line, t.upc, t.isrc])])).toEqual([
      [
        2,
        ['811868617510', '22222222'],
        [
          [2, '811868617510', 'USLZJ1408966'],
          [3, '22222222', 'USLZJ1600001'],
        ],
      ],
      [
        2,
        ['33333333'],
        [
          [4, '33333333', 'USLZJ1600002'],
          [5, '811868617510', 'USLZJ1408967'],
        ],
      ],
      [1, [], []],
    ]);
    // A later batch still knows the release's first line and its tracks.
    expect(batches[2]).toMatchObject({
      warnings: [{ line: 6, reason: 'release 811868617510 differs from line 2; line 2 is kept' }],
      rejected: [{ line: 6, reason: 'ISRC USLZJ1408966 appears twice on release 811868617510 (first on line 2)' }],
    });
    const bytes = batches.map((b) => b.bytes);
    expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
    expect(bytes.at(-1)).toBe(Buffer.byteLength(text));
    // Read whole, it is the same catalog.
    expect(await readAll(text, { rowsPerBatch: 2 })).toEqual(await readAll(text));
  });

  it('gives its first batch before the file is read to the end', async () => {
    const text = csv(Array.from({ length: 2000 }, (_, i) => row({ Track: String(i + 1), ISRC: `USLZJ16${String(i).padStart(5, '0')}` })));
    const bytes = Buffer.from(text);
    const pieces = Math.ceil(bytes.length / 100);
    let pulled = 0;
    async function* file() {
      for (let i = 0; i < pieces; i++) {
        pulled += 1;
        yield bytes.subarray(i * 100, (i + 1) * 100);
      }
    }
    const pulledAtBatch: number[] = [];
    let rows = 0;
    for await (const batch of readDistributorCsv(file(), { rowsPerBatch: 10 })) {
      pulledAtBatch.push(pulled);
      rows += batch.rows;
    }
    expect(rows).toBe(2000);
    expect(pulledAtBatch).toHaveLength(200);
    // The parser waits for its reader: the first batch came with a small part of the file read.
    expect(pulledAtBatch[0]).toBeLessThan(pieces / 4);
    expect(pulledAtBatch.at(-1)).toBe(pieces);
  });

  it('reads a file given as bytes cut anywhere, inside characters of several bytes too', async () => {
    const text = csv([
      row({ 'Release Artist': 'Beyoncé Ñandú', 'Primary Artists': 'Beyoncé Ñandú', 'Song Name': '東京 Nights 🎧' }),
      row({ Track: '2', ISRC: 'USLZJ1408967', 'Song Name': 'Ünïcödé 🎛️ Dub', 'Track Length': '' }),
    ]);
    const bytes = Buffer.from(text);
    async function* file() {
      for (let i = 0; i < bytes.length; i += 5) yield bytes.subarray(i, i + 5);
    }
    const fromBytes = await readAll(file());
    expect(fromBytes).toEqual(await readAll(text));
    expect(allTracks(fromBytes).map((t) => t.title)).toEqual(['東京 Nights 🎧', 'Ünïcödé 🎛️ Dub']);
    expect(fromBytes.warnings).toEqual([{ line: 3, reason: 'no track length: duration unknown' }]);
  });

  it('asks what the batches before read of the releases each batch names, and reads its rows with the answer', async () => {
    const text = csv([
      row({ Track: '2', ISRC: 'USLZJ1408967', 'Release Name': 'Other' }), // 2: a release an earlier batch defined on line 7
      row({ Track: '3', ISRC: 'uslzj-1408966' }), // 3: a track an earlier batch read on line 8
      row({ UPC: '22222222', ISRC: 'USLZJ1600001' }), // 4: a release not read before
    ]);
    const asked: string[][] = [];
    const recall: RecallKeys = async (upcs) => {
      asked.push(upcs);
      return {
        releases: new Map([['811868617510', { line: 7, labelId: 'buildit-records', title: 'King Of The Jungle' }]]),
        trackLines: new Map([['811868617510/USLZJ1408966', 8]]),
      };
    };
    const batches = await readBatches(text, {}, recall);
    expect(asked).toEqual([['811868617510', '22222222']]);
    expect(batches.map((b) => [b.releases.map((r) => r.upc), b.tracks.map((t) => [t.line, t.upc, t.isrc])])).toEqual([
      [['22222222'], [[2, '811868617510', 'USLZJ1408967'], [4, '22222222', 'USLZJ1600001']]],
    ]);
    expect(batches[0]).toMatchObject({
      warnings: [{ line: 2, reason: 'release 811868617510 differs from line 7; line 7 is kept' }],
      rejected: [{ line: 3, reason: 'ISRC USLZJ1408966 appears twice on release 811868617510 (first on line 8)' }],
    });
  });

  it('passes on an error of the file being read', async () => {
    async function* file() {
      yield Buffer.from(csv([row()]));
      throw new Error('disk unplugged');
    }
    await expect(readAll(file())).rejects.toThrow('disk unplugged');
  });
});
