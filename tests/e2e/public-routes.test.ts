import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditWalk, writeAxeCounts, type AxeCounts, type AxeStop, type StopCheck } from '../e2e-helpers/axe.js';
import { saveScreenshot, sidewaysScroll } from '../e2e-helpers/browser.js';
import { useSharedSite } from '../e2e-helpers/production-site.js';

// Every public route, loaded afresh at 1280 and 390 px in the dark and the light theme, walked once for all
// that a page must be wherever it is opened: drawn by the server and hydrated without a console warning or
// error (the app then answers a click on the theme toggle), its heading, no sideways scrolling, and WCAG 2.2 AA
// by axe-core (issue 15 §11: serious and critical violations fail; the counts per page are written to
// tests/.output/axe-counts-public.json). A release (opened and linked) and an artist dialog are checked open.
// The admin tabs are accessibility-admin.test.ts's; the signed-in member page and the "Join VIP" prompt need
// Stripe and email: vip-member-perks.test.ts checks them the same way.

/** A stop with its first-level heading ('' where it is the content's own, as an artist's name). */
interface PublicStop extends AxeStop {
  heading: string;
}
let artistLink = '';

const stop = (name: string, path: AxeStop['path'], heading: string, then?: AxeStop['then']): PublicStop => ({ name, path, heading, then });

const openFirstRelease = async (page: Page) => {
  await page.getByRole('region', { name: 'All Releases' }).getByRole('button').first().click();
};

const publicStops: PublicStop[] = [
  stop('records landing', '/records', 'Build It Records'),
  // A label's long name leads to its pages as its short one does.
  stop('tech landing', '/buildit-tech', 'Build It Tech'),
  stop('deep landing', '/deep', 'Build It Deep'),
  stop('records releases', '/records/releases', 'Build It Records Releases'),
  stop('release dialog', '/tech/releases', 'Build It Tech Releases', async (page) => {
    await openFirstRelease(page);
    await page.getByRole('dialog').getByRole('table').first().waitFor();
  }),
  stop('release link', '/tech/releases', 'Build It Tech Releases', async (page) => {
    await openFirstRelease(page);
    await page.waitForURL(/\/tech\/releases\/[^/]+$/);
    // The release's own link loaded afresh: its modal comes drawn by the server, then hydrated
    // (hydration.test.ts checks it in place, its keyboard and its way back).
    await page.reload();
    await page.getByRole('dialog').getByRole('table').first().waitFor();
  }),
  stop('deep artists', '/deep/artists', 'Build It Deep Artists'),
  stop('artist dialog', '/records/artists', 'Build It Records Artists', async (page) => {
    await page.getByRole('main').locator('.MuiCardActionArea-root').first().click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Releases' }).waitFor();
    await page.getByRole('dialog').getByRole('table').first().waitFor();
  }),
  stop('artist link', () => artistLink, ''),
  stop('records playlists', '/records/playlists', 'Build It Records'),
  stop('deep submit', '/deep/submit', 'Submit Demo to Build It Deep'),
  stop('vip', '/vip', ''),
  stop('legal', '/legal', ''),
  stop('login', '/login', ''),
  stop('not found', '/nowhere/at/all', 'Page Not Found'),
];

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

const checkPage: StopCheck<PublicStop> = async (page, { name, path, heading }, { theme, viewport }) => {
  const h1 = page.getByRole('heading', { level: 1 }).first();
  await h1.waitFor();
  if (heading) expect(await h1.textContent(), path).toBe(heading);
  expect(await sidewaysScroll(page), `${path} on ${viewport}`).toBe(0);
  if (theme === 'dark') await saveScreenshot(page, `route-${viewport}-${name.replaceAll(' ', '-')}`);
  // Hydrated: the theme toggle, drawn by the server, answers a click; a second puts the walk's theme back.
  const before = await background(page);
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect.poll(() => background(page), { message: `${path}: the theme toggle answers` }).not.toBe(before);
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect.poll(() => background(page)).toBe(before);
};

const counts: AxeCounts = {};

describe('every public route in the browser: hydrated, laid out and accessible (axe-core, WCAG 2.2 AA)', () => {
  const site = useSharedSite();

  beforeAll(async () => {
    const answer = (await (await fetch(`${site.server.url}/api/artists?label=deep&limit=1`)).json()) as { data: { id: string }[] };
    artistLink = `/deep/artists/${answer.data[0]!.id}`;
  });

  for (const theme of ['dark', 'light'] as const) {
    for (const viewport of ['desktop', 'phone'] as const) {
      // 15 pages, each loaded, checked, let settle and audited: more than the tier's 30 s.
      it(`every page in the ${theme} theme on a ${viewport}: hydrated, its heading, no sideways scrolling, no serious or critical violation`, { timeout: 120_000 }, async () => {
        expect(await auditWalk(site, publicStops, { theme, viewport, check: checkPage }, counts)).toEqual([]);
      });
    }
  }

  afterAll(() => writeAxeCounts('axe-counts-public.json', counts));

  it('logged no page errors, console errors or console warnings on any page', () => {
    expect(site.problems).toEqual([]);
  });
});
