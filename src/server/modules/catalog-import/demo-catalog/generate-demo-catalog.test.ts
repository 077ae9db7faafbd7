import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { distributorExportPath } from '../../../../../tests/helpers/fixtures.js';
import { generateDemoCatalog } from './generate-demo-catalog.js';

type Row = Record<string, string>;

const FIXTURE = distributorExportPath;
const HEADER =
  '"Label Name","Catalog #",UPC,"Release Name","Release Version","Release Artist","Release Date","Release Genre","Release Subgenre",Track,ISRC,"Song Name","Mix Version","Primary Artists","Featuring Artists",Remixers,"Track Length","Song Genre","Song Subgenre"';
const RELEASE_COLUMNS = ['Label Name', 'Catalog #', 'UPC', 'Release Name', 'Release Version', 'Release Artist', 'Release Date', 'Release Genre', 'Release Subgenre'];

const catalog = generateDemoCatalog();
const rows = parse(catalog.csv, { bom: true, columns: true }) as Row[];
const col = (row: Row, name: string): string => row[name] ?? '';
const names = (cell: string): string[] => cell.split(',').map((n) => n.trim()).filter(Boolean);

const releases = new Map<string, Row[]>();
for (const row of rows) releases.set(col(row, 'UPC'), [...(releases.get(col(row, 'UPC')) ?? []), row]);
const releasesOf = (label: string) => [...releases.values()].filter((r) => col(r[0] as Row, 'Label Name') === label);
const tracksOf = (release: Row[]) => release.filter((row) => col(row, 'ISRC') !== '');
const isTitleCompilation = (release: Row[]) => /compilation|various/i.test(col(release[0] as Row, 'Release Name'));
const distinctPrimaries = (release: Row[]) => new Set(release.flatMap((row) => names(col(row, 'Primary Artists')))).size;
const creditedNames = (row: Row): string[] => [
  ...(col(row, 'Release Artist') === 'Various Artists' ? [] : names(col(row, 'Release Artist'))),
  ...names(col(row, 'Primary Artists')),
  ...names(col(row, 'Featuring Artists')),
  ...names(col(row, 'Remixers')),
];
const allNames = new Set(rows.flatMap(creditedNames));

describe('generateDemoCatalog: format', () => {
  it('writes the distributor header with a BOM and LF line endings', () => {
    expect(catalog.csv.startsWith(`\uFEFF${HEADER}\n`)).toBe(true);
    expect(catalog.csv).not.toContain('\r');
    expect(catalog.csv.endsWith('\n')).toBe(true);
  });

  it("uses exactly the real export's header line", () => {
    const fixtureHeader = readFileSync(FIXTURE, 'utf8').split('\n')[0];
    expect(catalog.csv.split('\n')[0]).toBe(fixtureHeader);
  });

  it('is deterministic', () => {
    const again = generateDemoCatalog();
    expect(again.csv).toBe(catalog.csv);
    expect(again.artists).toEqual(catalog.artists);
  });

  it('fills every column in the distributor shapes', () => {
    for (const row of rows) {
      expect(col(row, 'Catalog #')).toMatch(/^DEMO-BLDR(T|D)?\d{3}$/);
      expect(col(row, 'UPC')).toMatch(/^\d{12}$/);
      expect(col(row, 'Release Date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(col(row, 'Release Date') >= '2015-03-03' && col(row, 'Release Date') <= '2026-10-31').toBe(true);
      expect(col(row, 'Track')).toMatch(/^\d+$/);
      expect(col(row, 'ISRC')).toMatch(/^([A-Z]{2}[A-Z0-9]{3}\d{7})?$/);
      expect(col(row, 'Track Length')).toMatch(/^(\d{2}:[0-5]\d)?$/);
      expect(col(row, 'Release Genre')).not.toBe('');
      expect(col(row, 'Primary Artists')).not.toBe('');
    }
    // A prefix no label uses: a real export's catalog numbers never collide with the demo's.
    const prefixes: Record<string, string> = { 'Build It Records': 'DEMO-BLDR', 'Build It Tech': 'DEMO-BLDRT', 'Build It Deep': 'DEMO-BLDRD' };
    for (const row of rows) expect(col(row, 'Catalog #').replace(/\d+$/, '')).toBe(prefixes[col(row, 'Label Name')]);
  });
});

describe('generateDemoCatalog: shape', () => {
  it.each([
    ['Build It Records', 190, 210, 420, 460],
    ['Build It Tech', 55, 65, 78, 92],
    ['Build It Deep', 14, 18, 18, 22],
  ])('%s has about the real number of releases and tracks', (label, minReleases, maxReleases, minRows, maxRows) => {
    const labelReleases = releasesOf(label);
    const labelRows = labelReleases.flat().length;
    expect(labelReleases.length).toBeGreaterThanOrEqual(minReleases);
    expect(labelReleases.length).toBeLessThanOrEqual(maxReleases);
    expect(labelRows).toBeGreaterThanOrEqual(minRows);
    expect(labelRows).toBeLessThanOrEqual(maxRows);
  });

  it('has mostly 1–2-track releases, some of 3–5, and 15–20-track compilations (3–5 on records, 1 on tech)', () => {
    const all = [...releases.values()];
    expect(all.filter((r) => r.length <= 2).length / all.length).toBeGreaterThan(0.75);
    expect(all.filter((r) => r.length >= 3 && r.length <= 5).length).toBeGreaterThan(10);
    const big = (label: string) => releasesOf(label).filter((r) => r.length >= 15 && r.length <= 20 && isTitleCompilation(r));
    expect(big('Build It Records').length).toBeGreaterThanOrEqual(3);
    expect(big('Build It Records').length).toBeLessThanOrEqual(5);
    expect(big('Build It Tech')).toHaveLength(1);
    expect(all.filter((r) => r.length > 5).every(isTitleCompilation)).toBe(true);
  });

  it('gives each release one UPC and the same release columns on all its rows', () => {
    const upcByCatalog = new Map<string, string>();
    for (const [upc, release] of releases) {
      const first = release[0] as Row;
      expect(upcByCatalog.has(col(first, 'Catalog #'))).toBe(false);
      upcByCatalog.set(col(first, 'Catalog #'), upc);
      for (const row of release) for (const c of RELEASE_COLUMNS) expect(col(row, c)).toBe(col(first, c));
      expect(release.map((row) => col(row, 'Track'))).toEqual(release.map((_, i) => String(i + 1)));
    }
  });

  it('gives each track its own ISRC, reused only when a compilation carries the original track', () => {
    const byIsrc = new Map<string, Row[]>();
    for (const row of rows.filter((r) => col(r, 'ISRC'))) byIsrc.set(col(row, 'ISRC'), [...(byIsrc.get(col(row, 'ISRC')) ?? []), row]);
    let reused = 0;
    for (const same of byIsrc.values()) {
      if (same.length === 1) continue;
      reused += 1;
      const originals = same.filter((row) => col(row, 'Release Artist') !== 'Various Artists');
      expect(originals).toHaveLength(1);
      for (const row of same) {
        for (const c of ['Song Name', 'Mix Version', 'Primary Artists', 'Track Length']) expect(col(row, c)).toBe(col(originals[0] as Row, c));
      }
    }
    expect(reused).toBeGreaterThan(50);
    const compilationRows = rows.filter((row) => col(row, 'Release Artist') === 'Various Artists');
    expect(compilationRows.every((row) => (byIsrc.get(col(row, 'ISRC')) ?? []).length >= 2)).toBe(true);
  });

  it('credits 120–160 artists, recurring, with duos, featured vocalists and remixers', () => {
    expect(allNames.size).toBeGreaterThanOrEqual(120);
    expect(allNames.size).toBeLessThanOrEqual(160);
    const releaseCounts = new Map<string, number>();
    for (const release of releases.values()) for (const name of new Set(names(col(release[0] as Row, 'Primary Artists')))) releaseCounts.set(name, (releaseCounts.get(name) ?? 0) + 1);
    expect([...releaseCounts.values()].filter((n) => n >= 3).length).toBeGreaterThan(20);
    expect([...allNames].filter((n) => n.includes(' & ')).length).toBeGreaterThanOrEqual(3);
    expect(allNames).toContain('Nodus & Tarrin');
    expect(rows.filter((row) => col(row, 'Featuring Artists')).length).toBeGreaterThan(10);
    const remixRows = rows.filter((row) => col(row, 'Remixers'));
    expect(remixRows.length).toBeGreaterThan(20);
    for (const row of remixRows) expect(col(row, 'Mix Version')).toBe(`${col(row, 'Remixers')} Remix`);
  });
});

describe('generateDemoCatalog: the cases docs/product.md §5 filters or detects', () => {
  it.each(['Loop 12', 'Kick 7', 'DJ Beats 3', 'DJ Flow 9', 'DJ Loop 4'])('credits the sample-pack-like name %s on a track', (name) => {
    expect(rows.some((row) => col(row, 'ISRC') && creditedNames(row).includes(name))).toBe(true);
  });

  it('has a release without tracks: release columns filled, track columns empty', () => {
    const empty = rows.filter((row) => !col(row, 'ISRC'));
    expect(empty.length).toBeGreaterThanOrEqual(1);
    for (const row of empty) {
      for (const c of ['Song Name', 'Mix Version', 'Track Length']) expect(col(row, c)).toBe('');
      for (const c of RELEASE_COLUMNS.filter((c) => c !== 'Release Version')) expect(col(row, c)).not.toBe('');
      expect(releases.get(col(row, 'UPC'))).toHaveLength(1);
    }
  });

  it.each([
    ['parentheses', /^.+ \((.+) Remix\)$/],
    ['brackets', /^.+ \[(.+) Remix\]$/],
    ['dash', /^.+ - (.+) Remix$/],
    ['rmx', /^.+ \((.+) Rmx\)$/],
    ['quotes', /^.+ '(.+) Remix'$/],
  ])('names a remixer only in the title, in %s', (_, pattern) => {
    const matches = rows.filter((row) => pattern.test(col(row, 'Song Name')));
    expect(matches.length).toBeGreaterThanOrEqual(1);
    for (const row of matches) {
      expect(col(row, 'Remixers')).toBe('');
      expect(col(row, 'Mix Version')).toBe('');
      expect(allNames).toContain(pattern.exec(col(row, 'Song Name'))?.[1]);
    }
  });

  it('has compilations by title and exactly one by artist count only', () => {
    const all = [...releases.values()];
    expect(all.filter((r) => /compilation/i.test(col(r[0] as Row, 'Release Name'))).length).toBeGreaterThanOrEqual(2);
    expect(all.filter((r) => /various/i.test(col(r[0] as Row, 'Release Name'))).length).toBeGreaterThanOrEqual(1);
    const byCount = all.filter((r) => !isTitleCompilation(r) && tracksOf(r).length > 2 && distinctPrimaries(r) > 3);
    expect(byCount).toHaveLength(1);
    expect(col((byCount[0] as Row[])[0] as Row, 'Release Artist')).not.toBe('Various Artists');
    // Other multi-track releases stay at three credited names or fewer, however they are counted.
    const others = all.filter((r) => !isTitleCompilation(r) && r !== byCount[0] && r.length > 2);
    for (const release of others) expect(new Set(release.flatMap(creditedNames)).size).toBeLessThanOrEqual(3);
  });

  it('has a few tracks of unknown length', () => {
    const unknown = rows.filter((row) => col(row, 'ISRC') && !col(row, 'Track Length'));
    expect(unknown.length).toBeGreaterThanOrEqual(2);
    expect(unknown.length).toBeLessThanOrEqual(10);
  });

  it('has non-ASCII names and a quoted release name containing a comma', () => {
    expect([...allNames].filter((name) => /[^\x20-\x7e]/.test(name)).length).toBeGreaterThanOrEqual(2);
    expect(allNames).toContain('Zoë Marrant');
    const withComma = rows.find((row) => col(row, 'Release Name').includes(','));
    expect(withComma).toBeDefined();
    expect(catalog.csv).toContain(`,"${col(withComma as Row, 'Release Name')}",`);
  });
});

describe('generateDemoCatalog: artist profiles', () => {
  const profiles = new Map(catalog.artists.map((artist) => [artist.name, artist]));

  it('has exactly one profile per credited name', () => {
    expect(profiles.size).toBe(catalog.artists.length);
    expect(new Set(profiles.keys())).toEqual(allNames);
    expect(allNames.has('Various Artists')).toBe(false);
  });

  it('gives each a 1–3 sentence bio and 1–3 genres they release in', () => {
    const subgenresOf = new Map<string, Set<string>>();
    for (const row of rows) {
      for (const name of creditedNames(row)) subgenresOf.set(name, (subgenresOf.get(name) ?? new Set()).add(col(row, 'Song Subgenre')));
    }
    for (const artist of catalog.artists) {
      const sentences = artist.bio.split(/(?<=\.)\s+/);
      expect(sentences.length).toBeGreaterThanOrEqual(1);
      expect(sentences.length).toBeLessThanOrEqual(3);
      expect(artist.bio).toContain(artist.name);
      expect(artist.genres.length).toBeGreaterThanOrEqual(1);
      expect(artist.genres.length).toBeLessThanOrEqual(3);
      for (const genre of artist.genres) expect(subgenresOf.get(artist.name)).toContain(genre);
    }
    expect(new Set(catalog.artists.map((a) => a.bio)).size).toBe(catalog.artists.length);
  });

  it('uses no well-known artist names', () => {
    const famous = ['Avicii', 'Tiësto', 'Tiesto', 'Kygo', 'Zedd', 'Skrillex', 'Deadmau5', 'Calvin Harris', 'David Guetta', 'Martin Garrix', 'Hardwell', 'Afrojack', 'Alesso', 'Marshmello', 'Diplo', 'Solomun', 'Black Coffee', 'Peggy Gou', 'Fisher', 'Chris Lake', 'John Summit', 'Dom Dolla', 'Mau P', 'Jamie Jones', 'Carl Cox', 'Adam Beyer', 'Amelie Lens', 'Charlotte de Witte', 'Nina Kraviz', 'Boris Brejcha', 'Kaskade', 'Disclosure', 'Bicep', 'Camelphat', 'Claptone', 'Oliver Heldens', 'Lane 8', 'Ben Böhmer', 'Anyma', 'Keinemusik', 'Madonna', 'Beyoncé', 'Rihanna', 'Drake', 'Adele'];
    const lower = [...allNames].map((name) => name.toLowerCase());
    for (const name of famous) expect(lower.filter((n) => n === name.toLowerCase() || n.split(/[\s&,]+/).join(' ').includes(name.toLowerCase()))).toEqual([]);
  });
});
