import type { PlaylistRule } from '../../../shared/api/admin-playlists.js';
import type { Playlist } from '../../../shared/api/catalog.js';
import { localDate } from '../../../shared/domain/release-day.js';
import { currentSiteSettings } from '../../../shared/site-settings.js';
import type { Db } from '../../db/client.js';
import { groupBy } from '../../lib/group-by.js';
import type { CatalogReads } from './catalog-cache.js';
import { resolveLabelParam } from './labels.service.js';
import { playlistCoverUrl } from '../media/index.js';
import { listPlaylists, publicPlaylistTrackRows, type PlaylistRow } from './playlists.repo.js';
import { listTracks } from './tracks.repo.js';
import { presentTracks, type DatedTrackRow } from './tracks.service.js';

/** Today in the labels' time zone: a playlist shows a track once its release is out (docs/decisions/0104). */
export const todayOf = (now: Date) => localDate(now, currentSiteSettings().timeZone);

/** The public tracks, out by `today`, that a playlist of the starting set picks by its rule (docs/decisions/0104). */
export async function ruleTrackRows(db: Db, labelId: string, rule: PlaylistRule, today: string): Promise<DatedTrackRow[]> {
  const { rows } = await listTracks(
    db,
    { labelId, genre: rule.genre, outBy: today },
    { field: 'release_date', direction: rule.order === 'newest' ? 'desc' : 'asc' },
    { offset: 0, limit: rule.limit },
  );
  return rows;
}

/** What the public sees of a playlist beside its tracks. */
export const publicPlaylistFields = (row: PlaylistRow) => ({
  id: row.id,
  label_id: row.labelId,
  title: row.title,
  description: row.description,
  cover_url: row.coverUrl ?? playlistCoverUrl(row.id),
  followers: row.followers,
  spotify_url: row.spotifyUrl,
});

/** The published playlists (docs/decisions/0104) with the tracks the public may hear: of public releases that are out. */
async function loadPlaylists(db: Db, labelParam: string | undefined, now: Date): Promise<Playlist[]> {
  const label = resolveLabelParam(labelParam);
  const rows = await listPlaylists(db, { labelId: label?.id, published: true });
  const today = todayOf(now);
  const chosen = groupBy(
    await publicPlaylistTrackRows(
      db,
      rows.filter((row) => !row.rule).map((row) => row.id),
      today,
    ),
    (track) => track.playlistId,
  );
  const playlists: Playlist[] = [];
  for (const row of rows) {
    const trackRows = row.rule ? await ruleTrackRows(db, row.labelId, row.rule, today) : (chosen.get(row.id) ?? []);
    const tracks = await presentTracks(db, trackRows, now);
    playlists.push({ ...publicPlaylistFields(row), total_tracks: tracks.length, tracks });
  }
  return playlists;
}

/** {@link loadPlaylists} through the catalog cache (docs/decisions/0030-catalog-cache.md). */
export function getPlaylists(catalog: CatalogReads, labelParam: string | undefined) {
  return catalog.catalogCache.read(`playlists:${labelParam}`, () => loadPlaylists(catalog.db, labelParam, catalog.clock()));
}
