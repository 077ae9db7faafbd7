import { describe, expect, it } from 'vitest';
import type { Release } from '../../src/shared/api/catalog.js';
import { themeCookieName } from '../../src/shared/page-render.js';
import { e2eAdmin } from '../e2e-helpers/admin-session.js';
import { appStarted, openPage } from '../e2e-helpers/browser.js';
import { bareRequest, scriptTagsOf, textOf } from '../e2e-helpers/page-html.js';
import { useOwnSite } from '../e2e-helpers/production-site.js';

// Rendered pages are kept until the catalog changes (docs/decisions/0034-rendered-pages-cached.md).
// A server of its own: one test edits the catalog.
describe('rendered pages, kept until the catalog changes', () => {
  const site = useOwnSite();
  const get = (path: string, headers: Record<string, string> = {}) => bareRequest(`${site.server.url}${path}`, 'GET', headers);
  const nonceOf = (policy: unknown) => /'nonce-([^']+)'/.exec(String(policy))?.[1];

  async function latestTechRelease(): Promise<Release> {
    const res = await fetch(`${site.server.url}/api/releases?label=tech&limit=1&include_tracks=true`);
    return ((await res.json()) as { data: Release[] }).data[0]!;
  }

  it('answers a page again with the same bytes, ETag and nonce, and 304 to a client that has it', async () => {
    const first = await get('/tech');
    const again = await get('/tech');
    expect(first.status).toBe(200);
    expect(again.body).toBe(first.body);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(again.headers.etag).toBe(first.headers.etag);
    const nonce = nonceOf(first.headers['content-security-policy']);
    expect(nonce).toBeTruthy();
    expect(nonceOf(again.headers['content-security-policy'])).toBe(nonce);
    const inline = scriptTagsOf(first.body).filter((tag) => !/\bsrc=/.test(tag) && !/type="application\/(ld\+)?json"/.test(tag));
    for (const tag of inline) expect(tag).toContain(`nonce="${nonce}"`);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(String(first.headers.vary)).toMatch(/Cookie/);

    const revalidated = await get('/tech', { 'If-None-Match': String(first.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe('');
    // The copy the client keeps runs under the policy it came with.
    expect(nonceOf(revalidated.headers['content-security-policy'])).toBe(nonce);

    // Another page, another render, another nonce.
    expect(nonceOf((await get('/deep')).headers['content-security-policy'])).not.toBe(nonce);
  });

  it('sends the same page brotli- or gzip-compressed, as the client accepts', async () => {
    const plain = await get('/tech/releases');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${site.server.url}/tech/releases`, { headers: { 'Accept-Encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(Number(res.headers.get('content-length'))).toBeLessThan(plain.body.length / 3);
      // fetch decodes the body itself: what it read is the plain answer.
      expect(await res.text()).toBe(plain.body);
    }
  });

  it('keeps one page per theme', async () => {
    const dark = await get('/records', { Cookie: `${themeCookieName}=dark` });
    const light = await get('/records', { Cookie: `${themeCookieName}=light` });
    expect(dark.body).toContain('data-theme="dark"');
    expect(light.body).toContain('data-theme="light"');
    expect(light.headers.etag).not.toBe(dark.headers.etag);
  });

  it('shows an admin edit in the next page, with a new ETag and a new nonce', async () => {
    const release = await latestTechRelease();
    const path = `/tech/releases/${release.slug}`;
    const before = await get(path);
    expect(before.status).toBe(200);
    const login = await fetch(`${site.server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(e2eAdmin),
    });
    const { token } = (await login.json()) as { token: string };
    const track = release.tracks![0]!;
    const edit = await fetch(`${site.server.url}/api/admin/tracks/${track.id}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Renamed Since The Last Visit' }),
    });
    expect(edit.status).toBe(200);

    const after = await get(path);
    expect(textOf(after.body)).toContain('Renamed Since The Last Visit');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(nonceOf(after.headers['content-security-policy'])).not.toBe(nonceOf(before.headers['content-security-policy']));
    expect((await get(path, { 'If-None-Match': String(before.headers.etag) })).status).toBe(200);
  });

  it('a page the browser revalidates on reload (304) starts the app under its policy', async () => {
    const url = `${site.server.url}/tech/releases`;
    const etag = (await get('/tech/releases')).headers.etag;
    const page = await openPage(site.browser, url, site.problems);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) void request.allHeaders().then((headers) => asked.push(headers['if-none-match'] ?? ''));
    });
    await page.reload();
    await appStarted(page);
    // The browser asked with the page's ETag: the server answered 304 (first test) and the kept copy ran.
    expect(asked).toEqual([etag]);
    // The app works after the reload: a search asks the API.
    const searched = page.waitForResponse((res) => res.url().includes('/api/releases') && res.url().includes('q=night'));
    await page.getByRole('textbox', { name: 'Search releases' }).fill('night');
    expect((await searched).status()).toBe(200);
    expect(site.problems).toEqual([]);
    await page.close();
  });
});
