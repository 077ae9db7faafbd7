import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseThemeMode, themeCookieName, type CreatePageRenderer, type PageDataSource } from '../../shared/page-render.js';
import { publicOrigin } from '../lib/public-origin.js';
import { sendNotFound } from './error-handler.js';

export interface ClientAppOptions {
  serveSourceMaps: boolean;
  /** How rendered pages read catalog data (src/server/ssr/page-data.ts). */
  pageData: PageDataSource;
  /** PUBLIC_URL: the origin of canonical and OpenGraph URLs; without it, the request's Host. */
  publicUrl?: string;
}

/** The built web app's layout: dist/client (public files) beside dist/ssr (the server entry, never served). */
export function serverEntryPath(clientDir: string): string {
  return join(clientDir, '..', 'ssr', 'entry-server.js');
}

function cookie(request: FastifyRequest, name: string): string | undefined {
  const pair = (request.headers.cookie ?? '').split(';').map((part) => part.trim().split('=')).find(([key]) => key === name);
  return pair?.[1];
}

/**
 * Serves the built web app: hashed /assets with long immutable caching (pre-compressed copies when
 * present), and every page path rendered on the server by the app's server entry (src/client/entry-server.tsx):
 * the page's HTML with its data, status (404 for an unknown page) and redirects. /api and /media
 * keep their JSON 404s.
 */
export async function registerClientApp(app: FastifyInstance, clientDir: string, options: ClientAppOptions): Promise<void> {
  const templatePath = join(clientDir, 'index.html');
  const entryPath = serverEntryPath(clientDir);
  for (const path of [templatePath, entryPath]) {
    if (!existsSync(path)) throw new Error(`The web app is not built: ${path} is missing (run npm run build)`);
  }
  const { createPageRenderer } = (await import(pathToFileURL(entryPath).href)) as { createPageRenderer: CreatePageRenderer };
  const renderPage = createPageRenderer(readFileSync(templatePath, 'utf8'));

  await app.register(fastifyStatic, {
    root: clientDir,
    preCompressed: true,
    index: false,
    wildcard: true,
    cacheControl: false,
    // The page template is only ever sent rendered; source maps hold the whole client source.
    allowedPath: (path) => path !== '/index.html' && (options.serveSourceMaps || !path.endsWith('.map')),
    setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=31536000, immutable'),
  });

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const page = await renderPage(
      {
        url: `${publicOrigin(request, options.publicUrl)}${request.url}`,
        nonce: reply.cspNonce.script,
        themeMode: parseThemeMode(cookie(request, themeCookieName)),
      },
      options.pageData,
    );
    if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
    // Revalidated on every load, so that a new release of the site or the catalog shows at once.
    return reply.code(page.status).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Cookie').send(page.html);
  }

  // `/` is a page (a redirect), not a directory listing of the static files.
  app.get('/', sendPage);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isAppPath = !/^\/(api|media|assets)(\/|$)/.test(path) && (request.method === 'GET' || request.method === 'HEAD');
    if (!isAppPath) return sendNotFound(request, reply);
    return sendPage(request, reply);
  });
}
