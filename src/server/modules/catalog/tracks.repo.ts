import { and, arrayContains, asc, count, desc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AdminTrackSort } from '../../../shared/api/admin-catalog.js';
import type { Db } from '../../db/client.js';
import { artists, releases, trackArtists, tracks } from '../../db/schema.js';
import { containsPattern } from '../../db/contains-pattern.js';
import { isOut, isPublicRelease } from '../../db/public-releases.js';
import type { CreditRow } from './releases.repo.js';

export type TrackRow = typeof tracks.$inferSelect;

export async function tracksOfReleases(db: Db, releaseIds: string[]): Promise<TrackRow[]> {
  if (releaseIds.length === 0) return [];
  return db
    .select()
    .from(tracks)
    .where(inArray(tracks.releaseId, releaseIds))
    .orderBy(tracks.releaseId, tracks.discNumber, tracks.trackNumber);
}

export async function trackCredits(db: Db, trackIds: string[]): Promise<CreditRow[]> {
  if (trackIds.length === 0) return [];
  return db
    .select({
      ownerId: trackArtists.trackId,
      artistId: artists.id,
      name: artists.name,
      imageUrl: artists.imageUrl,
      role: trackArtists.role,
    })
    .from(trackArtists)
    .innerJoin(artists, eq(artists.id, trackArtists.artistId))
    .where(inArray(trackArtists.trackId, trackIds))
    .orderBy(trackArtists.trackId, trackArtists.role, trackArtists.position);
}

/** Primary artists of the tracks of each release, in track order: the artists of a compilation. */
export async function primaryTrackArtistsOfReleases(db: Db, releaseIds: string[]): Promise<CreditRow[]> {
  if (releaseIds.length === 0) return [];
  return db
    .select({
      ownerId: tracks.releaseId,
      artistId: artists.id,
      name: artists.name,
      imageUrl: artists.imageUrl,
      role: trackArtists.role,
    })
    .from(tracks)
    .innerJoin(trackArtists, and(eq(trackArtists.trackId, tracks.id), eq(trackArtists.role, 'primary')))
    .innerJoin(artists, eq(artists.id, trackArtists.artistId))
    .where(inArray(tracks.releaseId, releaseIds))
    .orderBy(tracks.releaseId, tracks.discNumber, tracks.trackNumber, trackArtists.position);
}

export type TrackOrder = 'created_at' | 'release_date' | 'title';

export interface TrackFilter {
  releaseId?: string;
  labelId?: string;
  /** A genre or subgenre of the track. */
  genre?: string;
  q?: string;
  /** Only tracks out by this day (YYYY-MM-DD in the labels' time zone; a release of no date is out). */
  outBy?: string;
}

export async function listTracks(
  db: Db,
  filter: TrackFilter,
  order: { field: TrackOrder; direction: 'asc' | 'desc' },
  page: { offset: number; limit: number },
): Promise<{ rows: (TrackRow & { releaseDate: string | null })[]; total: number }> {
  const conditions: SQL[] = [isPublicRelease];
  if (filter.releaseId) conditions.push(eq(tracks.releaseId, filter.releaseId));
  if (filter.labelId) conditions.push(eq(releases.labelId, filter.labelId));
  if (filter.genre) conditions.push(arrayContains(tracks.genres, [filter.genre]));
  const term = filter.q?.trim();
  if (term) conditions.push(ilike(tracks.title, containsPattern(term)));
  if (filter.outBy) conditions.push(isOut(filter.outBy));
  const where = and(...conditions);
  const dir = order.direction === 'asc' ? asc : desc;
  const orderBy: SQL[] = {
    created_at: [dir(tracks.createdAt), dir(tracks.id)],
    release_date: [
      order.direction === 'asc' ? sql`${releases.releaseDate} asc nulls first` : sql`${releases.releaseDate} desc nulls last`,
      dir(releases.id),
      asc(tracks.discNumber),
      asc(tracks.trackNumber),
    ],
    title: [dir(tracks.title), dir(tracks.id)],
  }[order.field];
  if (filter.releaseId) orderBy.unshift(asc(tracks.discNumber), asc(tracks.trackNumber));

  const [rows, totals] = await Promise.all([
    db
      .select({ track: tracks, releaseDate: releases.releaseDate })
      .from(tracks)
      .innerJoin(releases, eq(releases.id, tracks.releaseId))
      .where(where)
      .orderBy(...orderBy)
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ total: count() })
      .from(tracks)
      .innerJoin(releases, eq(releases.id, tracks.releaseId))
      .where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.track, releaseDate: r.releaseDate })), total: totals[0]?.total ?? 0 };
}

// The admin Tracks tab (docs/product.md §10.4): every track with its release, searched, sorted and edited.
export type TrackChanges = Partial<
  Pick<TrackRow, 'title' | 'mixVersion' | 'durationMs' | 'isrc' | 'spotifyUrl' | 'previewUrl' | 'previewStartMs' | 'previewLengthMs' | 'memberDownload' | 'instantGrat' | 'price'>
>;

const releaseColumns = {
  id: releases.id,
  title: releases.title,
  releaseDate: releases.releaseDate,
  artworkUrl: releases.artworkUrl,
  labelId: releases.labelId,
  pinned: releases.pinned,
};
export interface ReleaseSummaryRow {
  id: string;
  title: string;
  releaseDate: string | null;
  artworkUrl: string | null;
  labelId: string;
  pinned: boolean;
}
export interface AdminTrackRow {
  track: TrackRow;
  release: ReleaseSummaryRow;
}

/** Track title, mix version, release title, ISRC (typed with or without hyphens) or a credited artist's name. */
function searchWhere(q: string | undefined): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const pattern = containsPattern(term);
  // One uncorrelated set of track ids, as the public release search does (bench/: a correlated
  // EXISTS ran once per row).
  const artistMatch = sql`${tracks.id} in (
    select ${trackArtists.trackId} from ${trackArtists}
      join ${artists} on ${artists.id} = ${trackArtists.artistId}
     where ${artists.name} ilike ${pattern})`;
  const isrcTerm = term.replace(/[\s-]/g, '');
  return or(
    ilike(tracks.title, pattern),
    ilike(tracks.mixVersion, pattern),
    ilike(releases.title, pattern),
    isrcTerm ? ilike(tracks.isrc, containsPattern(isrcTerm)) : undefined,
    artistMatch,
  );
}

/**
 * Each track's first credited artist (primary before featured and remixer), for sorting by artist:
 * the credits joined once rather than a subquery per track (a page on the export: 55 → 24 ms in PGlite).
 */
function firstArtists(db: Db) {
  return db
    .selectDistinctOn([trackArtists.trackId], { trackId: trackArtists.trackId, nameKey: artists.nameKey })
    .from(trackArtists)
    .innerJoin(artists, eq(artists.id, trackArtists.artistId))
    .orderBy(
      trackArtists.trackId,
      sql`${trackArtists.role} <> 'primary'`,
      sql`${trackArtists.role} <> 'featured'`,
      trackArtists.position,
    )
    .as('first_artist');
}

function orderOf(sort: AdminTrackSort, firstArtistKey: AnyColumn): SQL[] {
  const [field, direction] = sort.split(':') as [string, 'asc' | 'desc'];
  const dir = direction === 'asc' ? asc : desc;
  // Unknown values (no date, no duration, no credit) go last whichever way the column is sorted.
  const nullsLast = (value: SQL | AnyColumn) => sql`${value} ${sql.raw(direction)} nulls last`;
  const trackOrder = [asc(tracks.releaseId), asc(tracks.discNumber), asc(tracks.trackNumber), asc(tracks.id)];
  switch (field) {
    case 'title':
      return [dir(sql`lower(${tracks.title})`), dir(sql`lower(coalesce(${tracks.mixVersion}, ''))`), asc(tracks.id)];
    case 'artist':
      return [nullsLast(firstArtistKey), asc(sql`lower(${tracks.title})`), asc(tracks.id)];
    case 'release':
      return [dir(sql`lower(${releases.title})`), ...trackOrder];
    case 'duration':
      return [nullsLast(sql`${tracks.durationMs}`), asc(tracks.id)];
    default:
      // docs/product.md §2 "newest release first": undated releases last, then each release in track order.
      return [nullsLast(sql`${releases.releaseDate}`), dir(releases.id), ...trackOrder.slice(1)];
  }
}

export async function listAdminTracks(
  db: Db,
  filter: { q?: string },
  sort: AdminTrackSort,
  page: { offset: number; limit: number },
): Promise<{ rows: AdminTrackRow[]; total: number }> {
  const where = searchWhere(filter.q);
  const first = firstArtists(db);
  const query = db
    .select({ track: tracks, release: releaseColumns })
    .from(tracks)
    .innerJoin(releases, eq(releases.id, tracks.releaseId))
    .$dynamic();
  // Only the artist sort needs the credits.
  const sorted = sort.startsWith('artist:') ? query.leftJoin(first, eq(first.trackId, tracks.id)) : query;
  const [rows, totals] = await Promise.all([
    sorted
      .where(where)
      .orderBy(...orderOf(sort, first.nameKey))
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ total: count() })
      .from(tracks)
      .innerJoin(releases, eq(releases.id, tracks.releaseId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** One track with its release; `forUpdate` holds the row until the transaction ends. */
export async function findAdminTrack(db: Db, id: string, { forUpdate = false } = {}): Promise<AdminTrackRow | undefined> {
  const query = db
    .select({ track: tracks, release: releaseColumns })
    .from(tracks)
    .innerJoin(releases, eq(releases.id, tracks.releaseId))
    .where(eq(tracks.id, id));
  const [row] = forUpdate ? await query.for('update', { of: tracks }) : await query;
  return row;
}

export async function updateTrack(db: Db, id: string, changes: TrackChanges, now: Date): Promise<void> {
  await db.update(tracks).set({ ...changes, updatedAt: now }).where(eq(tracks.id, id));
}

/** Deletes the track; its credits and plays go with it (ON DELETE CASCADE). */
export async function deleteTrack(db: Db, id: string): Promise<void> {
  await db.delete(tracks).where(eq(tracks.id, id));
}
