import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot, type Browser } from './browser.js';
import { startProductionServer, type RunningServer } from './production-server.js';

describe('the production site on a fresh machine', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startProductionServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows each label with its newest releases from the demo catalog', async () => {
    const page = await browser.newPage('desktop');
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Build It Records');
    for (const label of ['Build It Records', 'Build It Tech', 'Build It Deep']) {
      await page.getByRole('heading', { level: 2, name: label }).waitFor();
    }
    const api = (await (await fetch(`${server.url}/api/releases?label=tech&limit=1`)).json()) as {
      data: { title: string }[];
    };
    await page.getByText(api.data[0]?.title as string).first().waitFor();
    await page.locator('img').first().waitFor();
    expect(await page.locator('img').count()).toBeGreaterThanOrEqual(18);
    await saveScreenshot(page, 'home-desktop');
    const phone = await browser.newPage('phone');
    await phone.goto(`${server.url}/tech/releases`);
    await phone.getByRole('heading', { level: 1 }).waitFor();
    await saveScreenshot(phone, 'home-phone');
    expect(errors).toEqual([]);
  });

  it('refuses a second server on the same data directory and leaves the first one serving', async () => {
    const second = await startProductionServer({ DATA_DIR: server.dataDir }).then(
      () => 'started',
      (err: Error) => err.message,
    );
    expect(second).toMatch(/is in use by another running server/);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
