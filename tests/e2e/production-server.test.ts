import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { startProductionServer } from '../helpers/production-server.js';

// The shared server of tests/e2e-helpers/global-setup.ts, which began as a fresh data directory that the
// first start seeded with the demo catalog.
describe('the production server', () => {
  const url = inject('e2eServerUrl');

  it('serves the demo catalog, rendered pages on deep links, and hashed assets cached for good', async () => {
    const releases = (await (await fetch(`${url}/api/releases?label=tech&limit=1`)).json()) as { total: number };
    // The demo catalog's 60 tech releases but the one without tracks, kept as a draft (docs/decisions/0101).
    expect(releases.total).toBe(59);
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

  it('stops on SIGTERM once SHUTDOWN_GRACE_MS has passed, closing a request that never arrives whole', async () => {
    const server = await startProductionServer({ env: { SHUTDOWN_GRACE_MS: '300', SEED_DEMO_CATALOG: 'false' } });
    // Its headers taken (the server's 100 Continue), its body never sent.
    const req = request(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': '1000', Expect: '100-continue' },
    });
    const ended = new Promise<string>((resolve) => {
      req.on('response', (res) => resolve(`answered ${res.statusCode}`));
      req.on('error', (err) => resolve(err.message));
    });
    await new Promise<void>((resolve) => {
      req.on('continue', () => resolve());
      req.flushHeaders();
    });
    // stop() rejects if the server has not exited 30 s after SIGTERM.
    await server.stop();
    expect(await ended).toBe('socket hang up');
    expect(server.output()).toContain('requests still in flight after SHUTDOWN_GRACE_MS, closing their connections');
    // A server of its own: its start takes half a minute on a busy machine.
  }, 120_000);

  it('gives a first start without an admin the generated one in plain lines with the login URL, its output not a terminal', async () => {
    // The shared server's admin comes from ADMIN_USERNAME and ADMIN_PASSWORD; this one has none.
    const { ADMIN_USERNAME: _user, ADMIN_PASSWORD: _password, ...environment } = process.env;
    expect(_user ?? _password).toBeUndefined();
    const server = await startProductionServer({ env: { ...(environment as Record<string, string>), SEED_DEMO_CATALOG: 'false' } });
    try {
      await expect.poll(() => server.output(), { timeout: 10_000 }).toMatch(/Password: {2}\S+\n/);
      const lines = server.output().split('\n');
      const given = (label: string) => lines.find((line) => line.startsWith(`  ${label}`))?.slice(label.length + 2).trim();
      // After the log's start line, not buried before it.
      const heading = lines.indexOf('First admin account created. Its password is shown only this once:');
      expect(heading).toBeGreaterThan(lines.findIndex((line) => line.includes('"msg":"3 labels ready"')));
      expect(lines.findIndex((line) => line.includes('"msg":"3 labels ready"'))).toBeGreaterThanOrEqual(0);
      expect(given('Log in at:')).toBe(`${server.url}/admin/login`);
      expect(given('Username:')).toBe('admin');
      const password = given('Password:') as string;
      // In the JSON log, only that it was made.
      expect(lines.filter((line) => line.startsWith('{')).join('\n')).not.toContain(password);
      const login = await fetch(`${server.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      });
      expect(login.status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
