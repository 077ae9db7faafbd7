import { readFileSync } from 'node:fs';
import { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageRenderer } from '../../src/client/entry-server.js';
import { createRoutes } from '../../src/client/app/router.js';
import type { Artist, Playlist, Release } from '../../src/shared/api/catalog.js';
import { defaultSiteSettings } from '../../src/shared/api/settings.js';
import { labels } from '../../src/shared/labels.js';
import {
  apiReadOf,
  artistsPageSize,
  publicPages,
  releasesPageSize,
  type ApiReadName,
  type PageQuery,
  type PageParams,
  type PublicPageId,
} from '../../src/shared/page-queries.js';
import type { PageRequest, RenderPage } from '../../src/shared/page-render.js';
import { CatalogCache, createLocalCatalogChanges } from '../../src/server/modules/catalog/index.js';
import { createPageDataSource } from '../../src/server/ssr/page-data.js';
import { createTestApp, testNow, type PagedList, type TestApp } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// Every public page of the page query table (src/shared/page-queries.ts) rendered by the server entry
// with the server's page data: the page's HTML shows its data, and the state handed to the browser
// holds each query the table names for it, equal to what the API answers for the same read.

interface DehydratedQuery {
  queryKey: unknown[];
  state: { status: string; data: unknown };
}

const template = readFileSync(new URL('../../src/client/index.html', import.meta.url), 'utf8');

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

function urlOf(page: PublicPageId, values: { label: string; id: string; releaseId: string }): string {
  return publicPages[page].path.replace(/:(label|id|releaseId)/g, (_, name: keyof typeof values) => values[name]);
}

describe.each(testDatabaseKinds)('server-rendered pages of the page query table on $name', (kind) => {
  let t: TestApp;
  let renderPage: (request: PageRequest) => ReturnType<RenderPage>;

  beforeAll(async () => {
    t = await createTestApp(kind, { from: 'demo-catalog' });
    const catalogCache = new CatalogCache(createLocalCatalogChanges(), { now: () => testNow.getTime() });
    const pageData = createPageDataSource({ db: t.database.db, catalogCache, clock: () => testNow });
    const render = createPageRenderer(template);
    renderPage = (request) => render(request, pageData);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What the API answers over HTTP to a read of the table. */
  async function answerOf<K extends ApiReadName>(name: K, args: Parameters<(typeof apiReadOf)[K]>): Promise<unknown> {
    const { path, query } = (apiReadOf[name] as (...given: typeof args) => { path: string; query: Record<string, unknown> })(...args);
    const search = new URLSearchParams(Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
    const res = await t.app.inject({ method: 'GET', url: `/api${path}?${search}` });
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json();
  }

  /** What the browser's query of the table holds when it reads over HTTP. */
  async function expectedData(query: PageQuery): Promise<unknown> {
    switch (query.name) {
      case 'release-list': {
        const [filter] = query.args;
        return { pages: [await answerOf('releases', [{ ...filter, offset: 0, limit: releasesPageSize }])], pageParams: [0] };
      }
      case 'artist-list': {
        const [filter] = query.args;
        return { pages: [await answerOf('artists', [{ ...filter, offset: 0, limit: artistsPageSize }])], pageParams: [0] };
      }
      default:
        return answerOf(query.name, query.args as never);
    }
  }

  /** Text of the page's data that its HTML must show. */
  function shownText(page: PublicPageId, params: PageParams, state: Map<string, unknown>): string {
    const data = (name: string, ...args: unknown[]) => state.get(JSON.stringify([name, ...args]));
    switch (page) {
      case 'landing':
        return (data('releases', { label: params.label.id, offset: 0, limit: 8 }) as PagedList<Release>).data[0]!.title;
      case 'artists':
        return (data('artist-list', { label: params.label.id }) as { pages: PagedList<Artist>[] }).pages[0]!.data[0]!.name;
      case 'artist':
        return (data('artist', params.id) as { data: Artist }).data.name;
      case 'releases':
        return (data('release-list', { label: params.label.id }) as { pages: PagedList<Release>[] }).pages[0]!.data[0]!.title;
      case 'release':
        return (data('release', params.releaseId) as { data: Release }).data.title;
      case 'playlists':
        return (data('playlists', params.label.id) as { data: Playlist[] }).data[0]!.title;
      case 'submit':
        return params.label.name;
    }
  }

  const pageIds = Object.keys(publicPages) as PublicPageId[];

  it.each(labels.map((label) => [label.short, label] as const))('renders every page of the table for the %s label with its data', async (_, label) => {
    const newest = (await answerOf('releases', [{ label: label.id, offset: 0, limit: 1 }])) as PagedList<Release>;
    const artists = (await answerOf('artists', [{ label: label.id, offset: 0, limit: 1 }])) as PagedList<Artist>;
    const params: PageParams = { label, id: artists.data[0]!.id, releaseId: newest.data[0]!.slug };
    const routes = createRoutes({ queryClient: new QueryClient() });
    for (const page of pageIds) {
      const path = urlOf(page, { label: label.short, id: params.id, releaseId: params.releaseId });
      // The table's path is the route of that id in the router.
      expect(matchRoutes(routes, path)?.filter((match) => match.route.id).at(-1)?.route.id, path).toBe(page);

      const rendered = await renderPage({ url: `http://records.example${path}`, nonce: 'nonce', themeMode: 'dark', settings: defaultSiteSettings });
      expect(rendered.kind, path).toBe('page');
      if (rendered.kind !== 'page') continue;
      expect(rendered.status, path).toBe(200);
      const stateJson = /<script type="application\/json" id="query-state">(.*?)<\/script>/s.exec(rendered.html)?.[1];
      const queries = (JSON.parse(stateJson ?? '{}') as { queries: DehydratedQuery[] }).queries;
      const state = new Map(queries.map((q) => [JSON.stringify(q.queryKey), q.state.data]));

      // The release page is the releases page with the release open: both pages' queries are there.
      const expected = [...(page === 'release' ? publicPages.releases.queries(params) : []), ...publicPages[page].queries(params)];
      for (const query of expected) {
        const key = JSON.stringify([query.name, ...query.args]);
        expect(queries.find((q) => JSON.stringify(q.queryKey) === key)?.state.status, `${path} ${key}`).toBe('success');
        expect(state.get(key), `${path} ${key}`).toEqual(await expectedData(query));
      }
      expect(rendered.html, path).toContain(escapeHtml(shownText(page, params, state)));
    }
  });

  it("answers a release's old address (its id) with a permanent redirect to its slug's, under its own label", async () => {
    const newest = ((await answerOf('releases', [{ label: 'buildit-deep', offset: 0, limit: 1 }])) as PagedList<Release>).data[0]!;
    for (const label of ['deep', 'tech']) {
      const rendered = await renderPage({ url: `http://records.example/${label}/releases/${newest.id}`, nonce: 'nonce', themeMode: 'dark', settings: defaultSiteSettings });
      expect(rendered).toEqual({ kind: 'redirect', status: 308, location: `/deep/releases/${newest.slug}` });
    }
  });

  it('answers 404 for an unknown label, release or artist', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const path of ['/nope/releases', `/tech/releases/${unknown}`, `/tech/artists/${unknown}`]) {
      const rendered = await renderPage({ url: `http://records.example${path}`, nonce: 'nonce', themeMode: 'light', settings: defaultSiteSettings });
      expect(rendered.kind === 'page' && rendered.status, path).toBe(404);
    }
  });
});
