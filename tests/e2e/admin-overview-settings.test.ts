import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AdminStats } from '../../src/shared/api/admin-overview.js';
import { aDemoArtist, aDemoTrack } from '../helpers/demo-builders.js';
import { e2eAdmin, logInAsAdmin } from '../e2e-helpers/admin-session.js';
import { animationsSettled, openPage, saveScreenshot, sidewaysScroll } from '../e2e-helpers/browser.js';
import { useOwnSite } from '../e2e-helpers/production-site.js';

const figure = (n: number) => n.toLocaleString('en-US');

describe('admin overview and settings', () => {
  const site = useOwnSite();
  let token: string;

  async function liveStats(): Promise<AdminStats> {
    const res = await fetch(`${site.server.url}/api/admin/stats`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: AdminStats }).data;
  }

  /** Which of the tab bar's two scroll arrows show (MUI keeps the one with nowhere to go, transparent). */
  function shownArrows(page: Page): Promise<boolean[]> {
    return page
      .locator('.MuiTabs-root:has([role="tablist"][aria-label="Admin sections"]) > .MuiTabScrollButton-root')
      .evaluateAll((arrows) => arrows.map((arrow) => getComputedStyle(arrow).opacity !== '0' && arrow.getBoundingClientRect().width > 0));
  }

  async function tileTexts(page: Page): Promise<string[]> {
    const tiles = page.getByRole('region', { name: 'Quick Stats' }).getByRole('link');
    await tiles.first().waitFor();
    return tiles.allInnerTexts().then((texts) => texts.map((t) => t.replace(/\s+/g, ' ').trim()));
  }

  it('shows the demo catalog’s real counts and a demo just submitted', async () => {
    const page = await openPage(site.browser, `${site.server.url}/login`, site.problems);
    token = await logInAsAdmin(page, site.server);
    await page.goto(`${site.server.url}/admin`);
    await page.getByRole('region', { name: 'Setup checklist' }).waitFor();
    const before = await liveStats();
    expect(before.artists).toBeGreaterThan(0);
    await page.getByRole('region', { name: 'Quick Stats' }).getByText(figure(before.tracks), { exact: true }).waitFor();
    expect(await tileTexts(page)).toEqual([
      `Artists ${figure(before.artists)}`,
      `Labels ${figure(before.labels)}`,
      `Releases ${figure(before.releases)}`,
      `Tracks ${figure(before.tracks)}`,
      `New demos ${figure(before.demos.new)} of ${figure(before.demos.total)} received`,
      `Members ${figure(before.members.total)} ${figure(before.members.active)} active · ${figure(before.members.pending_payment)} pending payment · ${figure(before.members.past_due)} past due · ${figure(before.members.paused)} paused · ${figure(before.members.canceled)} canceled`,
      `Monthly recurring revenue ${new Intl.NumberFormat('en-US', { style: 'currency', currency: before.members.currency }).format(before.members.mrr)} Active: ${before.members.active_by_plan.map((p) => `${p.name} ${figure(p.active)}`).join(' · ')}`,
      `Waiting emails ${figure(before.outbox.waiting)}`,
    ]);

    const demo = { label: 'tech', artist: aDemoArtist({ name: 'Overview Tester', email: 'overview.e2e@example.com' }), track: aDemoTrack({ name: 'Dashboard Groove' }), termsAccepted: true };
    const submitted = await fetch(`${site.server.url}/api/submit-demo`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(demo) });
    expect(submitted.status).toBe(201);

    await page.reload();
    const activity = page.getByRole('list', { name: 'Recent activity' });
    const line = activity.getByRole('listitem').first();
    await line.getByText('Demo "Dashboard Groove" by Overview Tester for Build It Tech').waitFor();
    expect((await line.innerText()).replace(/\s+/g, ' ')).toContain('Visitor · now');
    await page.getByRole('region', { name: 'Quick Stats' }).getByRole('link', { name: /New demos/ }).getByText(figure(before.demos.new + 1), { exact: true }).waitFor();
    expect((await liveStats()).demos.new).toBe(before.demos.new + 1);
    await saveScreenshot(page, 'admin-overview-live-desktop');
    // The tabs in the order a label works; at 1280 px they all fit, with no arrows.
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Overview', 'Releases', 'Tracks', 'Artists', 'Playlists', 'Labels', 'Demos', 'Members', 'Newsletter', 'Outbox', 'Staff', 'Site', 'Settings']);
    expect(await shownArrows(page)).toEqual([]);

    const phone = await openPage(site.browser, `${site.server.url}/admin`, site.problems, { viewport: 'phone' });
    await phone.getByText('Demo "Dashboard Groove" by Overview Tester for Build It Tech').waitFor();
    expect(await sidewaysScroll(phone)).toBe(0);
    // On a phone the tab bar scrolls: the forward arrow shows, and takes the bar to Settings.
    expect(await shownArrows(phone)).toEqual([false, true]);
    await saveScreenshot(phone, 'admin-overview-live-phone');
    const labelsRight = async () => {
      const box = await phone.getByRole('tab', { name: 'Labels' }).boundingBox();
      return box!.x + box!.width;
    };
    expect(await labelsRight()).toBeGreaterThan(390);
    // A click scrolls the bar on by what shows of it: the tabs hidden on the right come into view,
    // and the back arrow shows.
    await phone.locator('.MuiTabScrollButton-root').last().click();
    await expect.poll(() => shownArrows(phone).then(([back]) => back)).toBe(true);
    await expect.poll(labelsRight).toBeLessThan(390);
    await animationsSettled(phone);
    await saveScreenshot(phone, 'admin-tabs-scrolled-phone');
    await phone.getByRole('region', { name: 'Recent Activity' }).scrollIntoViewIfNeeded();
    await saveScreenshot(phone, 'admin-overview-activity-phone');
    expect(site.problems).toEqual([]);
    await phone.close();
    await page.close();
  });

  it('changes the password in Settings, and the new one logs in through the login screen', async () => {
    const newPassword = 'a-new-staff-password';
    const phone = await openPage(site.browser, `${site.server.url}/admin/settings`, site.problems, { viewport: 'phone' });
    await phone.getByRole('heading', { name: 'Change password' }).waitFor();
    expect(await sidewaysScroll(phone)).toBe(0);
    await saveScreenshot(phone, 'admin-settings-phone');
    await phone.close();

    const page = await openPage(site.browser, `${site.server.url}/admin/settings`, site.problems);
    await page.getByLabel('Current password').fill(e2eAdmin.password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed').waitFor();
    await page.getByRole('button', { name: 'Change password', disabled: false }).waitFor();
    expect(await page.getByLabel('Current password').inputValue()).toBe('');
    await saveScreenshot(page, 'admin-settings-desktop');

    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('list', { name: 'Recent activity' }).getByText('staff changed their password').waitFor();

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${site.server.url}/login`);
    await page.getByLabel('Username').fill(e2eAdmin.username);
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(`${site.server.url}/admin`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();

    const old = await fetch(`${site.server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(e2eAdmin),
    });
    expect(old.status).toBe(401);
    expect(site.problems).toEqual([]);
    await page.close();
  });
});
