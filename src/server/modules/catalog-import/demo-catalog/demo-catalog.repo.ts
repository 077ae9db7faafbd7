import { count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DemoCatalogSummary } from '../../../../shared/api/admin-import.js';
import { queryRows, type Db } from '../../../db/client.js';
import { artists, releases, tracks } from '../../../db/schema.js';

export async function countReleases(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(releases);
  return row?.n ?? 0;
}

/** Marks every release as the demo catalog's: call only on the database the demo catalog just filled. */
export async function markAllAsDemo(db: Db): Promise<void> {
  await db.update(releases).set({ demo: true });
}

/** Artists credited on a release or track of the demo catalog. */
const demoCredited = sql`
  select artist_id from release_artists ra join releases r on r.id = ra.release_id where r.demo
  union
  select ta.artist_id from track_artists ta join tracks t on t.id = ta.track_id join releases r on r.id = t.release_id where r.demo`;

/** Whether the artist has a credit on a release that is not the demo catalog's. */
const creditedOnReal = (artistId: SQL) => sql`(
  exists (select 1 from release_artists ra join releases r on r.id = ra.release_id where ra.artist_id = ${artistId} and not r.demo)
  or exists (select 1 from track_artists ta join tracks t on t.id = ta.track_id join releases r on r.id = t.release_id
    where ta.artist_id = ${artistId} and not r.demo))`;

/**
 * What removing the demo catalog deletes: its releases, their tracks, and the artists credited only
 * on them (an artist also credited on a real release stays).
 */
export async function summarizeDemoCatalog(db: Db): Promise<DemoCatalogSummary> {
  const [row] = await queryRows<DemoCatalogSummary>(db, sql`
    select
      (select count(*)::int from releases where demo) as releases,
      (select coalesce(sum(track_count), 0)::int from releases where demo) as tracks,
      (select count(*)::int from (${demoCredited}) c where not ${creditedOnReal(sql`c.artist_id`)}) as artists`);
  return row ?? { releases: 0, tracks: 0, artists: 0 };
}

/**
 * Deletes the demo catalog as summarizeDemoCatalog describes it (tracks, credits and plays cascade; the
 * kept counts follow by their triggers). Call it in a transaction.
 */
export async function deleteDemoCatalog(db: Db): Promise<void> {
  const onlyDemo = await queryRows<{ artist_id: string }>(
    db,
    sql`select artist_id from (${demoCredited}) c where not ${creditedOnReal(sql`c.artist_id`)}`,
  );
  await db.delete(releases).where(eq(releases.demo, true));
  const ids = onlyDemo.map((r) => r.artist_id);
  if (ids.length > 0) await db.delete(artists).where(inArray(artists.id, ids));
}

/** Gives releases without artwork their generated cover. */
export async function useGeneratedArtwork(db: Db, urlOf: (releaseId: string) => string): Promise<void> {
  const missing = await db.select({ id: releases.id }).from(releases).where(isNull(releases.artworkUrl));
  for (const { id } of missing) {
    await db.update(releases).set({ artworkUrl: urlOf(id) }).where(eq(releases.id, id));
  }
}

/** Gives tracks without preview audio their generated loop; call only on the demo catalog. */
export async function useGeneratedPreviews(db: Db, urlOf: (trackId: string) => string): Promise<void> {
  const missing = await db.select({ id: tracks.id }).from(tracks).where(isNull(tracks.previewUrl));
  await db.transaction(async (tx) => {
    for (const { id } of missing) {
      await tx.update(tracks).set({ previewUrl: urlOf(id) }).where(eq(tracks.id, id));
    }
  });
}

export interface ArtistProfileUpdate {
  id: string;
  bio: string;
  genres: string[];
  imageUrl: string;
}

export async function applyArtistProfiles(db: Db, profiles: ArtistProfileUpdate[]): Promise<void> {
  const known = new Set(
    (await db.select({ id: artists.id }).from(artists).where(inArray(artists.id, profiles.map((p) => p.id)))).map(
      (a) => a.id,
    ),
  );
  await db.transaction(async (tx) => {
    for (const p of profiles.filter((profile) => known.has(profile.id))) {
      await tx
        .update(artists)
        .set({ bio: p.bio, genres: p.genres, imageUrl: p.imageUrl, updatedAt: sql`now()` })
        .where(eq(artists.id, p.id));
    }
  });
}
