import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  apiReadOf,
  artistsPageSize,
  pageQueryKey,
  releasesPageSize,
  type ApiReadAnswer,
  type ApiReader,
  type PageQueryName,
  type PageQueryTypes,
} from '../../../../shared/page-queries.js';
import type { releaseAlertAskedResponseSchema } from '../../../../shared/api/messaging.js';
import { apiGet, apiPost, type Answer } from '../../../lib/api-client.js';

// Query options for every catalog query of the pages, from the page query table (src/shared/page-queries.ts):
// the table gives each key, path and default; `read` says where the answers come from (the API over
// HTTP in the browser, the services on the server: app/routes/page-loaders.ts).
// docs/product.md §9: release lists and artist releases are cached 5 minutes.
const fiveMinutes = 5 * 60_000;

/** The browser's reader: each read of the table as a GET of the API. */
const readOverHttp: ApiReader = (name, args, signal) => {
  const { path, query } = apiReadOf[name](...args);
  return apiGet<ApiReadAnswer<typeof name>>(path, query, signal);
};

/**
 * docs/product.md §4: the next offset of a list read by pages of `pageSize`. A short page, or one that
 * brings only items already read, ends the list.
 */
function nextOffset(pageSize: number) {
  return (lastPage: { data: { id: string }[] }, pages: { data: { id: string }[] }[], lastOffset: number): number | undefined => {
    const earlier = new Set(pages.slice(0, -1).flatMap((page) => page.data.map((item) => item.id)));
    const bringsNew = lastPage.data.some((item) => !earlier.has(item.id));
    return lastPage.data.length < pageSize || !bringsNew ? undefined : lastOffset + pageSize;
  };
}

/** The query options of each page query of the table, reading with `read`. */
export function catalogQueries(read: ApiReader) {
  return {
    releases: (page) =>
      queryOptions({
        queryKey: pageQueryKey('releases', [page]),
        queryFn: ({ signal }) => read('releases', [page], signal),
        staleTime: fiveMinutes,
      }),
    /** docs/product.md §4 "Releases list": the pages of one filter, read by offset. */
    'release-list': (filter) =>
      infiniteQueryOptions({
        queryKey: pageQueryKey('release-list', [filter]),
        queryFn: ({ pageParam, signal }) => read('releases', [{ ...filter, offset: pageParam, limit: releasesPageSize }], signal),
        initialPageParam: 0,
        getNextPageParam: nextOffset(releasesPageSize),
        staleTime: fiveMinutes,
      }),
    release: (id) =>
      queryOptions({ queryKey: pageQueryKey('release', [id]), queryFn: ({ signal }) => read('release', [id], signal), staleTime: fiveMinutes }),
    /** The label's top releases; with a type, that type ranked on its own ('Top Albums', docs/product.md §2.6). */
    'top-releases': (label, limit, type) =>
      queryOptions({
        queryKey: pageQueryKey('top-releases', [label, limit, type]),
        queryFn: ({ signal }) => read('top-releases', [label, limit, type], signal),
        staleTime: fiveMinutes,
      }),
    /** docs/product.md §4.4 artists page: the label's artists matching a search, read by offset (searched on the server). */
    'artist-list': (filter) =>
      infiniteQueryOptions({
        queryKey: pageQueryKey('artist-list', [filter]),
        queryFn: ({ pageParam, signal }) => read('artists', [{ ...filter, offset: pageParam, limit: artistsPageSize }], signal),
        initialPageParam: 0,
        getNextPageParam: nextOffset(artistsPageSize),
        staleTime: fiveMinutes,
      }),
    artist: (id) =>
      queryOptions({ queryKey: pageQueryKey('artist', [id]), queryFn: ({ signal }) => read('artist', [id], signal), staleTime: fiveMinutes }),
    /** docs/product.md §9: the artist modal loads 50 cached releases first, then 100 fresh ones. */
    'artist-releases': (id, limit) =>
      queryOptions({
        queryKey: pageQueryKey('artist-releases', [id, limit]),
        queryFn: ({ signal }) => read('artist-releases', [id, limit], signal),
        staleTime: fiveMinutes,
        placeholderData: keepPreviousData,
      }),
    playlists: (label) =>
      queryOptions({
        queryKey: pageQueryKey('playlists', [label]),
        queryFn: ({ signal }) => read('playlists', [label], signal),
        staleTime: fiveMinutes,
      }),
  } satisfies { [K in PageQueryName]: (...args: PageQueryTypes[K]) => { queryKey: readonly unknown[] } };
}

/** The pages' query options: answers from the API over HTTP. */
export const browserQueries = catalogQueries(readOverHttp);
export const {
  releases: releasesQuery,
  'release-list': releaseListQuery,
  release: releaseQuery,
  'top-releases': topReleasesQuery,
  'artist-list': artistListQuery,
  artist: artistQuery,
  'artist-releases': artistReleasesQuery,
  playlists: playlistsQuery,
} = browserQueries;

/** POST /api/releases/{id}/notify: "Notify me" on an upcoming release (the answer is the same for any address). */
export function askReleaseAlert(releaseId: string, email: string) {
  return apiPost<Answer<typeof releaseAlertAskedResponseSchema>>(`/releases/${encodeURIComponent(releaseId)}/notify`, { email });
}
