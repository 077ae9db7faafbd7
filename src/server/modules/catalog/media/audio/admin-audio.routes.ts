import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audioMessages, audioUploadLimits, audioUploadResponseSchema, trackAudioResponseSchema } from '../../../../../shared/api/admin-audio.js';
import { idParamsSchema } from '../../../../../shared/api/catalog.js';
import { errorResponseSchema } from '../../../../../shared/api/common.js';
import type { ResolvedAppDeps } from '../../../../app-deps.js';
import { AppError, BadRequestError, NotFoundError } from '../../../../errors.js';
import { checkUploadFileName, checkUploadLength } from '../../../../lib/uploads.js';
import { adminOf } from '../../../staff/index.js';
import { createAudioUpload, trackAudioStatus } from './audio-upload.js';
import { PreviewCutter } from './preview-cutter.js';

/** The whole body of one upload. */
const maxUploadBytes = 2 * 1024 * 1024 * 1024;
const uploadBody = { maxBodyBytes: maxUploadBytes, tooLargeMessage: `The upload is larger than 2 GB: send it in parts.`, field: 'files' };

/**
 * Audio staff upload (docs/decisions/0026), registered inside the guarded admin catalog routes; this
 * instance's preview cutter runs while the app does.
 */
export const adminAudioRoutes: FastifyPluginAsyncZod<ResolvedAppDeps> = async (app, { db, clock, mediaStore, catalogChanges }) => {
  const cutter = new PreviewCutter({ db, store: mediaStore, catalogChanges, clock, log: app.log });
  app.addHook('onReady', async () => cutter.start());
  app.addHook('onClose', () => cutter.close());
  await app.register(fastifyMultipart, { preservePath: true, limits: { fileSize: audioUploadLimits.maxAudioBytes, files: 200, fields: 20, fieldSize: 1024 } });

  app.post(
    '/admin/media',
    {
      schema: {
        tags: ['admin'],
        description:
          'Uploads track audio (multipart/form-data: WAV, FLAC, AIFF or MP3 files in any file field, ' +
          `${audioUploadLimits.maxAudioBytes / 1024 / 1024} MB a file). Each file is matched by its name (without extension) to ` +
          'the track with that id, or every track with that ISRC on every release (a compilation repeats a recording): ' +
          'its original is kept and a job cuts each track\'s preview (60 s from 25% of the track unless the track says ' +
          'otherwise, faded, MP3), which `GET /api/admin/media/audio/{id}` follows; the tracks\' `preview_url` is set when ' +
          'it is cut. Each file is applied or refused on its own: refused when it is no readable WAV, FLAC, AIFF or MP3, ' +
          'unmatched when its name names no track. The report names each file with the reason. Recorded as media.upload.',
        consumes: ['multipart/form-data'],
        response: { 200: audioUploadResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 411: errorResponseSchema, 413: errorResponseSchema },
      },
    },
    async (req) => {
      checkUploadLength(req, uploadBody);
      if (!req.isMultipart()) throw new BadRequestError(audioMessages.filesMissing, 'files');
      const upload = createAudioUpload({ db, store: mediaStore, now: clock(), actor: adminOf(req).user.username });
      let files = 0;
      try {
        for await (const part of req.parts()) {
          if (part.type !== 'file') continue;
          files += 1;
          const name = checkUploadFileName(part.filename, part.fieldname);
          const bytes = await part.toBuffer().catch((err: { code?: string }) => {
            if (err.code === 'FST_REQ_FILE_TOO_LARGE') return undefined;
            throw err;
          });
          if (bytes) await upload.apply({ name, bytes });
          else upload.report.refused.push({ file: name, reason: `${name} ${audioMessages.audioTooLarge}` });
        }
      } catch (err) {
        // The form parser's own complaints (cut short, no boundary, broken part headers) are the client's.
        const status = (err as { statusCode?: number }).statusCode;
        if (err instanceof AppError || (status !== undefined && status < 500)) throw err;
        throw new BadRequestError(audioMessages.formMalformed, 'files');
      }
      if (files === 0) throw new BadRequestError(audioMessages.filesMissing, 'files');
      const data = await upload.finish();
      if (data.matched.length > 0) cutter.kick();
      const message = `${data.matched.length} matched, ${data.unmatched.length} unmatched, ${data.refused.length} refused`;
      return { success: true as const, message, data };
    },
  );

  app.get(
    '/admin/media/audio/:id',
    {
      schema: {
        tags: ['admin'],
        description:
          'An audio upload and the job cutting its previews: queued, cutting (with progress: frames encoded of all its ' +
          'previews), ready (each track\'s preview URL) or failed (why, naming the file); its duration once read.',
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
};
