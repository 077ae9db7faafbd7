import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  artistReleasesResponseSchema,
  artistResponseSchema,
  artistsResponseSchema,
  playlistsResponseSchema,
  rankedReleasesResponseSchema,
  releaseResponseSchema,
  releasesResponseSchema,
  ReleasesQuery,
} from '../../../../shared/api/catalog.js';
import { apiGet, type Answer } from '../../../lib/api-client.js';
import type { ReleaseType } from '../../../../shared/domain/release-type.js';

// Query options for every catalog call, shared by the pages: a server entry can prefetch the same
// options for server rendering. docs/product.md §9: release lists and artist releases are cached 5 minutes.
const fiveMinutes = 5 * 60_000;

export type ReleasesPageQuery = Pick<ReleasesQuery, 'label' | 'type' | 'q'> & { offset: number; limit: number };

export function releasesQuery(query: ReleasesPageQuery) {
  return queryOptions({
    queryKey: ['releases', query],
    queryFn: ({ signal }) => fetchReleases(query, signal),
    staleTime: fiveMinutes,
  });
}

function fetchReleases(query: ReleasesPageQuery, signal: AbortSignal) {
  return apiGet<Answer<typeof releasesResponseSchema>>('/releases', { ...query, include_tracks: true, include_artists: true, sort: 'date:desc' }, signal);
}

/** docs/product.md §9: the releases list reads pages of 10. */
export const releasesPageSize = 10;

export type ReleaseListFilter = Pick<ReleasesQuery, 'label' | 'type' | 'q'>;

/**
 * docs/product.md §4 "Releases list": the pages of one filter, read by offset. A short page, or one
 * that brings only releases already read, ends the list.
 */
export function releaseListQuery(filter: ReleaseListFilter) {
  return infiniteQueryOptions({
    queryKey: ['releases', 'list', filter],
    queryFn: ({ pageParam, signal }) => fetchReleases({ ...filter, offset: pageParam, limit: releasesPageSize }, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages, lastOffset) => {
      const earlier = new Set(pages.slice(0, -1).flatMap((page) => page.data.map((release) => release.id)));
      const bringsNew = lastPage.data.some((release) => !earlier.has(release.id));
      return lastPage.data.length < releasesPageSize || !bringsNew ? undefined : lastOffset + releasesPageSize;
    },
    staleTime: fiveMinutes,
  });
}

export function releaseQuery(id: string) {
  return queryOptions({
    queryKey: ['release', id],
    queryFn: ({ signal }) =>
      apiGet<Answer<typeof releaseResponseSchema>>(`/releases/${encodeURIComponent(id)}`, { include_tracks: true, include_artists: true }, signal),
    staleTime: fiveMinutes,
  });
}

/** The label's top releases; with a type, that type ranked on its own ('Top Albums', docs/product.md §2.6). */
export function topReleasesQuery(label: string, limit = 10, type?: ReleaseType) {
  return queryOptions({
    queryKey: ['top-releases', label, limit, type ?? 'all'],
    queryFn: ({ signal }) =>
      apiGet<Answer<typeof rankedReleasesResponseSchema>>(`/labels/${encodeURIComponent(label)}/top-releases`, { limit, type }, signal),
    staleTime: fiveMinutes,
  });
}

/** Every listed artist of a label (the API pages by 100); the page filters and reveals them. */
export function labelArtistsQuery(label: string) {
  return queryOptions({
    queryKey: ['artists', label],
    queryFn: async ({ signal }) => {
      const all = [];
      for (let offset = 0; ; offset += 100) {
        const page = await apiGet<Answer<typeof artistsResponseSchema>>('/artists', { label, offset, limit: 100, sort: 'name' }, signal);
        all.push(...page.data);
        if (all.length >= page.total || page.data.length === 0) return all;
      }
    },
    staleTime: fiveMinutes,
  });
}

export function artistQuery(id: string) {
  return queryOptions({
    queryKey: ['artist', id],
    queryFn: ({ signal }) => apiGet<Answer<typeof artistResponseSchema>>(`/artists/${encodeURIComponent(id)}`, undefined, signal),
    staleTime: fiveMinutes,
  });
}

/** The artist page's first page of releases: the one the artist modal loads first, so both share one cached answer. */
export const artistReleasesShown = 50;

/** docs/product.md §9: the artist modal loads 50 cached releases first, then 100 fresh ones. */
export function artistReleasesQuery(id: string, limit: number) {
  return queryOptions({
    queryKey: ['artist-releases', id, limit],
    queryFn: ({ signal }) =>
      apiGet<Answer<typeof artistReleasesResponseSchema>>(`/artist-releases/${encodeURIComponent(id)}`, { page: 1, limit }, signal),
    staleTime: fiveMinutes,
    placeholderData: keepPreviousData,
  });
}

export function playlistsQuery(label: string) {
  return queryOptions({
    queryKey: ['playlists', label],
    queryFn: ({ signal }) => apiGet<Answer<typeof playlistsResponseSchema>>('/playlists', { label }, signal),
    staleTime: fiveMinutes,
  });
}
