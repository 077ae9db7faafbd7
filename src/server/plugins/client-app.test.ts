import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerClientApp } from './client-app.js';

describe('the built web app', () => {
  let clientDir: string;

  beforeAll(() => {
    clientDir = mkdtempSync(join(tmpdir(), 'bir-client-'));
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1);\n//# sourceMappingURL=index-abc123.js.map');
    writeFileSync(join(clientDir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["../../src/client/secret.ts"]}');
  });
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

  async function get(url: string, serveSourceMaps: boolean) {
    const app = Fastify();
    await registerClientApp(app, clientDir, { serveSourceMaps });
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
});
