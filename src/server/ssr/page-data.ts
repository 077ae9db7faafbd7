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
import type { Artist } from '../../shared/api/catalog.js';
import type { PageDataSource } from '../../shared/page-render.js';
import type { ResolvedAppDeps } from '../app-deps.js';
import { AppError, NotFoundError } from '../errors.js';
import { getArtist, getArtistReleases, getArtists, getPlaylists, getRelease, getReleases, getTopReleases } from '../modules/catalog/index.js';

type Scalar = string | number | boolean | undefined;

/** A query as it would arrive over HTTP (strings, blanks left out), so the API's own schema gives the defaults. */
function asQueryString(query: Record<string, Scalar>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
}

/**
 * The one seam between server-rendered pages and the catalog: each query key of the web app's
 * query options (src/client/features/catalog/api/catalog-api.ts) mapped to the service the API route
 * calls, answered in the API's response shape. Whatever the services cache, pages get too.
 */
export function createPageDataSource(deps: Pick<ResolvedAppDeps, 'db' | 'catalogCache' | 'clock'>): PageDataSource {
  async function read(kind: unknown, args: unknown[]): Promise<unknown> {
    switch (kind) {
      case 'releases': {
        const given = args[0] as Record<string, Scalar>;
        const query = releasesQuerySchema.parse(asQueryString({ ...given, include_tracks: true, include_artists: true, sort: 'date:desc' }));
        const { data, total } = await getReleases(deps, query);
        return releasesResponseSchema.parse({ success: true, data, total, offset: query.offset, limit: query.limit });
      }
      case 'release': {
        const includes = releaseQuerySchema.parse(asQueryString({ include_tracks: true, include_artists: true }));
        const data = await getRelease(deps, String(args[0]), {
          tracks: includes.include_tracks,
          artists: includes.include_artists,
          remixes: includes.include_remixes,
        });
        return releaseResponseSchema.parse({ success: true, data });
      }
      case 'top-releases': {
        const type = args[2] === 'all' ? undefined : (args[2] as string | undefined);
        const { limit, type: releaseType } = topReleasesQuerySchema.parse(asQueryString({ limit: args[1] as number, type }));
        const data = await getTopReleases(deps, String(args[0]), limit, { onlyPlayed: false, type: releaseType, now: deps.clock() });
        return rankedReleasesResponseSchema.parse({ success: true, data, total: data.length, offset: 0, limit });
      }
      case 'artists': {
        const all: Artist[] = [];
        for (let offset = 0; ; offset += 100) {
          const query = artistsQuerySchema.parse(asQueryString({ label: String(args[0]), offset, limit: 100, sort: 'name' }));
          const page = await getArtists(deps, query);
          all.push(...artistsResponseSchema.parse({ success: true, ...page, offset, limit: 100 }).data);
          if (all.length >= page.total || page.data.length === 0) return all;
        }
      }
      case 'artist':
        return artistResponseSchema.parse({ success: true, data: await getArtist(deps, String(args[0])) });
      case 'artist-releases': {
        const { page, limit } = artistReleasesQuerySchema.parse(asQueryString({ page: 1, limit: args[1] as number }));
        const { data, total } = await getArtistReleases(deps, String(args[0]), page, limit);
        return artistReleasesResponseSchema.parse({ success: true, data, total, offset: (page - 1) * limit, limit, page });
      }
      case 'playlists':
        return playlistsResponseSchema.parse({ success: true, data: await getPlaylists(deps, String(args[0])) });
      default:
        throw new NotFoundError(`No page data for ${JSON.stringify(kind)}`);
    }
  }
  return async ([kind, ...args]) => {
    try {
      return await read(kind, args);
    } catch (error) {
      // The page learns the status the API would have answered (ApiError's `status` in the browser).
      if (error instanceof AppError) throw Object.assign(new Error(error.message), { status: error.statusCode });
      throw error;
    }
  };
}
