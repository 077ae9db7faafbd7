import { isDeepStrictEqual } from 'node:util';
import {
  adminTrackUpdateFields,
  type AdminRelease,
  type AdminTrack,
  type AdminTracksQuery,
  type AdminTrackUpdate,
  type AdminTrackUpdateField,
} from '../../../shared/api/admin-catalog.js';
import { titleWithMix } from '../../../shared/domain/track-title.js';
import { isUniqueViolation, type Db } from '../../db/client.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { recordActivity, type StaffChange } from '../staff/index.js';
import { isUuid } from '../../lib/uuid.js';
import { groupBy } from '../../lib/group-by.js';
import { toCredit } from './tracks.service.js';
import { requeueTrackAudio } from '../media/index.js';
import { soldTracks } from './admin-releases.repo.js';
import {
  deleteTrack,
  findAdminTrack,
  listAdminTracks,
  trackCredits,
  updateTrack,
  type AdminTrackRow,
  type ReleaseSummaryRow,
  type TrackChanges,
  type TrackRow,
} from './tracks.repo.js';

function toRelease(row: ReleaseSummaryRow): AdminRelease {
  return {
    id: row.id,
    title: row.title,
    release_date: row.releaseDate,
    artwork_url: row.artworkUrl,
    label_id: row.labelId,
    pinned: row.pinned,
  };
}

/** Rows with their credited artists, in one query for all of them. */
async function presentAdminTracks(db: Db, rows: AdminTrackRow[]): Promise<AdminTrack[]> {
  const credits = groupBy(await trackCredits(db, rows.map((r) => r.track.id)), (c) => c.ownerId);
  return rows.map(({ track, release }) => ({
    id: track.id,
    title: track.title,
    mix_version: track.mixVersion,
    duration_ms: track.durationMs,
    isrc: track.isrc,
    spotify_url: track.spotifyUrl,
    preview_url: track.previewUrl,
    preview_start_ms: track.previewStartMs,
    preview_length_ms: track.previewLengthMs,
    member_download: track.memberDownload,
    instant_grat: track.instantGrat,
    price: track.price,
    artists: (credits.get(track.id) ?? []).map(toCredit),
    release: toRelease(release),
  }));
}

export async function getAdminTracks(db: Db, query: AdminTracksQuery) {
  const { rows, total } = await listAdminTracks(db, { q: query.q }, query.sort, { offset: query.offset, limit: query.limit });
  return { data: await presentAdminTracks(db, rows), total };
}

/** How the activity log names a track: as the site does. */
function describeTrack(track: Pick<TrackRow, 'title' | 'mixVersion'>): string {
  return titleWithMix(track.title, track.mixVersion);
}

const columnOf: Record<AdminTrackUpdateField, keyof TrackChanges> = {
  title: 'title',
  mix_version: 'mixVersion',
  duration_ms: 'durationMs',
  isrc: 'isrc',
  spotify_url: 'spotifyUrl',
  preview_url: 'previewUrl',
  preview_start_ms: 'previewStartMs',
  preview_length_ms: 'previewLengthMs',
  member_download: 'memberDownload',
  instant_grat: 'instantGrat',
  price: 'price',
};

const trackNotFound = (id: string) => new NotFoundError(`Track not found: ${id}`);

/**
 * Applies the sent fields that differ from the stored ones and records 'track.edit' with each
 * change (before → after) in the same transaction. Sending the stored values changes and records
 * nothing. An ISRC already on another track of the release answers 409 and changes nothing.
 */
export async function editTrack(db: Db, id: string, update: AdminTrackUpdate, change: StaffChange): Promise<AdminTrack> {
  if (!isUuid(id)) throw trackNotFound(id);
  return db.transaction(async (tx) => {
    const before = await findAdminTrack(tx, id, { forUpdate: true });
    if (!before) throw trackNotFound(id);
    const changes: Record<string, unknown> = {};
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of adminTrackUpdateFields) {
      const value = update[field];
      const column = columnOf[field];
      // A price is an object: the same one sent again is no change.
      if (value === undefined || isDeepStrictEqual(value, before.track[column])) continue;
      changes[column] = value;
      changed[field] = { from: before.track[column], to: value };
    }
    if (Object.keys(changed).length === 0) return (await presentAdminTracks(tx, [before]))[0] as AdminTrack;
    try {
      await updateTrack(tx, id, changes as TrackChanges, change.now);
    } catch (error) {
      if (isUniqueViolation(error, 'tracks_release_isrc_uq')) {
        throw new ConflictError(`ISRC ${update.isrc} is already on another track of "${before.release.title}"`, 'isrc');
      }
      throw error;
    }
    // A new window on a track with uploaded audio: its previews are cut again (docs/decisions/0026).
    if (before.track.audioId && ('preview_start_ms' in changed || 'preview_length_ms' in changed)) await requeueTrackAudio(tx, before.track.audioId);
    const after = (await findAdminTrack(tx, id)) as AdminTrackRow;
    await recordActivity(tx, {
      kind: 'track.edit',
      actor: change.actor,
      summary: `Edited track "${describeTrack(after.track)}"`,
      subjectId: id,
      details: { release: { id: before.release.id, title: before.release.title }, changes: changed },
      at: change.now,
    });
    return (await presentAdminTracks(tx, [after]))[0] as AdminTrack;
  });
}

/** Deletes the track (credits and plays cascade) and records 'track.delete' in the same transaction. */
export async function removeTrack(db: Db, id: string, change: StaffChange): Promise<{ success: true; message: string }> {
  if (!isUuid(id)) throw trackNotFound(id);
  return db.transaction(async (tx) => {
    const row = await findAdminTrack(tx, id, { forUpdate: true });
    if (!row) throw trackNotFound(id);
    if ((await soldTracks(tx, [id])).length > 0) throw new ConflictError(`Track "${row.track.title}" was bought alone: its order keeps it, so it cannot be deleted`);
    await deleteTrack(tx, id);
    const title = describeTrack(row.track);
    await recordActivity(tx, {
      kind: 'track.delete',
      actor: change.actor,
      summary: `Deleted track "${title}" from "${row.release.title}"`,
      subjectId: id,
      details: {
        title: row.track.title,
        mix_version: row.track.mixVersion,
        isrc: row.track.isrc,
        release: { id: row.release.id, title: row.release.title },
      },
      at: change.now,
    });
    return { success: true as const, message: `Deleted track "${title}"` };
  });
}
