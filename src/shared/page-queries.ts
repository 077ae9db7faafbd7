import type { z } from 'zod';
import type {
  ArtistsQuery,
  artistReleasesResponseSchema,
  artistResponseSchema,
  artistsResponseSchema,
  playlistsResponseSchema,
  rankedReleasesResponseSchema,
  releaseResponseSchema,
  releasesResponseSchema,
  ReleasesQuery,
} from './api/catalog.js';
import type { ReleaseType } from './domain/release-type.js';
import { defaultLabel } from './labels.js';
import type { LabelConfig } from './site-config.js';

// The one table of what the public pages read (docs/decisions/0024-page-query-table.md): each API read
// with its path, the query it sends (defaults included) and its answer's schema; each page with the
// queries it renders with. The browser's query options (src/client/features/catalog/api) read over
// HTTP through it, the server's page data (src/server/ssr/page-data.ts) through the services. The
// answer schemas are named by type only: zod stays out of the pages' scripts (decision 0023); the
// server checks each answer against the schema the type names.

type QueryValue = string | number | boolean | undefined;

/** One GET of the API: its path under /api and its query string, with the values the pages send. */
export interface ApiRead {
  path: string;
  query: Record<string, QueryValue>;
}

/** A page of the releases list: docs/product.md §4, filtered by label, type and search. */
export type ReleaseListFilter = Pick<ReleasesQuery, 'label' | 'type' | 'q'>;
export type ReleasesPage = ReleaseListFilter & { offset: number; limit: number };

/** A page of the artists list: docs/product.md §4.4, filtered by label and search (on the server). */
export type ArtistListFilter = Pick<ArtistsQuery, 'label' | 'q'>;
export type ArtistsPage = ArtistListFilter & { offset: number; limit: number };

/** docs/product.md §9: the releases list reads pages of 10. */
export const releasesPageSize = 10;
/**
 * The artists list reads pages of 20 (two reveals of 10): a page's first HTML carries one page, never
 * the label's whole roster (issue 37).
 */
export const artistsPageSize = 20;
/** The artist page's first page of releases: the one the artist modal loads first, so both share one answer. */
export const artistReleasesShown = 50;
/** The landing page's Latest Releases. */
export const landingReleasesShown = 8;
/** The Top Releases panel's length (docs/product.md §2.6). */
export const topReleasesShown = 10;

/** Each API read of the pages: its arguments and the schema of its answer (src/shared/api). */
export interface ApiReadTypes {
  releases: { args: [page: ReleasesPage]; answer: typeof releasesResponseSchema };
  release: { args: [id: string]; answer: typeof releaseResponseSchema };
  'top-releases': { args: [label: string, limit: number, type: ReleaseType | 'all']; answer: typeof rankedReleasesResponseSchema };
  artists: { args: [page: ArtistsPage]; answer: typeof artistsResponseSchema };
  artist: { args: [id: string]; answer: typeof artistResponseSchema };
  'artist-releases': { args: [id: string, limit: number]; answer: typeof artistReleasesResponseSchema };
  playlists: { args: [label: string]; answer: typeof playlistsResponseSchema };
}
export type ApiReadName = keyof ApiReadTypes;
export type ApiReadArgs<K extends ApiReadName> = ApiReadTypes[K]['args'];
export type ApiReadAnswer<K extends ApiReadName> = z.output<ApiReadTypes[K]['answer']>;

const encode = encodeURIComponent;

/** The path and query of each read: the only place the pages' defaults are written. */
export const apiReads = {
  releases: (page) => ({ path: '/releases', query: { ...page, include_tracks: true, include_artists: true, sort: 'date:desc' } }),
  release: (id) => ({ path: `/releases/${encode(id)}`, query: { include_tracks: true, include_artists: true } }),
  'top-releases': (label, limit, type) => ({
    path: `/labels/${encode(label)}/top-releases`,
    query: { limit, type: type === 'all' ? undefined : type },
  }),
  artists: (page) => ({ path: '/artists', query: { ...page, sort: 'name' } }),
  artist: (id) => ({ path: `/artists/${encode(id)}`, query: {} }),
  'artist-releases': (id, limit) => ({ path: `/artist-releases/${encode(id)}`, query: { page: 1, limit } }),
  playlists: (label) => ({ path: '/playlists', query: { label } }),
} satisfies { [K in ApiReadName]: (...args: ApiReadArgs<K>) => ApiRead };

/** {@link apiReads} as a record indexed by any read's name. */
export const apiReadOf: { [K in ApiReadName]: (...args: ApiReadArgs<K>) => ApiRead } = apiReads;

/**
 * Answers the reads of the table: over HTTP in the browser, through the services on the server. Rejects
 * with an error whose `status` is the status the API answers (404 for an unknown release).
 */
export type ApiReader = <K extends ApiReadName>(name: K, args: ApiReadArgs<K>, signal?: AbortSignal) => Promise<ApiReadAnswer<K>>;

/** The queries the pages hold (TanStack Query): each key is its name and then its arguments. */
export interface PageQueryTypes {
  releases: [page: ReleasesPage];
  /** The releases list's pages (an infinite query of `releases` reads by offset). */
  'release-list': [filter: ReleaseListFilter];
  release: [id: string];
  'top-releases': [label: string, limit: number, type: ReleaseType | 'all'];
  /** The artists list's pages (an infinite query of `artists` reads by offset). */
  'artist-list': [filter: ArtistListFilter];
  artist: [id: string];
  'artist-releases': [id: string, limit: number];
  playlists: [label: string];
}
export type PageQueryName = keyof PageQueryTypes;
export type PageQueryKey<K extends PageQueryName> = readonly [K, ...PageQueryTypes[K]];

/** One query a page renders with: its name and arguments, which make its key. */
export type PageQuery = { [K in PageQueryName]: { name: K; args: PageQueryTypes[K] } }[PageQueryName];

export function pageQueryKey<K extends PageQueryName>(name: K, args: PageQueryTypes[K]): PageQueryKey<K> {
  return [name, ...args];
}

function query<K extends PageQueryName>(name: K, ...args: PageQueryTypes[K]): PageQuery {
  return { name, args } as PageQuery;
}

/** What a page's queries depend on: its route's label (resolved) and other parameters. */
export interface PageParams {
  label: LabelConfig;
  id: string;
  releaseId: string;
}

export interface PublicPage {
  /** The route's path (react-router syntax); every public page has a `:label`. */
  path: string;
  /** The queries the page renders with, read before it renders on the server. */
  queries: (params: PageParams) => PageQuery[];
}

/** docs/product.md §2: the public pages with data, by route id (src/client/app/router.tsx). */
export const publicPages = {
  landing: {
    path: '/:label',
    // The records landing has no artists section.
    queries: ({ label }) => [
      query('releases', { label: label.id, offset: 0, limit: landingReleasesShown }),
      ...(label.id === defaultLabel.id ? [] : [query('artist-list', { label: label.id })]),
    ],
  },
  artists: { path: '/:label/artists', queries: ({ label }) => [query('artist-list', { label: label.id })] },
  artist: {
    path: '/:label/artists/:id',
    queries: ({ id }) => [query('artist', id), query('artist-releases', id, artistReleasesShown)],
  },
  releases: {
    path: '/:label/releases',
    queries: ({ label }) => [query('release-list', { label: label.id }), query('top-releases', label.id, topReleasesShown, 'all')],
  },
  /** The releases page (its own loader runs too) with this release's modal open. */
  release: { path: '/:label/releases/:releaseId', queries: ({ releaseId }) => [query('release', releaseId)] },
  playlists: { path: '/:label/playlists', queries: ({ label }) => [query('playlists', label.id)] },
  submit: { path: '/:label/submit', queries: () => [] },
} satisfies Record<string, PublicPage>;

export type PublicPageId = keyof typeof publicPages;
