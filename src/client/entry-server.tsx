import type { EmotionCache } from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { siteSettingsElementId, type CreatePageRenderer, type ServerEntry } from '../shared/page-render.js';
import { applySiteSettings, siteName } from '../shared/site-settings.js';
import { App } from './app/app.js';
import { createEmotionCache, headStyleTags } from './app/emotion-cache.js';
import { createRoutes } from './app/router.js';
import { HeadTags, scriptSafeJson } from './app/seo/head-tags.js';
import { pageMeta } from './app/seo/page-meta.js';

// The server entry (built by `vite build --ssr` into dist/ssr, loaded by src/server/plugins/client-app.ts).
// Rendered to a string, not streamed: emotion has no streaming integration, and every page's data
// is read by its loaders before rendering anyway.

/**
 * The page's styles for <head>: emotion's critical styles (those the elements of `body` name), and
 * those of the layers emotion composes into them (MUI's AppBar over its Paper). No element names a
 * layer, but without them the browser computes and inserts each layer's styles again in the
 * hydration's commit, one long task on a phone (docs/decisions/0023).
 */
function pageStyleTags(cache: EmotionCache, body: string): string {
  const emotionServer = createEmotionServer(cache);
  const critical = emotionServer.extractCriticalToChunks(body);
  const written = new Set(critical.styles.flatMap((chunk) => chunk.ids));
  const layers = Object.keys(cache.inserted).filter(
    (id) => typeof cache.inserted[id] === 'string' && cache.registered[`${cache.key}-${id}`] !== undefined && !written.has(id),
  );
  if (layers.length > 0) critical.styles.push({ key: cache.key, ids: layers, css: layers.map((id) => cache.inserted[id]).join('') });
  return headStyleTags(emotionServer.constructStyleTagsFromChunks(critical));
}

/**
 * The query parameters pages read while rendering: /legal's `tab` (legal-page.tsx). The server renders
 * a page with these alone, so a page that reads another must name it here.
 */
export const pageSearchParams: ServerEntry['pageSearchParams'] = ['tab'];

/** Paths the browser renders alone: the admin area (behind a login the server does not see). */
const isClientOnly = (pathname: string) => /^\/admin(\/|$)/.test(pathname);

/**
 * The template's fixed parts around what a render puts in: the root element's content, the page's
 * <title> (replaced by its head tags), the theme on <html> and the styles before </head>. The document
 * is put together from them by concatenation: catalog text and the request's Host go in as data,
 * never as a `String.replace` replacement string, whose `$&`, `` $` ``, `$'` and `$$` would expand.
 */
function templateParts(template: string) {
  const cut = (text: string, marker: RegExp): [string, string] => {
    const found = marker.exec(text);
    if (!found) throw new Error(`index.html has no ${marker.source}`);
    return [text.slice(0, found.index), text.slice(found.index + found[0].length)];
  };
  const [beforeRoot, afterRoot] = cut(template, /<div id="root"><\/div>/);
  const [beforeHtmlTag, afterHtmlTag] = cut(beforeRoot, /<html lang="en">/);
  const [beforeTitle, afterTitle] = cut(afterHtmlTag, /<title>.*?<\/title>/s);
  const [headRest, afterHead] = cut(afterTitle, /<\/head>/);
  return { beforeRoot, beforeHtmlTag, beforeTitle, headRest, afterHead, afterRoot };
}

export const createPageRenderer: CreatePageRenderer = (template) => {
  const parts = templateParts(template);

  return async ({ url, nonce, themeMode, settings }, pageData) => {
    const { origin, pathname } = new URL(url);
    // Not executed: read by the browser entry (main.tsx) before its first render, so that it draws what the server drew.
    const settingsState = `<script type="application/json" id="${siteSettingsElementId}">${scriptSafeJson(settings)}</script>`;
    applySiteSettings(settings);
    if (isClientOnly(pathname)) {
      // The title the browser's first page keeps until the visitor moves on (DocumentTitle): the site's name in force.
      const title = renderToStaticMarkup(<title>{siteName()}</title>);
      const html = [parts.beforeHtmlTag, '<html lang="en">', parts.beforeTitle, title, parts.headRest, '</head>', parts.afterHead, `<div id="root"></div>${settingsState}`, parts.afterRoot];
      return { kind: 'page', status: 200, html: html.join('') };
    }

    // Each answer its own cache: nothing one visitor loads is shown to another.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const { query, dataRoutes } = createStaticHandler(createRoutes({ queryClient, pageData }));
    const context = await query(new Request(url));
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
    }

    const emotionCache = createEmotionCache(nonce);
    // Styles go to <head> (extracted below), not beside each element, where the browser's cache would move them from.
    emotionCache.compat = true;
    const router = createStaticRouter(dataRoutes, context);
    const body = renderToString(
      <App queryClient={queryClient} emotionCache={emotionCache} themeMode={themeMode}>
        <StaticRouterProvider router={router} context={context} nonce={nonce} />
      </App>,
    );
    const styles = pageStyleTags(emotionCache, body);
    const deepest = context.matches.at(-1);
    const meta = pageMeta({
      routeIds: context.matches.map((match) => match.route.id),
      params: deepest?.params ?? {},
      queryClient,
      origin,
      status: context.statusCode,
    });
    const head = renderToStaticMarkup(<HeadTags meta={meta} />);
    // Not executed: read by the browser entry (main.tsx) to hydrate the query cache.
    const state = `<script type="application/json" id="query-state">${scriptSafeJson(dehydrate(queryClient))}</script>`;
    const html = [
      parts.beforeHtmlTag,
      `<html lang="en" data-theme="${themeMode}">`,
      parts.beforeTitle,
      head,
      parts.headRest,
      styles,
      '</head>',
      parts.afterHead,
      `<div id="root">${body}</div>${state}${settingsState}`,
      parts.afterRoot,
    ].join('');
    return { kind: 'page', status: context.statusCode, html };
  };
};
