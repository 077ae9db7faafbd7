import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Release, ReleaseTrack, Track } from '../../src/shared/api/catalog.js';
import { logInAsAdmin } from '../e2e-helpers/admin-session.js';
import { animationsSettled, appStarted, openPage, saveScreenshot, sidewaysScroll } from '../e2e-helpers/browser.js';
import { useSharedSite } from '../e2e-helpers/production-site.js';

/** How the tables name a track: its title and mix version, unless the title already says it. */
function shownTitle({ title, mix_version: mix }: Pick<Track, 'title' | 'mix_version'>): string {
  return mix && !title.toLowerCase().includes(mix.toLowerCase()) ? `${title} (${mix})` : title;
}
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The page does not scroll sideways (a wide table scrolls inside its own box). */

// Staff edit and delete a demo-catalog track, and fans see the change on the public site at once.
describe('admin tracks and artists', () => {
  const site = useSharedSite();
  /**
   * A deep release with two tracks or more and a title no other deep release has: the oldest, since
   * the other files on the shared server play and open the newest.
   */
  let release: Release;

  beforeAll(async () => {
    const list = (await (await fetch(`${site.server.url}/api/releases?label=deep&limit=100&include_tracks=true`)).json()) as { data: Release[] };
    release = list.data.findLast(
      (r) => (r.tracks?.length ?? 0) >= 2 && list.data.filter((other) => other.title === r.title).length === 1,
    ) as Release;
    expect(release).toBeDefined();
  });

  /** The public release modal, freshly loaded. */
  async function openPublicRelease(page: Page) {
    await page.goto(`${site.server.url}/deep/releases`);
    await appStarted(page);
    await page.getByPlaceholder('Search releases...').fill(release.title);
    await page.getByRole('button', { name: new RegExp(escape(release.title)) }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: release.title }).waitFor();
    return dialog;
  }

  /** The admin table's row of a track of the release, found with the search box. */
  async function findRow(page: Page, track: Pick<Track, 'title' | 'mix_version'>) {
    await page.getByRole('searchbox', { name: 'Search tracks' }).fill(track.title);
    const edit = page.getByRole('button', { name: `Edit “${shownTitle(track)}”` });
    const row = page.getByRole('row').filter({ hasText: release.title }).filter({ has: edit });
    await row.waitFor();
    return row;
  }

  it('edits a track title and deletes a track, and the public release shows both at once', async () => {
    const [edited, deleted] = release.tracks as [ReleaseTrack, ReleaseTrack];
    const page = await openPage(site.browser, `${site.server.url}/login`, site.problems);
    await logInAsAdmin(page, site.server);
    await page.goto(`${site.server.url}/admin/tracks`);
    const table = page.getByRole('table', { name: 'Tracks' });
    for (const column of ['Title', 'Artist', 'Release', 'Duration', 'Release Date', 'Actions']) {
      await table.getByRole('columnheader', { name: column, exact: true }).waitFor();
    }
    await table.getByRole('row').nth(25).waitFor();
    await saveScreenshot(page, 'admin-tracks-desktop');

    const row = await findRow(page, edited);
    await row.getByRole('button', { name: `Edit “${shownTitle(edited)}”` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit track' });
    await dialog.getByRole('textbox', { name: 'Title' }).waitFor();
    await animationsSettled(page);
    await saveScreenshot(page, 'admin-track-edit-desktop');
    const renamed = { ...edited, title: `${edited.title} Staff Edit` };
    await dialog.getByRole('textbox', { name: 'Title' }).fill(renamed.title);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Saved “${renamed.title}”`).waitFor();
    await page.getByRole('row').filter({ hasText: shownTitle(renamed) }).first().waitFor();

    let publicRelease = await openPublicRelease(page);
    await publicRelease.getByRole('cell', { name: shownTitle(renamed), exact: true }).waitFor();
    expect(await publicRelease.getByRole('cell', { name: shownTitle(edited), exact: true }).count()).toBe(0);

    await page.goto(`${site.server.url}/admin/tracks`);
    const doomed = await findRow(page, deleted);
    await doomed.getByRole('button', { name: `Delete “${shownTitle(deleted)}”` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete “${shownTitle(deleted)}”?` });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Deleted track "${shownTitle(deleted)}"`).waitFor();
    await doomed.waitFor({ state: 'detached' });

    publicRelease = await openPublicRelease(page);
    await publicRelease.getByRole('cell', { name: shownTitle(renamed), exact: true }).waitFor();
    expect(await publicRelease.getByRole('cell', { name: shownTitle(deleted), exact: true }).count()).toBe(0);
    // The header row and one track fewer.
    expect(await publicRelease.getByRole('table').first().getByRole('row').count()).toBe(release.tracks!.length);
    expect(site.problems).toEqual([]);
    await page.close();
  });

  it('lists the artists with their counts', async () => {
    const page = await openPage(site.browser, `${site.server.url}/admin/artists`, site.problems);
    const table = page.getByRole('table', { name: 'Artists' });
    for (const column of ['Name', 'Genres', 'Releases', 'Tracks', 'Actions']) {
      await table.getByRole('columnheader', { name: column, exact: true }).waitFor();
    }
    await table.getByRole('row').nth(25).waitFor();
    await saveScreenshot(page, 'admin-artists-desktop');
    expect(site.problems).toEqual([]);
    await page.close();
  });

  it('fits a phone: the tables scroll inside their box, never the page', async () => {
    const page = await openPage(site.browser, `${site.server.url}/admin/tracks`, site.problems, { viewport: 'phone' });
    await page.getByRole('table', { name: 'Tracks' }).getByRole('row').nth(25).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await saveScreenshot(page, 'admin-tracks-phone');
    await page.getByRole('button', { name: /^Edit “/ }).first().click();
    await page.getByRole('dialog', { name: 'Edit track' }).getByRole('textbox', { name: 'Title' }).waitFor();
    await animationsSettled(page);
    await saveScreenshot(page, 'admin-track-edit-phone');
    await page.keyboard.press('Escape');

    await page.goto(`${site.server.url}/admin/artists`);
    await page.getByRole('table', { name: 'Artists' }).getByRole('row').nth(25).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await saveScreenshot(page, 'admin-artists-phone');
    expect(site.problems).toEqual([]);
    await page.close();
  });
});
