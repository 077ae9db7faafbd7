import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminArtistResponseSchema,
  adminArtistsQuerySchema,
  adminArtistsResponseSchema,
  adminArtistUpdateSchema,
  adminDeleteResponseSchema,
  adminReleaseResponseSchema,
  adminReleaseUpdateSchema,
  adminTrackResponseSchema,
  adminTracksQuerySchema,
  adminTracksResponseSchema,
  adminTrackUpdateSchema,
} from '../../../shared/api/admin-catalog.js';
import { idParamsSchema } from '../../../shared/api/catalog.js';
import { errorResponseSchema } from '../../../shared/api/common.js';
import type { ResolvedAppDeps } from '../../app-deps.js';
import { adminOf, guardAdminRoutes } from '../staff/index.js';
import { editArtist, getAdminArtists } from './admin-artists.service.js';
import { editTrack, getAdminTracks, pinRelease, removeTrack } from './admin-tracks.service.js';
import { adminAudioRoutes } from './media/audio/admin-audio.routes.js';

const guarded = { 401: errorResponseSchema };
const tags = ['admin'];

/** The admin Tracks and Artists tabs (docs/product.md §10.6): every write recorded in the activity log. */
export const adminCatalogRoutes: FastifyPluginAsyncZod<ResolvedAppDeps> = async (app, deps) => {
  guardAdminRoutes(app, deps.adminAuth);
  const { db, clock } = deps;
  // Every write here that succeeded (edit, delete, pin) changed the public catalog: its cached answers go.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && reply.statusCode < 300) deps.catalogChanges.publish();
    return payload;
  });
  await app.register(adminAudioRoutes, deps);

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
        description: 'Deletes the track with its credits and plays. Recorded as track.delete.',
        params: idParamsSchema,
        response: { 200: adminDeleteResponseSchema, 404: errorResponseSchema, ...guarded },
      },
    },
    async (req) => removeTrack(db, req.params.id, { actor: adminOf(req).user.username, now: clock() }),
  );

  app.patch(
    '/admin/releases/:id',
    {
      schema: {
        tags,
        description: "Pins the release to the top of its label's Top Releases, or unpins it.",
        params: idParamsSchema,
        body: adminReleaseUpdateSchema,
        response: { 200: adminReleaseResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema, ...guarded },
      },
    },
    async (req) => ({ success: true as const, data: await pinRelease(db, req.params.id, req.body.pinned, { actor: adminOf(req).user.username, now: clock() }) }),
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
