import { describe, expect, it } from 'vitest';
import { openPage, saveScreenshot } from '../e2e-helpers/browser.js';
import { e2eAdmin } from '../e2e-helpers/admin-session.js';
import { useSharedSite } from '../e2e-helpers/production-site.js';

describe('admin login', () => {
  const site = useSharedSite();

  it('logs in, lands on the page first asked for, and logs out to /login', async () => {
    // The wrong password is meant to get its 401.
    const page = await openPage(site.browser, `${site.server.url}/admin/demos`, site.problems, { expectedStatuses: [401] });
    await page.waitForURL(`${site.server.url}/login`);
    await page.getByLabel('Username').fill(e2eAdmin.username);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Invalid username or password').waitFor();
    await page.getByLabel('Password').fill(e2eAdmin.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(`${site.server.url}/admin/demos`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Demos' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab', { name: 'records' }).count()).toBe(0);
    const stored = await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('adminToken')]);
    expect(stored[0]).toBeTruthy();
    expect(stored[1]).toBe(stored[0]);
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('region', { name: 'Setup checklist' }).waitFor();
    await saveScreenshot(page, 'admin-overview-desktop');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${site.server.url}/login`);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    const verify = await fetch(`${site.server.url}/api/admin/verify-admin-token`, { headers: { Authorization: `Bearer ${stored[0]}` } });
    expect(verify.status).toBe(401);
    expect(site.problems).toEqual([]);
    await page.close();
  });
});
