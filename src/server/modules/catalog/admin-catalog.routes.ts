import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminArtistResponseSchema,
  adminArtistsQuerySchema,
  adminArtistsResponseSchema,
  adminArtistUpdateSchema,
  adminDeleteResponseSchema,
  adminTrackResponseSchema,
  adminTracksQuerySchema,
  adminTracksResponseSchema,
  adminTrackUpdateSchema,
} from '../../../shared/api/admin-catalog.js';
import {
  adminReleaseCreateSchema,
  adminReleaseDetailResponseSchema,
  adminReleasesQuerySchema,
  adminReleasesResponseSchema,
  adminReleaseUpdateSchema,
} from '../../../shared/api/admin-releases.js';
import { idParamsSchema } from '../../../shared/api/catalog.js';
import { errorResponseSchema } from '../../../shared/api/common.js';
import type { CatalogDeps } from './catalog.deps.js';
import { adminOf, guardAdminRoutes } from '../staff/index.js';
import { editArtist, getAdminArtists } from './admin-artists.service.js';
import { createRelease, editRelease, getAdminReleases, getReleaseForEdit } from './admin-releases.service.js';
import { editTrack, getAdminTracks, removeTrack } from './admin-tracks.service.js';

const guarded = { 401: errorResponseSchema };
const tags = ['admin'];

/** The admin Tracks and Artists tabs (docs/product.md §10.6): every write recorded in the activity log. */
export const adminCatalogRoutes: FastifyPluginAsyncZod<CatalogDeps> = async (app, deps) => {
  guardAdminRoutes(app, deps.adminAuth);
  const { db, clock } = deps;
  // Every write here that succeeded (create, edit, delete, pin) changed the public catalog: its cached answers go.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && reply.statusCode < 300) deps.catalogChanges.publish();
    return payload;
  });

  app.get(
    '/admin/tracks',
    {
      schema: {
        tags,
        description:
          'Every track with its artists and release, paged. Sorted by `field:direction` (default release_date:desc: ' +
          'newest release first, undated last, then track order); q searches title, mix version, release title, ' +
          'artist names and ISRC, ignoring case.',
        querystring: adminTracksQuerySchema,
        response: { 200: adminTracksResponseSchema, 400: errorResponseSchema, ...guarded },
      },
    },
    async (req) => {
      const { data, total } = await getAdminTracks(db, req.query);
      return { success: true as const, data, total, offset: req.query.offset, limit: req.query.limit };
    },
  );

  app.patch(
    '/admin/tracks/:id',
    {
      schema: {
        tags,
        description:
          "Changes any of the track's title, mix version, duration, ISRC, Spotify URL and preview URL (null clears " +
          'all but the title). 409 when the ISRC is already on another track of the release. Recorded as track.edit.',
        params: idParamsSchema,
        body: adminTrackUpdateSchema,
        response: { 200: adminTrackResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...guarded },
      },
    },
    async (req) => {
      const data = await editTrack(db, req.params.id, req.body, { actor: adminOf(req).user.username, now: clock() });
      return { success: true as const, data };
    },
  );

  app.delete(
    '/admin/tracks/:id',
    {
      schema: {
        tags,
        description: 'Deletes the track with its credits and plays; 409 for a track bought alone (its order keeps it). Recorded as track.delete.',
        params: idParamsSchema,
        response: { 200: adminDeleteResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...guarded },
      },
    },
    async (req) => removeTrack(db, req.params.id, { actor: adminOf(req).user.username, now: clock() }),
  );

  // A release of 200 tracks with their credits and 20 links.
  const releaseBodyLimit = 512 * 1024;
  const releaseFields =
    'title, version, type (album, single, compilation), release_date (YYYY-MM-DD; after today in the labels\' time zone ' +
    'it is upcoming), label_id, catalog_number, upc, artists (names: an existing artist of that name is credited, ' +
    'else one is made), tracks (title, mix_version, isrc, duration_ms, artists, remixers; in order) and links ' +
    '([{ name, url }], http(s) only)';

  app.post(
    '/admin/releases',
    {
      bodyLimit: releaseBodyLimit,
      schema: {
        tags,
        description:
          `Creates a release by hand: ${releaseFields}. 409 with field catalog_number when the catalog number is ` +
          'already on a release of the label, ignoring case (a unique index: of two creates at the same instant, one ' +
          'is refused), or field upc when the UPC is on any release; the message names that release: ' +
          'Catalog number BLDR192 is already on "No More" (id) in this label. Recorded as release.create.',
        body: adminReleaseCreateSchema,
        response: { 201: adminReleaseDetailResponseSchema, 400: errorResponseSchema, 409: errorResponseSchema, ...guarded },
      },
    },
    async (req, reply) => {
      const data = await createRelease(db, req.body, { actor: adminOf(req).user.username, now: clock() });
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/admin/releases',
    {
      schema: {
        tags,
        description:
          'Every release, drafts too, newest first (undated last): title, version, catalog number, UPC, label, status as shown ' +
          '(a public release is scheduled while its date is after today in the labels\' time zone, then published), slug, type, ' +
          'date, cover, release artists, track count and how many tracks have uploaded audio. q searches title, catalog number, ' +
          'UPC and artist names; label (id or short name) and status (draft, scheduled, published) filter (docs/decisions/0101).',
        querystring: adminReleasesQuerySchema,
        response: { 200: adminReleasesResponseSchema, 400: errorResponseSchema, ...guarded },
      },
    },
    async (req) => {
      const { data, total } = await getAdminReleases(db, req.query, clock());
      return { success: true as const, data, total, offset: req.query.offset, limit: req.query.limit };
    },
  );

  app.get(
    '/admin/releases/:id',
    {
      schema: {
        tags,
        description: 'The release as the release form edits it, with its tracks and their credits.',
        params: idParamsSchema,
        response: { 200: adminReleaseDetailResponseSchema, 404: errorResponseSchema, ...guarded },
      },
    },
    async (req) => ({ success: true as const, data: await getReleaseForEdit(db, req.params.id, clock()) }),
  );

  app.patch(
    '/admin/releases/:id',
    {
      bodyLimit: releaseBodyLimit,
      schema: {
        tags,
        description:
          `Changes any of the release's fields: ${releaseFields}, and pinned (to the top of its label's Top Releases). ` +
          'Sent tracks replace the list: a track with its id is kept (its plays too), one without is new, the others ' +
          'are deleted (409 for a track bought alone: its order keeps it). A track\'s `price` sells it alone (as the release\'s; null: not sold alone; absent: as stored). ' +
          '409 as on create (catalog_number, upc). Recorded as release.edit, or release.pin when only the pin changes.',
        params: idParamsSchema,
        body: adminReleaseUpdateSchema,
        response: { 200: adminReleaseDetailResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...guarded },
      },
    },
    async (req) => ({ success: true as const, data: await editRelease(db, req.params.id, req.body, { actor: adminOf(req).user.username, now: clock() }) }),
  );

  app.get(
    '/admin/artists',
    {
      schema: {
        tags,
        description: 'Every artist with its release and track counts, sorted by name ignoring case; q searches names.',
        querystring: adminArtistsQuerySchema,
        response: { 200: adminArtistsResponseSchema, 400: errorResponseSchema, ...guarded },
      },
    },
    async (req) => {
      const { data, total } = await getAdminArtists(db, req.query);
      return { success: true as const, data, total, offset: req.query.offset, limit: req.query.limit };
    },
  );

  app.patch(
    '/admin/artists/:id',
    {
      // A bio of 5,000 characters, each up to 6 bytes when escaped in JSON (\u00e9), and the genres.
      bodyLimit: 64 * 1024,
      schema: {
        tags,
        description: "Sets the artist's bio (null clears it) and genres. Recorded as artist.edit.",
        params: idParamsSchema,
        body: adminArtistUpdateSchema,
        response: { 200: adminArtistResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema, ...guarded },
      },
    },
    async (req) => {
      const data = await editArtist(db, req.params.id, req.body, { actor: adminOf(req).user.username, now: clock() });
      return { success: true as const, data };
    },
  );
};
