import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { NotFoundError } from '../../errors.js';
import { parseByteRange } from '../../lib/byte-range.js';
import { artistPlaceholderUrl } from './media-urls.js';
import { artistPictureSvg, generatedPreviewWav, placeholderArtistSvg, playlistCoverSvg, releaseArtworkSvg } from './media.service.js';

const svgParams = z.object({ file: z.string().regex(/^[^/]+\.svg$/, { error: 'not an SVG file name' }) });
const wavParams = z.object({ file: z.string().regex(/^[^/]+\.wav$/, { error: 'not a WAV file name' }) });
const idOf = (file: string) => file.slice(0, file.lastIndexOf('.'));

/** Generated artwork and previews of the demo catalog: rendered from the database, so the site works offline. */
export const mediaRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  // A day for what exists; a miss is not kept, since the artwork or preview may appear with the next import.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Cache-Control', reply.statusCode < 400 ? 'public, max-age=86400' : 'no-store');
  });

  app.get(artistPlaceholderUrl, { schema: { hide: true } }, async (_req, reply) => reply.type('image/svg+xml').send(placeholderArtistSvg()));

  app.get('/media/releases/:file', { schema: { hide: true, params: svgParams } }, async (req, reply) => {
    const svg = await releaseArtworkSvg(db, idOf(req.params.file));
    if (!svg) throw new NotFoundError('Artwork not found');
    return reply.type('image/svg+xml').send(svg);
  });

  app.get('/media/playlists/:file', { schema: { hide: true, params: svgParams } }, async (req, reply) => {
    const svg = playlistCoverSvg(idOf(req.params.file));
    if (!svg) throw new NotFoundError('Cover not found');
    return reply.type('image/svg+xml').send(svg);
  });

  app.get('/media/previews/:file', { schema: { hide: true, params: wavParams } }, async (req, reply) => {
    const wav = await generatedPreviewWav(db, idOf(req.params.file));
    if (!wav) throw new NotFoundError('Preview not found');
    reply.type('audio/wav').header('Accept-Ranges', 'bytes');
    const range = parseByteRange(req.headers.range, wav.length);
    if (range === 'unsatisfiable') {
      return reply.code(416).header('Content-Range', `bytes */${wav.length}`).send();
    }
    if (range) {
      return reply
        .code(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${wav.length}`)
        .send(wav.subarray(range.start, range.end + 1));
    }
    return reply.send(wav);
  });

  app.get('/media/artists/:file', { schema: { hide: true, params: svgParams } }, async (req, reply) => {
    const svg = await artistPictureSvg(db, idOf(req.params.file));
    if (!svg) throw new NotFoundError('Picture not found');
    return reply.type('image/svg+xml').send(svg);
  });
};
