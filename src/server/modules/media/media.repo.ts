import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { artists, releaseArtists, releases } from '../../db/schema.js';

export async function findArtworkSubject(db: Db, releaseId: string) {
  const [row] = await db
    .select({ upc: releases.upc, title: releases.title, labelId: releases.labelId, artist: artists.name })
    .from(releases)
    .leftJoin(releaseArtists, eq(releaseArtists.releaseId, releases.id))
    .leftJoin(artists, eq(artists.id, releaseArtists.artistId))
    .where(eq(releases.id, releaseId))
    .orderBy(asc(releaseArtists.position))
    .limit(1);
  return row;
}

export async function findArtistName(db: Db, artistId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: artists.name }).from(artists).where(eq(artists.id, artistId));
  return row?.name;
}
