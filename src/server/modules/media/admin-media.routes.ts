import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audioMessages, audioUploadLimits, trackAudioResponseSchema } from '../../../shared/api/admin-audio.js';
import {
  imageJobResponseSchema,
  imageJobsQuerySchema,
  imageJobsResponseSchema,
  mediaMessages,
  mediaUploadLimits,
  mediaUploadResponseSchema,
} from '../../../shared/api/admin-media.js';
import { idParamsSchema } from '../../../shared/api/catalog.js';
import { errorResponseSchema } from '../../../shared/api/common.js';
import type { MediaDeps } from './media.deps.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { checkUploadLength } from '../../lib/uploads.js';
import { adminOf, guardAdminRoutes } from '../staff/index.js';
import { trackAudioStatus } from './audio/audio-upload.js';
import { defaultPreviewCutterSettings, PreviewCutter } from './audio/preview-cutter.js';
import { ArtRenderer, defaultImageJobSettings } from './art-renderer.js';
import { createMediaUpload, imageJobAnswers } from './media-upload.service.js';
import { readMediaUpload } from './media-upload.js';

/**
 * How long the connection of an upload may stay quiet while its files are checked and stored: the server
 * answers once every file is read (a 200 MB zip of covers takes seconds; its pictures are made after, by
 * jobs), past the 60 s every other connection gets.
 */
const processingIdleMs = 15 * 60_000;

const uploadBody = { maxBodyBytes: mediaUploadLimits.maxUploadBytes, tooLargeMessage: mediaMessages.uploadTooLarge, field: 'files' };

/**
 * Covers and artist pictures (docs/decisions/0085, 0091) and track audio (docs/decisions/0026) staff upload.
 * This instance's preview cutter and art renderer run while the app does.
 */
export const adminMediaRoutes: FastifyPluginAsyncZod<MediaDeps> = async (app, { db, clock, mediaStore, catalogChanges, adminAuth, imageJobs, audioJobs }) => {
  guardAdminRoutes(app, adminAuth);
  // An upload that succeeded changed covers or pictures the public catalog shows: its cached answers go.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && reply.statusCode < 300) catalogChanges.publish();
    return payload;
  });
  // Replaced pictures and replaced audio wait the same time before the renderer's sweep deletes them.
  const imageSettings = { ...defaultImageJobSettings, ...imageJobs };
  const { deleteAfterMs } = imageSettings;
  const cutter = new PreviewCutter({ db, store: mediaStore, catalogChanges, clock, log: app.log }, { ...defaultPreviewCutterSettings, ...audioJobs, deleteAfterMs });
  app.addHook('onReady', async () => cutter.start());
  app.addHook('onClose', () => cutter.close());
  const renderer = new ArtRenderer({ db, store: mediaStore, catalogChanges, clock, log: app.log }, imageSettings);
  app.addHook('onReady', async () => renderer.start());
  app.addHook('onClose', () => renderer.close());
  // preservePath: the file name as sent, which the upload rules check (a path is refused, not cut down).
  await app.register(fastifyMultipart, {
    preservePath: true,
    limits: { fileSize: mediaUploadLimits.maxUploadBytes, files: mediaUploadLimits.maxFiles, fields: 20, fieldSize: 1024 },
  });
  // One upload read at a time on this instance: sharp and the disk are shared by every request.
  let isReading = false;

  app.post(
    '/admin/media',
    {
      schema: {
        tags: ['admin'],
        description:
          'Uploads covers, artist pictures and track audio (multipart/form-data: any number of files, or zips of them, in ' +
          `any file field; at most ${mediaUploadLimits.maxUploadBytes / 1024 / 1024 / 1024} GB in all). A file named .wav, .flac, ` +
          '.aif, .aiff or .mp3 (alone or in a zip) is audio, any other an image. ' +
          `An image (JPEG, PNG or WebP, ${mediaUploadLimits.maxImageBytes / 1024 / 1024} MB at most) is matched by its file ` +
          'name (without extension, any case) to a release (its id, UPC or catalog number) or else an artist (id or name), ' +
          'and becomes its cover or picture: the original is kept and a job makes a square WebP with 160/320/640 px copies ' +
          'and a 1200×630 JPEG share card; the answer gives the picture URL (named by its content) and the job, which ' +
          '`GET /api/admin/media/images/{id}` follows; the release or artist shows the previous picture until the job is ' +
          "ready. A replaced picture's files are deleted once nothing names them. " +
          `An audio file (WAV, FLAC, AIFF or MP3, ${audioUploadLimits.maxAudioBytes / 1024 / 1024} MB at most) is matched by its ` +
          'name to the track with that id, or every track with that ISRC on every release (a compilation repeats a recording): ' +
          "its original is kept and a job cuts each track's preview (60 s from 25% of the track unless the track says " +
          "otherwise, faded, MP3), which `GET /api/admin/media/audio/{id}` follows; the tracks' `preview_url` is set when it " +
          'is cut. Each file is applied or refused on its own: refused when an image is no JPEG, PNG or WebP, is under ' +
          `${mediaUploadLimits.minImageSide} px a side, declares more than ${mediaUploadLimits.maxImagePixels / 1_000_000} ` +
          'megapixels (a decompression bomb), or when audio is no readable WAV, FLAC, AIFF or MP3, or ' +
          'when a file is over its size; unmatched when its name names nothing, more than one release or artist, or no ' +
          'track. The report names each file with the reason. Before the body is read: 411 without Content-Length, 413 ' +
          'when it states more than the limit, 409 while another upload is being read on this server. Recorded as media.upload.',
        consumes: ['multipart/form-data'],
        response: {
          200: mediaUploadResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
          411: errorResponseSchema,
          413: errorResponseSchema,
        },
      },
    },
    async (req) => {
      // The upload rules (docs/decisions/0019): its length, then this instance's slot, then the body.
      checkUploadLength(req, uploadBody);
      if (isReading) throw new ConflictError(mediaMessages.alreadyRunning);
      isReading = true;
      try {
        // An injected request (app.inject) has a socket without timers.
        const { socket } = req.raw;
        if (typeof socket.setTimeout === 'function') socket.setTimeout(processingIdleMs);
        const upload = createMediaUpload({ db, store: mediaStore, now: clock(), actor: adminOf(req).user.username, deleteAfterMs });
        await readMediaUpload(req, upload.apply);
        const data = await upload.finish();
        if (data.matched.some((m) => m.kind === 'audio')) cutter.kick();
        if (data.matched.some((m) => m.kind !== 'audio')) renderer.kick();
        const message = `${data.matched.length} matched, ${data.unmatched.length} unmatched, ${data.refused.length} refused`;
        return { success: true as const, message, data };
      } finally {
        isReading = false;
      }
    },
  );

  app.get(
    '/admin/media/audio/:id',
    {
      schema: {
        tags: ['admin'],
        description:
          'An audio upload and the job cutting its previews: queued, cutting (with progress: frames encoded of all its ' +
          "previews), ready (each track's preview URL) or failed (why, naming the file); its duration once read.",
        params: idParamsSchema,
        response: { 200: trackAudioResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => {
      const data = await trackAudioStatus(db, req.params.id);
      if (!data) throw new NotFoundError(audioMessages.jobNotFound);
      return { success: true as const, data };
    },
  );

  app.get(
    '/admin/media/images/:id',
    {
      schema: {
        tags: ['admin'],
        description:
          'An uploaded cover or artist picture and the job making it: queued, processing, ready (its release or artist ' +
          'shows `url`) or failed (why, naming the file: an image whose pixels cannot be decoded, a release removed meanwhile).',
        params: idParamsSchema,
        response: { 200: imageJobResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => {
      const [data] = await imageJobAnswers(db, [req.params.id]);
      if (!data) throw new NotFoundError(mediaMessages.imageJobNotFound);
      return { success: true as const, data };
    },
  );

  app.get(
    '/admin/media/images',
    {
      schema: {
        tags: ['admin'],
        description: 'Up to 100 image jobs at once (`ids`, separated by commas), in the order asked; an id that names no job is left out.',
        querystring: imageJobsQuerySchema,
        response: { 200: imageJobsResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await imageJobAnswers(db, req.query.ids) }),
  );
};
