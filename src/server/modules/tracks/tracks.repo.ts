import { and, arrayContains, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { artists, releases, trackArtists, tracks } from '../../db/schema.js';
import { containsPattern, type CreditRow } from '../releases/releases.repo.js';

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
}

export async function listTracks(
  db: Db,
  filter: TrackFilter,
  order: { field: TrackOrder; direction: 'asc' | 'desc' },
  page: { offset: number; limit: number },
): Promise<{ rows: (TrackRow & { releaseDate: string | null })[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.releaseId) conditions.push(eq(tracks.releaseId, filter.releaseId));
  if (filter.labelId) conditions.push(eq(releases.labelId, filter.labelId));
  if (filter.genre) conditions.push(arrayContains(tracks.genres, [filter.genre]));
  const term = filter.q?.trim();
  if (term) conditions.push(ilike(tracks.title, containsPattern(term)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
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
