import type { Deck } from './demo-roster.js';
import type { Random } from '../../../lib/random.js';

/** Builds one demo release (its tracks, mixes, remixes and credits) from a label's plan. */

export type GenrePair = readonly [genre: string, subgenre: string, weight: number];

export interface TrackDraft {
  isrc: string;
  song: string;
  mix: string;
  primary: string[];
  featuring: string[];
  remixers: string[];
  seconds: number | null;
  genre: string;
  subgenre: string;
}

export interface ReleaseDraft {
  label: string;
  catalog: string;
  upc: string;
  name: string;
  version: string;
  artist: string;
  date: string;
  genre: string;
  subgenre: string;
  tracks: TrackDraft[];
  /** True for a compilation of earlier tracks: it is never compiled again. */
  isCompiled: boolean;
}

export type TitleRemixPattern = 'parentheses' | 'brackets' | 'dash' | 'rmx' | 'quotes';

export type Special =
  | { type: 'title-compilation'; size: number; title: (date: string) => string; genre: readonly [string, string] }
  | { type: 'artist-compilation'; size: number; title: string }
  | { type: 'empty' }
  | { type: 'title-remix'; pattern: TitleRemixPattern }
  | { type: 'credit'; role: 'primary' | 'co-primary' | 'featuring' | 'remixer'; name: string }
  | { type: 'unknown-length' }
  | { type: 'title'; title: string };

export interface LabelContext {
  rng: Random;
  labelName: string;
  registrant: string;
  isDeep: boolean;
  genres: readonly GenrePair[];
  artists: Deck;
  vocals: Deck;
  remixes: Deck;
  titles: () => string;
  isrc: (registrant: string, year: number) => string;
  upc: () => string;
  /** Names credited so far anywhere: remixers named only in a title come from here. */
  credited: string[];
  /** This label's releases so far, oldest first. */
  previous: ReleaseDraft[];
}

const MAX_CREDITED = 3;
/** Original or extended, radio, instrumental, dub. */
const MAIN_MIXES = 4;

const TITLE_REMIX: Record<TitleRemixPattern, (title: string, remixer: string) => string> = {
  parentheses: (t, r) => `${t} (${r} Remix)`,
  brackets: (t, r) => `${t} [${r} Remix]`,
  dash: (t, r) => `${t} - ${r} Remix`,
  rmx: (t, r) => `${t} (${r} Rmx)`,
  quotes: (t, r) => `${t} '${r} Remix'`,
};

function lengthFor(rng: Random, mix: string, isDeep: boolean): number {
  if (mix === 'Radio Edit') return rng.int(150, 239);
  if (mix === 'Extended Mix') return rng.int(330, 450);
  if (mix.endsWith('Remix')) return rng.int(300, 410);
  return isDeep ? rng.int(360, 490) : rng.int(290, 420);
}

export function buildRelease(ctx: LabelContext, catalog: string, date: string, trackCount: number, special?: Special): ReleaseDraft {
  const { rng } = ctx;
  const year = Number(date.slice(0, 4));
  const [genre, subgenre] = rng.pickWeighted(ctx.genres, (pair) => pair[2]);
  const base = { label: ctx.labelName, catalog, upc: ctx.upc(), version: '', date, genre, subgenre, isCompiled: false };

  if (special?.type === 'title-compilation') {
    const sources = rng.shuffle(ctx.previous.filter((r) => !r.isCompiled && r.tracks.length > 0));
    const tracks = sources.slice(0, special.size).map((r) => ({ ...(r.tracks[0] as TrackDraft) }));
    if (tracks.length < special.size) throw new Error(`not enough earlier tracks for ${catalog}`);
    const [compGenre, compSubgenre] = special.genre;
    return { ...base, name: special.title(date), artist: 'Various Artists', genre: compGenre, subgenre: compSubgenre, tracks, isCompiled: true };
  }

  const track = (song: string, mix: string, primary: string[], featuring: string[], remixers: string[]): TrackDraft => {
    const remixed = remixers.length > 0 && rng.chance(0.3);
    const subgenreOf = remixed ? (rng.pick(ctx.genres)[1] ?? subgenre) : subgenre;
    ctx.credited.push(...primary, ...featuring, ...remixers);
    return { isrc: ctx.isrc(ctx.registrant, year), song, mix, primary, featuring, remixers, seconds: lengthFor(rng, mix, ctx.isDeep), genre, subgenre: subgenreOf };
  };

  if (special?.type === 'artist-compilation') {
    const names: string[] = [];
    for (let i = 0; i < special.size; i += 1) names.push(ctx.artists.draw(new Set(names)));
    const tracks = names.map((name) => track(ctx.titles(), '', [name], [], []));
    return { ...base, name: special.title, artist: names.join(','), tracks };
  }

  const credit = special?.type === 'credit' ? special : undefined;
  const primary = [credit?.role === 'primary' ? credit.name : ctx.artists.draw()];
  if (credit?.role === 'co-primary') primary.push(credit.name);
  else if (rng.chance(0.12)) primary.push(ctx.artists.draw(new Set(primary)));
  const featuring = credit?.role === 'featuring' ? [credit.name] : rng.chance(0.09) ? [ctx.vocals.draw()] : [];
  const title = special?.type === 'title' ? special.title : ctx.titles();
  const artist = primary.join(',');
  if (special?.type === 'empty') return { ...base, name: title, artist, tracks: [] };

  const remixerFor = (taken: ReadonlySet<string>): string => ctx.remixes.draw(new Set([...primary, ...featuring, ...taken]));
  // At most three names credited in all: more would make the release look like a compilation.
  const remixSlots = MAX_CREDITED - primary.length - featuring.length;
  const tracks: TrackDraft[] = [];
  let name = title;
  if (special?.type === 'title-remix') {
    // Someone already on the label, but not a sample-pack alias: one filtered case at a time.
    const remixer = rng.pick(ctx.credited.filter((n) => !primary.includes(n) && !featuring.includes(n) && !/\d/.test(n)));
    tracks.push(track(title, '', primary, featuring, []));
    tracks.push(track(TITLE_REMIX[special.pattern](title, remixer), '', primary, featuring, []));
  } else if (credit?.role === 'remixer') {
    tracks.push(track(title, 'Original Mix', primary, featuring, []));
    tracks.push(track(title, `${credit.name} Remix`, primary, featuring, [credit.name]));
  } else if (trackCount === 1) {
    const mix = rng.pickWeighted(['', 'Original Mix', 'Extended Mix', 'Radio Edit'], (_, i) => [55, 15, 22, 8][i] ?? 0);
    tracks.push(track(title, mix, primary, featuring, []));
    if ((mix === 'Extended Mix' || mix === 'Radio Edit') && rng.chance(0.3)) base.version = mix;
  } else if (trackCount - MAIN_MIXES <= remixSlots && rng.chance(trackCount === 2 ? 0.78 : 0.55)) {
    const remixCount = Math.max(trackCount - MAIN_MIXES, Math.min(remixSlots, rng.int(0, trackCount - 1)));
    const lead = rng.chance(0.5) ? 'Original Mix' : 'Extended Mix';
    const extras = rng.chance(0.8) ? ['Radio Edit', 'Instrumental Mix', 'Dub Mix'] : ['Instrumental Mix', 'Dub Mix', 'Radio Edit'];
    const mains = [lead, ...extras].slice(0, trackCount - remixCount);
    for (const mix of mains) tracks.push(track(title, mix, primary, featuring, []));
    while (tracks.length < trackCount) {
      const remixer = remixerFor(new Set(tracks.flatMap((t) => t.remixers)));
      tracks.push(track(title, `${remixer} Remix`, primary, featuring, [remixer]));
    }
  } else {
    tracks.push(track(title, '', primary, featuring, []));
    while (tracks.length < trackCount) tracks.push(track(ctx.titles(), '', primary, rng.chance(0.5) ? featuring : [], []));
    if (rng.chance(0.35)) name = `${title} EP`;
  }
  if (special?.type === 'unknown-length') {
    const first = tracks[0];
    if (first) first.seconds = null;
  }
  return { ...base, name, artist, tracks };
}
