export interface PopularityInput {
  /** 0–100 from the streaming provider, when it still reports one. */
  popularity: number | null;
  streamCount: number;
  releaseDate: string | null;
  trackCount: number;
}

const dayMs = 24 * 60 * 60 * 1000;
const quarterYearDays = 365.25 / 4;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Base popularity: the provider's figure, else the stream count as log10 × 20 clamped to 40–100. */
export function basePopularity(input: Pick<PopularityInput, 'popularity' | 'streamCount'>): number {
  if (input.popularity !== null && Number.isFinite(input.popularity)) return clamp(input.popularity, 0, 100);
  const streams = Number.isFinite(input.streamCount) ? input.streamCount : 0;
  return clamp(Math.log10(Math.max(1, streams)) * 20, 40, 100);
}

/** Recency: 20 minus one per quarter year since release, at least 5 (5 when the date is unknown or unreadable). */
export function recencyScore(releaseDate: string | null, now: Date): number {
  const released = releaseDate ? Date.parse(releaseDate) : Number.NaN;
  if (Number.isNaN(released)) return 5;
  const ageDays = Math.max(0, (now.getTime() - released) / dayMs);
  return Math.max(5, 20 - Math.floor(ageDays / quarterYearDays));
}

/**
 * The span of time [from, until) around `now` in which {@link recencyScore} keeps the value it has at
 * `now` (epoch ms; null: unbounded), so that a score kept in the database is known to hold.
 */
export function recencySpan(releaseDate: string | null, now: Date): { from: number | null; until: number | null } {
  const released = releaseDate ? Date.parse(releaseDate) : Number.NaN;
  if (Number.isNaN(released)) return { from: null, until: null };
  const quarterMs = quarterYearDays * dayMs;
  const step = Math.floor(Math.max(0, (now.getTime() - released) / dayMs) / quarterYearDays);
  // From the 15th quarter on, the score stays at its minimum of 5.
  if (step >= 15) return { from: released + 15 * quarterMs, until: null };
  return { from: step === 0 ? null : released + step * quarterMs, until: released + (step + 1) * quarterMs };
}

/** docs/product.md §9: 85% base popularity, 10% recency, 5% track count (at most 10). */
export function popularityScore(input: PopularityInput, now: Date): number {
  const score =
    0.85 * basePopularity(input) + 0.1 * recencyScore(input.releaseDate, now) + 0.05 * clamp(input.trackCount, 0, 10);
  return Math.round(score * 100) / 100;
}
