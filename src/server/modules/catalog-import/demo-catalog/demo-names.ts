import type { Random } from '../../../lib/random.js';

/**
 * Invented names for the demo catalog: artists are assembled from made-up syllables (never a real
 * person), song titles from common words. Everything is drawn from the caller's seeded Random.
 */

export type ArtistKind = 'producer' | 'duo' | 'group' | 'vocalist' | 'remixer' | 'sample-pack';

export interface RosterArtist {
  name: string;
  kind: ArtistKind;
}

const FIRST_HEADS = ['Ve', 'No', 'Mi', 'Ta', 'Ka', 'Zo', 'Lu', 'Sa', 'Ori', 'Fe', 'Ily', 'Ca', 'Re', 'Yo', 'Te', 'Bri', 'Ela', 'Ju', 'Pa', 'Xa', 'Ondi'];
const FIRST_TAILS = ['lora', 'dus', 'reo', 'rrin', 'shel', 'vian', 'nte', 'mira', 'vo', 'sse', 'ndro', 'ssia', 'riel', 'ven', 'lis', 'mek', 'quin', 'dra'];
const LAST_HEADS = ['Mar', 'Kel', 'Dru', 'Vos', 'Tren', 'Hal', 'Ost', 'Bel', 'Cor', 'Fal', 'Gro', 'Lem', 'Pra', 'Sor', 'Wyn', 'Kash', 'Dov', 'Ulm', 'Tav', 'Ner'];
const LAST_TAILS = ['rant', 'vik', 'enko', 'mere', 'dall', 'aro', 'ani', 'esco', 'ling', 'ova', 'uzzi', 'etti', 'aard', 'ek', 'ven', 'oux', 'ith', 'ade'];
const ALIAS_HEADS = ['Kwo', 'Nov', 'Brix', 'Zaph', 'Orr', 'Ix', 'Mok', 'Vyl', 'Glo', 'Skel', 'Rho', 'Fyn', 'Qua', 'Tull', 'Jex', 'Omb', 'Hav', 'Dem'];
const ALIAS_TAILS = ['ra', 'lux', 'on', 'ta', 'ode', 'um', 'aro', 'ine', 'et', 'ezo', 'anth', 'ika'];
const GROUP_HEADS = ['Hollow', 'Velvet', 'Copper', 'Amber', 'Cobalt', 'Tidal', 'Quiet', 'Paper', 'Lunar', 'Static', 'Ember'];
const GROUP_TAILS = ['Pilots', 'Orchard', 'Harbour', 'Lanterns', 'Parade', 'Motel', 'Engines', 'Atlas', 'Hours', 'Signals'];

/** Fixed names that cover cases the product must handle (docs/product.md §5): accents, " & " duos, sample packs. */
export const NAMED_ARTISTS = {
  accented: ['Zoë Marrant', 'Ánder Solvik', 'Mirèa Duvo'],
  duo: 'Nodus & Tarrin',
  samplePacks: ['Loop 12', 'Kick 7', 'DJ Beats 3', 'DJ Flow 9', 'DJ Loop 4'],
  fromBrief: ['Velora Kash', 'Mireo Vance', 'Vendo'],
} as const;

const capitalize = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

export function createNameFactory(rng: Random): (kind: ArtistKind) => string {
  const used = new Set<string>([
    ...NAMED_ARTISTS.accented,
    NAMED_ARTISTS.duo,
    ...NAMED_ARTISTS.samplePacks,
    ...NAMED_ARTISTS.fromBrief,
  ]);
  const firstName = () => rng.pick(FIRST_HEADS) + rng.pick(FIRST_TAILS);
  const lastName = () => rng.pick(LAST_HEADS) + rng.pick(LAST_TAILS);
  const alias = () => capitalize(rng.pick(ALIAS_HEADS).toLowerCase() + rng.pick(ALIAS_TAILS));
  const candidate = (kind: ArtistKind): string => {
    switch (kind) {
      case 'duo':
        return `${rng.chance(0.5) ? alias() : firstName()} & ${rng.chance(0.5) ? alias() : firstName()}`;
      case 'group':
        return `${rng.pick(GROUP_HEADS)} ${rng.pick(GROUP_TAILS)}`;
      case 'vocalist':
        return `${firstName()} ${lastName()}`;
      default: {
        const roll = rng.next();
        if (roll < 0.5) return `${firstName()} ${lastName()}`;
        if (roll < 0.85) return alias();
        return alias().toUpperCase();
      }
    }
  };
  return (kind) => {
    for (;;) {
      const name = candidate(kind);
      const key = name.toLowerCase();
      if (!used.has(name) && ![...used].some((other) => other.toLowerCase() === key)) {
        used.add(name);
        return name;
      }
    }
  };
}

const TITLE_ADJECTIVES = ['Neon', 'Velvet', 'Hollow', 'Static', 'Golden', 'Lunar', 'Silent', 'Electric', 'Crimson', 'Paper', 'Glass', 'Wild', 'Endless', 'Midnight', 'Analog', 'Faded', 'Solar', 'Liquid', 'Restless', 'Hidden', 'Cold', 'Open', 'Slow', 'Bright'];
const TITLE_NOUNS = ['Motion', 'Signal', 'Tide', 'Horizon', 'Pulse', 'Garden', 'Circuit', 'Engine', 'Frequency', 'Mirage', 'Echo', 'Avenue', 'Harbour', 'Ritual', 'Temple', 'Orbit', 'Fever', 'River', 'Machine', 'Skyline', 'Current', 'Shadow', 'Season', 'Rhythm', 'Fire', 'Weekend'];
const TITLE_PHRASES = ['Feel The {N}', 'Lost In The {N}', 'Back To The {N}', 'Into The {N}', 'Chasing {N}', 'Keep It {A}', 'Stay {A}', 'Ride The {N}', 'Under The {N}', '{A} Nights', 'Call Of The {N}', 'No More {N}'];
const TITLE_WORDS = ['Kovalo', 'Sabrú', 'Ondaria', 'Merak', 'Tessera', 'Vamos', 'Café Nocturne', 'Señal', 'Lumbra', 'Azulejo', 'Nachtzug', 'Oxbow', 'Halcyon', 'Kinetik', 'Marimba Rain', 'Fuego Lento'];

export function createTitleFactory(rng: Random): () => string {
  const used = new Set<string>();
  const candidate = (): string => {
    const roll = rng.next();
    if (roll < 0.45) return `${rng.pick(TITLE_ADJECTIVES)} ${rng.pick(TITLE_NOUNS)}`;
    if (roll < 0.8) return rng.pick(TITLE_PHRASES).replace('{N}', rng.pick(TITLE_NOUNS)).replace('{A}', rng.pick(TITLE_ADJECTIVES));
    return rng.pick(TITLE_WORDS);
  };
  return () => {
    for (let attempt = 0; ; attempt += 1) {
      const title = candidate();
      if (!used.has(title)) {
        used.add(title);
        return title;
      }
      if (attempt > 40) {
        const numbered = `${title} ${['II', 'III', 'IV', 'V'][attempt % 4]}`;
        if (!used.has(numbered)) {
          used.add(numbered);
          return numbered;
        }
      }
    }
  };
}
