import { describe, expect, it } from 'vitest';
import { animationsSettled, appStarted, openPage, saveScreenshot } from '../e2e-helpers/browser.js';
import { useSharedSite } from '../e2e-helpers/production-site.js';

// What a careful visitor tripped on (issue 15 §1 and §7), in Debian's Chromium against the shared
// production server; failing answers are made by the browser (page.route), not by the server.

describe('layout details', () => {
  const site = useSharedSite();
  const open = (path: string, viewport: 'desktop' | 'phone' = 'desktop') =>
    openPage(site.browser, `${site.server.url}${path}`, site.problems, { viewport, expectedStatuses: [503] });

  it('opens the phone drawer over the top bar, its first entry where a tap reaches it', async () => {
    const page = await open('/records', 'phone');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const home = page.getByRole('navigation', { name: 'Build It Records navigation' }).last().getByRole('link', { name: 'Home' });
    await home.waitFor();
    await animationsSettled(page);
    const box = await home.boundingBox();
    // Issue 15: the drawer started under the 64 px bar, Home hidden and a tap there hit RECORDS.
    const centre = { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
    const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.textContent, centre);
    expect(hit).toBe('Home');
    await page.close();
  });

  it('slides nothing in for a visitor who asks for reduced motion', async () => {
    const page = await site.browser.newPage('phone');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${site.server.url}/records`);
    // Hydrated first: a click on the server's button before then reaches no handler.
    await appStarted(page);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const paper = page.locator('.MuiDrawer-modal .MuiDrawer-paper');
    await paper.waitFor();
    // MUI sets the slide's 225 ms inline; the reduced-motion rule (docs/product.md §2.2) wins over it.
    expect(await paper.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('1e-05s');
    await page.close();
  });

  it('keeps the label tabs centred on a desktop, whatever sits beside them', async () => {
    const page = await open('/tech');
    const tabs = await page.getByRole('tablist', { name: 'Labels' }).boundingBox();
    expect(Math.abs(tabs!.x + tabs!.width / 2 - 640)).toBeLessThanOrEqual(1);
    await page.close();
  });

  it('shows the whole Check now button in the health alert', async () => {
    const page = await site.browser.newPage('phone');
    await page.route('**/api/health', (route) => route.fulfill({ json: { success: false, message: 'API performance is degraded' } }));
    await page.goto(`${site.server.url}/records`);
    await appStarted(page);
    await page.getByRole('button', { name: 'Show API status details' }).click();
    const button = page.getByRole('button', { name: 'Check now' });
    await button.waitFor();
    await animationsSettled(page);
    // Issue 15: the alert's message box clipped the button's first letters.
    const clipped = await button.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const message = (el.closest('.MuiAlert-message') as HTMLElement).getBoundingClientRect();
      return box.left < message.left || box.right > message.right;
    });
    expect(clipped).toBe(false);
    await saveScreenshot(page, 'health-alert-phone');
    await page.close();
  });

  it('shows a failing artists list as an error after one retry, not after three', async () => {
    const page = await site.browser.newPage();
    let requests = 0;
    await page.route('**/api/artists?**', (route) => {
      requests += 1;
      return route.fulfill({ status: 503, json: { success: false, error: 'unavailable', message: 'Service unavailable', reqId: 'r' } });
    });
    page.on('console', () => undefined);
    // The server renders an artists page with its data (and /deep and /tech load it for their own
    // page): the browser reads the list when it goes from /records to its artists itself.
    await page.goto(`${site.server.url}/records`);
    await appStarted(page);
    await page.getByRole('link', { name: 'Artists', exact: true }).first().click();
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    expect(requests).toBe(2);
    await page.close();
  });

  it('logged no page errors or console errors on any page', () => {
    expect(site.problems).toEqual([]);
  });
});
