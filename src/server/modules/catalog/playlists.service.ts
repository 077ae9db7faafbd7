import type { Playlist } from '../../../shared/api/catalog.js';
import { labels } from '../../../shared/labels.js';
import type { Db } from '../../db/client.js';
import type { CatalogReads } from './catalog-cache.js';
import { resolveLabelParam } from './labels.service.js';
import { playlistCoverUrl } from '../media/index.js';
import { listTracks } from './tracks.repo.js';
import { presentTracks } from './tracks.service.js';

/** The fixed playlists of the site configuration, filled with tracks from the catalog. */
async function loadPlaylists(db: Db, labelParam: string | undefined, now: Date): Promise<Playlist[]> {
  const label = resolveLabelParam(labelParam);
  const chosen = label ? [label] : labels;
  const playlists: Playlist[] = [];
  for (const l of chosen) {
    for (const p of l.playlists) {
      const { rows } = await listTracks(
        db,
        { labelId: l.id, genre: p.tracks.genre },
        { field: 'release_date', direction: p.tracks.order === 'newest' ? 'desc' : 'asc' },
        { offset: 0, limit: p.tracks.limit },
      );
      const tracks = await presentTracks(db, rows, now);
      playlists.push({
        id: p.id,
        label_id: l.id,
        title: p.title,
        description: p.description,
        cover_url: playlistCoverUrl(p.id),
        followers: p.followers,
        spotify_url: p.spotifyUrl,
        total_tracks: tracks.length,
        tracks,
      });
    }
  }
  return playlists;
}

/** {@link loadPlaylists} through the catalog cache (docs/decisions/0030-catalog-cache.md). */
export function getPlaylists(catalog: CatalogReads, labelParam: string | undefined) {
  return catalog.catalogCache.read(`playlists:${labelParam}`, () => loadPlaylists(catalog.db, labelParam, catalog.clock()));
}
