import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { StoreLink } from '../../../shared/domain/store-links.js';
import type { ReleaseStatus } from '../../../shared/domain/release-status.js';
import type { ReleaseType } from '../../../shared/domain/release-type.js';
import { looksLikeSamplePack } from '../../../shared/domain/hygiene.js';
import type { Db } from '../../db/client.js';
import { artists, releaseArtists, releases, trackArtists, tracks } from '../../db/schema.js';
import { artistIdFor } from './artist-id.js';

export interface ReleaseValues {
  title: string;
  version: string | null;
  type: ReleaseType;
  status: ReleaseStatus;
  genres: string[];
  description: string | null;
  credits: string | null;
  releaseDate: string | null;
  labelId: string;
  catalogNumber: string | null;
  upc: string | null;
  links: StoreLink[];
}

export interface TrackValues {
  title: string;
  mixVersion: string | null;
  isrc: string | null;
  durationMs: number | null;
  trackNumber: number;
}

export interface ReleaseConflict {
  id: string;
  title: string;
  catalogNumber: string | null;
  upc: string | null;
}

/**
 * Other releases holding the catalog number in the label (ignoring case) or the UPC (anywhere: a UPC
 * names one product). Both are unique indexes too (`lower(catalog_number)` is the index's own
 * expression, docs/decisions/0088): this look names the release a write would collide with.
 */
export async function findReleaseConflicts(
  db: Db,
  wanted: { labelId: string; catalogNumber: string | null; upc: string | null; exceptId?: string },
): Promise<ReleaseConflict[]> {
  const matches = [
    wanted.catalogNumber ? and(eq(releases.labelId, wanted.labelId), sql`lower(${releases.catalogNumber}) = lower(${wanted.catalogNumber})`) : undefined,
    wanted.upc ? eq(releases.upc, wanted.upc) : undefined,
  ].filter((match) => match !== undefined);
  if (matches.length === 0) return [];
  return db
    .select({ id: releases.id, title: releases.title, catalogNumber: releases.catalogNumber, upc: releases.upc })
    .from(releases)
    .where(and(or(...matches), wanted.exceptId ? ne(releases.id, wanted.exceptId) : undefined));
}

export async function insertRelease(db: Db, values: ReleaseValues, now: Date): Promise<string> {
  const [row] = await db.insert(releases).values({ ...values, createdAt: now, updatedAt: now }).returning({ id: releases.id });
  return (row as { id: string }).id;
}

export async function updateRelease(db: Db, id: string, values: Partial<ReleaseValues> & { pinned?: boolean }, now: Date): Promise<void> {
  await db.update(releases).set({ ...values, updatedAt: now }).where(eq(releases.id, id));
}

/** The artists of these names: found by the id the importer gives a name, made when new. */
export async function ensureArtists(db: Db, names: string[]): Promise<Map<string, string>> {
  const byName = new Map(names.map((name) => [name, artistIdFor(name)]));
  const fresh = [...new Map([...byName].map(([name, id]) => [id, name])).entries()];
  if (fresh.length > 0) {
    await db
      .insert(artists)
      .values(fresh.map(([id, name]) => ({ id, name, looksLikeSamplePack: looksLikeSamplePack(name) })))
      .onConflictDoNothing({ target: artists.id });
  }
  return byName;
}

export async function setReleaseArtists(db: Db, releaseId: string, artistIds: string[]): Promise<void> {
  await db.delete(releaseArtists).where(eq(releaseArtists.releaseId, releaseId));
  const unique = [...new Set(artistIds)];
  if (unique.length === 0) return;
  await db.insert(releaseArtists).values(unique.map((artistId, position) => ({ releaseId, artistId, role: 'primary' as const, position })));
}

export async function setTrackArtists(db: Db, trackId: string, primary: string[], remixers: string[]): Promise<void> {
  await db.delete(trackArtists).where(eq(trackArtists.trackId, trackId));
  const rows = [
    ...[...new Set(primary)].map((artistId, position) => ({ trackId, artistId, role: 'primary' as const, position })),
    ...[...new Set(remixers)].map((artistId, position) => ({ trackId, artistId, role: 'remixer' as const, position })),
  ];
  if (rows.length > 0) await db.insert(trackArtists).values(rows);
}

export async function releaseTrackIds(db: Db, releaseId: string): Promise<string[]> {
  return (await db.select({ id: tracks.id }).from(tracks).where(eq(tracks.releaseId, releaseId))).map((row) => row.id);
}

export async function insertTrack(db: Db, releaseId: string, values: TrackValues, now: Date): Promise<string> {
  const [row] = await db.insert(tracks).values({ ...values, releaseId, createdAt: now, updatedAt: now }).returning({ id: tracks.id });
  return (row as { id: string }).id;
}

export async function updateTrackValues(db: Db, id: string, values: Partial<TrackValues>, now: Date): Promise<void> {
  await db.update(tracks).set({ ...values, updatedAt: now }).where(eq(tracks.id, id));
}

export async function deleteTracks(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(tracks).where(inArray(tracks.id, ids));
}

/** Clears the ISRCs of these tracks, so that a new order of the same ISRCs never meets itself in the unique index. */
export async function clearIsrcs(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.update(tracks).set({ isrc: null }).where(inArray(tracks.id, ids));
}

/** A release as the form edits it: the row, release artist names, tracks in order with their credits by role. */
export async function findReleaseForEdit(db: Db, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(releases).where(eq(releases.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) return undefined;
  const [credits, trackRows] = await Promise.all([
    db
      .select({ name: artists.name })
      .from(releaseArtists)
      .innerJoin(artists, eq(artists.id, releaseArtists.artistId))
      .where(and(eq(releaseArtists.releaseId, id), eq(releaseArtists.role, 'primary')))
      .orderBy(asc(releaseArtists.position)),
    db.select().from(tracks).where(eq(tracks.releaseId, id)).orderBy(asc(tracks.discNumber), asc(tracks.trackNumber)),
  ]);
  const trackCredits =
    trackRows.length === 0
      ? []
      : await db
          .select({ trackId: trackArtists.trackId, name: artists.name, role: trackArtists.role })
          .from(trackArtists)
          .innerJoin(artists, eq(artists.id, trackArtists.artistId))
          .where(inArray(trackArtists.trackId, trackRows.map((t) => t.id)))
          .orderBy(asc(trackArtists.position));
  return { row, artistNames: credits.map((c) => c.name), tracks: trackRows, trackCredits };
}
export type ReleaseForEdit = NonNullable<Awaited<ReturnType<typeof findReleaseForEdit>>>;
