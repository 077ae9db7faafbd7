import { queryOptions } from '@tanstack/react-query';
import type {
  adminPlaylistDetailResponseSchema,
  adminPlaylistsResponseSchema,
  AdminPlaylistCreateInput,
  AdminPlaylistsQuery,
  AdminPlaylistUpdateInput,
} from '../../../../shared/api/admin-playlists.js';
import type { adminDeleteResponseSchema } from '../../../../shared/api/admin-catalog.js';
import { apiGet, apiSend, type Answer } from '../../../lib/api-client.js';
import { withAdminSession } from './admin-request.js';

type Detail = Answer<typeof adminPlaylistDetailResponseSchema>;
const playlistPath = (id: string) => `/admin/playlists/${encodeURIComponent(id)}`;
const trackPath = (id: string, trackId: string) => `${playlistPath(id)}/tracks/${encodeURIComponent(trackId)}`;

/** `GET /api/admin/playlists`: every playlist, drafts too, in each label's order. */
export function adminPlaylistsQuery(token: string, query: AdminPlaylistsQuery) {
  return queryOptions({
    queryKey: ['admin', 'playlists', query],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof adminPlaylistsResponseSchema>>('/admin/playlists', query, signal, { token })),
  });
}

/** `GET /api/admin/playlists/{id}`: the playlist with its tracks in order. */
export function adminPlaylistQuery(token: string, id: string) {
  return queryOptions({
    queryKey: ['admin', 'playlist', id],
    queryFn: ({ signal }) => withAdminSession(apiGet<Detail>(playlistPath(id), {}, signal, { token })),
  });
}

export function createPlaylist(token: string, playlist: AdminPlaylistCreateInput) {
  return withAdminSession(apiSend<Detail>('POST', '/admin/playlists', playlist, { token }));
}

export function updatePlaylist(token: string, id: string, changes: AdminPlaylistUpdateInput) {
  return withAdminSession(apiSend<Detail>('PATCH', playlistPath(id), changes, { token }));
}

export function deletePlaylist(token: string, id: string) {
  return withAdminSession(apiSend<Answer<typeof adminDeleteResponseSchema>>('DELETE', playlistPath(id), undefined, { token }));
}

export function addPlaylistTrack(token: string, id: string, trackId: string) {
  return withAdminSession(apiSend<Detail>('POST', `${playlistPath(id)}/tracks`, { track_id: trackId }, { token }));
}

export function removePlaylistTrack(token: string, id: string, trackId: string) {
  return withAdminSession(apiSend<Detail>('DELETE', trackPath(id, trackId), undefined, { token }));
}

/** Moves a track to `position` (1 is first). */
export function movePlaylistTrack(token: string, id: string, trackId: string, position: number) {
  return withAdminSession(apiSend<Detail>('POST', `${trackPath(id, trackId)}/move`, { position }, { token }));
}
