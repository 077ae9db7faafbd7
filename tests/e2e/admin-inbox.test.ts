import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { aDemoArtist, aDemoTrack } from '../helpers/demo-builders.js';
import { logInAsAdmin } from '../e2e-helpers/admin-session.js';
import { animationsSettled, openPage, saveScreenshot, sidewaysScroll } from '../e2e-helpers/browser.js';
import type { ProductionServer } from '../helpers/production-server.js';
import { useSharedSite } from '../e2e-helpers/production-site.js';

// Admin Demos and Members in Debian's Chromium against the production build: a demo and a VIP
// member arrive through the public API, then staff review the demo and export the members.

const artist = aDemoArtist({ fullName: 'Inbox Tester', name: 'Inbox Artist', email: 'inbox.e2e@example.com', instagram: null });
const track = aDemoTrack({ name: 'Review Me', genre: 'Deep House', soundCloudPrivateLink: 'https://soundcloud.com/inbox/review-me/s-E2e1' });
const member = { name: 'Vip, "Quoted" Member', email: 'vip.e2e@example.com', plan: 'annual' };

async function post(server: Pick<ProductionServer, 'url'>, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 201) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
}

/** True when the page is no wider than the window (no sideways scrolling on a phone). */

describe('admin demos and members', () => {
  const site = useSharedSite();

  beforeAll(async () => {
    await post(site.server, '/api/submit-demo', { label: 'deep', artist, track, termsAccepted: true });
    await post(site.server, '/api/subscribe-vip', member);
  });

  it('reviews a demo from new to shortlisted and exports the members as CSV', async () => {
    const page = await openPage(site.browser, `${site.server.url}/login`, site.problems);
    await logInAsAdmin(page, site.server);
    await page.goto(`${site.server.url}/admin/demos`);
    const table = page.getByRole('table', { name: 'Demos' });
    const row = table.getByRole('row').filter({ hasText: 'Inbox Artist' });
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([expect.any(String), 'Inbox Artist', 'Review Me (Deep House)', 'Build It Deep', 'New']);

    await row.click();
    const dialog = page.getByRole('dialog', { name: /Review Me/ });
    await dialog.getByText('Inbox Tester').waitFor();
    const link = dialog.getByRole('link', { name: track.soundCloudPrivateLink });
    expect([await link.getAttribute('target'), await link.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
    expect(await dialog.getByText("Don't have").count()).toBe(1);
    expect(await dialog.getByRole('button').allInnerTexts()).toEqual(['START LISTENING', 'DECLINE', 'CLOSE']);
    await animationsSettled(page);
    await saveScreenshot(page, 'admin-demo-detail-desktop');

    await dialog.getByRole('button', { name: 'Start listening' }).click();
    await dialog.getByRole('button', { name: 'Shortlist' }).click();
    await dialog.getByRole('button', { name: 'Accept' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('Shortlisted').waitFor();
    await saveScreenshot(page, 'admin-demos-desktop');

    // The server agrees: the demo is shortlisted, and the moves are in the activity log.
    const token = await page.evaluate(() => localStorage.getItem('adminToken'));
    const listed = await fetch(`${site.server.url}/api/admin/demos?status=shortlisted`, { headers: { Authorization: `Bearer ${token}` } });
    expect(((await listed.json()) as { data: { artists: string[] }[] }).data.map((d) => d.artists)).toEqual([['Inbox Artist']]);

    await page.getByRole('tab', { name: 'Members' }).click();
    const memberRow = page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: member.email });
    await memberRow.waitFor();
    const cells = (await memberRow.getByRole('cell').allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
    expect(cells.slice(1, 4)).toEqual([member.email, 'Annual $99.99/year', 'Pending payment']);
    await saveScreenshot(page, 'admin-members-desktop');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^vip-members-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    // Every member, one per line (the other files on the shared server add theirs), every cell quoted, ending in CRLF.
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('\uFEFF"Name","Email","Plan","Price","Currency","Period","Status","Period end","Cancels at period end","Joined","Updated"');
    expect(lines.at(-1)).toBe('');
    expect(lines.filter((line) => line.includes(member.email))).toEqual([
      expect.stringMatching(/^"Vip, ""Quoted"" Member","vip\.e2e@example\.com","Annual","99\.99","USD","year","Pending payment","—","No","\d{4}-/),
    ]);
    expect(site.problems).toEqual([]);
    await page.close();
  });

  it('fits a phone: demos list, demo detail and members table', async () => {
    // The token stored by the first test is this browser profile's.
    const page = await openPage(site.browser, `${site.server.url}/admin/demos`, site.problems, { viewport: 'phone' });
    // A step that waits says which one failed, well before the test's own timeout.
    page.setDefaultTimeout(10_000);
    const row = page.getByRole('table', { name: 'Demos' }).getByRole('row').filter({ hasText: 'Inbox Artist' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Review Me · Build It Deep ·');
    expect(await sidewaysScroll(page)).toBe(0);
    await saveScreenshot(page, 'admin-demos-phone');

    await row.click();
    const dialog = page.getByRole('dialog', { name: /Review Me/ });
    await dialog.getByText('Inbox Tester').waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await animationsSettled(page);
    await saveScreenshot(page, 'admin-demo-detail-phone');
    // Escape rather than Close: on 127.0.0.1 the debug panel's chip sits over the bottom corner.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: 'Members' }).click();
    const memberRow = page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: member.email });
    await memberRow.waitFor();
    expect((await memberRow.innerText()).replace(/\s+/g, ' ')).toMatch(
      /^Vip, "Quoted" Member vip\.e2e@example\.com · joined \d{1,2} \w{3} \d{4} Annual \$99\.99\/year Pending payment$/,
    );
    expect(await sidewaysScroll(page)).toBe(0);
    await saveScreenshot(page, 'admin-members-phone');
    expect(site.problems).toEqual([]);
    await page.close();
  });
});
