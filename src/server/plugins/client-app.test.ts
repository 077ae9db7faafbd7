import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFakeBuiltApp } from '../../../tests/helpers/fake-built-app.js';
import { catalogAnswerMaxAgeMs, createLocalCatalogChanges } from '../modules/catalog/index.js';
import { registerClientApp } from './client-app.js';
import { registerSecurityHeaders } from './security-headers.js';

describe('the built web app', () => {
  let built: ReturnType<typeof writeFakeBuiltApp>;

  beforeAll(() => {
    built = writeFakeBuiltApp();
  });
  afterAll(() => built.remove());

  async function appServing(serveSourceMaps: boolean, clock: () => Date = () => new Date(), maxPageBytes?: number) {
    const app = Fastify();
    registerSecurityHeaders(app);
    await registerClientApp(app, built.clientDir, {
      serveSourceMaps,
      pageData: () => Promise.reject(new Error('no data in this test')),
      catalogChanges: createLocalCatalogChanges(),
      clock,
      maxPageBytes,
    });
    return app;
  }

  async function get(url: string, serveSourceMaps: boolean) {
    const app = await appServing(serveSourceMaps);
    try {
      return await app.inject({ method: 'GET', url });
    } finally {
      await app.close();
    }
  }

  it('serves scripts but not their source maps, unless SERVE_SOURCE_MAPS asks for them', async () => {
    expect((await get('/assets/index-abc123.js', false)).statusCode).toBe(200);
    const hidden = await get('/assets/index-abc123.js.map', false);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('secret.ts');
    // Nor in any encoding, asked for by name or by Accept-Encoding.
    for (const url of ['/assets/index-abc123.js.map.gz', '/assets/index-abc123.js.map.br', '/assets/INDEX-ABC123.JS.MAP', '/assets/index-abc123.js.map%2Egz']) {
      const res = await get(url, false);
      expect([res.statusCode, url]).toEqual([404, url]);
      expect(res.body).not.toContain('secret.ts');
    }
    const app = await appServing(false);
    try {
      for (const encoding of ['gzip', 'br']) {
        const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js.map', headers: { 'accept-encoding': encoding } });
        expect([res.statusCode, encoding]).toEqual([404, encoding]);
      }
    } finally {
      await app.close();
    }
    const served = await get('/assets/index-abc123.js.map', true);
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('secret.ts');
  });

  it('keeps one page for any unknown query parameters, and one per value of a parameter pages read', async () => {
    const app = await appServing(false);
    try {
      const render = async (url: string) => /render (\d+)/.exec((await app.inject({ method: 'GET', url })).body)?.[1];
      const first = await render('/tech');
      for (let i = 0; i < 5; i++) expect(await render(`/tech?z=${i}&utm_source=${i}`)).toBe(first);
      const terms = await render('/legal?tab=terms');
      expect(await render('/legal?tab=privacy')).not.toBe(terms);
      expect(await render('/legal?tab=terms&z=1')).toBe(terms);
    } finally {
      await app.close();
    }
  });

  it('keeps pages within maxPageBytes: past it the oldest page is rendered again', async () => {
    // The fake's pages are about 60 bytes, weighed twice that: room for two.
    const app = await appServing(false, () => new Date(), 260);
    try {
      const render = async (url: string) => /render (\d+)/.exec((await app.inject({ method: 'GET', url })).body)?.[1];
      const first = await render('/a');
      await render('/b');
      expect(await render('/a')).toBe(first);
      await render('/c');
      await render('/d');
      expect(await render('/a')).not.toBe(first);
    } finally {
      await app.close();
    }
  });

  it("renders a kept page again once it is older than a catalog answer may be, by the app's clock", async () => {
    let now = new Date('2026-11-25T12:00:00Z');
    const app = await appServing(false, () => now);
    try {
      const first = (await app.inject({ method: 'GET', url: '/tech' })).body;
      now = new Date(now.getTime() + catalogAnswerMaxAgeMs - 1);
      expect((await app.inject({ method: 'GET', url: '/tech' })).body).toBe(first);
      now = new Date(now.getTime() + 1);
      expect((await app.inject({ method: 'GET', url: '/tech' })).body).not.toBe(first);
    } finally {
      await app.close();
    }
  });
});
