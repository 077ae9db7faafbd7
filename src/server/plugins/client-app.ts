import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicSiteSettings } from '../../shared/api/settings.js';
import { currentSiteSettings } from '../../shared/site-settings.js';
import { parseThemeMode, themeCookieName, type PageDataSource, type ServerEntry } from '../../shared/page-render.js';
import { BadRequestError } from '../errors.js';
import { publicOrigin } from '../lib/public-origin.js';
import { busyRetryAfterSeconds, CatalogCache, defaultLoadWaitMs, type CatalogChanges } from '../modules/catalog/index.js';
import { secretLinks } from '../secret-links.js';
import { sendNotFound } from './error-handler.js';
import { useScriptNonce } from './security-headers.js';
import { sendStored, storeAnswer, storedAnswerWeight, type StoredAnswer } from './stored-answer.js';

export interface ClientAppOptions {
  serveSourceMaps: boolean;
  /** How rendered pages read catalog data (src/server/ssr/page-data.ts). */
  pageData: PageDataSource;
  /** PUBLIC_URL: the origin of canonical and OpenGraph URLs; without it, the request's Host. */
  publicUrl?: string;
  /** Rendered pages are kept until the catalog changes (docs/decisions/0034-rendered-pages-cached.md). */
  catalogChanges: CatalogChanges;
  /** The app's clock: a kept page ages by it, as a kept catalog answer does. */
  clock: () => Date;
  /** The next moment an upcoming release goes public after a time: no page is kept past it (docs/decisions/0081). */
  expiresAt?: (storedAt: number) => number;
  /** How long a catalog load may keep a request waiting (CATALOG_LOAD_WAIT_MS); a render waits for several. */
  loadWaitMs?: number;
  /** What the kept pages may weigh together, their compressed forms counted. */
  maxPageBytes?: number;
}

/** A rendered page as sent, with the nonce its inline scripts bear; or where it redirects. */
type RenderedPage = { kind: 'page'; status: number; nonce: string; stored: StoredAnswer } | { kind: 'redirect'; status: number; location: string };

/** Pages kept at most: a few hundred kilobytes each with their compressed forms. */
const maxStoredPages = 1_000;
/** What they may weigh together: an artists page of a big label is over a megabyte. */
const defaultMaxPageBytes = 64 * 1024 * 1024;
/** A render reads a few catalog answers, each waiting at most the load wait. */
const renderWaitsPerLoadWait = 5;

/** The built web app's layout: dist/client (public files) beside dist/ssr (the server entry, never served). */
export function serverEntryPath(clientDir: string): string {
  return join(clientDir, '..', 'ssr', 'entry-server.js');
}

/**
 * The path and query a render reads: the path, and only the query parameters some page reads
 * (`pageSearchParams` of the server entry). Any other parameter is left out of the render and so of
 * the page's key: `?z=1`, `?z=2`… are one page, not a new render and a new kept copy each.
 */
export function renderedPath(url: string, pageSearchParams: readonly string[]): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const given = new URLSearchParams(url.slice(mark + 1));
  const kept = new URLSearchParams();
  for (const name of pageSearchParams) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return `${url.slice(0, mark)}${query ? `?${query}` : ''}`;
}

function cookie(request: FastifyRequest, name: string): string | undefined {
  const pair = (request.headers.cookie ?? '').split(';').map((part) => part.trim().split('=')).find(([key]) => key === name);
  return pair?.[1];
}

/**
 * Serves the built web app: hashed /assets with long immutable caching (pre-compressed copies when
 * present), and every page path rendered on the server by the app's server entry (src/client/entry-server.tsx):
 * the page's HTML with its data, status (404 for an unknown page) and redirects. /api and /media
 * keep their JSON 404s. Answers the stored pages' cache (its lookups are counted in metrics).
 */
export async function registerClientApp(app: FastifyInstance, clientDir: string, options: ClientAppOptions): Promise<CatalogCache> {
  const templatePath = join(clientDir, 'index.html');
  const entryPath = serverEntryPath(clientDir);
  for (const path of [templatePath, entryPath]) {
    if (!existsSync(path)) throw new Error(`The web app is not built: ${path} is missing (run npm run build)`);
  }
  const { createPageRenderer, pageSearchParams } = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
  const renderPage = createPageRenderer(readFileSync(templatePath, 'utf8'));

  // Only /assets is files: every other path is a page, rendered without looking on disk first.
  await app.register(fastifyStatic, {
    root: join(clientDir, 'assets'),
    prefix: '/assets/',
    preCompressed: true,
    index: false,
    wildcard: true,
    cacheControl: false,
    // Source maps hold the whole client source: refused in every encoding (`.map.gz`, `.map.br`), whatever the build left.
    allowedPath: (path) => options.serveSourceMaps || !/\.map(\.|$)/i.test(path),
    // Typed as a reply (a promise-like), setHeader is the raw response's: it sets the header and is done.
    setHeaders: (res) => void res.setHeader('Cache-Control', 'public, max-age=31536000, immutable'),
  });

  // Rendering costs tens of milliseconds of the main thread; a stored page costs none. The key is all
  // that a render reads of the request: the path and the parameters pages read, the origin of its
  // links and the theme cookie. Renders take fair turns per client address, as catalog loads do; a
  // page that failed (5xx) is sent but not kept.
  const pages = new CatalogCache(options.catalogChanges, {
    maxEntries: maxStoredPages,
    maxBytes: options.maxPageBytes ?? defaultMaxPageBytes,
    weigh: (value) => {
      const page = value as RenderedPage;
      return page.kind === 'page' ? storedAnswerWeight(page.stored) : 0;
    },
    keeps: (value) => (value as RenderedPage).kind === 'redirect' || (value as RenderedPage).status < 500,
    loadWaitMs: (options.loadWaitMs ?? defaultLoadWaitMs) * renderWaitsPerLoadWait,
    now: () => options.clock().getTime(),
    expiresAt: options.expiresAt,
  });

  async function render(url: string, nonce: string, themeMode: ReturnType<typeof parseThemeMode>): Promise<RenderedPage> {
    const page = await renderPage({ url, nonce, themeMode, settings: publicSiteSettings(currentSiteSettings()) }, options.pageData);
    if (page.kind === 'redirect') return page;
    // Compressed for browsers (they all take br) as soon as it is made: a page made again before its
    // predecessor expires (docs/decisions/0109) is then ready when first asked for.
    return { kind: 'page', status: page.status, nonce, stored: storeAnswer(page.html, 'text/html; charset=utf-8', ['br']) };
  }

  /** The absolute URL a render reads; a Host that makes no URL is the client's error. */
  function pageUrl(request: FastifyRequest): string {
    try {
      return new URL(`${publicOrigin(request, options.publicUrl)}${renderedPath(request.url, pageSearchParams)}`).href;
    } catch {
      throw new BadRequestError('Invalid Host header', 'host');
    }
  }

  /** A page behind a secret link (an order's, a sign-in's…): never kept, here or by a browser or proxy; guessed addresses fill no cache. */
  const secretPage = new RegExp(`^${secretLinks.source}`);

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const url = pageUrl(request);
    const themeMode = parseThemeMode(cookie(request, themeCookieName));
    const isSecret = secretPage.test(new URL(url).pathname);
    const page = isSecret ? await render(url, reply.cspNonce.script, themeMode) : await pages.read(`${themeMode} ${url}`, () => render(url, reply.cspNonce.script, themeMode));
    if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
    useScriptNonce(reply, page.nonce);
    // Revalidated on every load (a bodiless 304 while unchanged), so that a new release of the site or the catalog shows at once.
    reply.code(page.status).header('Cache-Control', isSecret ? 'private, no-store' : 'no-cache').header('Vary', 'Cookie, Accept-Encoding');
    if (page.status === 503) reply.header('Retry-After', String(busyRetryAfterSeconds));
    if (page.status !== 200) return reply.type(page.stored.contentType).send(page.stored.body);
    return reply.send(await sendStored(request, reply, page.stored));
  }

  // `/` is a page (a redirect), not a directory listing of the static files.
  app.get('/', sendPage);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isAppPath = !/^\/(api|media|assets)(\/|$)/.test(path) && (request.method === 'GET' || request.method === 'HEAD');
    if (!isAppPath) return sendNotFound(request, reply);
    return sendPage(request, reply);
  });
  return pages;
}
