/**
 * Small deterministic helpers: a seeded PRNG (mulberry32) and a string hash (FNV-1a, 32 bit).
 * Written here rather than imported so the demo catalog and its artwork never change with a
 * dependency update.
 */

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [ceil(min), floor(max)], both inclusive. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks an index with probability proportional to its weight. */
  pickWeighted<T>(items: readonly T[], weightOf: (item: T, index: number) => number): T;
  shuffle<T>(items: readonly T[]): T[];
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => {
    const low = Math.ceil(min);
    return low + Math.floor(next() * (Math.floor(max) - low + 1));
  };
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('cannot pick from an empty list');
    return items[int(0, items.length - 1)] as T;
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    pickWeighted(items, weightOf) {
      const weights = items.map((item, index) => Math.max(0, weightOf(item, index)));
      const total = weights.reduce((sum, w) => sum + w, 0);
      if (total <= 0) return pick(items);
      let target = next() * total;
      for (let i = 0; i < items.length; i += 1) {
        target -= weights[i] ?? 0;
        if (target < 0) return items[i] as (typeof items)[number];
      }
      return items[items.length - 1] as (typeof items)[number];
    },
    shuffle(items) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy;
    },
  };
}

/** FNV-1a over the UTF-16 code units of `text`; an unsigned 32-bit integer. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
