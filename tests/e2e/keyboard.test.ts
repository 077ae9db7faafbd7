import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { aDemoArtist, aDemoTrack } from '../helpers/demo-builders.js';
import { e2eAdmin } from '../e2e-helpers/admin-session.js';
import { openPage } from '../e2e-helpers/browser.js';
import { useSharedSite } from '../e2e-helpers/production-site.js';

// Keyboard only (issue 15 §13, WCAG 2.1.1 and 2.4.7), in Debian's Chromium against the shared
// production server: no mouse, no locator clicks. On that server this file sends 1 demo and 1 VIP
// sign-up, and edits one track's title and puts it back (tests/e2e-helpers/global-setup.ts).

interface Focused {
  name: string;
  tag: string;
  outline: string;
  inMain: boolean;
}

/** What has the focus: its accessible name (label, aria-label or text), and whether its focus shows. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return { name: '', tag: '', outline: 'none', inMain: false };
    const labelled = el.getAttribute('aria-labelledby');
    const name =
      el.getAttribute('aria-label') ??
      (labelled ? (document.getElementById(labelled)?.textContent ?? '') : '') ??
      '';
    const labelText = (el as HTMLInputElement).labels?.[0]?.textContent ?? '';
    return {
      name: (name || labelText || el.textContent || '').replace(/\s+/g, ' ').trim(),
      tag: el.tagName.toLowerCase(),
      outline: getComputedStyle(el).outlineStyle,
      inMain: Boolean(el.closest('main')),
    };
  });
}

/** The focused element if it matches, else presses Tab (or Shift+Tab) until one does; fails after `max` presses. */
async function tabTo(page: Page, matches: (f: Focused) => boolean, { max = 80, back = false } = {}): Promise<Focused> {
  const current = await focused(page);
  if (matches(current)) return current;
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (matches(now)) return now;
  }
  throw new Error(`not reached in ${max} presses`);
}

const named = (text: string | RegExp) => (f: Focused) => (typeof text === 'string' ? f.name === text : text.test(f.name));

describe('keyboard only', () => {
  const site = useSharedSite();
  const open = (path: string) => openPage(site.browser, `${site.server.url}${path}`, site.problems);

  it('skips to the main content, reaches every navigation entry, and shows where the focus is', async () => {
    const page = await open('/records');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The first stop is the skip link, shown while focused (issue 15: there was none).
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ name: 'Skip to main content', tag: 'a' });
    const box = await page.getByRole('link', { name: 'Skip to main content' }).boundingBox();
    expect(box && box.y >= 0).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    const seen: Focused[] = [];
    for (let i = 0; i < 18; i += 1) {
      await page.keyboard.press('Tab');
      seen.push(await focused(page));
    }
    const names = seen.map((f) => f.name);
    for (const entry of ['records', 'Toggle theme', 'Home', 'Artists', 'Releases', 'Playlists', 'Submit', 'VIP', 'Social Media', 'Facebook', 'Instagram', 'YouTube', 'SoundCloud']) {
      expect(names, entry).toContain(entry);
    }
    // Every stop shows a focus ring (issue 15: MUI's buttons had outline: none).
    expect(seen.filter((f) => f.outline === 'none').map((f) => f.name)).toEqual([]);
    // The other label tabs are one arrow key away, as in any tab list.
    await tabTo(page, named('records'), { back: true });
    await page.keyboard.press('ArrowRight');
    expect((await focused(page)).name).toBe('tech');
    await page.keyboard.press('End');
    expect((await focused(page)).name).toBe('deep');
    await page.keyboard.press('Home');
    expect((await focused(page)).name).toBe('records');
    await page.keyboard.press('ArrowLeft');
    expect((await focused(page)).name).toBe('deep');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect((await focused(page)).name).toBe('tech');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.server.url}/tech`);
    await page.close();
  });

  it('opens a release, plays a track, closes with Escape and lands back on the card', async () => {
    const page = await open('/deep/releases');
    await page.getByRole('heading', { name: 'All Releases' }).waitFor();
    await page.getByRole('region', { name: 'All Releases' }).getByRole('button').first().waitFor();
    const card = await (async () => {
      for (let i = 0; i < 80; i += 1) {
        const inGrid = await page.evaluate(() => Boolean(document.activeElement?.closest('[aria-labelledby="all-releases-heading"]')));
        if (inGrid) return page.evaluateHandle(() => document.activeElement as HTMLElement);
        await page.keyboard.press('Tab');
      }
      throw new Error('no release card reached');
    })();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('table').first().waitFor();
    const play = await tabTo(page, (f) => /^Play /.test(f.name), { max: 40 });
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).name).toBe(play.name.replace(/^Play /, 'Pause '));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate((el) => document.activeElement === el, card)).toBe(true);
    // The player (hidden from assistive technology while the dialog was open) plays on.
    await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Pause' }).waitFor();
    await page.close();
  });

  it('sends a demo', async () => {
    const page = await open('/tech/submit');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const artist = aDemoArtist({ name: 'Keys Only', email: 'keys.e2e@example.com' });
    const track = aDemoTrack({ name: 'Tab Order', soundCloudPrivateLink: 'https://soundcloud.com/keys-only/tab-order/s-Ab12Cd' });
    const fields: [RegExp, string][] = [
      [/^Full name/, artist.fullName],
      [/^Artist name/, artist.name],
      [/^Email/, artist.email],
      [/^Country/, artist.country],
      [/^Province/, artist.province],
      [/^City/, artist.city],
      [/^Facebook/, artist.facebook ?? ''],
      [/^Twitter/, artist.twitter ?? ''],
      [/^Instagram/, artist.instagram ?? ''],
      [/^SoundCloud/, artist.soundcloud ?? ''],
      [/^Spotify/, artist.spotify ?? ''],
      [/^Apple Music/, artist.appleMusic ?? ''],
      [/^Track name/, track.name],
      [/^Genre/, track.genre],
      [/^Private SoundCloud link/, track.soundCloudPrivateLink],
    ];
    for (const [label, value] of fields) {
      await tabTo(page, (f) => f.tag === 'input' && label.test(f.name), { max: 30 });
      await page.keyboard.type(value);
    }
    await tabTo(page, (f) => /I accept the terms/.test(f.name), { max: 6 });
    await page.keyboard.press('Space');
    await tabTo(page, named('Submit Demo'), { max: 6 });
    await page.keyboard.press('Enter');
    await page.getByText('Demo submitted successfully!').waitFor();
    await page.close();
  });

  it('joins the VIP waiting list', async () => {
    const page = await open('/vip');
    await page.getByRole('heading', { level: 1, name: 'VIP Membership' }).waitFor();
    await page.getByRole('region', { name: 'Payments are not open yet' }).waitFor();
    await tabTo(page, (f) => /^Email/.test(f.name));
    await page.keyboard.type('kay.keyboard.e2e@example.com');
    await page.keyboard.press('Enter');
    await page.getByText(/Check your inbox: confirm your address there/).waitFor();
    await page.close();
  });

  it('logs in and edits a track in the admin', async () => {
    const oldest = (await (await fetch(`${site.server.url}/api/releases?label=tech&sort=date:asc&limit=1&include_tracks=true`)).json()) as {
      data: { tracks: { title: string }[] }[];
    };
    const title = oldest.data[0]?.tracks[0]?.title as string;
    const page = await open('/login');
    await tabTo(page, (f) => f.tag === 'input' && /^Username/.test(f.name));
    await page.keyboard.type(e2eAdmin.username);
    await page.keyboard.press('Tab');
    await page.keyboard.type(e2eAdmin.password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();

    const rename = async (from: string, to: string) => {
      // The selected tab is the tab list's one stop; the arrow keys move along it.
      await tabTo(page, named('Overview'));
      await page.keyboard.press('ArrowRight');
      expect((await focused(page)).name).toBe('Releases');
      await page.keyboard.press('ArrowRight');
      expect((await focused(page)).name).toBe('Tracks');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${site.server.url}/admin/tracks`);
      await tabTo(page, (f) => f.tag === 'input' && /^Search tracks/.test(f.name));
      await page.keyboard.type(from);
      const edit = new RegExp(`^Edit “${from}( \\(.*\\))?”$`);
      await page.getByRole('button', { name: edit }).first().waitFor();
      await tabTo(page, named(edit));
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Edit track' }).waitFor();
      await tabTo(page, (f) => f.tag === 'input' && /^Title/.test(f.name), { max: 10 });
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(to);
      await page.keyboard.press('Enter');
      await page.getByText(`Saved “${to}”`).waitFor();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    };
    await rename(title, `${title} Keys`);
    // Put it back for the other files on this server.
    await page.goto(`${site.server.url}/admin`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await rename(`${title} Keys`, title);
    await page.close();
  });

  it('logged no page errors or console errors on any page', () => {
    expect(site.problems).toEqual([]);
  });
});
