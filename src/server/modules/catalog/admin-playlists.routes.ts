import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDeleteResponseSchema } from '../../../shared/api/admin-catalog.js';
import {
  adminPlaylistCreateSchema,
  adminPlaylistDetailResponseSchema,
  adminPlaylistsQuerySchema,
  adminPlaylistsResponseSchema,
  adminPlaylistTrackAddSchema,
  adminPlaylistTrackMoveSchema,
  adminPlaylistUpdateSchema,
  playlistTrackParamsSchema,
} from '../../../shared/api/admin-playlists.js';
import { idParamsSchema } from '../../../shared/api/catalog.js';
import { errorResponseSchema } from '../../../shared/api/common.js';
import { adminOf, guardAdminRoutes } from '../staff/index.js';
import {
  addPlaylistTrack,
  createPlaylist,
  editPlaylist,
  getAdminPlaylists,
  getPlaylistForEdit,
  movePlaylistTrack,
  removePlaylist,
  removePlaylistTrack,
} from './admin-playlists.service.js';
import type { CatalogDeps } from './catalog.deps.js';

const tags = ['admin'];
const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

/**
 * The admin Playlists tab (docs/decisions/0104): playlists made, edited, filled, ordered, published and deleted
 * by staff (owners and editors, docs/decisions/0098). A cover is uploaded through `POST /api/admin/media` as a
 * file named by the playlist's id, as a release's cover is.
 */
export const adminPlaylistsRoutes: FastifyPluginAsyncZod<CatalogDeps> = async (app, deps) => {
  guardAdminRoutes(app, deps.adminAuth);
  const { db, clock } = deps;
  const change = (req: Parameters<typeof adminOf>[0]) => ({ actor: adminOf(req).user.username, now: clock() });
  // A write that succeeded may change what the public sees: the catalog's cached answers go.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && reply.statusCode < 300) deps.catalogChanges.publish();
    return payload;
  });

  app.get(
    '/admin/playlists',
    {
      schema: {
        tags,
        description:
          "Every playlist, drafts too, in each label's order: title, description, status (draft: on no public page, sitemap or " +
          'API answer; published), uploaded cover (null: the generated one), track count, and for a playlist of the starting set ' +
          'not yet changed, its rule in words. label (id) filters.',
        querystring: adminPlaylistsQuerySchema,
        response: { 200: adminPlaylistsResponseSchema, 400: errorResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await getAdminPlaylists(db, req.query, clock()) }),
  );

  app.post(
    '/admin/playlists',
    {
      schema: {
        tags,
        description: 'Makes a playlist of a label (label_id, title, description), a draft with no tracks, last in its label. Recorded as playlist.create.',
        body: adminPlaylistCreateSchema,
        response: { 201: adminPlaylistDetailResponseSchema, 400: errorResponseSchema },
      },
    },
    async (req, reply) => reply.code(201).send({ success: true as const, data: await createPlaylist(db, req.body, change(req)) }),
  );

  app.get(
    '/admin/playlists/:id',
    {
      schema: {
        tags,
        description: 'The playlist with its tracks in order, each with its release and whether the public sees it (its release public and out).',
        params: idParamsSchema,
        response: { 200: adminPlaylistDetailResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await getPlaylistForEdit(db, req.params.id, clock()) }),
  );

  app.patch(
    '/admin/playlists/:id',
    {
      schema: {
        tags,
        description: 'Changes the title, description or status (draft, published). Recorded as playlist.edit.',
        params: idParamsSchema,
        body: adminPlaylistUpdateSchema,
        response: { 200: adminPlaylistDetailResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await editPlaylist(db, req.params.id, req.body, change(req)) }),
  );

  app.delete(
    '/admin/playlists/:id',
    {
      schema: { tags, description: 'Deletes the playlist (its tracks stay in the catalog). Recorded as playlist.delete.', params: idParamsSchema, response: { 200: adminDeleteResponseSchema, 404: errorResponseSchema } },
    },
    async (req) => ({ success: true as const, message: await removePlaylist(db, req.params.id, change(req)) }),
  );

  app.post(
    '/admin/playlists/:id/tracks',
    {
      schema: {
        tags,
        description:
          'Adds a track (track_id: any track; the public sees it once its release is public and out) at the end. 400 naming ' +
          'track_id for no such track or past 200 tracks; 409 when the playlist has it already. A playlist of the starting set ' +
          'keeps the tracks its rule picked and is chosen by hand from then on.',
        params: idParamsSchema,
        body: adminPlaylistTrackAddSchema,
        response: { 200: adminPlaylistDetailResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await addPlaylistTrack(db, req.params.id, req.body.track_id, change(req)) }),
  );

  app.delete(
    '/admin/playlists/:id/tracks/:trackId',
    {
      schema: { tags, description: 'Removes the track from the playlist.', params: playlistTrackParamsSchema, response: { 200: adminPlaylistDetailResponseSchema, ...errors } },
    },
    async (req) => ({ success: true as const, data: await removePlaylistTrack(db, req.params.id, req.params.trackId, change(req)) }),
  );

  app.post(
    '/admin/playlists/:id/tracks/:trackId/move',
    {
      schema: {
        tags,
        description:
          'Moves the track to position (1 is first; 400 naming position past the last). Moves at once are applied one after ' +
          'the other, each on the order the other left: no track is lost or doubled.',
        params: playlistTrackParamsSchema,
        body: adminPlaylistTrackMoveSchema,
        response: { 200: adminPlaylistDetailResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await movePlaylistTrack(db, req.params.id, req.params.trackId, req.body.position, change(req)) }),
  );
};
