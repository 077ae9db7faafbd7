import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  adminArtistResponseSchema,
  adminArtistsResponseSchema,
  adminDeleteResponseSchema,
  adminReleaseResponseSchema,
  adminTrackResponseSchema,
  adminTracksResponseSchema,
  AdminArtistsQuery,
  AdminArtistUpdateInput,
  AdminTracksQuery,
  AdminTrackUpdateInput,
} from '../../../../shared/api/admin-catalog.js';
import { apiGet, apiSend, type Answer } from '../../../lib/api-client.js';
import { withAdminSession } from './admin-request.js';

/** `GET /api/admin/tracks`: one page, sorted and searched on the server. */
export function adminTracksQuery(token: string, query: AdminTracksQuery) {
  return queryOptions({
    queryKey: ['admin', 'tracks', query],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof adminTracksResponseSchema>>('/admin/tracks', query, signal, { token })),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/admin/artists`: one page, by name, searched on the server. */
export function adminArtistsQuery(token: string, query: AdminArtistsQuery) {
  return queryOptions({
    queryKey: ['admin', 'artists', query],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof adminArtistsResponseSchema>>('/admin/artists', query, signal, { token })),
    placeholderData: keepPreviousData,
  });
}

export function updateTrack(token: string, id: string, changes: AdminTrackUpdateInput) {
  return withAdminSession(apiSend<Answer<typeof adminTrackResponseSchema>>('PATCH', `/admin/tracks/${encodeURIComponent(id)}`, changes, { token }));
}

export function deleteTrack(token: string, id: string) {
  return withAdminSession(apiSend<Answer<typeof adminDeleteResponseSchema>>('DELETE', `/admin/tracks/${encodeURIComponent(id)}`, undefined, { token }));
}

export function pinRelease(token: string, id: string, pinned: boolean) {
  return withAdminSession(apiSend<Answer<typeof adminReleaseResponseSchema>>('PATCH', `/admin/releases/${encodeURIComponent(id)}`, { pinned }, { token }));
}

export function updateArtist(token: string, id: string, changes: AdminArtistUpdateInput) {
  return withAdminSession(apiSend<Answer<typeof adminArtistResponseSchema>>('PATCH', `/admin/artists/${encodeURIComponent(id)}`, changes, { token }));
}

/**
 * After a catalog edit: every admin list and figure may have changed (tracks, artists, the overview's
 * counts and recent activity). The session check has not, so it is left alone.
 */
export function refreshAdminData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ['admin'], predicate: (query) => query.queryKey[1] !== 'session' });
}
