import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { animationsSettled, appStarted, openPage, saveScreenshot } from '../e2e-helpers/browser.js';
import { useSharedSite } from '../e2e-helpers/production-site.js';

// The public site in Debian's Chromium against the shared production server (tests/e2e-helpers/global-setup.ts).
// Every route's heading and layout at 1280 and 390 px (no sideways scrolling) is public-routes.test.ts's walk.
describe('public site', () => {
  const site = useSharedSite();

  const open = (path: string, viewport: 'desktop' | 'phone' = 'desktop'): Promise<Page> =>
    // Unknown ids are meant to get their 404 answer.
    openPage(site.browser, `${site.server.url}${path}`, site.problems, { viewport, expectedStatuses: [404] });

  async function api<T>(path: string): Promise<T> {
    return (await (await fetch(`${site.server.url}/api${path}`)).json()) as T;
  }

  it('redirects / to /records and shows the About content', async () => {
    const page = await open('/');
    await page.waitForURL(`${site.server.url}/records`);
    await page.getByRole('heading', { level: 1, name: 'Build It Records' }).waitFor();
    await page.getByText('House Music For The Underground').waitFor();
    await page.getByRole('heading', { name: 'Our Story' }).waitFor();
    await page.getByText('first release on 3 March 2015').waitFor();
    await page.getByText('parent label of Build It Deep and Build It Tech').waitFor();
    await page.getByRole('heading', { name: 'Latest Releases' }).waitFor();
    await saveScreenshot(page, 'records-landing-desktop');
    await page.close();
  });

  it('shows the tech and deep heroes with their taglines, releases and artists', async () => {
    for (const [path, tagline] of [
      ['/tech', 'Pushing Boundaries in Tech House'],
      ['/deep', 'The Soul of Underground House Music'],
    ] as const) {
      const page = await open(path);
      await page.getByText(tagline).waitFor();
      await page.getByRole('heading', { name: 'Artists' }).waitFor();
      await page.getByRole('heading', { name: 'Latest Releases' }).waitFor();
      await saveScreenshot(page, `${path.slice(1)}-landing-desktop`);
      await page.close();
    }
  });

  it('colours each tab with its label accent and navigates on selection', async () => {
    const page = await open('/records');
    const accents: Record<string, string> = {
      records: 'rgb(2, 255, 149)',
      tech: 'rgb(255, 0, 0)',
      deep: 'rgb(0, 191, 255)',
    };
    for (const [tab, colour] of Object.entries(accents)) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForURL(`${site.server.url}/${tab}`);
      const selected = page.getByRole('tab', { name: tab });
      await expect.poll(() => selected.getAttribute('aria-selected')).toBe('true');
      expect(await selected.evaluate((el) => getComputedStyle(el).color)).toBe(colour);
    }
    await page.close();
  });

  it('lays out the desktop shell: permanent drawer with the label entries, logo, offset content', async () => {
    const page = await open('/tech/artists');
    const nav = page.getByRole('navigation', { name: 'Build It Tech navigation' });
    await nav.waitFor();
    for (const entry of ['Home', 'Artists', 'Releases', 'Playlists', 'Submit', 'VIP', 'Social Media']) {
      await nav.getByRole('button', { name: entry }).or(nav.getByRole('link', { name: entry })).first().waitFor();
    }
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/tech');
    const socials = await nav.locator('a[target="_blank"]').evaluateAll((links) =>
      links.map((l) => [l.textContent, (l as HTMLAnchorElement).rel]),
    );
    expect(socials.map(([text]) => text)).toEqual(['Facebook', 'Instagram', 'YouTube', 'SoundCloud']);
    await page.getByRole('img', { name: 'Build It Tech logo' }).waitFor();
    const mainLeft = await page.locator('main').evaluate((el) => el.getBoundingClientRect().left);
    expect(mainLeft).toBe(240);
    await page.goto(`${site.server.url}/records/releases`);
    const recordsNav = page.getByRole('navigation', { name: 'Build It Records navigation' });
    expect(await recordsNav.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    await page.close();
  });

  it('opens the phone drawer with the hamburger and closes it after navigating', async () => {
    const page = await open('/deep', 'phone');
    await page.getByText('The Soul of Underground House Music').waitFor();
    expect(await page.getByRole('img', { name: 'Build It Deep logo' }).isVisible()).toBe(false);
    await saveScreenshot(page, 'deep-landing-phone');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('navigation', { name: 'Build It Deep navigation' }).last();
    await nav.waitFor();
    await saveScreenshot(page, 'drawer-phone');
    await nav.getByRole('link', { name: 'Releases' }).click();
    await page.waitForURL(`${site.server.url}/deep/releases`);
    await page.getByRole('heading', { level: 1, name: 'Build It Deep Releases' }).waitFor();
    await expect.poll(() => nav.isVisible()).toBe(false);
    await page.close();
  });

  it('scrolls the deep releases to the end and opens a release modal', async () => {
    const total = (await api<{ total: number }>('/releases?label=deep')).total;
    const page = await open('/deep/releases');
    await page.getByRole('heading', { level: 1, name: 'Build It Deep Releases' }).waitFor();
    await page.getByPlaceholder('Search releases...').waitFor();
    await page.getByRole('heading', { name: 'Latest Release' }).waitFor();
    await page.getByRole('heading', { name: 'Top Releases' }).waitFor();
    await page.getByRole('heading', { name: 'All Releases' }).waitFor();
    // Scrolls down until the list says it has no more: each wheel loads the next page, if any.
    const end = page.getByText('No more releases to load');
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 4000);
        return end.isVisible();
      }, { timeout: 20_000 })
      .toBe(true);
    expect(total).toBe(16);
    await saveScreenshot(page, 'deep-releases-desktop');
    const newest = (await api<{ data: { title: string }[] }>('/releases?label=deep&limit=1')).data[0]?.title as string;
    await page.getByRole('button', { name: new RegExp(newest) }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: newest }).waitFor();
    for (const column of ['#', 'Title', 'Artist', 'Time', 'Play']) {
      await dialog.getByRole('columnheader', { name: column, exact: true }).waitFor();
    }
    await saveScreenshot(page, 'release-modal-desktop');
    await page.close();
  });

  it('finds a release by an artist name and says so when nothing matches', async () => {
    const page = await open('/records/releases');
    const search = page.getByPlaceholder('Search releases...');
    await search.fill('zzzz-nothing');
    await page.getByText('No matches found for "zzzz-nothing"').waitFor();
    await page.getByRole('button', { name: 'Clear Search', exact: true }).click();
    await expect.poll(() => search.inputValue()).toBe('');
    await page.getByRole('heading', { name: 'All Releases' }).waitFor();
    await page.close();
  });

  it('filters the artists and opens an artist modal, also on a phone', async () => {
    const artists = await api<{ data: { name: string }[]; total: number }>('/artists?label=records&limit=100');
    const page = await open('/records/artists', 'phone');
    await page.getByRole('heading', { level: 1, name: 'Build It Records Artists' }).waitFor();
    await page.getByRole('button', { name: 'Load More Artists' }).waitFor();
    await saveScreenshot(page, 'records-artists-phone');
    const someone = artists.data[15]?.name as string;
    await page.getByPlaceholder('Search by artist name...').fill(someone);
    await page.getByRole('button', { name: new RegExp(someone) }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: someone }).waitFor();
    await dialog.getByText(/Build It Records \(\d+\)/).first().waitFor();
    await animationsSettled(page);
    await saveScreenshot(page, 'artist-modal-phone');
    await page.keyboard.press('Escape');
    await page.getByPlaceholder('Search by artist name...').fill('zzzz-nobody');
    await page.getByText('No artists match your search').waitFor();
    await page.close();
  });

  it('shows an artist page by deep link, and Page Not Found for an unknown one', async () => {
    const first = (await api<{ data: { id: string; name: string }[] }>('/artists?label=tech&limit=1')).data[0];
    const page = await open(`/tech/artists/${first?.id}`);
    await page.getByRole('heading', { level: 1, name: first?.name }).waitFor();
    await page.getByRole('heading', { name: 'Top Tracks' }).waitFor();
    await page.getByRole('heading', { name: 'Albums' }).waitFor();
    await saveScreenshot(page, 'artist-page-desktop');
    await page.goto(`${site.server.url}/tech/artists/nobody-at-all`);
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    await page.close();
  });

  it('lists the playlists of each label and shows the tracks of the selected one', async () => {
    const page = await open('/tech/playlists');
    await page.getByText('Techno & Tech House Playlists').waitFor();
    await page.getByText('Select a playlist to view tracks').waitFor();
    await page.getByRole('button', { name: /^Peak Time Tech/ }).click();
    await page.getByRole('table', { name: 'Tracks' }).waitFor();
    await saveScreenshot(page, 'tech-playlists-desktop');
    await page.goto(`${site.server.url}/deep/playlists`);
    await page.getByText('Deep House Playlists').waitFor();
    await page.goto(`${site.server.url}/records/playlists`);
    await page.getByText('House Music Playlists').waitFor();
    await page.getByRole('button', { name: /^From The Vault/ }).waitFor();
    // No Spotify URL is configured: the playlists play here, and no disabled 'Play on Spotify' shows.
    await page.getByRole('button', { name: 'Play From The Vault' }).waitFor();
    expect(await page.getByText('Play on Spotify').count()).toBe(0);
    await page.close();
  });

  it('answers unknown paths with Page Not Found and a way home', async () => {
    const page = await open('/tech/no-such-page');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await saveScreenshot(page, 'not-found-desktop');
    await page.getByRole('link', { name: 'Return Home' }).click();
    await page.waitForURL(`${site.server.url}/tech`);
    await page.close();
  });

  it('sends the admin area to the login page without a token, with no public shell under /admin', async () => {
    const page = await open('/admin/members');
    await page.waitForURL(`${site.server.url}/login`);
    await page.getByRole('heading', { name: 'Log In' }).waitFor();
    await page.getByText('Build It Records Admin').waitFor();
    await page.getByRole('button', { name: /log in/i }).click();
    await page.getByText('Please enter both username and password').waitFor();
    await page.goto(`${site.server.url}/admin/login`);
    await page.waitForURL(`${site.server.url}/login`);
    await saveScreenshot(page, 'login-desktop');
    await page.close();
  });

  it('keeps the chosen theme across a reload', async () => {
    const page = await open('/records');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await background()).toBe('rgb(0, 0, 0)');
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect.poll(background).not.toBe('rgb(0, 0, 0)');
    await page.reload();
    await appStarted(page);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(background).not.toBe('rgb(0, 0, 0)');
    await saveScreenshot(page, 'records-landing-light');
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect.poll(background).toBe('rgb(0, 0, 0)');
    await page.close();
  });

  it('logged no page errors or console errors on any page', () => {
    expect(site.problems).toEqual([]);
  });
});
