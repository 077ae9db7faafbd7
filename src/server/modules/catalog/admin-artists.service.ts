import type { AdminArtist, AdminArtistsQuery, AdminArtistUpdate } from '../../../shared/api/admin-catalog.js';
import type { Db } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import { artistPictureUrl } from '../media/index.js';
import { recordActivity, type StaffChange } from '../staff/index.js';
import { artistCreditCounts, findArtist, listAdminArtists, updateArtist, type ArtistChanges, type ArtistRow } from './admin-artists.repo.js';

async function presentAdminArtists(db: Db, rows: ArtistRow[]): Promise<AdminArtist[]> {
  const counts = new Map((await artistCreditCounts(db, rows.map((r) => r.id))).map((c) => [c.artist_id, c]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    // An unlisted artist's generated picture is not served (it would name an artist the public may not see yet):
    // the admin shows its initials instead of a broken picture.
    image_url: row.imageUrl === artistPictureUrl(row.id) && !counts.get(row.id)?.listed ? null : row.imageUrl,
    bio: row.bio,
    genres: row.genres,
    spotify_url: row.spotifyUrl,
    release_count: counts.get(row.id)?.release_count ?? 0,
    track_count: counts.get(row.id)?.track_count ?? 0,
  }));
}

export async function getAdminArtists(db: Db, query: AdminArtistsQuery) {
  const { rows, total } = await listAdminArtists(db, { q: query.q }, { offset: query.offset, limit: query.limit });
  return { data: await presentAdminArtists(db, rows), total };
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Sets the artist's bio and genres and records 'artist.edit' with each change (before → after) in
 * the same transaction; sending the stored values changes and records nothing.
 */
export async function editArtist(db: Db, id: string, update: AdminArtistUpdate, change: StaffChange): Promise<AdminArtist> {
  return db.transaction(async (tx) => {
    const before = await findArtist(tx, id, { forUpdate: true });
    if (!before) throw new NotFoundError(`Artist not found: ${id}`);
    const changes: ArtistChanges = {};
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    if (update.bio !== undefined && update.bio !== before.bio) {
      changes.bio = update.bio;
      changed.bio = { from: before.bio, to: update.bio };
    }
    if (update.genres !== undefined && !sameValue(update.genres, before.genres)) {
      changes.genres = update.genres;
      changed.genres = { from: before.genres, to: update.genres };
    }
    if (Object.keys(changed).length === 0) return (await presentAdminArtists(tx, [before]))[0] as AdminArtist;
    const after = await updateArtist(tx, id, changes, change.now);
    await recordActivity(tx, {
      kind: 'artist.edit',
      actor: change.actor,
      summary: `Edited artist "${after.name}"`,
      subjectId: id,
      details: { changes: changed },
      at: change.now,
    });
    return (await presentAdminArtists(tx, [after]))[0] as AdminArtist;
  });
}
