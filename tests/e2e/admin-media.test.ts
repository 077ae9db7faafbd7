import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImportJob } from '../../src/shared/api/admin-import.js';
import type { Release } from '../../src/shared/api/catalog.js';
import { readFixtureCsv } from '../helpers/test-app.js';
import { aPicture } from '../helpers/images.js';
import { e2eAdmin, logInAsAdmin } from '../e2e-helpers/admin-session.js';
import { animationsSettled, openPage, saveScreenshot, sidewaysScroll } from '../e2e-helpers/browser.js';
import { metaOf } from '../e2e-helpers/page-html.js';
import { useOwnSite } from '../e2e-helpers/production-site.js';

/** The page does not scroll sideways. */

// A label brings its real catalog: the distributor export imported, then a folder of covers named by
// catalog number uploaded in admin. Every cover shows on the site, and a release link previews as a
// raster card.
describe('admin media: covers named by catalog number after importing the distributor export', () => {
  const site = useOwnSite();
  const folder = mkdtempSync(join(tmpdir(), 'covers-'));
  /** Releases of the fixture by catalog number (the "A" versions are the fixture's alone). */
  const covers = { BLDR191A: '198622817752', BLDRD012A: '198622739825', BLDR190A: '198622650007' } as const;
  let token: string;

  beforeAll(async () => {
    const login = await fetch(`${site.server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(e2eAdmin),
    });
    token = ((await login.json()) as { token: string }).token;
    const form = new FormData();
    form.append('file', new Blob([readFixtureCsv()], { type: 'text/csv' }), 'distributor-inventory-export.csv');
    const started = (await (await fetch(`${site.server.url}/api/admin/import-catalog`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })).json()) as {
      job: ImportJob;
    };
    await vi.waitFor(
      async () => {
        const res = await fetch(`${site.server.url}/api/admin/import-jobs/${started.job.id}`, { headers: { authorization: `Bearer ${token}` } });
        expect(((await res.json()) as { data: ImportJob }).data.status).toBe('succeeded');
      },
      { timeout: 30_000, interval: 100 },
    );
    writeFileSync(join(folder, 'BLDR191A.jpg'), await aPicture(900, 900, 'jpeg', '#c0392b'));
    writeFileSync(join(folder, 'BLDRD012A.png'), await aPicture(700, 700, 'png', '#2980b9'));
    writeFileSync(join(folder, 'BLDR190A.webp'), await aPicture(800, 600, 'webp', '#27ae60'));
    writeFileSync(join(folder, 'BLDR192.jpg'), await aPicture(300, 300, 'jpeg'));
    writeFileSync(join(folder, 'press-photo.jpg'), await aPicture(900, 900, 'jpeg'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  async function uploadCovers(viewport: 'desktop' | 'phone'): Promise<Page> {
    const page = await openPage(site.browser, `${site.server.url}/login`, site.problems, { viewport });
    await logInAsAdmin(page, site.server);
    await page.goto(`${site.server.url}/admin/labels`);
    const panel = page.getByRole('region', { name: 'Upload covers, artist pictures and audio' });
    await panel.scrollIntoViewIfNeeded();
    await panel.getByLabel('Cover, picture, audio or zip files').setInputFiles(['BLDR191A.jpg', 'BLDRD012A.png', 'BLDR190A.webp', 'BLDR192.jpg', 'press-photo.jpg'].map((name) => join(folder, name)));
    await panel.getByText(/^5 files \(\d+ KB\)$/).waitFor();
    await panel.getByRole('button', { name: 'Upload files' }).click();
    const matched = panel.getByRole('list', { name: 'Matched', exact: true });
    await matched.waitFor();
    // The answer comes first; each cover is made by a job, whose state the report follows (decision 0091).
    await expect
      .poll(() => matched.getByRole('listitem').allTextContents(), { timeout: 30_000 })
      .toEqual(['BLDR191A.jpg → cover of Lose MindsReady', 'BLDRD012A.png → cover of SymbioticReady', 'BLDR190A.webp → cover of RollenReady']);
    expect(await panel.getByRole('list', { name: 'Refused' }).getByRole('listitem').allTextContents()).toEqual([
      'BLDR192.jpg is 300×300 px: a cover or picture needs at least 500 px on each side',
    ]);
    expect(await panel.getByRole('list', { name: 'Unmatched' }).getByRole('listitem').allTextContents()).toEqual([
      'press-photo.jpg names no release (catalog number, UPC or release id), no artist (name or id) and no playlist (id)',
    ]);
    // The report's end in view (on a phone its lists; on a desktop the whole report).
    await panel.getByRole('list', { name: 'Refused' }).scrollIntoViewIfNeeded();
    expect(await sidewaysScroll(page)).toBe(0);
    await saveScreenshot(page, `admin-media-report-${viewport}`);
    return page;
  }

  async function releaseWithUpc(label: string, upc: string): Promise<Release> {
    const list = (await (await fetch(`${site.server.url}/api/releases?label=${label}&limit=100`)).json()) as { data: Release[] };
    const release = list.data.find((r) => r.upc === upc);
    if (!release) throw new Error(`no release ${upc}`);
    return release;
  }

  it('uploads covers named by catalog number and reports each file; the release shows its cover and previews as a 1200×630 card (desktop)', async () => {
    const page = await uploadCovers('desktop');
    const release = await releaseWithUpc('records', covers.BLDR191A);
    expect(release.artwork_url).toMatch(/^\/media\/art\/[0-9a-f]+\.webp$/);
    await page.goto(`${site.server.url}/records/releases/${release.slug}`);
    const dialog = page.getByRole('dialog');
    const art = dialog.getByRole('img', { name: `${release.title} cover art` });
    await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc)).toMatch(/\/media\/art\/[0-9a-f]+(-\d+)?\.webp$/);
    // The uploaded red, not the generated art.
    const shown = await sharp(await art.screenshot()).stats();
    expect(shown.channels[0]!.mean).toBeGreaterThan(shown.channels[2]!.mean + 60);
    await saveScreenshot(page, 'admin-media-release-desktop');

    const html = await (await fetch(`${site.server.url}/records/releases/${release.slug}`)).text();
    const image = metaOf(html, 'og:image')!;
    expect(metaOf(html, 'twitter:image')).toBe(image);
    const card = await fetch(image);
    expect(card.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(Buffer.from(await card.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect(site.problems).toEqual([]);
    await page.close();
  }, 90_000);

  it('fits a phone: the report and the release with its cover', async () => {
    const page = await uploadCovers('phone');
    const release = await releaseWithUpc('deep', covers.BLDRD012A);
    await page.goto(`${site.server.url}/deep/releases/${release.slug}`);
    const art = page.getByRole('dialog').getByRole('img', { name: `${release.title} cover art` });
    await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc)).toMatch(/\/media\/art\//);
    expect(await sidewaysScroll(page)).toBe(0);
    await saveScreenshot(page, 'admin-media-release-phone');
    expect(site.problems).toEqual([]);
    await page.close();
  }, 90_000);

  it("uploads an artist's picture from the artist's edit dialog, and a refusal names the file", async () => {
    const page = await openPage(site.browser, `${site.server.url}/login`, site.problems);
    await logInAsAdmin(page, site.server);
    await page.goto(`${site.server.url}/admin/artists`);
    await page.getByRole('searchbox', { name: 'Search artists' }).fill('Domestique');
    await page.getByRole('button', { name: 'Edit Domestique' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Domestique' });
    await dialog.getByLabel('Picture file').setInputFiles(join(folder, 'BLDR192.jpg'));
    await dialog.getByText('BLDR192.jpg is 300×300 px: a cover or picture needs at least 500 px on each side').waitFor();
    await dialog.getByLabel('Picture file').setInputFiles(join(folder, 'press-photo.jpg'));
    const avatar = dialog.getByRole('img', { name: 'Domestique picture' });
    await expect.poll(() => avatar.getAttribute('src')).toMatch(/^\/media\/art\/[0-9a-f]+-160\.webp$/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
    await page.getByText('Picture of Domestique uploaded').waitFor();
    await animationsSettled(page);
    await saveScreenshot(page, 'admin-media-artist-picture-desktop');
    const artists = (await (await fetch(`${site.server.url}/api/artists?label=deep&limit=100`)).json()) as { data: { name: string; image_url: string }[] };
    expect(artists.data.find((a) => a.name === 'Domestique')?.image_url).toMatch(/^\/media\/art\/[0-9a-f]+\.webp$/);
    expect(site.problems).toEqual([]);
    await page.close();
  }, 90_000);
});
