import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPage, screenshotDir } from '../e2e-helpers/browser.js';
import { useSharedSite } from '../e2e-helpers/production-site.js';

// Issue 35, looks: the side navigation's background and edge stopped part-way down a long page (at the
// first screen's height: it was fixed to the window). They run down to the page's end, and the navigation
// stays in view while the page scrolls.
describe('the side navigation on a long page', () => {
  const site = useSharedSite();

  it('fills the page height at 1280 px and keeps its links in view at the bottom', { timeout: 120_000 }, async () => {
    const page = await openPage(site.browser, `${site.server.url}/records/releases`, site.problems);
    const nav = page.getByRole('navigation', { name: 'Build It Records navigation' });
    /** The navigation's column (its paper) and the page, in page coordinates. */
    const measure = () =>
      nav.evaluate((element) => {
        const column = element.closest('.MuiPaper-root')?.getBoundingClientRect();
        return { columnBottom: (column?.bottom ?? 0) + window.scrollY, pageBottom: document.documentElement.scrollHeight, viewport: window.innerHeight };
      });
    const atTop = await measure();
    // A long page: the column reaches its end, not the first screen's.
    expect(atTop.pageBottom).toBeGreaterThan(atTop.viewport + 200);
    // Within sub-pixel rounding: scrollHeight is whole pixels, scrollY and boxes are not.
    expect(Math.abs(atTop.columnBottom - atTop.pageBottom)).toBeLessThan(2);
    await page.screenshot({ path: join(screenshotDir, 'side-nav-long-page-1280.png'), fullPage: true });

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const atBottom = await measure();
    expect(Math.abs(atBottom.columnBottom - atBottom.pageBottom)).toBeLessThan(2);
    // Scrolled down, the navigation is still on screen, below the logo.
    const home = await nav.getByRole('link', { name: 'Home' }).boundingBox();
    expect(home?.y).toBeGreaterThan(0);
    expect((home?.y ?? Infinity) + (home?.height ?? 0)).toBeLessThan(atBottom.viewport);
    expect(site.problems).toEqual([]);
    await page.close();
  });
});
