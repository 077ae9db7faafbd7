import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteDeps } from './site.deps.js';
import { publicOrigin } from '../../lib/public-origin.js';
import { sendNotFound } from '../../plugins/error-handler.js';
import { listSitemapEntries } from '../catalog/index.js';
import { faviconIco, faviconSvg, iconPng } from './icons.service.js';
import { renderRobots, renderSitemap } from './seo.service.js';

export const seoRoutes: FastifyPluginAsync<SiteDeps> = async (app, deps) => {
  const origin = (request: FastifyRequest) => publicOrigin(request, deps.publicUrl);

  // Kept a day, as the generated pictures are: a changed icon reaches a browser that has it within the day.
  const sendIcon = (reply: FastifyReply, type: string, body: Buffer | string) => reply.header('Cache-Control', 'public, max-age=86400').type(type).send(body);
  app.get('/favicon.ico', { schema: { hide: true } }, async (request, reply) => sendIcon(reply, 'image/x-icon', await faviconIco(deps.mediaStore, request.log)));
  app.get('/favicon.svg', { schema: { hide: true } }, async (request, reply) => sendIcon(reply, 'image/svg+xml', await faviconSvg(deps.mediaStore, request.log)));
  app.get('/apple-touch-icon.png', { schema: { hide: true } }, async (request, reply) => sendIcon(reply, 'image/png', await iconPng(deps.mediaStore, request.log, 180)));

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
    reply.type('text/plain; charset=utf-8').send(renderRobots(origin(request))),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
    reply.type('application/xml; charset=utf-8').send(renderSitemap(await listSitemapEntries(deps), origin(request))),
  );

  app.get<{ Params: { part: string } }>('/sitemap-:part(^\\d+).xml', { schema: { hide: true } }, async (request, reply) => {
    const part = Number(request.params.part);
    const xml = renderSitemap(await listSitemapEntries(deps), origin(request), part);
    if (xml === undefined) return sendNotFound(request, reply);
    return reply.type('application/xml; charset=utf-8').send(xml);
  });
};
