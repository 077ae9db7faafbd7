import type { ArtistCredit, RankedRelease, Release, ReleasesQuery, ReleaseTrack, Track } from '../../../shared/api/catalog.js';
import { saleBlockers, trackSaleBlockers } from '../../../shared/domain/for-sale.js';
import type { ReleaseType } from '../../../shared/domain/release-type.js';
import { popularityScore, recencySpan } from '../../../shared/domain/popularity.js';
import { isUpcoming, localDate, releaseMoment } from '../../../shared/domain/release-day.js';
import { currentSiteSettings } from '../../../shared/site-settings.js';
import type { Db } from '../../db/client.js';
import type { CatalogReads } from './catalog-cache.js';
import { NotFoundError } from '../../errors.js';
import { resolveLabelParam } from './labels.service.js';
import { primaryTrackArtistsOfReleases, tracksOfReleases, type TrackRow } from './tracks.repo.js';
import { groupBy } from '../../lib/group-by.js';
import { presentTracks, toCredit, type DatedTrackRow } from './tracks.service.js';
import { isUuid } from '../../lib/uuid.js';
import {
  findPublicRelease,
  findReleasesByIds,
  keepScores,
  listReleases,
  listStaleScores,
  masterCounts,
  rankedReleases,
  releaseCredits,
  type RankedRow,
  type ReleaseRow,
} from './releases.repo.js';

export interface Includes {
  tracks: boolean;
  artists: boolean;
  /** With tracks: false leaves remix tracks out. */
  remixes: boolean;
}

type Masters = { trackCount: number; tracksWithoutMaster: number };

function toRelease(row: ReleaseRow, masters: Masters | undefined, now: Date): Release {
  const isForSale = masters !== undefined && saleBlockers({ ...row, ...masters }).length === 0;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    version: row.version,
    label_id: row.labelId,
    upc: row.upc,
    catalog_number: row.catalogNumber,
    release_date: row.releaseDate,
    type: row.type,
    genres: row.genres,
    description: row.description,
    credits: row.credits,
    artwork_url: row.artworkUrl,
    spotify_url: row.spotifyUrl,
    popularity: row.popularity,
    stream_count: row.streamCount,
    pinned: row.pinned,
    total_tracks: row.trackCount,
    links: row.links,
    upcoming: isUpcoming(row.releaseDate, now, currentSiteSettings().timeZone),
    public_at: row.releaseDate === null ? null : new Date(releaseMoment(row.releaseDate, currentSiteSettings().timeZone)).toISOString(),
    price: row.price,
    for_sale: isForSale,
  };
}

/** Release credits; a release without its own (a compilation) takes its tracks' primary artists. */
async function artistsOf(db: Db, releaseIds: string[]): Promise<Map<string, ArtistCredit[]>> {
  const own = groupBy(await releaseCredits(db, releaseIds), (c) => c.ownerId);
  const missing = releaseIds.filter((id) => !own.has(id));
  const fromTracks = groupBy(await primaryTrackArtistsOfReleases(db, missing), (c) => c.ownerId);
  const result = new Map<string, ArtistCredit[]>();
  for (const id of releaseIds) {
    const credits = (own.get(id) ?? fromTracks.get(id) ?? []).map(toCredit);
    result.set(id, [...new Map(credits.map((c) => [c.id, c])).values()]);
  }
  return result;
}

/** The tracks with their release's date. */
function datedTracks(releaseRows: ReleaseRow[], trackRows: TrackRow[]): DatedTrackRow[] {
  const dates = new Map(releaseRows.map((r) => [r.id, r.releaseDate]));
  return trackRows.map((row) => ({ ...row, releaseDate: dates.get(row.releaseId) ?? null }));
}

/** A release's track with its price sold alone, and whether it is for sale alone (src/shared/domain/for-sale.ts). */
function toReleaseTrack(track: Track, row: TrackRow, release: ReleaseRow): ReleaseTrack {
  return { ...track, price: row.price, for_sale: trackSaleBlockers({ price: row.price, releaseStatus: release.status, hasMaster: row.audioId !== null }).length === 0 };
}

/** Releases with their tracks and artists: a fixed number of queries, whatever the page size. */
export async function presentReleases(db: Db, rows: ReleaseRow[], includes: Includes, now: Date): Promise<Release[]> {
  const ids = rows.map((r) => r.id);
  // Only priced releases can be for sale: a page of unpriced ones asks nothing more.
  const masters = await masterCounts(db, rows.filter((r) => r.price !== null).map((r) => r.id));
  const artists = includes.artists ? await artistsOf(db, ids) : undefined;
  const trackRows = includes.tracks ? await tracksOfReleases(db, ids) : [];
  const rowOf = new Map(trackRows.map((track) => [track.id, track]));
  const tracks = includes.tracks ? groupBy(await presentTracks(db, datedTracks(rows, trackRows), now), (t) => t.release_id) : undefined;
  return rows.map((row) => {
    const release = toRelease(row, masters.get(row.id), now);
    if (artists) release.artists = artists.get(row.id) ?? [];
    if (tracks) {
      const all = (tracks.get(row.id) ?? []).map((track) => toReleaseTrack(track, rowOf.get(track.id) as TrackRow, row));
      release.tracks = includes.remixes ? all : all.filter((t) => !t.isRemix);
    }
    return release;
  });
}

async function loadReleases(db: Db, query: ReleasesQuery, now: Date) {
  const label = resolveLabelParam(query.label);
  const { rows, total } = await listReleases(
    db,
    { labelId: label?.id, type: query.type, q: query.q },
    query.sort,
    { offset: query.offset, limit: query.limit },
  );
  const data = await presentReleases(db, rows, {
    tracks: query.include_tracks,
    artists: query.include_artists,
    remixes: true,
  }, now);
  return { data, total };
}

/** A public release by its id or its slug (a draft is not found: docs/decisions/0101). */
async function loadRelease(db: Db, id: string, includes: Includes, now: Date): Promise<Release> {
  const row = await findPublicRelease(db, isUuid(id) ? { id } : { slug: id });
  if (!row) throw new NotFoundError(`Release not found: ${id}`);
  const [release] = await presentReleases(db, [row], includes, now);
  return release as Release;
}

/** docs/product.md §10.5's order: pins first, then the score, newer first (undated last), then id. */
function byRank(a: RankedRow, b: RankedRow): number {
  return (
    Number(b.pinned) - Number(a.pinned) ||
    b.score - a.score ||
    (b.releaseDate ?? '').localeCompare(a.releaseDate ?? '') ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * Scores again the label's releases whose kept score does not hold at `now`, and keeps them
 * (docs/decisions/0036): after an import, a play or an edit, only the releases it changed; as time
 * passes, those whose recency moved. Run by the score keeper (score-keeper.ts), never by a read.
 */
export async function keepStaleScores(db: Db, labelId: string, now: Date): Promise<number> {
  const stale = await listStaleScores(db, labelId, now);
  const iso = (ms: number | null, unbounded: string) => (ms === null ? unbounded : new Date(ms).toISOString());
  await keepScores(
    db,
    stale.map(({ pinned: _pinned, type: _type, ...inputs }) => {
      const span = recencySpan(inputs.releaseDate, now);
      return {
        ...inputs,
        score: popularityScore(inputs, now),
        validFrom: iso(span.from, '-infinity'),
        validUntil: iso(span.until, 'infinity'),
      };
    }),
  );
  return stale.length;
}

/**
 * docs/product.md §10.5: staff pins first, then docs/product.md §9's popularity score, of the releases that have been
 * played or pinned (issue 35: a top list of releases nobody played ranked them on recency alone; until the first play the
 * list is empty and says 'No top releases found'). With onlyPlayed, pinned releases nobody played are left out too (the
 * "top plays" list); with a type, only that type is ranked ('Top Albums',
 * docs/product.md §2.6). Never a synthetic release, nor an upcoming one. The ranking is read from an index of kept scores
 * (docs/decisions/0033); the releases whose kept score does not hold now (the keeper has not come by
 * since a play, an edit or a recency step) are scored here in memory, and nothing is written (0036).
 */
async function loadTopReleases(
  db: Db,
  labelParam: string,
  limit: number,
  options: { onlyPlayed: boolean; type?: ReleaseType; now: Date },
): Promise<RankedRelease[]> {
  const label = resolveLabelParam(labelParam, 'id');
  const { onlyPlayed, type, now } = options;
  // Upcoming releases are not ranked until their day begins (docs/decisions/0081).
  const today = localDate(now, currentSiteSettings().timeZone);
  const [kept, stale] = await Promise.all([
    rankedReleases(db, label.id, { onlyPlayed, type, now, releasedBy: today }, limit),
    listStaleScores(db, label.id, now),
  ]);
  const scoredNow = stale
    .filter((row) => (!type || row.type === type) && (row.streamCount > 0 || (!onlyPlayed && row.pinned)) && !isUpcoming(row.releaseDate, now, currentSiteSettings().timeZone))
    .map((row) => ({ id: row.id, pinned: row.pinned, releaseDate: row.releaseDate, score: popularityScore(row, now) }));
  const ranked = [...kept, ...scoredNow].sort(byRank).slice(0, limit);
  const rows = new Map((await findReleasesByIds(db, ranked.map((r) => r.id))).map((r) => [r.id, r]));
  const presented = await presentReleases(
    db,
    ranked.map((r) => rows.get(r.id) as ReleaseRow),
    { tracks: false, artists: true, remixes: true },
    now,
  );
  return presented.map((release, index) => ({
    ...release,
    popularity_score: (ranked[index] as RankedRow).score,
    popularity_rank: index + 1,
  }));
}

/** {@link loadReleases} through the catalog cache (docs/decisions/0030-catalog-cache.md). */
export function getReleases(catalog: CatalogReads, query: ReleasesQuery) {
  return catalog.catalogCache.read(`releases:${JSON.stringify(query)}`, () => loadReleases(catalog.db, query, catalog.clock()));
}

/** {@link loadRelease} through the catalog cache (docs/decisions/0030-catalog-cache.md). */
export function getRelease(catalog: CatalogReads, id: string, includes: Includes) {
  return catalog.catalogCache.read(`release:${id}:${JSON.stringify(includes)}`, () => loadRelease(catalog.db, id, includes, catalog.clock()));
}

/** {@link loadTopReleases} through the catalog cache (docs/decisions/0030-catalog-cache.md). */
export function getTopReleases(
  catalog: CatalogReads,
  labelParam: string,
  limit: number,
  options: { onlyPlayed: boolean; type?: ReleaseType; now: Date },
) {
  const key = `top-releases:${labelParam}:${limit}:${options.onlyPlayed}:${options.type ?? 'all'}`;
  return catalog.catalogCache.read(key, () => loadTopReleases(catalog.db, labelParam, limit, options));
}
