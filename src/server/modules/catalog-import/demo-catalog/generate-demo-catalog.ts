import { buildRelease, type GenrePair, type ReleaseDraft, type Special } from './build-release.js';
import { createIsrcFactory, createUpcFactory, formatTrackLength, spreadReleaseDates } from './catalog-codes.js';
import { writeBio } from './demo-bios.js';
import { createTitleFactory } from './demo-names.js';
import { buildRoster, createDeck, labelPool, type LabelKey } from './demo-roster.js';
import { formatInventoryCsv, type InventoryRow } from './inventory-csv.js';
import { createRandom, type Random } from '../../../lib/random.js';
import { findLabel } from '../../../../shared/labels.js';

/**
 * The fictional demo catalog: a distributor inventory export (same format as the real one) for
 * the three labels, plus a profile for every artist credited in it. Deterministic: one seed, no
 * clock, no locale, so every call returns the same bytes.
 */

export interface DemoArtistProfile {
  name: string;
  bio: string;
  genres: string[];
}

export interface DemoCatalog {
  csv: string;
  artists: DemoArtistProfile[];
}

const SEED = 0xb11d17;

interface LabelPlan {
  key: LabelKey;
  name: string;
  prefix: string;
  registrant: string;
  releases: number;
  /** CSV rows, counting one for a release without tracks. */
  rows: number;
  start: string;
  end: string;
  genres: readonly GenrePair[];
  specials: Readonly<Record<number, Special>>;
}

/** The label's name as the distributor writes it, from the site configuration. */
function distributorName(key: LabelKey): string {
  const label = findLabel(key);
  if (!label) throw new Error(`The site configuration has no label "${key}"`);
  return label.distributorName;
}

/** "{Label} Summer Compilation 2019": the season follows the release month. */
const seasonalCompilation = (label: string) => (date: string) => {
  const month = Number(date.slice(5, 7));
  return `${label} ${month >= 4 && month <= 9 ? 'Summer' : 'Winter'} Compilation ${date.slice(0, 4)}`;
};

const LABEL_PLANS: readonly LabelPlan[] = [
  {
    key: 'records',
    name: distributorName('records'),
    prefix: 'DEMO-BLDR',
    registrant: 'Z8B',
    releases: 200,
    rows: 440,
    start: '2015-03-03',
    end: '2026-10-31',
    genres: [['Dance', 'House', 40], ['Dance', 'Tech House', 20], ['Electronic', 'House', 10], ['Electronic', 'Mainstage', 8], ['Dance', 'Deep House', 8], ['Dance', 'Future House', 6], ['Dance', 'Progressive House', 4], ['Dance', 'Bass House', 3], ['Dance', 'UK Garage', 2]],
    specials: {
      30: { type: 'title-remix', pattern: 'parentheses' },
      44: { type: 'title-compilation', size: 16, title: seasonalCompilation(distributorName('records')), genre: ['Dance', 'Electronica'] },
      55: { type: 'unknown-length' },
      61: { type: 'title-remix', pattern: 'brackets' },
      70: { type: 'credit', role: 'primary', name: 'DJ Beats 3' },
      77: { type: 'title-remix', pattern: 'dash' },
      85: { type: 'title', title: 'Slow Down, Rise Up' },
      92: { type: 'title-compilation', size: 18, title: seasonalCompilation(distributorName('records')), genre: ['Dance', 'Electronica'] },
      99: { type: 'credit', role: 'remixer', name: 'DJ Flow 9' },
      108: { type: 'title-remix', pattern: 'rmx' },
      120: { type: 'artist-compilation', size: 5, title: 'Warehouse Tools, Vol. 1' },
      130: { type: 'credit', role: 'co-primary', name: 'DJ Loop 4' },
      134: { type: 'unknown-length' },
      141: { type: 'title-compilation', size: 15, title: () => 'Various Grooves Vol. 1', genre: ['Dance', 'Electronica'] },
      152: { type: 'title-remix', pattern: 'quotes' },
      166: { type: 'empty' },
      171: { type: 'unknown-length' },
      183: { type: 'title-compilation', size: 20, title: seasonalCompilation(distributorName('records')), genre: ['Dance', 'Electronica'] },
    },
  },
  {
    key: 'tech',
    name: distributorName('tech'),
    prefix: 'DEMO-BLDRT',
    registrant: 'TRX',
    releases: 60,
    rows: 85,
    start: '2017-06-02',
    end: '2026-10-31',
    genres: [['Electronic', 'Tech House', 45], ['Dance', 'Tech House', 35], ['Electronic', 'Minimal / Deep Tech', 10], ['Dance', 'House', 5]],
    specials: {
      20: { type: 'credit', role: 'primary', name: 'Loop 12' },
      33: { type: 'credit', role: 'featuring', name: 'Kick 7' },
      40: { type: 'unknown-length' },
      48: { type: 'title-compilation', size: 15, title: (date) => `${distributorName('tech')} Compilation ${date.slice(0, 4)}`, genre: ['Electronic', 'Tech House'] },
      57: { type: 'empty' },
    },
  },
  {
    key: 'deep',
    name: distributorName('deep'),
    prefix: 'DEMO-BLDRD',
    registrant: 'WDE',
    releases: 16,
    rows: 20,
    start: '2021-02-05',
    end: '2026-10-23',
    genres: [['Electronic', 'Deep House', 50], ['Electronic', 'Organic House', 20], ['Electronic', 'Progressive House', 15], ['Electronic', 'Melodic House & Techno', 15]],
    specials: { 9: { type: 'unknown-length' } },
  },
];

/** Rows a special release takes, when its special fixes that number. */
function fixedRows(special: Special | undefined): number | undefined {
  if (!special) return undefined;
  if (special.type === 'title-compilation' || special.type === 'artist-compilation') return special.size;
  if (special.type === 'title-remix' || (special.type === 'credit' && special.role === 'remixer')) return 2;
  if (special.type === 'empty') return 1;
  return undefined;
}

/** Track counts for `count` releases summing to `total`: mostly 1–2, some 3–5. */
function planTrackCounts(rng: Random, count: number, total: number): number[] {
  const counts = Array.from({ length: count }, () => {
    const roll = rng.next();
    return roll < 0.5 ? 1 : roll < 0.86 ? 2 : rng.int(3, 5);
  });
  let sum = counts.reduce((a, b) => a + b, 0);
  while (sum !== total) {
    const index = rng.int(0, count - 1);
    const current = counts[index] ?? 1;
    const step = sum > total ? -1 : 1;
    if (current + step >= 1 && current + step <= 5) {
      counts[index] = current + step;
      sum += step;
    }
  }
  return counts;
}

function toRows(release: ReleaseDraft): InventoryRow[] {
  const head = {
    'Label Name': release.label,
    'Catalog #': release.catalog,
    UPC: release.upc,
    'Release Name': release.name,
    'Release Version': release.version,
    'Release Artist': release.artist,
    'Release Date': release.date,
    'Release Genre': release.genre,
    'Release Subgenre': release.subgenre,
  };
  if (release.tracks.length === 0) {
    const empty = { ISRC: '', 'Song Name': '', 'Mix Version': '', 'Featuring Artists': '', Remixers: '', 'Track Length': '' };
    return [{ ...head, Track: '1', ...empty, 'Primary Artists': release.artist, 'Song Genre': release.genre, 'Song Subgenre': release.subgenre }];
  }
  return release.tracks.map((track, index) => ({
    ...head,
    Track: String(index + 1),
    ISRC: track.isrc,
    'Song Name': track.song,
    'Mix Version': track.mix,
    'Primary Artists': track.primary.join(','),
    'Featuring Artists': track.featuring.join(','),
    Remixers: track.remixers.join(','),
    'Track Length': formatTrackLength(track.seconds),
    'Song Genre': track.genre,
    'Song Subgenre': track.subgenre,
  }));
}

function buildReleases(): { releases: ReleaseDraft[]; kindOf: ReturnType<typeof buildRoster>['kindOf'] } {
  const rng = createRandom(SEED);
  const roster = buildRoster(rng);
  const producers = Object.values(roster.byLabel).flat();
  const names = (list: readonly { name: string }[]) => list.map((a) => a.name);
  const vocals = createDeck(rng, names(roster.vocalists), roster.vocalists.map((a) => ({ name: a.name, weight: 1 })), 30);
  const remixPool = [...roster.remixers.map((a) => ({ name: a.name, weight: 2 })), ...producers.map((a) => ({ name: a.name, weight: 0.3 }))];
  const remixes = createDeck(rng, names(roster.remixers), remixPool, 60);
  const shared = { titles: createTitleFactory(rng), isrc: createIsrcFactory(rng), upc: createUpcFactory(rng), credited: [] as string[] };
  const releases: ReleaseDraft[] = [];
  for (const plan of LABEL_PLANS) {
    const own = roster.byLabel[plan.key];
    const guests = producers.filter((artist) => !own.includes(artist));
    const artists = createDeck(rng, names(own), labelPool(rng, own, guests), Math.round(plan.releases * 1.1));
    const ctx = { ...shared, rng, labelName: plan.name, registrant: plan.registrant, isDeep: plan.key === 'deep', genres: plan.genres, artists, vocals, remixes, previous: [] as ReleaseDraft[] };
    const dates = spreadReleaseDates(rng, plan.releases, plan.start, plan.end);
    const slots = Array.from({ length: plan.releases }, (_, i) => fixedRows(plan.specials[i]));
    const free = slots.filter((rows) => rows === undefined).length;
    const planned = planTrackCounts(rng, free, plan.rows - slots.reduce<number>((sum, rows) => sum + (rows ?? 0), 0));
    for (let i = 0; i < plan.releases; i += 1) {
      const trackCount = slots[i] ?? (planned.shift() as number);
      const catalog = `${plan.prefix}${String(i + 1).padStart(3, '0')}`;
      const release = buildRelease(ctx, catalog, dates[i] as string, trackCount, plan.specials[i]);
      ctx.previous.push(release);
      releases.push(release);
    }
  }
  return { releases, kindOf: roster.kindOf };
}

function buildProfiles(rows: readonly InventoryRow[], kindOf: ReturnType<typeof buildRoster>['kindOf']): DemoArtistProfile[] {
  const genreCounts = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const releaseArtists = row['Release Artist'] === 'Various Artists' ? [] : row['Release Artist'].split(',');
    const credited = [...releaseArtists, ...[row['Primary Artists'], row['Featuring Artists'], row.Remixers].flatMap((cell) => cell.split(','))];
    for (const name of credited.map((n) => n.trim()).filter(Boolean)) {
      const counts = genreCounts.get(name) ?? new Map<string, number>();
      const genre = row['Song Subgenre'] || row['Release Subgenre'];
      counts.set(genre, (counts.get(genre) ?? 0) + 1);
      genreCounts.set(name, counts);
    }
  }
  return [...genreCounts].map(([name, counts]) => {
    const ranked = [...counts].sort((a, b) => b[1] - a[1]);
    const genres = ranked.filter(([, n], i) => i === 0 || n >= 2).slice(0, 3).map(([genre]) => genre);
    return { name, bio: writeBio(name, kindOf(name), genres), genres };
  });
}

export function generateDemoCatalog(): DemoCatalog {
  const { releases, kindOf } = buildReleases();
  const byDateDescending = [...releases].sort((a, b) => {
    const emptyFirst = Number(a.tracks.length === 0) - Number(b.tracks.length === 0);
    const byDate = a.date < b.date ? 1 : a.date > b.date ? -1 : 0;
    return emptyFirst || byDate || (a.catalog < b.catalog ? 1 : a.catalog > b.catalog ? -1 : 0);
  });
  const rows = byDateDescending.flatMap(toRows);
  return { csv: formatInventoryCsv(rows), artists: buildProfiles(rows, kindOf) };
}
