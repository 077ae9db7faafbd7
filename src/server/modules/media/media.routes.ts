import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MediaDeps } from './media.deps.js';
import { NotFoundError } from '../../errors.js';
import { generatedImageWidths, type GeneratedImageWidth } from '../../../shared/generated-images.js';
import { sendBody, sendStoredFile } from './media-reply.js';
import { artistPlaceholderUrl } from './media-urls.js';
import {
  artistPictureSvg,
  artistShareCard,
  generatedPreviewWav,
  isPublicUploadedPreview,
  placeholderArtistSvg,
  playlistCoverSvg,
  releaseArtworkSvg,
  releaseShareCard,
  webpCopy,
} from './media.service.js';

/** `{id}.svg`, one of its WebP copies `{id}-{width}.webp`, or its share card `{id}-card.jpg` (shared/generated-images.ts). */
const pictureParams = z.object({
  file: z.string().regex(new RegExp(`^[^/]+(\\.svg|-(${generatedImageWidths.join('|')})\\.webp|-card\\.jpg)$`), { error: 'not a picture file name' }),
});
const cardFile = /^(.+)-card\.jpg$/;
const wavParams = z.object({ file: z.string().regex(/^[^/]+\.wav$/, { error: 'not a WAV file name' }) });
const mp3Params = z.object({ file: z.string().regex(/^[0-9a-f]{64}\.mp3$/, { error: 'not a preview file name' }) });
const idOf = (file: string) => file.slice(0, file.lastIndexOf('.'));

/** The picture a file name asks for: the SVG's id, and the width of a WebP copy (undefined for the SVG). */
function pictureOf(file: string): { id: string; width?: GeneratedImageWidth } {
  const copy = /^(.+)-(\d+)\.webp$/.exec(file);
  return copy ? { id: copy[1]!, width: Number(copy[2]) as GeneratedImageWidth } : { id: idOf(file) };
}

/**
 * Generated artwork and previews of the demo catalog, rendered from the database so the site works
 * offline; share cards; and, from the media store, the covers and pictures staff uploaded and the
 * previews cut from uploaded audio.
 */
export const mediaRoutes: FastifyPluginAsyncZod<MediaDeps> = async (app, { db, mediaStore, clock }) => {
  /** The SVG itself, or its WebP copy at the width the file name asks for. */
  const sendPicture = async (reply: FastifyReply, kind: string, file: string, svg: string) => {
    const { width } = pictureOf(file);
    if (width === undefined) return reply.type('image/svg+xml').send(svg);
    return reply.type('image/webp').send(await webpCopy(`${kind}/${file}`, svg, width));
  };
  const sendCard = (reply: FastifyReply, card: Buffer | undefined) => {
    if (!card) throw new NotFoundError('Picture not found');
    return reply.type('image/jpeg').send(card);
  };

  // A day for what exists; a miss is not kept, since the artwork or preview may appear with the next import.
  // An uploaded file's name (a cover, a picture, a preview cut from uploaded audio) is its content's:
  // it never changes, and is kept a year.
  app.addHook('onSend', async (req, reply) => {
    const isUploaded = req.url.startsWith('/media/art/') || req.url.startsWith('/media/audio/');
    reply.header('Cache-Control', reply.statusCode >= 400 ? 'no-store' : isUploaded ? 'public, max-age=31536000, immutable' : 'public, max-age=86400');
  });

  app.get('/media/art/:file', { schema: { hide: true, params: z.object({ file: z.string().max(100) }) } }, async (req, reply) => {
    return sendStoredFile(req, reply, mediaStore, { key: `art/${req.params.file}`, missing: 'Picture not found' });
  });

  app.get(artistPlaceholderUrl, { schema: { hide: true } }, async (_req, reply) => reply.type('image/svg+xml').send(placeholderArtistSvg()));

  app.get('/media/releases/:file', { schema: { hide: true, params: pictureParams } }, async (req, reply) => {
    const card = cardFile.exec(req.params.file);
    if (card) return sendCard(reply, await releaseShareCard(db, mediaStore, card[1]!));
    const svg = await releaseArtworkSvg(db, pictureOf(req.params.file).id);
    if (!svg) throw new NotFoundError('Artwork not found');
    return sendPicture(reply, 'releases', req.params.file, svg);
  });

  app.get('/media/playlists/:file', { schema: { hide: true, params: pictureParams } }, async (req, reply) => {
    const svg = await playlistCoverSvg(db, pictureOf(req.params.file).id);
    if (!svg) throw new NotFoundError('Cover not found');
    return sendPicture(reply, 'playlists', req.params.file, svg);
  });

  app.get('/media/previews/:file', { schema: { hide: true, params: wavParams } }, async (req, reply) => {
    const wav = await generatedPreviewWav(db, idOf(req.params.file), clock());
    if (!wav) throw new NotFoundError('Preview not found');
    return sendBody(req, reply, 'audio/wav', wav);
  });

  // Previews cut from uploaded audio (docs/decisions/0026): named by their content, never changed. Public
  // once a released track has it (docs/decisions/0096): an upcoming release's previews are for members
  // until its moment (GET /api/vip/early-access/{trackId}), whatever the name; 404 (not kept) until then.
  app.get('/media/audio/:file', { schema: { hide: true, params: mp3Params } }, async (req, reply) => {
    if (!(await isPublicUploadedPreview(db, req.params.file, clock()))) throw new NotFoundError('Preview not found');
    return sendStoredFile(req, reply, mediaStore, { key: `previews/${req.params.file}`, missing: 'Preview not found', type: 'audio/mpeg' });
  });

  app.get('/media/artists/:file', { schema: { hide: true, params: pictureParams } }, async (req, reply) => {
    const card = cardFile.exec(req.params.file);
    if (card) return sendCard(reply, await artistShareCard(db, mediaStore, card[1]!));
    const svg = await artistPictureSvg(db, pictureOf(req.params.file).id);
    if (!svg) throw new NotFoundError('Picture not found');
    return sendPicture(reply, 'artists', req.params.file, svg);
  });
};
