import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  adminArtistResponseSchema,
  adminArtistsResponseSchema,
  adminDeleteResponseSchema,
  adminTrackResponseSchema,
  adminTracksResponseSchema,
  AdminArtistsQuery,
  AdminArtistUpdateInput,
  AdminTracksQuery,
  AdminTrackUpdateInput,
} from '../../../../shared/api/admin-catalog.js';
import type {
  adminReleaseDetailResponseSchema,
  adminReleasesResponseSchema,
  AdminReleaseCreateInput,
  AdminReleasesQuery,
  AdminReleaseUpdateInput,
} from '../../../../shared/api/admin-releases.js';
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
  return updateRelease(token, id, { pinned });
}

/** `GET /api/admin/releases`: one page of every release, drafts too, searched and filtered on the server. */
export function adminReleasesQuery(token: string, query: AdminReleasesQuery) {
  return queryOptions({
    queryKey: ['admin', 'releases', query],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof adminReleasesResponseSchema>>('/admin/releases', query, signal, { token })),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/admin/releases/{id}`: the release as its form edits it. */
export function adminReleaseQuery(token: string, id: string) {
  return queryOptions({
    queryKey: ['admin', 'release', id],
    queryFn: ({ signal }) =>
      withAdminSession(apiGet<Answer<typeof adminReleaseDetailResponseSchema>>(`/admin/releases/${encodeURIComponent(id)}`, {}, signal, { token })),
  });
}

export function createRelease(token: string, release: AdminReleaseCreateInput) {
  return withAdminSession(apiSend<Answer<typeof adminReleaseDetailResponseSchema>>('POST', '/admin/releases', release, { token }));
}

export function updateRelease(token: string, id: string, changes: AdminReleaseUpdateInput) {
  return withAdminSession(apiSend<Answer<typeof adminReleaseDetailResponseSchema>>('PATCH', `/admin/releases/${encodeURIComponent(id)}`, changes, { token }));
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
