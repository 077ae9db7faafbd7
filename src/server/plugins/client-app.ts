import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendNotFound } from './error-handler.js';

/**
 * Serves the built web app: hashed /assets with long immutable caching (pre-compressed copies when
 * present), and the app shell for every other page path so that deep links work on reload. /api and
 * /media keep their JSON 404s.
 */
export async function registerClientApp(app: FastifyInstance, clientDir: string, options: { serveSourceMaps: boolean }): Promise<void> {
  if (!existsSync(join(clientDir, 'index.html'))) {
    throw new Error(`The web app is not built: ${join(clientDir, 'index.html')} is missing (run npm run build)`);
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    preCompressed: true,
    index: false,
    wildcard: true,
    cacheControl: false,
    // Source maps hold the whole client source: only where the deployment asks for them.
    allowedPath: (path) => options.serveSourceMaps || !path.endsWith('.map'),
    setHeaders: (res, path) => {
      const isHashedAsset = path.startsWith(join(clientDir, 'assets'));
      // The app shell is revalidated on every load so that a new release of the site shows at once.
      res.setHeader('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isAppPath = !/^\/(api|media|assets)(\/|$)/.test(path) && (request.method === 'GET' || request.method === 'HEAD');
    if (!isAppPath) return sendNotFound(request, reply);
    return reply.sendFile('index.html');
  });
}
