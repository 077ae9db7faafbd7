import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { siteConfig } from '../../src/shared/site-config.js';
import type { SitemapEntry } from '../../src/server/modules/catalog/index.js';
import { renderSitemap } from '../../src/server/modules/site/seo.service.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

describe.each(testDatabaseKinds)('robots.txt and sitemap.xml on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { from: 'distributor-catalog' });
  });
  afterAll(async () => t?.close());

  it('robots.txt keeps crawlers out of the admin and the API and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'records.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: http://records.example/sitemap.xml');
  });

  it('sitemap.xml lists the label pages with their demo forms, VIP, legal, every release and every artist page, with lastmod', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'records.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('http://records.example/tech');
    expect(locs).toContain('http://records.example/deep/releases');
    for (const page of ['/records/submit', '/tech/submit', '/deep/submit', '/vip', '/legal']) expect(locs).toContain(`http://records.example${page}`);
    const releases = (await t.app.inject({ method: 'GET', url: '/api/releases?limit=100' })).json<{ data: { slug: string }[]; total: number }>();
    const releaseLocs = locs.filter((loc) => /\/releases\/[^/]+$/.test(loc!));
    expect(releaseLocs).toHaveLength(releases.total);
    expect(releaseLocs.some((loc) => loc!.endsWith(`/releases/${releases.data[0]!.slug}`))).toBe(true);
    const artists = (await t.app.inject({ method: 'GET', url: '/api/artists?limit=100' })).json<{ total: number }>();
    expect(locs.filter((loc) => /\/artists\/[^/]+$/.test(loc!))).toHaveLength(artists.total);
    expect(res.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it('an unknown sitemap part is a 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-1.xml' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-x.xml' })).statusCode).toBe(404);
  });
});

describe('robots.txt and sitemap.xml with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(testDatabaseKinds[0]!, { deps: { publicUrl: 'https://records.example' } });
  });
  afterAll(async () => t?.close());

  it('name the public origin, not the Host a request forged', async () => {
    const headers = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt', headers });
    expect(robots.body).toContain('Sitemap: https://records.example/sitemap.xml');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers });
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toContain('https://records.example/tech/releases');
    expect(locs.every((loc) => loc.startsWith('https://records.example/'))).toBe(true);
    expect(robots.body + sitemap.body).not.toContain('evil.example');
  });
});

describe('a sitemap past the protocol limit', () => {
  const entries: SitemapEntry[] = Array.from({ length: 5 }, (_, i) => ({ path: `/tech/releases/${i}`, lastmod: '2026-01-01' }));

  it('becomes an index of numbered parts that together list every URL once', () => {
    const index = renderSitemap(entries, 'https://x.example', undefined, 2)!;
    expect(index).toContain('<sitemapindex');
    expect([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://x.example/sitemap-1.xml',
      'https://x.example/sitemap-2.xml',
      'https://x.example/sitemap-3.xml',
    ]);
    const listed = [1, 2, 3].flatMap((part) => [...renderSitemap(entries, 'https://x.example', part, 2)!.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
    expect(listed).toEqual(entries.map((e) => `https://x.example${e.path}`));
    expect(renderSitemap(entries, 'https://x.example', 4, 2)).toBeUndefined();
  });
});

describe('the site icons', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(testDatabaseKinds[0]!);
  });
  afterAll(async () => t?.close());

  it('answer /favicon.ico, /favicon.svg and the touch icon, drawn from the site configuration', async () => {
    const ico = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(ico.statusCode).toBe(200);
    expect(ico.headers['content-type']).toBe('image/x-icon');
    // An ICO directory of two PNG images, 16 and 32 px.
    expect([ico.rawPayload.readUInt16LE(2), ico.rawPayload.readUInt16LE(4), ico.rawPayload[6], ico.rawPayload[22]]).toEqual([1, 2, 16, 32]);
    const firstPng = ico.rawPayload.subarray(ico.rawPayload.readUInt32LE(18));
    expect((await sharp(firstPng).metadata()).format).toBe('png');
    const svg = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain(`>${siteConfig.icon.letters}</text>`);
    expect(svg.body).toContain(siteConfig.icon.accent);
    const touch = await t.app.inject({ method: 'GET', url: '/apple-touch-icon.png' });
    expect(touch.headers['content-type']).toBe('image/png');
    expect(await sharp(touch.rawPayload).metadata()).toMatchObject({ format: 'png', width: 180, height: 180 });
  });
});
