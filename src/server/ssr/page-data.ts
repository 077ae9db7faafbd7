import {
  artistReleasesQuerySchema,
  artistReleasesResponseSchema,
  artistResponseSchema,
  artistsQuerySchema,
  artistsResponseSchema,
  playlistsResponseSchema,
  rankedReleasesResponseSchema,
  releaseQuerySchema,
  releaseResponseSchema,
  releasesQuerySchema,
  releasesResponseSchema,
  topReleasesQuerySchema,
} from '../../shared/api/catalog.js';
import { apiReads, type ApiRead, type ApiReadAnswer, type ApiReadArgs, type ApiReadName } from '../../shared/page-queries.js';
import type { PageDataSource } from '../../shared/page-render.js';
import { AppError } from '../errors.js';
import { getArtist, getArtistReleases, getArtists, getPlaylists, getRelease, getReleases, getTopReleases, type CatalogReads } from '../modules/catalog/index.js';

type PageDataDeps = CatalogReads;

/** A read's query as it would arrive over HTTP (strings, blanks left out), so the API's own schema gives its defaults. */
function asQueryString({ query }: ApiRead): Record<string, string> {
  return Object.fromEntries(Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
}

/**
 * Each read of the page query table (src/shared/page-queries.ts) answered by the service its API route
 * calls, with the query the table sends, in the API's response shape (checked by the same schema).
 * Keyed by the table's reads: a read without its service here fails the typecheck.
 */
const readers: { [K in ApiReadName]: (deps: PageDataDeps, ...args: ApiReadArgs<K>) => Promise<ApiReadAnswer<K>> } = {
  releases: async (deps, page) => {
    const query = releasesQuerySchema.parse(asQueryString(apiReads.releases(page)));
    const { data, total } = await getReleases(deps, query);
    return releasesResponseSchema.parse({ success: true, data, total, offset: query.offset, limit: query.limit });
  },
  release: async (deps, id) => {
    const includes = releaseQuerySchema.parse(asQueryString(apiReads.release(id)));
    const data = await getRelease(deps, id, {
      tracks: includes.include_tracks,
      artists: includes.include_artists,
      remixes: includes.include_remixes,
    });
    return releaseResponseSchema.parse({ success: true, data });
  },
  'top-releases': async (deps, label, ...rest) => {
    const { limit, type } = topReleasesQuerySchema.parse(asQueryString(apiReads['top-releases'](label, ...rest)));
    const data = await getTopReleases(deps, label, limit, { onlyPlayed: false, type, now: deps.clock() });
    return rankedReleasesResponseSchema.parse({ success: true, data, total: data.length, offset: 0, limit });
  },
  artists: async (deps, page) => {
    const query = artistsQuerySchema.parse(asQueryString(apiReads.artists(page)));
    const { data, total } = await getArtists(deps, query);
    return artistsResponseSchema.parse({ success: true, data, total, offset: query.offset, limit: query.limit });
  },
  artist: async (deps, id) => artistResponseSchema.parse({ success: true, data: await getArtist(deps, id) }),
  'artist-releases': async (deps, id, limit) => {
    const query = artistReleasesQuerySchema.parse(asQueryString(apiReads['artist-releases'](id, limit)));
    const { data, total } = await getArtistReleases(deps, id, query.page, query.limit);
    return artistReleasesResponseSchema.parse({ success: true, data, total, offset: (query.page - 1) * query.limit, limit: query.limit, page: query.page });
  },
  playlists: async (deps, label) => playlistsResponseSchema.parse({ success: true, data: await getPlaylists(deps, label) }),
};

/**
 * The one seam between server-rendered pages and the catalog (docs/decisions/0021): the pages' reads
 * answered without HTTP. Whatever the services cache, pages get too.
 */
export function createPageDataSource(deps: PageDataDeps): PageDataSource {
  return async (name, args) => {
    const read: (deps: PageDataDeps, ...args: ApiReadArgs<typeof name>) => Promise<ApiReadAnswer<typeof name>> = readers[name];
    try {
      return await read(deps, ...args);
    } catch (error) {
      // The page learns the status the API would have answered (ApiError's `status` in the browser).
      if (error instanceof AppError) throw Object.assign(new Error(error.message), { status: error.statusCode });
      throw error;
    }
  };
}
