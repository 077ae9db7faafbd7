import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defaultLabel, findLabel, labels } from '../../../shared/labels.js';
import type { AppDeps } from '../../app.js';
import { renderArtistPicture, renderReleaseArtwork } from '../../demo-catalog/artwork.js';
import { renderPreviewWav } from '../../demo-catalog/preview-audio.js';
import { NotFoundError } from '../../errors.js';
import { isUuid } from '../releases/releases.service.js';
import { parseByteRange } from './byte-range.js';
import { findArtistName, findArtworkSubject, findPreviewSubject } from './media.repo.js';

export const artistPlaceholderUrl = '/media/placeholder-artist.svg';
export const releaseArtworkUrl = (releaseId: string) => `/media/releases/${releaseId}.svg`;
export const artistPictureUrl = (artistId: string) => `/media/artists/${artistId}.svg`;
export const playlistCoverUrl = (playlistId: string) => `/media/playlists/${playlistId}.svg`;
export const previewAudioUrl = (trackId: string) => `/media/previews/${trackId}.wav`;

const primaryAccent = defaultLabel.accent;
const svgParams = z.object({ file: z.string().regex(/^[^/]+\.svg$/, { error: 'not an SVG file name' }) });
const wavParams = z.object({ file: z.string().regex(/^[^/]+\.wav$/, { error: 'not a WAV file name' }) });

/** Rendering a preview takes tens of milliseconds and a browser asks for ranges of the same file. */
const previewCache = new Map<string, Buffer>();
const previewCacheSize = 64;

function cachedPreview(key: string): Buffer {
  let wav = previewCache.get(key);
  if (!wav) {
    wav = renderPreviewWav(key);
    if (previewCache.size >= previewCacheSize) previewCache.delete(previewCache.keys().next().value as string);
    previewCache.set(key, wav);
  }
  return wav;
}

/** Generated artwork of the demo catalog: rendered from the database, so the site works offline. */
export const mediaRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  // A day for what exists; a miss is not kept, since the artwork or preview may appear with the next import.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Cache-Control', reply.statusCode < 400 ? 'public, max-age=86400' : 'no-store');
  });

  app.get(artistPlaceholderUrl, { schema: { hide: true } }, async (_req, reply) =>
    reply.type('image/svg+xml').send(renderArtistPicture({ key: 'placeholder', name: '?', accent: primaryAccent })),
  );

  app.get('/media/releases/:file', { schema: { hide: true, params: svgParams } }, async (req, reply) => {
    const id = req.params.file.slice(0, -'.svg'.length);
    const subject = isUuid(id) ? await findArtworkSubject(db, id) : undefined;
    if (!subject) throw new NotFoundError('Artwork not found');
    const svg = renderReleaseArtwork({
      key: subject.upc ?? id,
      title: subject.title,
      artist: subject.artist ?? 'Various Artists',
      accent: findLabel(subject.labelId)?.accent ?? primaryAccent,
    });
    return reply.type('image/svg+xml').send(svg);
  });

  app.get('/media/playlists/:file', { schema: { hide: true, params: svgParams } }, async (req, reply) => {
    const id = req.params.file.slice(0, -'.svg'.length);
    const label = labels.find((l) => l.playlists.some((p) => p.id === id));
    const playlist = label?.playlists.find((p) => p.id === id);
    if (!label || !playlist) throw new NotFoundError('Cover not found');
    const svg = renderReleaseArtwork({ key: id, title: playlist.title, artist: label.name, accent: label.accent });
    return reply.type('image/svg+xml').send(svg);
  });

  // Only tracks whose preview is the generated one (the demo catalog's) have one: a real track never
  // plays a made-up loop.
  app.get('/media/previews/:file', { schema: { hide: true, params: wavParams } }, async (req, reply) => {
    const id = req.params.file.slice(0, -'.wav'.length);
    const subject = isUuid(id) ? await findPreviewSubject(db, id) : undefined;
    if (!subject || subject.previewUrl !== previewAudioUrl(id)) throw new NotFoundError('Preview not found');
    const wav = cachedPreview(subject.isrc ?? id);
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
    const id = req.params.file.slice(0, -'.svg'.length);
    const name = await findArtistName(db, id);
    if (!name) throw new NotFoundError('Picture not found');
    return reply.type('image/svg+xml').send(renderArtistPicture({ key: id, name, accent: primaryAccent }));
  });
};
