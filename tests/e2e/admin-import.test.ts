import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob } from '../../src/shared/api/admin-import.js';
import type { Release } from '../../src/shared/api/catalog.js';
import { distributorExportPath } from '../helpers/fixtures.js';
import { logInAsAdmin } from '../e2e-helpers/admin-session.js';
import { animationsSettled, openPage, saveScreenshot, sidewaysScroll } from '../e2e-helpers/browser.js';
import { useFakeSpotify, useOwnSite } from '../e2e-helpers/production-site.js';

const isPartWay = (percent: number) => percent > 0 && percent < 100;
/** The bar's value (aria-valuenow) for a running job, as the Labels tab shows it. */
const percentOf = ({ done, total }: Pick<ImportJob, 'done' | 'total'>) => (total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0);

/** The page does not scroll sideways. */

// Staff upload the distributor's export and enrich a label from Spotify (the fake, on loopback),
// against the production build on the demo catalog.
describe('admin labels: catalog upload and Import tracks', () => {
  const spotify = useFakeSpotify();
  // With the client secret too: Import tracks calls Spotify with the app's own credentials.
  const site = useOwnSite(() => ({ ...spotify.env(), SPOTIFY_CLIENT_SECRET: spotify.fake.clientSecret }));
  /** The deep release the fake Spotify knows. */
  let release: Release;

  beforeAll(async () => {
    const list = (await (await fetch(`${site.server.url}/api/releases?label=deep&limit=1&include_tracks=true&include_artists=true`)).json()) as { data: Release[] };
    release = list.data[0] as Release;
    spotify.fake.addAlbum({
      upc: release.upc as string,
      name: release.title,
      images: [{ url: 'https://i.scdn.co/image/e2e-cover-640', width: 640, height: 640 }],
      artists: (release.artists ?? []).map((a) => ({ name: a.name })),
      tracks: (release.tracks ?? []).map((t) => ({ isrc: t.isrc as string, name: t.title, duration_ms: t.duration_ms ?? 300_000 })),
    });
  });

  async function openLabelsTab(viewport: 'desktop' | 'phone'): Promise<Page> {
    const page = await openPage(site.browser, `${site.server.url}/login`, site.problems, { viewport });
    await logInAsAdmin(page, site.server);
    await page.goto(`${site.server.url}/admin/labels`);
    await page.getByRole('region', { name: 'Build It Deep' }).waitFor();
    return page;
  }

  /**
   * Uploads the fixture and follows the bar until the report shows. The page's questions about the
   * job pass through a route that holds each one until the bar shows what the answer before it
   * said: every value the bar gets is seen, and the first part-way one is saved as `screenshot`.
   */
  async function uploadFixture(page: Page, screenshot: string): Promise<void> {
    const bar = page.getByRole('progressbar', { name: 'Import progress' });
    const seen: number[] = [];
    /** The bar's value in the last answer, until the bar has shown it. */
    let answered: number | undefined;
    let failure: unknown;
    const isJobQuestion = (url: URL) => /^\/api\/admin\/import-jobs\/[^/]+$/.test(url.pathname);
    await page.route(isJobQuestion, async (route) => {
      try {
        if (answered !== undefined) {
          await page.locator(`[role="progressbar"][aria-label="Import progress"][aria-valuenow="${answered}"]`).waitFor();
          if (isPartWay(answered) && !seen.some(isPartWay)) await saveScreenshot(page, screenshot);
          seen.push(answered);
          answered = undefined;
        }
        const response = await route.fetch();
        const { data: job } = (await response.json()) as { data: ImportJob };
        if (job.status === 'running') answered = percentOf(job);
        await route.fulfill({ response });
      } catch (err) {
        failure ??= err;
        await route.continue().catch(() => undefined);
      }
    });
    await page.getByLabel('Catalog CSV file').setInputFiles(distributorExportPath);
    await page.getByText(/^distributor-inventory-export\.csv \(\d+ KB\)$/).waitFor();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('table', { name: 'Rejected rows' }).waitFor();
    await page.unroute(isJobQuestion);
    if (failure) throw failure;
    expect(await bar.count()).toBe(0);
    // The bar only moves forward.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  }

  it('uploads the distributor CSV, follows the bar to the report, and enriches a label (desktop)', async () => {
    const page = await openLabelsTab('desktop');
    const deep = page.getByRole('region', { name: 'Build It Deep' });
    const releasesBefore = Number((await deep.getByText(/^\d[\d,]*$/).first().textContent())?.replace(/,/g, ''));
    await saveScreenshot(page, 'admin-labels-desktop');

    // Whether the page asks while the job is part-way depends on the machine (the fixture imports in
    // well under a second): the bar's part-way values are the component test's and the importer's.
    await uploadFixture(page, 'admin-labels-progress-desktop');
    const current = page.getByRole('region', { name: 'Current import' });
    await expect(current.getByRole('table', { name: 'Rejected rows' }).getByRole('row').allTextContents()).resolves.toEqual([
      'LineReason',
      '544no song name and no ISRC: the release is kept without this track',
      '545no song name and no ISRC: the release is kept without this track',
    ]);
    expect(await current.getByText('Rows read').locator('xpath=following-sibling::dd[1]').textContent()).toBe('544');
    expect(await current.getByText('Warnings').locator('xpath=following-sibling::dd[1]').textContent()).toBe('16');
    // Every warning is listed with its lines, those of one message on one row (decision 0101).
    const warningRows = current.getByRole('table', { name: 'Warnings' }).getByRole('row');
    expect(await warningRows.count()).toBeGreaterThan(1);
    expect(await warningRows.nth(1).getByRole('cell').first().textContent()).toMatch(/^\d+(, \d+)*( and \d+ more)?$/);
    await current.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'admin-labels-report-desktop');
    // The first real import offers to remove the demo catalog.
    await page.getByText('Your catalog is in').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'admin-demo-catalog-offer-desktop');
    // The deep label's card counts the fixture's 16 deep releases on top of the demo catalog's.
    await expect
      .poll(async () => Number((await deep.getByText(/^\d[\d,]*$/).first().textContent())?.replace(/,/g, '')))
      .toBe(releasesBefore + 16);
    const recent = page.getByRole('region', { name: 'Recent imports' });
    const upload = recent.getByRole('listitem').filter({ hasText: 'Catalog upload: distributor-inventory-export.csv' });
    await upload.getByText('Succeeded').waitFor();
    // The demo catalog of the first start is listed too, credited to the system.
    await recent.getByRole('listitem').filter({ hasText: 'Catalog upload: demo catalog (first start)' }).getByText(/· System$/).waitFor();

    await deep.getByRole('button', { name: 'Import tracks' }).click();
    await current.getByText('Import tracks: Build It Deep').waitFor();
    const tracks = release.tracks?.length ?? 0;
    await current.getByText(new RegExp(`^Matched 1 of \\d+ releases, ${tracks} of \\d+ tracks and [1-9]\\d* artists of Build It Deep on Spotify\\.$`)).waitFor();
    await saveScreenshot(page, 'admin-labels-enrichment-desktop');
    const enriched = (await (await fetch(`${site.server.url}/api/releases/${release.id}`)).json()) as { data: Release };
    expect(enriched.data.spotify_url).toMatch(/^https:\/\/open\.spotify\.com\/album\//);
    expect(enriched.data.artwork_url).toBe('https://i.scdn.co/image/e2e-cover-640');
    expect(site.problems).toEqual([]);
    await page.close();
  }, 90_000);

  it('fits a phone: cards, upload, progress and report without sideways scrolling', async () => {
    const page = await openLabelsTab('phone');
    expect(await sidewaysScroll(page)).toBe(0);
    await saveScreenshot(page, 'admin-labels-phone');
    await page.getByRole('region', { name: 'Upload catalog CSV' }).scrollIntoViewIfNeeded();
    await uploadFixture(page, 'admin-labels-progress-phone');
    // The same file again: nothing new, nothing updated.
    const current = page.getByRole('region', { name: 'Current import' });
    expect(await current.getByText('Releases', { exact: true }).locator('xpath=following-sibling::dd[1]').textContent()).toBe('278 (0 new, 0 updated)');
    await current.scrollIntoViewIfNeeded();
    expect(await sidewaysScroll(page)).toBe(0);
    await saveScreenshot(page, 'admin-labels-report-phone');
    await page.getByRole('region', { name: 'Recent imports' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'admin-labels-recent-phone');
    expect(site.problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('removes the demo catalog in one step, asking first; the site keeps only the export (phone)', async () => {
    const page = await openLabelsTab('phone');
    const notice = page.getByText(/The site also shows the fictional demo catalog \(\d+ releases, \d+ tracks, \d+ artists\)/);
    await notice.waitFor();
    await saveScreenshot(page, 'admin-demo-catalog-notice-phone');
    await page.getByRole('button', { name: 'Remove demo catalog' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the demo catalog?' });
    await dialog.getByText(/disappear from the site at once, with their plays\. Artists credited on your own releases stay\./).waitFor();
    await animationsSettled(page);
    await saveScreenshot(page, 'admin-demo-catalog-confirm-phone');
    await dialog.getByRole('button', { name: 'Remove demo catalog' }).click();
    await page.getByText(/^Removed the demo catalog: \d+ releases, \d+ tracks, \d+ artists$/).waitFor();
    await notice.waitFor({ state: 'detached' });
    expect(await sidewaysScroll(page)).toBe(0);
    // Build It Deep lists the export's 16 releases, and no catalog number twice.
    const deep = (await (await fetch(`${site.server.url}/api/releases?label=deep&limit=100`)).json()) as { total: number; data: Release[] };
    expect(deep.total).toBe(16);
    const numbers = deep.data.map((r) => r.catalog_number);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(site.problems).toEqual([]);
    await page.close();
  }, 60_000);
});
