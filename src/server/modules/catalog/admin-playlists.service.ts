import type { z } from 'zod';
import {
  maxPlaylistTracks,
  type AdminPlaylist,
  type AdminPlaylistDetail,
  type adminPlaylistCreateSchema,
  type AdminPlaylistsQuery,
  type adminPlaylistUpdateSchema,
  type PlaylistRule,
} from '../../../shared/api/admin-playlists.js';
import type { Db } from '../../db/client.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.js';
import { recordActivity, type StaffChange } from '../staff/index.js';
import {
  countPlaylistTracks,
  deletePlaylist,
  findPlaylist,
  insertPlaylist,
  isTrack,
  listPlaylists,
  playlistTrackIds,
  setPlaylistTracks,
  trackRowsWithRelease,
  updatePlaylist,
  type PlaylistRow,
} from './playlists.repo.js';
import { ruleTrackRows, todayOf } from './playlists.service.js';
import { presentTracks } from './tracks.service.js';

// Playlists curated in the admin (docs/decisions/0104): each write one transaction under the playlist's row
// lock (two at once are applied one after the other, each on what the other left), recorded in the activity
// log; the route publishes the catalog change once it committed.

const playlistNotFound = (id: string) => new NotFoundError(`Playlist not found: ${id}`);

/** A rule in words: "The newest 20 Tech House tracks of the label". */
const describeRule = (rule: PlaylistRule) => `The ${rule.order} ${rule.limit} ${rule.genre ? `${rule.genre} ` : ''}tracks of the label, until its tracks are changed here`;

function toAdminPlaylist(row: PlaylistRow, trackCount: number): AdminPlaylist {
  return {
    id: row.id,
    label_id: row.labelId,
    title: row.title,
    description: row.description,
    status: row.status,
    cover_url: row.coverUrl,
    track_count: trackCount,
    rule: row.rule ? describeRule(row.rule) : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The playlist's tracks in order: chosen by hand, or else those its rule picks today. */
async function currentTrackIds(db: Db, row: PlaylistRow, now: Date): Promise<string[]> {
  if (!row.rule) return playlistTrackIds(db, row.id);
  return (await ruleTrackRows(db, row.labelId, row.rule, todayOf(now))).map((track) => track.id);
}

/** Every playlist, drafts too, of one label or all. */
export async function getAdminPlaylists(db: Db, query: AdminPlaylistsQuery, now: Date): Promise<AdminPlaylist[]> {
  const rows = await listPlaylists(db, { labelId: query.label });
  const counts = await countPlaylistTracks(
    db,
    rows.map((row) => row.id),
  );
  const answers: AdminPlaylist[] = [];
  for (const row of rows) answers.push(toAdminPlaylist(row, row.rule ? (await currentTrackIds(db, row, now)).length : (counts.get(row.id) ?? 0)));
  return answers;
}

/** The playlist as its editor shows it: each track with its release, and whether the public sees it. */
export async function getPlaylistForEdit(db: Db, id: string, now: Date): Promise<AdminPlaylistDetail> {
  const row = await findPlaylist(db, id);
  if (!row) throw playlistNotFound(id);
  const rows = await trackRowsWithRelease(db, await currentTrackIds(db, row, now), todayOf(now));
  const presented = await presentTracks(db, rows, now);
  const tracks = rows.map((track, index) => ({
    id: track.id,
    title: track.title,
    mix_version: track.mixVersion,
    artists: presented[index]!.artists.filter((credit) => credit.role !== 'remixer').map((credit) => credit.name),
    release_id: track.releaseId,
    release_title: track.releaseTitle,
    artwork_url: track.artworkUrl,
    duration_ms: track.durationMs,
    is_public: track.isPublic,
  }));
  return { ...toAdminPlaylist(row, tracks.length), tracks };
}

export async function createPlaylist(db: Db, body: z.output<typeof adminPlaylistCreateSchema>, change: StaffChange): Promise<AdminPlaylistDetail> {
  const row = await db.transaction(async (tx) => {
    const made = await insertPlaylist(tx, { labelId: body.label_id, title: body.title, description: body.description, now: change.now });
    await recordActivity(tx, { kind: 'playlist.create', actor: change.actor, summary: `Made the playlist "${made.title}"`, subjectId: made.id, at: change.now });
    return made;
  });
  return { ...toAdminPlaylist(row, 0), tracks: [] };
}

/**
 * Runs `write` on the playlist locked (404 when there is none), records it as playlist.edit and answers the
 * playlist as it is then.
 */
async function editLocked(db: Db, id: string, change: StaffChange, write: (tx: Db, row: PlaylistRow) => Promise<string>): Promise<AdminPlaylistDetail> {
  await db.transaction(async (tx) => {
    const row = await findPlaylist(tx, id, { forUpdate: true });
    if (!row) throw playlistNotFound(id);
    const summary = await write(tx, row);
    await recordActivity(tx, { kind: 'playlist.edit', actor: change.actor, summary, subjectId: id, at: change.now });
  });
  return getPlaylistForEdit(db, id, change.now);
}

export function editPlaylist(db: Db, id: string, body: z.output<typeof adminPlaylistUpdateSchema>, change: StaffChange) {
  return editLocked(db, id, change, async (tx, row) => {
    await updatePlaylist(tx, id, body, change.now);
    if (body.status && body.status !== row.status) return `${body.status === 'published' ? 'Published' : 'Unpublished'} the playlist "${body.title ?? row.title}"`;
    return `Edited the playlist "${body.title ?? row.title}"`;
  });
}

/** Adds a track at the end: 400 naming track_id for no such track, 409 when the playlist has it already. */
export function addPlaylistTrack(db: Db, id: string, trackId: string, change: StaffChange) {
  return editLocked(db, id, change, async (tx, row) => {
    if (!(await isTrack(tx, trackId))) throw new BadRequestError(`No track has the id ${trackId}`, 'track_id');
    const ids = await currentTrackIds(tx, row, change.now);
    if (ids.includes(trackId)) throw new ConflictError(`The track is already in "${row.title}"`, 'track_id');
    if (ids.length >= maxPlaylistTracks) throw new BadRequestError(`A playlist holds at most ${maxPlaylistTracks} tracks`, 'track_id');
    await setPlaylistTracks(tx, id, [...ids, trackId], change.now);
    return `Added a track to the playlist "${row.title}"`;
  });
}

export function removePlaylistTrack(db: Db, id: string, trackId: string, change: StaffChange) {
  return editLocked(db, id, change, async (tx, row) => {
    const ids = await currentTrackIds(tx, row, change.now);
    if (!ids.includes(trackId)) throw new NotFoundError(`The track ${trackId} is not in "${row.title}"`);
    await setPlaylistTracks(
      tx,
      id,
      ids.filter((other) => other !== trackId),
      change.now,
    );
    return `Removed a track from the playlist "${row.title}"`;
  });
}

/** Moves a track to `position` (1 is first): 400 naming position past the last track. */
export function movePlaylistTrack(db: Db, id: string, trackId: string, position: number, change: StaffChange) {
  return editLocked(db, id, change, async (tx, row) => {
    const ids = await currentTrackIds(tx, row, change.now);
    if (!ids.includes(trackId)) throw new NotFoundError(`The track ${trackId} is not in "${row.title}"`);
    if (position > ids.length) throw new BadRequestError(`Position must be from 1 to ${ids.length}`, 'position');
    const rest = ids.filter((other) => other !== trackId);
    await setPlaylistTracks(tx, id, [...rest.slice(0, position - 1), trackId, ...rest.slice(position - 1)], change.now);
    return `Reordered the playlist "${row.title}"`;
  });
}

export async function removePlaylist(db: Db, id: string, change: StaffChange): Promise<string> {
  return db.transaction(async (tx) => {
    const row = await findPlaylist(tx, id, { forUpdate: true });
    if (!row) throw playlistNotFound(id);
    await deletePlaylist(tx, id);
    const summary = `Deleted the playlist "${row.title}"`;
    await recordActivity(tx, { kind: 'playlist.delete', actor: change.actor, summary, subjectId: id, at: change.now });
    return summary;
  });
}
