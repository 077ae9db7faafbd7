import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ResolvedAppDeps } from '../../app-deps.js';
import { publicOrigin } from '../../lib/public-origin.js';
import { sendNotFound } from '../../plugins/error-handler.js';
import { listSitemapEntries } from '../catalog/index.js';
import { renderRobots, renderSitemap } from './seo.service.js';

export const seoRoutes: FastifyPluginAsync<ResolvedAppDeps> = async (app, deps) => {
  const origin = (request: FastifyRequest) => publicOrigin(request, deps.publicUrl);

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
