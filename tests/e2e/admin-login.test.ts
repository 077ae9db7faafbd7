import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, saveScreenshot, type Browser } from './browser.js';
import { e2eAdmin, e2eAdminEnv } from './admin-session.js';
import { startProductionServer, type RunningServer } from './production-server.js';

describe('admin login', () => {
  let server: RunningServer;
  let browser: Browser;
  const problems: string[] = [];

  beforeAll(async () => {
    server = await startProductionServer(e2eAdminEnv);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('logs in, lands on the page first asked for, and logs out to /login', async () => {
    // The wrong password is meant to get its 401.
    const page = await openPage(browser, `${server.url}/admin/demos`, problems, { expectedStatuses: [401] });
    await page.waitForURL(`${server.url}/login`);
    await page.getByLabel('Username').fill(e2eAdmin.username);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Invalid username or password').waitFor();
    await page.getByLabel('Password').fill(e2eAdmin.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(`${server.url}/admin/demos`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Demos' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab', { name: 'records' }).count()).toBe(0);
    const stored = await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('adminToken')]);
    expect(stored[0]).toBeTruthy();
    expect(stored[1]).toBe(stored[0]);
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByText('Select a tab above to manage your content.').waitFor();
    await saveScreenshot(page, 'admin-overview-desktop');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${server.url}/login`);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    const verify = await fetch(`${server.url}/api/admin/verify-admin-token`, { headers: { Authorization: `Bearer ${stored[0]}` } });
    expect(verify.status).toBe(401);
    expect(problems).toEqual([]);
    await page.close();
  });
});
