import { count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { artists, releases, tracks } from '../../../db/schema.js';

export async function countReleases(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(releases);
  return row?.n ?? 0;
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
