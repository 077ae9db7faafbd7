import { describe, expect, inject, it } from 'vitest';
import { startProductionServer } from '../helpers/production-server.js';

// The shared server of tests/e2e/global-setup.ts, which began as a fresh data directory that the
// first start seeded with the demo catalog.
describe('the production server', () => {
  const url = inject('e2eServerUrl');

  it('serves the demo catalog, rendered pages on deep links, and hashed assets cached for good', async () => {
    const releases = (await (await fetch(`${url}/api/releases?label=tech&limit=1`)).json()) as { total: number };
    expect(releases.total).toBe(60);
    const page = await fetch(`${url}/deep/artists`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    expect(html).toContain('<title>Build It Deep Artists | Build It Records</title>');
    expect((await fetch(`${url}/deep/artists/some-artist`)).status).toBe(404);
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] as string;
    const script = await fetch(`${url}${asset}`, { headers: { 'Accept-Encoding': 'br' } });
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(script.headers.get('content-encoding')).toBe('br');
    expect((await fetch(`${url}/api/nothing`)).status).toBe(404);
    expect((await fetch(`${url}/assets/missing.js`)).status).toBe(404);
  });

  it('refuses a second server on the same data directory and leaves the first one serving', async () => {
    const second = await startProductionServer({ env: { DATA_DIR: inject('e2eServerDataDir') } }).then(
      async (server) => {
        await server.stop();
        return 'started';
      },
      (err: Error) => err.message,
    );
    expect(second).toMatch(/is in use by another running server/);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
  });
});
