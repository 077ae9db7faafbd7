import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { plays, releases, tracks } from '../../db/schema.js';

export async function findTrackRelease(db: Db, trackId: string): Promise<string | undefined> {
  const [row] = await db.select({ releaseId: tracks.releaseId }).from(tracks).where(eq(tracks.id, trackId));
  return row?.releaseId;
}

/** Holds, until the transaction ends, the right to count plays of one track from one address. */
export async function lockAddressTrack(tx: Db, addressKey: string, trackId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`play:${addressKey}:${trackId}`}, 0))`);
}

/** How many browsers behind this address have had a play of the track counted since then. */
export async function countAddressClientsSince(db: Db, addressKey: string, trackId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ clients: sql<number>`count(distinct ${plays.clientKey})::int` })
    .from(plays)
    .where(and(eq(plays.addressKey, addressKey), eq(plays.trackId, trackId), gt(plays.playedAt, since)));
  return row?.clients ?? 0;
}

export async function hasPlayedSince(db: Db, clientKey: string, trackId: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: plays.id })
    .from(plays)
    .where(and(eq(plays.clientKey, clientKey), eq(plays.trackId, trackId), gt(plays.playedAt, since)))
    .limit(1);
  return row !== undefined;
}

export async function insertPlay(
  db: Db,
  play: { trackId: string; releaseId: string; clientKey: string; addressKey: string; playedAt: Date },
): Promise<void> {
  await db.insert(plays).values(play);
}

export async function findStreamCount(db: Db, releaseId: string): Promise<number> {
  const [row] = await db.select({ streamCount: releases.streamCount }).from(releases).where(eq(releases.id, releaseId));
  return row?.streamCount ?? 0;
}

/** Adds one play to the release and answers its new count. */
export async function incrementStreamCount(db: Db, releaseId: string): Promise<number> {
  const [row] = await db
    .update(releases)
    .set({ streamCount: sql`${releases.streamCount} + 1` })
    .where(eq(releases.id, releaseId))
    .returning({ streamCount: releases.streamCount });
  return row?.streamCount ?? 0;
}
