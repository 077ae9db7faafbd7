import { parse } from 'csv-parse/sync';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFixtureCsv } from '../../../../../tests/helpers/test-app.js';
import { testDatabaseKinds } from '../../../../../tests/helpers/test-database.js';
import type { Database, Db } from '../../../db/client.js';
import { artists, releaseArtists, releases, trackArtists, tracks } from '../../../db/schema.js';
import { importCatalog, type ImportProgress, type ImportReport } from './catalog-importer.js';
import { CatalogFormatError } from './parse-distributor-csv.js';

// The importer on the real distributor export (tests/fixtures), on PGlite and on PostgreSQL.
const fixture = readFixtureCsv();
const fixtureRows = parse(fixture, { bom: true, columns: true }) as Record<string, string>[];
/** Physical lines of the fixture: line n is fixtureLines[n - 1]. */
const fixtureLines = fixture.split('\n');

/** The fixture with one line edited; fails when the text to replace is not on that line. */
function editLine(line: number, from: string, to: string, text = fixture): string {
  const lines = text.split('\n');
  const current = lines[line - 1] ?? '';
  if (!current.includes(from)) throw new Error(`line ${line} has no ${from}: ${current}`);
  lines[line - 1] = current.replace(from, to);
  return lines.join('\n');
}

/** Every row of every catalog table, in a stable order. */
async function snapshot(db: Db) {
  return {
    artists: await db.select().from(artists).orderBy(artists.id),
    releases: await db.select().from(releases).orderBy(releases.id),
    tracks: await db.select().from(tracks).orderBy(tracks.id),
    releaseArtists: await db
      .select()
      .from(releaseArtists)
      .orderBy(releaseArtists.releaseId, releaseArtists.artistId, releaseArtists.role),
    trackArtists: await db.select().from(trackArtists).orderBy(trackArtists.trackId, trackArtists.artistId, trackArtists.role),
  };
}

async function tableCounts(db: Db) {
  const [r] = await db.select({ n: count() }).from(releases);
  const [t] = await db.select({ n: count() }).from(tracks);
  const [a] = await db.select({ n: count() }).from(artists);
  return { releases: r?.n, tracks: t?.n, artists: a?.n };
}

async function releasesPerLabel(db: Db): Promise<Record<string, number>> {
  const rows = await db.select({ label: releases.labelId, n: count() }).from(releases).groupBy(releases.labelId);
  return Object.fromEntries(rows.map((r) => [r.label, r.n]));
}

async function tracksPerLabel(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ label: releases.labelId, n: count() })
    .from(tracks)
    .innerJoin(releases, eq(tracks.releaseId, releases.id))
    .groupBy(releases.labelId);
  return Object.fromEntries(rows.map((r) => [r.label, r.n]));
}

async function trackOf(db: Db, upc: string, isrc: string) {
  const rows = await db
    .select({ track: tracks })
    .from(tracks)
    .innerJoin(releases, eq(tracks.releaseId, releases.id))
    .where(and(eq(releases.upc, upc), eq(tracks.isrc, isrc)));
  return rows.map((r) => r.track);
}

/** [role, artist name] of one track's credits, by role then position. */
async function creditsOf(db: Db, upc: string, isrc: string): Promise<[string, string][]> {
  const rows = await db
    .select({ role: trackArtists.role, name: artists.name })
    .from(trackArtists)
    .innerJoin(artists, eq(trackArtists.artistId, artists.id))
    .innerJoin(tracks, eq(trackArtists.trackId, tracks.id))
    .innerJoin(releases, eq(tracks.releaseId, releases.id))
    .where(and(eq(releases.upc, upc), eq(tracks.isrc, isrc)))
    .orderBy(trackArtists.role, trackArtists.position);
  return rows.map((r) => [r.role, r.name]);
}

/** The fixture's data rows dealt into `piles`, one pile after another: each release's rows end up far apart. */
function spread(text: string, piles: number): string {
  const [header, ...rows] = text.trimEnd().split('\n');
  const dealt = Array.from({ length: piles }, (_, pile) => rows.filter((_row, i) => i % piles === pile)).flat();
  return `${[header, ...dealt].join('\n')}\n`;
}

/** The catalog by its natural keys (UPC, ISRC, artist id), leaving out generated ids and timestamps. */
async function catalogByKeys(db: Db) {
  return {
    artists: await db.select({ id: artists.id, name: artists.name }).from(artists).orderBy(artists.id),
    releases: await db
      .select({
        upc: releases.upc,
        labelId: releases.labelId,
        catalogNumber: releases.catalogNumber,
        title: releases.title,
        version: releases.version,
        releaseDate: releases.releaseDate,
        type: releases.type,
        genres: releases.genres,
      })
      .from(releases)
      .orderBy(releases.upc),
    tracks: await db
      .select({
        upc: releases.upc,
        isrc: tracks.isrc,
        title: tracks.title,
        mixVersion: tracks.mixVersion,
        trackNumber: tracks.trackNumber,
        durationMs: tracks.durationMs,
        genres: tracks.genres,
      })
      .from(tracks)
      .innerJoin(releases, eq(tracks.releaseId, releases.id))
      .orderBy(releases.upc, tracks.isrc),
    releaseCredits: await db
      .select({ upc: releases.upc, artistId: releaseArtists.artistId, role: releaseArtists.role, position: releaseArtists.position })
      .from(releaseArtists)
      .innerJoin(releases, eq(releaseArtists.releaseId, releases.id))
      .orderBy(releases.upc, releaseArtists.artistId, releaseArtists.role),
    trackCredits: await db
      .select({ upc: releases.upc, isrc: tracks.isrc, artistId: trackArtists.artistId, role: trackArtists.role, position: trackArtists.position })
      .from(trackArtists)
      .innerJoin(tracks, eq(trackArtists.trackId, tracks.id))
      .innerJoin(releases, eq(tracks.releaseId, releases.id))
      .orderBy(releases.upc, tracks.isrc, trackArtists.artistId, trackArtists.role),
  };
}

/** A db whose transactions (and their savepoints) fail when they start writing tracks, after artists and releases. */
function failingOnTrackWrites(db: Db, writes: string[]): Db {
  const failingTx = (tx: Db): Db =>
    new Proxy(tx, {
      get(target, prop, receiver) {
        if (prop === 'transaction') {
          return (fn: (savepoint: Db) => Promise<unknown>) => target.transaction((savepoint) => fn(failingTx(savepoint as unknown as Db)));
        }
        if (prop !== 'insert') return Reflect.get(target, prop, receiver) as unknown;
        return (table: Parameters<Db['insert']>[0]) => {
          if (table === tracks) throw new Error('disk full');
          writes.push(table === releases ? 'releases' : table === artists ? 'artists' : 'other');
          return target.insert(table);
        };
      },
    });
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver) as unknown;
      return (fn: (tx: Db) => Promise<unknown>) => target.transaction((tx) => fn(failingTx(tx as unknown as Db)));
    },
  });
}

describe.each(testDatabaseKinds)('catalog importer on $name', (kind) => {
  describe('the real distributor export', () => {
    let database: Database;
    let report: ImportReport;

    beforeAll(async () => {
      database = await kind.open();
      report = await importCatalog(database.db, fixture);
    });
    afterAll(async () => {
      await database?.close();
    });

    it('reports every row: releases, tracks, the two rows without a track, the unknown lengths', () => {
      expect(report).toMatchObject({ rows: 544, totalReleasesImported: 278, totalTracksImported: 542, skipped: 0 });
      expect(report.rejected).toEqual([
        { line: 544, reason: expect.stringMatching(/no song name and no ISRC/) },
        { line: 545, reason: expect.stringMatching(/no song name and no ISRC/) },
      ]);
      // The lines named are the file's own: 544 and 545 are the rows with neither ISRC nor song.
      expect(fixtureLines[543]).toContain('"Groove High"');
      expect(fixtureLines[544]).toContain('"City High"');

      expect(report.warnings).toHaveLength(16);
      for (const warning of report.warnings) expect(warning.reason).toBe('no track length: duration unknown');
      const lengthless = fixtureRows.flatMap((r, i) => (r.ISRC && !r['Track Length'] ? [i + 2] : []));
      expect(report.warnings.map((w) => w.line)).toEqual(lengthless);
      expect(report.warnings[0]?.line).toBe(201);
      // Line 201: "Tribal Is Waiting" by Fondz, with empty Featuring, Remixers and Track Length.
      expect(fixtureLines[200]).toMatch(/,QZ5FN1751267,"Tribal Is Waiting`",,Fondz,,,,Dance,House$/);
    });

    it('creates everything on a first import and updates nothing', async () => {
      expect(report.created).toEqual({ releases: 278, tracks: 542, artists: report.totalArtistsImported });
      expect(report.updated).toEqual({ releases: 0, tracks: 0, artists: 0 });
      expect(await tableCounts(database.db)).toEqual({ releases: 278, tracks: 542, artists: report.totalArtistsImported });
    });

    it('holds each label’s releases and tracks', async () => {
      expect(await releasesPerLabel(database.db)).toEqual({ 'buildit-records': 200, 'buildit-tech': 62, 'buildit-deep': 16 });
      expect(await tracksPerLabel(database.db)).toEqual({ 'buildit-records': 438, 'buildit-tech': 84, 'buildit-deep': 20 });
    });

    it('keeps the releases whose only row had no track, without tracks', async () => {
      const rows = await database.db
        .select({ title: releases.title, labelId: releases.labelId, tracks: count(tracks.id) })
        .from(releases)
        .leftJoin(tracks, eq(tracks.releaseId, releases.id))
        .where(inArray(releases.upc, ['191079983384', '198937210842']))
        .groupBy(releases.id)
        .orderBy(releases.title);
      expect(rows).toEqual([
        { title: 'City High', labelId: 'buildit-tech', tracks: 0 },
        { title: 'Groove High', labelId: 'buildit-records', tracks: 0 },
      ]);
    });

    it('stores a track whose ISRC recurs on other releases once per release', async () => {
      const upcsByIsrc = new Map<string, Set<string>>();
      for (const r of fixtureRows) {
        if (r.ISRC && r.UPC) upcsByIsrc.set(r.ISRC, (upcsByIsrc.get(r.ISRC) ?? new Set()).add(r.UPC));
      }
      const recurring = [...upcsByIsrc].filter(([, upcs]) => upcs.size > 1);
      expect(recurring.length).toBeGreaterThan(0);

      const [isrc, upcs] = recurring[0] as [string, Set<string>];
      const stored = await database.db
        .select({ upc: releases.upc, title: tracks.title })
        .from(tracks)
        .innerJoin(releases, eq(tracks.releaseId, releases.id))
        .where(eq(tracks.isrc, isrc));
      expect(stored.map((s) => s.upc).sort()).toEqual([...upcs].sort());

      // And so for every ISRC of the file.
      const perIsrc = await database.db.select({ isrc: tracks.isrc, n: count() }).from(tracks).groupBy(tracks.isrc);
      expect(Object.fromEntries(perIsrc.map((p) => [p.isrc, p.n]))).toEqual(
        Object.fromEntries([...upcsByIsrc].map(([i, u]) => [i, u.size])),
      );
    });

    it('keeps an act named "A & B" as one artist', async () => {
      const names = (await database.db.select({ name: artists.name }).from(artists)).map((a) => a.name);
      expect(names).toEqual(expect.arrayContaining(['Rance & Maff', 'Lex & Wood']));
      for (const part of ['Rance', 'Maff', 'Lex', 'Wood']) expect(names).not.toContain(part);
      expect(await creditsOf(database.db, '198622815086', 'QZZ8A2438287')).toEqual([['primary', 'Rance & Maff']]);
      const [release] = await database.db
        .select({ name: artists.name })
        .from(releaseArtists)
        .innerJoin(artists, eq(releaseArtists.artistId, artists.id))
        .innerJoin(releases, eq(releaseArtists.releaseId, releases.id))
        .where(eq(releases.upc, '198622815086'));
      expect(release?.name).toBe('Rance & Maff');
    });

    it('credits each of "X,Y" in Featuring Artists, in order', async () => {
      // Line 222: "Bella Goldwin,Mikhail Rado" featured on USLZJ1770633.
      expect(fixtureLines[221]).toContain(',"Bella Goldwin,Mikhail Rado",');
      expect(await creditsOf(database.db, '191079492107', 'USLZJ1770633')).toEqual([
        ['featured', 'Bella Goldwin'],
        ['featured', 'Mikhail Rado'],
        ['primary', 'Daniels Jack'],
      ]);
    });

    it('credits the Remixers column and the mix version’s remixer', async () => {
      // Line 3: "BELLO Remix", Remixers BELLO.
      expect(await creditsOf(database.db, '198937087963', 'QZZ8B2454763')).toEqual([
        ['primary', 'Kwal'],
        ['remixer', 'BELLO'],
      ]);
      // Line 372: two remixers, one of them the act "Lex & Wood".
      const line372 = fixtureRows[370] as Record<string, string>;
      expect(line372.Remixers).toBe('Lex & Wood,Robisto');
      const remixers = (await creditsOf(database.db, line372.UPC as string, line372.ISRC as string)).filter(
        ([role]) => role === 'remixer',
      );
      expect(remixers).toEqual([
        ['remixer', 'Lex & Wood'],
        ['remixer', 'Robisto'],
      ]);
      // A plain mix credits nobody.
      expect(await creditsOf(database.db, '198937087963', 'QZZ8B2454752')).toEqual([['primary', 'Kwal']]);
    });
  });

  describe('progress', () => {
    let database: Database;

    beforeAll(async () => {
      database = await kind.open();
    });
    afterAll(async () => {
      await database?.close();
    });

    it('reports the rows settled and the bytes read in rising steps, one per batch, ending at every row, before the report', async () => {
      const steps: ImportProgress[] = [];
      let stepsAtCommit = 0;
      await importCatalog(database.db, fixture, {
        rowsPerBatch: 100,
        onProgress: (progress) => steps.push(progress),
        beforeCommit: async (tx, report) => {
          stepsAtCommit = steps.length;
          // The report is final here and the writes are visible in the transaction.
          expect(report.created.releases).toBe(278);
          expect((await tableCounts(tx)).releases).toBe(278);
        },
      });
      // 544 rows in batches of 100: the start and six batches, each settling its rows (the two
      // rejected ones, lines 544 and 545, with the last).
      expect(steps.map((s) => s.rows)).toEqual([0, 100, 200, 300, 400, 500, 544]);
      expect(stepsAtCommit).toBe(7);
      const bytes = steps.map((s) => s.bytes);
      expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
      expect(new Set(bytes).size).toBe(7);
      expect(bytes.at(-1)).toBe(Buffer.byteLength(fixture));
    });

    it('stores nothing when the step inside the transaction fails', async () => {
      const failure = importCatalog(database.db, editLine(2, ',"Extended Mix",Kwal,,,05:00,', ',"Extended Mix",Kwal,,,05:01,'), {
        beforeCommit: () => Promise.reject(new Error('activity log unavailable')),
      });
      await expect(failure).rejects.toThrow('activity log unavailable');
      expect((await trackOf(database.db, '198937087963', 'QZZ8B2454752'))[0]?.durationMs).toBe(300_000);
    });
  });

  describe('importing again', () => {
    let database: Database;
    let imported: Database | undefined;

    /** A database of the test's own that holds the export as a first import left it (its snapshot: no import to wait for). */
    async function openImported(): Promise<Db> {
      imported = await kind.open({ from: 'distributor-catalog' });
      return imported.db;
    }

    beforeAll(async () => {
      database = await kind.open();
    });
    afterEach(async () => {
      await database.db.delete(releases);
      await database.db.delete(artists);
      await imported?.close();
      imported = undefined;
    });
    afterAll(async () => {
      await database?.close();
    });

    it('changes nothing when the file is the same', async () => {
      const first = await importCatalog(database.db, fixture);
      const before = await snapshot(database.db);
      const again = await importCatalog(database.db, fixture);
      expect(again.created).toEqual({ releases: 0, tracks: 0, artists: 0 });
      expect(again.updated).toEqual({ releases: 0, tracks: 0, artists: 0 });
      expect(again).toEqual({ ...first, created: again.created, updated: again.updated });
      // Every row, updated_at included, is as it was.
      expect(await snapshot(database.db)).toEqual(before);
    });

    it('reads store links from columns named by a store, and a file without them keeps the links', async () => {
      // The fixture with two store columns: line 2 ("No More") has both, one of them no URL.
      const lines = fixture.split('\n');
      lines[0] = `${lines[0]?.trimEnd()},"Beatport URL","Spotify Link"`;
      for (let i = 1; i < lines.length; i += 1) if (lines[i]?.trim()) lines[i] = `${lines[i]?.trimEnd()},,`;
      lines[1] = `${lines[1]?.trimEnd().slice(0, -2)},https://www.beatport.com/release/no-more/1,open.spotify.com/album/x`;
      const report = await importCatalog(database.db, lines.join('\n'));
      expect(report.warnings).toContainEqual({ line: 2, reason: 'Spotify Link "open.spotify.com/album/x" is not an http(s) URL: not linked' });
      const linked = async () => (await database.db.select({ links: releases.links }).from(releases).where(eq(releases.upc, '198937087963')))[0]?.links;
      expect(await linked()).toEqual([{ name: 'Beatport', url: 'https://www.beatport.com/release/no-more/1' }]);

      const again = await importCatalog(database.db, fixture);
      expect(again.updated.releases).toBe(0);
      expect(await linked()).toEqual([{ name: 'Beatport', url: 'https://www.beatport.com/release/no-more/1' }]);
    });

    it('updates exactly the track whose row changed', async () => {
      const db = await openImported();
      const before = await snapshot(db);
      const [old] = await trackOf(db, '198937087963', 'QZZ8B2454752');

      // Line 2: "No More", Extended Mix, 05:00 → 05:01.
      const report = await importCatalog(db, editLine(2, ',"Extended Mix",Kwal,,,05:00,', ',"Extended Mix",Kwal,,,05:01,'));
      expect(report.created).toEqual({ releases: 0, tracks: 0, artists: 0 });
      expect(report.updated).toEqual({ releases: 0, tracks: 1, artists: 0 });

      const after = await snapshot(db);
      const [changed] = await trackOf(db, '198937087963', 'QZZ8B2454752');
      expect(changed).toMatchObject({ id: old?.id, durationMs: 301_000, createdAt: old?.createdAt });
      expect(changed?.updatedAt.getTime()).toBeGreaterThan(old?.updatedAt.getTime() ?? Infinity);
      expect(after).toEqual({ ...before, tracks: before.tracks.map((t) => (t.id === changed?.id ? changed : t)) });
    });

    it('follows a changed mix version to its remixer credit', async () => {
      const db = await openImported();
      const before = await tableCounts(db);
      // Line 3: "BELLO Remix" with Remixers BELLO becomes "Alfonso Tan Remix" with no Remixers.
      const edited = editLine(3, ',"BELLO Remix",Kwal,,BELLO,', ',"Alfonso Tan Remix",Kwal,,,');
      const report = await importCatalog(db, edited);
      expect(report.created).toEqual({ releases: 0, tracks: 0, artists: 0 });
      expect(report.updated).toEqual({ releases: 0, tracks: 1, artists: 0 });
      expect((await trackOf(db, '198937087963', 'QZZ8B2454763'))[0]?.mixVersion).toBe('Alfonso Tan Remix');
      expect(await creditsOf(db, '198937087963', 'QZZ8B2454763')).toEqual([
        ['primary', 'Kwal'],
        ['remixer', 'Alfonso Tan'],
      ]);
      expect(await tableCounts(db)).toEqual(before);
    });

    it('follows changed featured artists', async () => {
      const db = await openImported();
      const edited = editLine(222, ',"Bella Goldwin,Mikhail Rado",', ',"Mikhail Rado",');
      await importCatalog(db, edited);
      expect(await creditsOf(db, '191079492107', 'USLZJ1770633')).toEqual([
        ['featured', 'Mikhail Rado'],
        ['primary', 'Daniels Jack'],
      ]);
      // The same ISRC on the other release keeps its own credits.
      expect(await creditsOf(db, '191079482542', 'USLZJ1770633')).toEqual([
        ['featured', 'Bella Goldwin'],
        ['featured', 'Mikhail Rado'],
        ['primary', 'Daniels Jack'],
      ]);
    });
  });

  describe('choosing and refusing rows', () => {
    let database: Database;

    beforeAll(async () => {
      database = await kind.open();
    });
    afterEach(async () => {
      await database.db.delete(releases);
      await database.db.delete(artists);
    });
    afterAll(async () => {
      await database?.close();
    });

    it('imports only the label asked for and counts the other rows as skipped', async () => {
      const report = await importCatalog(database.db, fixture, { label: 'deep' });
      expect(report).toMatchObject({ rows: 544, totalReleasesImported: 16, totalTracksImported: 20, skipped: 524, rejected: [] });
      expect(report.created).toMatchObject({ releases: 16, tracks: 20 });
      expect(await releasesPerLabel(database.db)).toEqual({ 'buildit-deep': 16 });
      expect(await tracksPerLabel(database.db)).toEqual({ 'buildit-deep': 20 });
    });

    it('rejects a row of an unknown label with its line and imports the rest', async () => {
      const edited = editLine(2, '"Build It Records",', '"Build It Jazz",');
      const report = await importCatalog(database.db, edited);
      expect(report.rejected).toEqual([
        { line: 2, reason: 'unknown label "Build It Jazz"' },
        { line: 544, reason: expect.any(String) },
        { line: 545, reason: expect.any(String) },
      ]);
      expect(report).toMatchObject({ rows: 544, totalReleasesImported: 278, totalTracksImported: 541 });
      expect(await trackOf(database.db, '198937087963', 'QZZ8B2454752')).toEqual([]);
      expect(await tableCounts(database.db)).toMatchObject({ releases: 278, tracks: 541 });
    });

    it('refuses a file without a required column, naming it, and writes nothing', async () => {
      const edited = editLine(1, ',ISRC,', ',"Code",');
      const error = await importCatalog(database.db, edited).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(error).toBeInstanceOf(CatalogFormatError);
      expect((error as Error).message).toBe('Missing columns: ISRC');
      expect(await tableCounts(database.db)).toEqual({ releases: 0, tracks: 0, artists: 0 });
    });

    it('leaves the database as it was when a write fails in the middle', async () => {
      await importCatalog(database.db, fixture, { label: 'deep' });
      const before = await snapshot(database.db);
      const writes: string[] = [];
      await expect(importCatalog(failingOnTrackWrites(database.db, writes), fixture)).rejects.toThrow('disk full');
      // Artists and releases were written before the failure, and rolled back with it.
      expect(writes).toEqual(expect.arrayContaining(['artists', 'releases']));
      expect(await snapshot(database.db)).toEqual(before);
    });
  });

  describe('a file read as a stream, in batches', () => {
    let database: Database;

    beforeAll(async () => {
      database = await kind.open();
    });
    afterEach(async () => {
      await database.db.delete(releases);
      await database.db.delete(artists);
    });
    afterAll(async () => {
      await database?.close();
    });

    it('imports releases whose rows are far apart as if they were together, and again changes nothing', async () => {
      // Seven piles of rows in batches of 50: a release of two rows or more is written in several batches.
      const spreadFixture = spread(fixture, 7);
      const spreadLines = spreadFixture.split('\n');
      const report = await importCatalog(database.db, spreadFixture, { rowsPerBatch: 50 });
      expect(report).toMatchObject({ rows: 544, totalReleasesImported: 278, totalTracksImported: 542, skipped: 0 });
      expect(report.created).toEqual({ releases: 278, tracks: 542, artists: report.totalArtistsImported });
      expect(report.updated).toEqual({ releases: 0, tracks: 0, artists: 0 });
      // The rejected rows are named by their lines in this file, rejected in later batches.
      expect(report.rejected.map((r) => spreadLines[r.line - 1]?.split(',')[3]).sort()).toEqual(['"City High"', '"Groove High"']);
      expect(report.warnings).toHaveLength(16);
      // Typed by all their rows: the ten-track compilation and a three-mix EP.
      const types = await database.db.select({ upc: releases.upc, type: releases.type }).from(releases).where(inArray(releases.upc, ['198622016599', '192650954199']));
      expect(Object.fromEntries(types.map((t) => [t.upc, t.type]))).toEqual({ '198622016599': 'compilation', '192650954199': 'ep' });
      const spreadCatalog = await catalogByKeys(database.db);

      // The file in its own order finds everything as it is.
      const before = await snapshot(database.db);
      const inOrder = await importCatalog(database.db, fixture);
      expect([inOrder.created, inOrder.updated]).toEqual([
        { releases: 0, tracks: 0, artists: 0 },
        { releases: 0, tracks: 0, artists: 0 },
      ]);
      expect(await snapshot(database.db)).toEqual(before);

      // And the spread file after the file in order: a release's first batch must not change its type.
      await database.db.delete(releases);
      await database.db.delete(artists);
      await importCatalog(database.db, fixture);
      expect(await catalogByKeys(database.db)).toEqual(spreadCatalog);
      const inOrderSnapshot = await snapshot(database.db);
      const again = await importCatalog(database.db, spreadFixture, { rowsPerBatch: 50 });
      expect([again.created, again.updated]).toEqual([
        { releases: 0, tracks: 0, artists: 0 },
        { releases: 0, tracks: 0, artists: 0 },
      ]);
      expect(await snapshot(database.db)).toEqual(inOrderSnapshot);
    });

    it('counts a release updated once when a row far down the file changes its type', async () => {
      await importCatalog(database.db, fixture);
      // "Blox" (line 6) is a single of one track; a second at the end of the file makes it an EP.
      const second = (fixtureLines[5] as string).replace(/,1,([A-Z0-9]{12}),/, ',2,QZTST2600001,');
      expect(second).not.toBe(fixtureLines[5]);
      const report = await importCatalog(database.db, `${fixture}${second}\n`, { rowsPerBatch: 50 });
      expect(report.created).toEqual({ releases: 0, tracks: 1, artists: 0 });
      expect(report.updated).toEqual({ releases: 1, tracks: 0, artists: 0 });
      const [release] = await database.db.select({ type: releases.type }).from(releases).where(eq(releases.upc, '198937088106'));
      expect(release?.type).toBe('ep');
    });

    it('writes its first batches before the file is read to the end', async () => {
      const bytes = Buffer.from(fixture);
      const pieces = Math.ceil(bytes.length / 1024);
      let pulled = 0;
      async function* file() {
        for (let i = 0; i < pieces; i++) {
          pulled += 1;
          yield bytes.subarray(i * 1024, (i + 1) * 1024);
        }
      }
      const pulledWhenWritten: number[] = [];
      const report = await importCatalog(database.db, file(), {
        rowsPerBatch: 50,
        onProgress: ({ rows }) => {
          if (rows > 0) pulledWhenWritten.push(pulled);
        },
      });
      expect(report.rows).toBe(544);
      expect(pulledWhenWritten).toHaveLength(11);
      expect(pulledWhenWritten[0]).toBeLessThan(pieces / 2);
      expect(await tableCounts(database.db)).toEqual({ releases: 278, tracks: 542, artists: report.totalArtistsImported });
    });
  });
});
