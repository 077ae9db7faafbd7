import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReleaseDetail, AdminReleaseListItem } from '../../src/shared/api/admin-releases.js';
import type { Release } from '../../src/shared/api/catalog.js';
import { releaseDay } from '../../src/shared/domain/release-display.js';
import { themeCookieName } from '../../src/shared/page-render.js';
import { findLabel } from '../../src/shared/labels.js';
import { importDistributorExport } from '../helpers/distributor-import.js';
import { aSineWav } from '../helpers/audio.js';
import { aPicture } from '../helpers/images.js';
import { logInAsAdmin } from '../e2e-helpers/admin-session.js';
import { severeViolations } from '../e2e-helpers/axe.js';
import { animationsSettled, openPage, saveScreenshot, sidewaysScroll, type viewports } from '../e2e-helpers/browser.js';
import { useOwnSite } from '../e2e-helpers/production-site.js';

/** "rgb(255, 0, 0)" of "#FF0000", as a computed style reads. */
function rgbOf(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

// Issue 35's Done-when: on the real distributor export, staff make an EP by hand in the Releases tab as a
// draft with two mixes and no artists typed on its tracks, and upload its cover; the public site shows it
// nowhere; published, it is at its slug URL with its date, catalog number, format EP, the release's artists
// on every track and its label's accent: at 1280 px in the dark theme (the whole flow) and at 390 px in
// the light theme (the public page only). A server of its own: the import changes every label's pages.
describe('releases first: a draft EP made by hand on the imported catalog, published', () => {
  const site = useOwnSite();
  const tech = findLabel('tech');
  const folder = mkdtempSync(join(tmpdir(), 'ep-cover-'));
  const coverPath = join(folder, 'quiet-hours.jpg');
  const masterPath = join(folder, 'quiet-hours-master.wav');
  const releaseDate = '2025-03-07';
  let token: string;
  let release: AdminReleaseListItem;

  beforeAll(async () => {
    const login = await fetch(`${site.server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'staff', password: 'a-long-staff-password' }),
    });
    token = ((await login.json()) as { token: string }).token;
    await importDistributorExport(site.server.url, token);
    writeFileSync(coverPath, await aPicture(800, 800, 'jpeg', '#552222'));
    writeFileSync(masterPath, aSineWav({ seconds: 12, sampleRate: 8000, channels: 1 }));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** The release as the admin's list has it. */
  async function listed(): Promise<AdminReleaseListItem> {
    const answer = (await (await fetch(`${site.server.url}/api/admin/releases?q=BLDT950`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: AdminReleaseListItem[] };
    expect(answer.data).toHaveLength(1);
    return answer.data[0] as AdminReleaseListItem;
  }

  /** The public release page: its facts, its tracks' artists, the label's accent, nothing wider than the screen, axe-clean. */
  async function checkPublicPage(page: Page, viewport: keyof typeof viewports, theme: 'dark' | 'light') {
    const dialog = page.getByRole('dialog', { name: 'Quiet Hours' });
    await dialog.getByRole('table', { name: 'Tracks of Quiet Hours' }).waitFor();
    const facts = await dialog.getByRole('term').evaluateAll((terms) => terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toEqual([
      ['Released', releaseDay(releaseDate)],
      ['Format', 'EP'],
      ['Catalog number', 'BLDT950'],
    ]);
    // Every track carries the release's artist, typed once on the release.
    const rows = dialog.getByRole('table', { name: 'Tracks of Quiet Hours' }).getByRole('row');
    const artistCells = await rows.evaluateAll((all) => all.slice(1).map((row) => row.querySelectorAll('td')[2]?.textContent ?? ''));
    expect(artistCells).toEqual(['Lena Orbit', 'Lena Orbit']);
    // The label's chip is in its accent, and so is the primary colour of the page's buttons (its outlined ones' text)
    // in the dark theme; the light theme takes a deeper shade of it that reads on white (checked in theme.test.ts).
    const accent = rgbOf(tech?.accent ?? '');
    const chip = dialog.locator('.MuiChip-root', { hasText: tech?.name });
    expect(await chip.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(accent);
    const copyLink = await dialog.getByRole('button', { name: 'Copy link' }).evaluate((el) => getComputedStyle(el).color);
    if (theme === 'dark') expect(copyLink).toBe(accent);
    else expect(copyLink).not.toBe(accent);
    expect(await sidewaysScroll(page)).toBe(0);
    await animationsSettled(page);
    await saveScreenshot(page, `releases-first-public-${viewport}-${theme}`);
    expect(await severeViolations(page)).toEqual([]);
  }

  it('makes the EP as a draft in the Releases tab, keeps it off the public site, publishes it and shows it at its slug URL at 1280 px, dark', async () => {
    const page = await openPage(site.browser, `${site.server.url}/login`, site.problems);
    page.setDefaultTimeout(20_000);
    await logInAsAdmin(page, site.server);
    await page.goto(`${site.server.url}/admin/releases`);
    await page.getByRole('table', { name: 'Releases' }).getByRole('row').nth(25).waitFor();
    await page.getByRole('button', { name: 'New release' }).click();
    const form = page.getByRole('form', { name: 'New release' });
    await form.getByRole('textbox', { name: 'Title' }).first().fill('Quiet Hours');
    await form.getByRole('textbox', { name: 'Artists', exact: true }).first().fill('Lena Orbit');
    for (const [field, option] of [
      ['Type', /^ep$/i],
      ['Status', /^draft$/i],
      ['Label', /^Build It Tech$/],
    ] as const) {
      await form.getByRole('combobox', { name: field }).click();
      await page.getByRole('option', { name: option }).click();
    }
    await form.getByLabel('Release date').fill(releaseDate);
    await form.getByRole('textbox', { name: 'Catalog number' }).fill('BLDT950');
    await form.getByRole('button', { name: 'Add track' }).click();
    for (const [index, mix, length] of [
      [1, 'Extended Mix', '6:00'],
      [2, 'Radio Edit', '3:10'],
    ] as const) {
      const track = form.getByRole('group', { name: `Track ${index}` });
      await track.getByRole('textbox', { name: 'Title', exact: true }).fill('Quiet Hours');
      await track.getByRole('textbox', { name: 'Mix version' }).fill(mix);
      await track.getByRole('textbox', { name: 'Duration' }).fill(length);
    }
    await animationsSettled(page);
    await saveScreenshot(page, 'releases-first-new-draft-desktop');
    await form.getByRole('button', { name: 'Create release' }).click();
    await page.getByText('Saved “Quiet Hours”').waitFor();

    // In the list as a draft, found by a search.
    await page.getByRole('searchbox', { name: 'Search releases' }).fill('BLDT950');
    const row = page.getByRole('table', { name: 'Releases' }).getByRole('row').filter({ hasText: 'Quiet Hours' });
    await row.filter({ hasText: 'Draft' }).waitFor();
    release = await listed();
    expect(release).toMatchObject({ status: 'draft', type: 'ep', slug: 'bldt950-quiet-hours', label_id: 'buildit-tech', artists: ['Lena Orbit'], track_count: 2 });

    // Its cover, from its editor.
    await row.getByRole('button', { name: 'Quiet Hours' }).click();
    let editor = page.getByRole('form', { name: 'Edit release' });
    await editor.getByLabel('Cover file').setInputFiles(coverPath);
    await page.getByText('Cover of Quiet Hours uploaded').waitFor({ timeout: 30_000 });
    // Each track's master, and the Extended Mix's preview window and VIP download, in the same editor.
    for (const mix of ['Extended Mix', 'Radio Edit']) {
      await editor.getByLabel(`Audio file of Quiet Hours (${mix})`).setInputFiles(masterPath);
      await page.getByText(`Audio of Quiet Hours (${mix}) uploaded: its preview is being cut`).waitFor();
      await editor.getByRole('group', { name: mix === 'Extended Mix' ? 'Track 1' : 'Track 2' }).getByText(/^Audio uploaded, /).waitFor();
    }
    const extended = editor.getByRole('group', { name: 'Track 1' });
    await extended.getByRole('textbox', { name: 'Preview start' }).fill('0:01');
    await extended.getByRole('textbox', { name: 'Preview length' }).fill('0:05');
    await extended.getByRole('switch', { name: 'VIP members download the uploaded audio' }).check();
    await extended.scrollIntoViewIfNeeded();
    await animationsSettled(page);
    await saveScreenshot(page, 'releases-first-editor-tracks-desktop');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved “Quiet Hours”').last().waitFor();
    await editor.waitFor({ state: 'detached' });
    await row.filter({ hasText: '2 (2 with audio)' }).waitFor();
    const stored = (await (await fetch(`${site.server.url}/api/admin/releases/${release.id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: AdminReleaseDetail };
    expect(stored.data.tracks.map((t) => [t.mix_version, t.audio?.file_name, t.preview_start_ms, t.preview_length_ms, t.member_download])).toEqual([
      ['Extended Mix', expect.stringMatching(/\.wav$/), 1_000, 5_000, true],
      ['Radio Edit', expect.stringMatching(/\.wav$/), null, null, false],
    ]);
    await row.getByRole('button', { name: 'Quiet Hours' }).click();
    await editor.waitFor();
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });

    // The draft is nowhere public: its address, the label's list and search, the release API.
    expect((await fetch(`${site.server.url}/tech/releases/${release.slug}`)).status).toBe(404);
    expect((await fetch(`${site.server.url}/api/releases/${release.id}`)).status).toBe(404);
    const techList = async () => (await (await fetch(`${site.server.url}/api/releases?label=tech&q=Quiet%20Hours`)).json()) as { data: Release[] };
    expect((await techList()).data).toEqual([]);
    expect(await (await fetch(`${site.server.url}/sitemap.xml`)).text()).not.toContain(release.slug);

    // Published from its editor.
    await row.getByRole('button', { name: 'Quiet Hours' }).click();
    editor = page.getByRole('form', { name: 'Edit release' });
    await editor.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: /^published$/i }).click();
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved “Quiet Hours”').last().waitFor();
    await row.filter({ hasText: 'Published' }).waitFor();
    await animationsSettled(page);
    await saveScreenshot(page, 'releases-first-admin-list-desktop');
    expect((await techList()).data.map((r) => r.slug)).toEqual(['bldt950-quiet-hours']);

    // Its page at its slug URL, dark (the default theme) at 1280 px.
    const desktop = await openPage(site.browser, `${site.server.url}/tech/releases/${release.slug}`, site.problems);
    await checkPublicPage(desktop, 'desktop', 'dark');
    await desktop.close();
    await page.close();
    expect(site.problems).toEqual([]);
  }, 180_000);

  it('shows the published EP at 390 px in the light theme', async () => {
    await site.browser.context.addCookies([{ name: themeCookieName, value: 'light', url: site.server.url }]);
    const phone = await openPage(site.browser, `${site.server.url}/tech/releases/${release.slug}`, site.problems, { viewport: 'phone' });
    await checkPublicPage(phone, 'phone', 'light');
    await phone.close();
    // The editor at 390 px: each track's audio, preview window and download, nothing wider than the screen.
    const admin = await openPage(site.browser, `${site.server.url}/admin/releases`, site.problems, { viewport: 'phone' });
    await admin.getByRole('searchbox', { name: 'Search releases' }).fill('BLDT950');
    await admin.getByRole('button', { name: 'Quiet Hours' }).click();
    const track = admin.getByRole('form', { name: 'Edit release' }).getByRole('group', { name: 'Track 1' });
    await track.getByRole('button', { name: 'Replace audio' }).scrollIntoViewIfNeeded();
    await animationsSettled(admin);
    await saveScreenshot(admin, 'releases-first-editor-tracks-phone');
    expect(await sidewaysScroll(admin)).toBe(0);
    expect(await severeViolations(admin)).toEqual([]);
    await admin.close();
    expect(site.problems).toEqual([]);
  }, 60_000);
});
