import { createNameFactory, NAMED_ARTISTS, type ArtistKind, type RosterArtist } from './demo-names.js';
import type { Random } from '../../../lib/random.js';

/**
 * Who makes the demo catalog: artists per label, vocalists, remixers and sample-pack aliases,
 * and "decks" that hand them out so every artist gets credited at least once while a few
 * favourites recur, as on a real label.
 */

export type LabelKey = 'records' | 'tech' | 'deep';

export interface Roster {
  byLabel: Record<LabelKey, RosterArtist[]>;
  vocalists: RosterArtist[];
  remixers: RosterArtist[];
  samplePacks: RosterArtist[];
  kindOf(name: string): ArtistKind;
}

export function buildRoster(rng: Random): Roster {
  const makeName = createNameFactory(rng);
  const make = (kind: ArtistKind, count: number, fixed: readonly string[] = []): RosterArtist[] => [
    ...fixed.map((name) => ({ name, kind })),
    ...Array.from({ length: count }, () => ({ name: makeName(kind), kind })),
  ];
  const [velora, mireo, vendo] = NAMED_ARTISTS.fromBrief;
  const [zoe, ander, mirea] = NAMED_ARTISTS.accented;
  const byLabel: Record<LabelKey, RosterArtist[]> = {
    records: [...make('producer', 52, [velora, mireo]), ...make('duo', 6, [NAMED_ARTISTS.duo]), ...make('group', 6)],
    tech: [...make('producer', 24, [mirea]), ...make('duo', 3)],
    deep: [...make('producer', 9, [ander]), ...make('duo', 1), ...make('group', 1)],
  };
  const vocalists = make('vocalist', 13, [zoe]);
  const remixers = make('remixer', 9, [vendo]);
  const samplePacks = make('sample-pack', 0, NAMED_ARTISTS.samplePacks);
  const kinds = new Map<string, ArtistKind>();
  for (const artist of [...Object.values(byLabel).flat(), ...vocalists, ...remixers, ...samplePacks]) {
    kinds.set(artist.name, artist.kind);
  }
  return { byLabel, vocalists, remixers, samplePacks, kindOf: (name) => kinds.get(name) ?? 'producer' };
}

export interface Deck {
  draw(exclude?: ReadonlySet<string>): string;
}

export interface WeightedName {
  name: string;
  weight: number;
}

/**
 * Draws names: the `cover` names each come out once, spread over about `expectedDraws` draws;
 * the other draws are weighted picks from `pool`.
 */
export function createDeck(rng: Random, cover: readonly string[], pool: readonly WeightedName[], expectedDraws: number): Deck {
  const queue = rng.shuffle(cover);
  let drawn = 0;
  return {
    draw(exclude = new Set<string>()) {
      drawn += 1;
      const share = queue.length / Math.max(1, expectedDraws - drawn + 1);
      const index = queue.findIndex((name) => !exclude.has(name));
      if (index >= 0 && rng.next() < Math.max(0.4, Math.min(1, share * 1.4))) {
        return queue.splice(index, 1)[0] as string;
      }
      const candidates = pool.filter((entry) => !exclude.has(entry.name));
      if (candidates.length === 0) throw new Error('deck has no name left to draw');
      return rng.pickWeighted(candidates, (entry) => entry.weight).name;
    },
  };
}

/** A label's pool: a handful of favourites, everyone else on the label, a few guests from elsewhere. */
export function labelPool(rng: Random, own: readonly RosterArtist[], guests: readonly RosterArtist[]): WeightedName[] {
  const favourites = new Set(rng.shuffle(own).slice(0, Math.max(2, Math.round(own.length / 8))).map((a) => a.name));
  return [
    ...own.map((artist) => ({ name: artist.name, weight: favourites.has(artist.name) ? 6 : 1 })),
    ...guests.map((artist) => ({ name: artist.name, weight: 0.08 })),
  ];
}
