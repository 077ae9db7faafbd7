import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { artists, releases, trackArtists, tracks } from '../../db/schema.js';
import { groupBy } from '../../lib/group-by.js';
import type { CatalogToEnrich, EnrichmentPlan } from './spotify/catalog-enrichment.js';

/** The label's releases with a UPC, their tracks with an ISRC and those tracks' credited artists. */
export async function readCatalogToEnrich(db: Db, labelId: string): Promise<CatalogToEnrich> {
  const releaseRows = await db
    .select({ id: releases.id, upc: releases.upc })
    .from(releases)
    .where(and(eq(releases.labelId, labelId), isNotNull(releases.upc)))
    .orderBy(asc(releases.releaseDate), asc(releases.id));
  const trackRows = await db
    .select({ id: tracks.id, releaseId: tracks.releaseId, isrc: tracks.isrc })
    .from(tracks)
    .innerJoin(releases, eq(releases.id, tracks.releaseId))
    .where(and(eq(releases.labelId, labelId), isNotNull(tracks.isrc)))
    .orderBy(asc(tracks.discNumber), asc(tracks.trackNumber));
  const creditRows = await db
    .select({ trackId: trackArtists.trackId, id: artists.id, name: artists.name, genres: artists.genres })
    .from(trackArtists)
    .innerJoin(artists, eq(artists.id, trackArtists.artistId))
    .innerJoin(tracks, eq(tracks.id, trackArtists.trackId))
    .innerJoin(releases, eq(releases.id, tracks.releaseId))
    .where(eq(releases.labelId, labelId))
    .orderBy(asc(trackArtists.position));

  const creditsOf = groupBy(creditRows, (c) => c.trackId);
  const tracksOf = groupBy(trackRows, (t) => t.releaseId);
  return {
    releases: releaseRows.map((r) => ({
      id: r.id,
      upc: r.upc as string,
      tracks: (tracksOf.get(r.id) ?? []).map((t) => ({
        id: t.id,
        isrc: t.isrc as string,
        artists: (creditsOf.get(t.id) ?? []).map(({ id, name, genres }) => ({ id, name, genres })),
      })),
    })),
  };
}

type EnrichedTable = typeof releases | typeof tracks | typeof artists;

/**
 * Spotify ids are unique per table: an id that another record already holds (an earlier enrichment
 * of another release, a staff edit) stays where it is, and this record is left as it was.
 */
async function withoutTakenIds<T extends { id: string; spotifyId: string }>(tx: Db, table: EnrichedTable, items: T[]): Promise<T[]> {
  if (items.length === 0) return items;
  const held = await tx
    .select({ id: table.id, spotifyId: table.spotifyId })
    .from(table)
    .where(
      inArray(
        table.spotifyId,
        items.map((i) => i.spotifyId),
      ),
    );
  const holder = new Map(held.map((h) => [h.spotifyId, h.id]));
  return items.filter((i) => (holder.get(i.spotifyId) ?? i.id) === i.id);
}

/**
 * Updates one record with the given values (nulls left out: nothing is overwritten with null), only
 * when something differs, so a repeated enrichment changes nothing.
 */
async function updateKnown(tx: Db, table: EnrichedTable, id: string, values: [PgColumn, unknown][]): Promise<void> {
  const known = values.filter(([, value]) => value !== null);
  const set: Record<string, unknown> = { updatedAt: sql`now()` };
  for (const [column, value] of known) {
    const key = Object.entries(table).find(([, c]) => c === column)?.[0] as string;
    set[key] = value;
  }
  const columns = sql.join(
    known.map(([column]) => sql`${column}`),
    sql`, `,
  );
  const incoming = sql.join(
    known.map(([column, value]) => sql`${sql.param(value, column)}::${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  const differs: SQL = sql`(${columns}) is distinct from (${incoming})`;
  await tx
    .update(table)
    .set(set)
    .where(and(eq(table.id, id), differs));
}

/** Stores each item whose Spotify id is free, and answers how many that was. */
async function enrich<T extends { id: string; spotifyId: string }>(
  tx: Db,
  table: EnrichedTable,
  items: T[],
  valuesOf: (item: T) => [PgColumn, unknown][],
): Promise<number> {
  const free = await withoutTakenIds(tx, table, items);
  for (const item of free) await updateKnown(tx, table, item.id, valuesOf(item));
  return free.length;
}

/** Stores the plan and answers how many records of each kind now carry their Spotify match. */
export async function applyEnrichment(tx: Db, plan: EnrichmentPlan): Promise<{ releases: number; tracks: number; artists: number }> {
  return {
    releases: await enrich(tx, releases, plan.releases, (r) => [
      [releases.spotifyId, r.spotifyId],
      [releases.spotifyUrl, r.spotifyUrl],
      [releases.artworkUrl, r.artworkUrl],
    ]),
    tracks: await enrich(tx, tracks, plan.tracks, (t) => [
      [tracks.spotifyId, t.spotifyId],
      [tracks.spotifyUrl, t.spotifyUrl],
      [tracks.previewUrl, t.previewUrl],
    ]),
    artists: await enrich(tx, artists, plan.artists, (a) => [
      [artists.spotifyId, a.spotifyId],
      [artists.spotifyUrl, a.spotifyUrl],
      [artists.imageUrl, a.imageUrl],
      [artists.genres, a.genres],
      [artists.followers, a.followers],
      [artists.popularity, a.popularity],
    ]),
  };
}
