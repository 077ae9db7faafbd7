import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appStarted } from '../e2e-helpers/browser.js';
import { useSharedSite } from '../e2e-helpers/production-site.js';

// What a page does not use, it does not load (docs/decisions/0023): the release modal, the player's
// bar, the phone's drawer and notistack come with their first use, and then work.
describe('parts loaded when first used', () => {
  const site = useSharedSite();

  /** The names of the scripts the page has loaded so far (Vite names chunks after their module). */
  async function loadedScripts(page: Page): Promise<string[]> {
    return page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js'))
        .map((entry) => new URL(entry.name).pathname.split('/').pop() ?? ''),
    );
  }
  const hasLoaded = async (page: Page, chunk: string) => (await loadedScripts(page)).some((name) => name.startsWith(`${chunk}-`));

  it('a releases page loads the release modal when a release opens, and the player bar when a track plays', async () => {
    const page = await site.browser.newPage('desktop');
    await page.goto(`${site.server.url}/deep/releases`);
    await appStarted(page);
    await page.waitForLoadState('networkidle');
    for (const chunk of ['release-detail-modal', 'player-controls', 'notistack-host', 'mobile-nav']) expect(await hasLoaded(page, chunk)).toBe(false);

    await page.getByRole('heading', { name: 'All Releases' }).waitFor();
    await page.getByRole('region', { name: 'All Releases' }).getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('table').waitFor();
    expect(await hasLoaded(page, 'release-detail-modal')).toBe(true);

    await dialog.getByRole('button', { name: /^Play / }).first().click();
    await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Queue' }).waitFor();
    expect(await hasLoaded(page, 'player-controls')).toBe(true);
    await page.close();
  });

  it("a phone's drawer loads when the menu button first opens it, and navigates", async () => {
    const page = await site.browser.newPage('phone');
    await page.goto(`${site.server.url}/tech`);
    await appStarted(page);
    await page.waitForLoadState('networkidle');
    expect(await hasLoaded(page, 'mobile-nav')).toBe(false);
    // The artists' pictures keep their square (their width and height attributes give only the ratio).
    const picture = await page.getByRole('main').locator('img[alt=""]').first().boundingBox();
    expect(Math.abs(picture!.width - picture!.height)).toBeLessThan(1);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Build It Tech navigation' }).last().getByRole('link', { name: 'Artists' }).click();
    await page.waitForURL(/\/tech\/artists$/);
    expect(await hasLoaded(page, 'mobile-nav')).toBe(true);
    await page.close();
  });
});
