import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app.js';
import type { Database } from '../../src/server/db/client.js';
import { writeFakeBuiltApp } from '../helpers/fake-built-app.js';
import { testNow } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

describe('security headers', () => {
  let database: Database;
  let app: App;
  let built: ReturnType<typeof writeFakeBuiltApp>;

  beforeAll(async () => {
    built = writeFakeBuiltApp();
    database = await testDatabaseKinds[0]!.open();
    app = await buildApp({ db: database.db, clock: () => testNow, clientDir: built.clientDir }, { logger: false, trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    built.remove();
  });

  const answers = {
    'API JSON': '/api/labels',
    'API 404': '/api/nothing-here',
    'API 400': '/api/releases?label=nope',
    media: '/media/placeholder-artist.svg',
    'media 404': '/media/releases/unknown.svg',
    asset: '/assets/index-abc123.js',
    page: '/tech/releases',
  };

  it.each(Object.entries(answers))('are on every answer: %s', async (_kind, url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS when the visitor came over HTTPS (through the trusted proxy)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/labels', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
