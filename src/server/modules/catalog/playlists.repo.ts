import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { PlaylistStatus } from '../../../shared/api/admin-playlists.js';
import { labels } from '../../../shared/labels.js';
import type { Db } from '../../db/client.js';
import { isOut, isPublicRelease } from '../../db/public-releases.js';
import { playlists, playlistTracks, releases, tracks } from '../../db/schema.js';
import type { DatedTrackRow } from './tracks.service.js';

export type PlaylistRow = typeof playlists.$inferSelect;

const labelOrder = (labelId: string) => labels.findIndex((label) => label.id === labelId);

/** Playlists in the labels' order, each label's in its order; only published ones for `published`, of one label or all. */
export async function listPlaylists(db: Db, filter: { labelId?: string; published?: boolean }): Promise<PlaylistRow[]> {
  const conditions = [
    ...(filter.labelId ? [eq(playlists.labelId, filter.labelId)] : []),
    ...(filter.published ? [eq(playlists.status, 'published' as PlaylistStatus)] : []),
  ];
  const rows = await db
    .select()
    .from(playlists)
    .where(and(...conditions))
    .orderBy(asc(playlists.position), asc(playlists.createdAt));
  return rows.sort((a, b) => labelOrder(a.labelId) - labelOrder(b.labelId));
}

export async function findPlaylist(db: Db, id: string, { forUpdate = false } = {}): Promise<PlaylistRow | undefined> {
  const query = db.select().from(playlists).where(eq(playlists.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** How many tracks each chosen-by-hand playlist holds. */
export async function countPlaylistTracks(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: playlistTracks.playlistId, n: count() })
    .from(playlistTracks)
    .where(inArray(playlistTracks.playlistId, ids))
    .groupBy(playlistTracks.playlistId);
  return new Map(rows.map((row) => [row.id, row.n]));
}

export type PlaylistTrackRow = DatedTrackRow & { releaseTitle: string; artworkUrl: string | null; isPublic: boolean };

/** The tracks of chosen-by-hand playlists in order that the public sees: of public releases out by `today` (the labels' time zone). */
export async function publicPlaylistTrackRows(db: Db, ids: string[], today: string): Promise<(DatedTrackRow & { playlistId: string })[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ track: tracks, playlistId: playlistTracks.playlistId, releaseDate: releases.releaseDate })
    .from(playlistTracks)
    .innerJoin(tracks, eq(tracks.id, playlistTracks.trackId))
    .innerJoin(releases, eq(releases.id, tracks.releaseId))
    .where(and(inArray(playlistTracks.playlistId, ids), isPublicRelease, isOut(today)))
    .orderBy(asc(playlistTracks.playlistId), asc(playlistTracks.position));
  return rows.map((row) => ({ ...row.track, playlistId: row.playlistId, releaseDate: row.releaseDate }));
}

/** These tracks, in this order (an id of no track left out), with their release and whether the public sees them by `today`. */
export async function trackRowsWithRelease(db: Db, trackIds: string[], today: string): Promise<PlaylistTrackRow[]> {
  if (trackIds.length === 0) return [];
  const rows = await db
    .select({ track: tracks, releaseDate: releases.releaseDate, releaseTitle: releases.title, artworkUrl: releases.artworkUrl, isPublic: sql<boolean>`${and(isPublicRelease, isOut(today))}` })
    .from(tracks)
    .innerJoin(releases, eq(releases.id, tracks.releaseId))
    .where(inArray(tracks.id, trackIds));
  const byId = new Map(rows.map((row) => [row.track.id, row]));
  return trackIds.flatMap((trackId) => {
    const row = byId.get(trackId);
    return row ? [{ ...row.track, releaseDate: row.releaseDate, releaseTitle: row.releaseTitle, artworkUrl: row.artworkUrl, isPublic: row.isPublic }] : [];
  });
}

/** The track ids of a chosen-by-hand playlist, in order. */
export async function playlistTrackIds(db: Db, id: string): Promise<string[]> {
  const rows = await db.select({ id: playlistTracks.trackId }).from(playlistTracks).where(eq(playlistTracks.playlistId, id)).orderBy(asc(playlistTracks.position));
  return rows.map((row) => row.id);
}

export async function isTrack(db: Db, id: string): Promise<boolean> {
  return (await db.select({ id: tracks.id }).from(tracks).where(eq(tracks.id, id))).length > 0;
}

/** Makes the playlist's tracks these, in this order (1, 2, …), and its rule none: its tracks are chosen by hand from now on. */
export async function setPlaylistTracks(tx: Db, id: string, trackIds: string[], now: Date): Promise<void> {
  await tx.delete(playlistTracks).where(eq(playlistTracks.playlistId, id));
  if (trackIds.length > 0) await tx.insert(playlistTracks).values(trackIds.map((trackId, index) => ({ playlistId: id, trackId, position: index + 1 })));
  await tx.update(playlists).set({ rule: null, updatedAt: now }).where(eq(playlists.id, id));
}

/** A new playlist of a label, last in its order. */
export async function insertPlaylist(tx: Db, values: { labelId: string; title: string; description: string; now: Date }): Promise<PlaylistRow> {
  // Two playlists made at once in one label: the later waits here, then counts the first.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`playlists:${values.labelId}`}, 0))`);
  const [last] = await tx.select({ position: max(playlists.position) }).from(playlists).where(eq(playlists.labelId, values.labelId));
  const [row] = await tx
    .insert(playlists)
    .values({ labelId: values.labelId, title: values.title, description: values.description, position: (last?.position ?? 0) + 1, createdAt: values.now, updatedAt: values.now })
    .returning();
  return row!;
}

export async function updatePlaylist(tx: Db, id: string, changes: Partial<Pick<PlaylistRow, 'title' | 'description' | 'status'>>, now: Date): Promise<void> {
  await tx.update(playlists).set({ ...changes, updatedAt: now }).where(eq(playlists.id, id));
}

export async function deletePlaylist(tx: Db, id: string): Promise<void> {
  await tx.delete(playlists).where(eq(playlists.id, id));
}
