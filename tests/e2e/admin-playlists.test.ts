import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Track } from '../../src/shared/api/catalog.js';
import { aPicture } from '../helpers/images.js';
import { logInAsAdmin } from '../e2e-helpers/admin-session.js';
import { severeViolations } from '../e2e-helpers/axe.js';
import { animationsSettled, appStarted, chooseTheme, openPage, saveScreenshot, shownTheme, sidewaysScroll } from '../e2e-helpers/browser.js';
import { useSharedSite } from '../e2e-helpers/production-site.js';

/** "Night Drive (Extended Mix)", as the editor names a track. */
const nameOf = (track: Track) => (track.mix_version ? `${track.title} (${track.mix_version})` : track.title);

// Issue 35: staff make a playlist in the Playlists tab, add three tracks by search, reorder them, give it a
// cover and a description and publish it; the public playlists page shows it, its tracks in that order, at
// 1280 px (dark) and 390 px (light), axe-clean. On the shared server: the playlist is Deep's last, after the
// ones other files open, and its title is its own.
describe('a playlist curated in the admin', () => {
  const site = useSharedSite();
  const folder = mkdtempSync(join(tmpdir(), 'playlist-cover-'));
  const coverPath = join(folder, 'night-shift.png');
  let tracks: Track[];

  beforeAll(async () => {
    writeFileSync(coverPath, await aPicture(640, 640, 'png', '#224455'));
    // Three released tracks of different names, so that each is found by its search.
    const answer = (await (await fetch(`${site.server.url}/api/tracks?label=deep&limit=30`)).json()) as { data: Track[] };
    const byName = new Map(answer.data.map((track) => [track.title, track]));
    tracks = [...byName.values()].slice(0, 3);
    expect(tracks).toHaveLength(3);
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** The names in the editor's list, in order. */
  const editorOrder = (page: Page) => page.getByRole('list', { name: 'Tracks in order' }).getByRole('listitem').evaluateAll((items) => items.map((item) => item.querySelector('.MuiListItemText-primary')?.textContent));

  it('is made, filled, reordered, given a cover and published in the Playlists tab at 1280 px', async () => {
    const page = await openPage(site.browser, `${site.server.url}/login`, site.problems);
    page.setDefaultTimeout(20_000);
    await logInAsAdmin(page, site.server);
    await page.goto(`${site.server.url}/admin/playlists`);
    await page.getByRole('list', { name: 'Playlists' }).getByText('After Midnight').waitFor();
    await page.getByRole('button', { name: 'New playlist' }).click();
    const create = page.getByRole('form', { name: 'New playlist' });
    await create.getByRole('combobox', { name: 'Label' }).click();
    await page.getByRole('option', { name: 'Build It Deep' }).click();
    // A title of spaces is refused on its field, before anything is sent.
    await create.getByRole('textbox', { name: 'Title' }).fill('   ');
    await create.getByRole('button', { name: 'Save' }).click();
    await create.getByText('Title must not be empty').waitFor();
    await create.getByRole('textbox', { name: 'Title' }).fill('Night Shift');
    await create.getByRole('button', { name: 'Save' }).click();

    const editor = page.getByRole('dialog', { name: 'Edit playlist' });
    await editor.getByText('Draft: on no public page').waitFor();
    for (const track of tracks) {
      await editor.getByRole('searchbox', { name: 'Add tracks: search' }).fill(track.title);
      await editor.getByRole('list', { name: 'Search results' }).getByRole('button', { name: `Add “${nameOf(track)}”` }).first().click();
      await editor.getByRole('list', { name: 'Tracks in order' }).getByText(nameOf(track), { exact: true }).first().waitFor();
    }
    const [a, b, c] = tracks.map(nameOf) as [string, string, string];
    expect(await editorOrder(page)).toEqual([a, b, c]);
    // The third first: moved up twice.
    await editor.getByRole('button', { name: `Move “${c}” up` }).click();
    await expect.poll(() => editorOrder(page), { timeout: 15_000 }).toEqual([a, c, b]);
    await editor.getByRole('button', { name: `Move “${c}” up` }).click();
    await expect.poll(() => editorOrder(page), { timeout: 15_000 }).toEqual([c, a, b]);

    await editor.getByLabel('Cover file').setInputFiles(coverPath);
    await page.getByText('Cover of Night Shift uploaded').waitFor({ timeout: 30_000 });
    await editor.getByRole('textbox', { name: 'Description' }).fill('Deep cuts for the hours after the club.');
    await editor.getByRole('button', { name: 'Save title and description' }).click();
    await page.getByText('Saved “Night Shift”').waitFor();
    await editor.getByRole('button', { name: 'Publish', exact: true }).click();
    await editor.getByRole('button', { name: 'Unpublish' }).waitFor();
    await animationsSettled(page);
    await saveScreenshot(page, 'admin-playlist-editor-desktop');
    // The audit once the notices have gone (notistack's green success notice is not this file's to judge).
    await expect.poll(() => page.locator('.notistack-MuiContent').count(), { timeout: 30_000 }).toBe(0);
    expect(await severeViolations(page)).toEqual([]);
    await page.close();
  }, 120_000);

  it.each([
    ['desktop', 'dark'],
    ['phone', 'light'],
  ] as const)('shows on the public playlists page with its cover, description and tracks in order at %s, %s, axe-clean', async (viewport, theme) => {
    const page = await openPage(site.browser, `${site.server.url}/deep`, site.problems, { viewport });
    await chooseTheme(page, theme);
    await page.goto(`${site.server.url}/deep/playlists`);
    // The card opens its tracks once the app has taken the page over: a click before that reaches no handler.
    await appStarted(page);
    expect(await shownTheme(page)).toBe(theme);
    const card = page.getByRole('button', { name: /^Night Shift/ });
    await card.getByText('Deep cuts for the hours after the club.').waitFor();
    // Its cover is decoration beside its title (alt ""): the uploaded one.
    expect(await card.locator('img').getAttribute('src')).toMatch(/^\/media\/art\/.+\.webp$/);
    await card.click();
    const table = page.getByRole('table', { name: 'Tracks' });
    await table.waitFor();
    const shown = await table.getByRole('row').evaluateAll((rows) => rows.slice(1).map((row) => row.textContent ?? ''));
    const [a, b, c] = tracks;
    expect(shown).toHaveLength(3);
    for (const [row, track] of [c, a, b].entries()) expect(shown[row]).toContain(track!.title);
    expect(await sidewaysScroll(page)).toBe(0);
    await animationsSettled(page);
    await saveScreenshot(page, `playlist-public-${viewport}-${theme}`);
    expect(await severeViolations(page)).toEqual([]);
    await page.close();
  }, 90_000);

  it('reorders with Move down on a phone, and is off the public page once unpublished', async () => {
    const page = await openPage(site.browser, `${site.server.url}/login`, site.problems, { viewport: 'phone' });
    page.setDefaultTimeout(20_000);
    await logInAsAdmin(page, site.server);
    await page.goto(`${site.server.url}/admin/playlists`);
    await page.getByRole('list', { name: 'Playlists' }).getByText('Night Shift').click();
    const editor = page.getByRole('dialog', { name: 'Edit playlist' });
    const [a, b, c] = tracks.map(nameOf) as [string, string, string];
    await expect.poll(() => editorOrder(page), { timeout: 15_000 }).toEqual([c, a, b]);
    await editor.getByRole('button', { name: `Move “${c}” down` }).click();
    await expect.poll(() => editorOrder(page), { timeout: 15_000 }).toEqual([a, c, b]);
    expect(await sidewaysScroll(page)).toBe(0);
    await animationsSettled(page);
    await saveScreenshot(page, 'admin-playlist-editor-phone');
    expect(await severeViolations(page)).toEqual([]);
    await editor.getByRole('button', { name: 'Unpublish' }).click();
    await editor.getByRole('button', { name: 'Publish', exact: true }).waitFor();
    const answer = (await (await fetch(`${site.server.url}/api/playlists?label=deep`)).json()) as { data: { title: string }[] };
    expect(answer.data.map((p) => p.title)).not.toContain('Night Shift');
    await page.close();
  }, 90_000);
});
