import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFakeBuiltApp } from '../../../tests/helpers/fake-built-app.js';
import { catalogAnswerMaxAgeMs } from '../modules/catalog/catalog-cache.js';
import { createLocalCatalogChanges } from '../modules/catalog/catalog-changes.js';
import { registerClientApp } from './client-app.js';
import { registerSecurityHeaders } from './security-headers.js';

describe('the built web app', () => {
  let built: ReturnType<typeof writeFakeBuiltApp>;

  beforeAll(() => {
    built = writeFakeBuiltApp();
  });
  afterAll(() => built.remove());

  async function appServing(serveSourceMaps: boolean, clock: () => Date = () => new Date()) {
    const app = Fastify();
    await registerSecurityHeaders(app);
    await registerClientApp(app, built.clientDir, {
      serveSourceMaps,
      pageData: () => Promise.reject(new Error('no data in this test')),
      catalogChanges: createLocalCatalogChanges(),
      clock,
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
    const served = await get('/assets/index-abc123.js.map', true);
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('secret.ts');
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
