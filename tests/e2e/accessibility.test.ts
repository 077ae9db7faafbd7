import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { logInAsAdmin } from '../e2e-helpers/admin-session.js';
import { severeViolations } from '../e2e-helpers/axe.js';
import { animationsSettled, openPage, screenshotDir, type viewports } from '../e2e-helpers/browser.js';
import { useSharedSite } from '../e2e-helpers/production-site.js';

// WCAG 2.2 AA by axe-core (issue 15 §11): every public route, a release (opened and linked) and an artist dialog, and
// every admin tab, at 1280 and 390 px, in the dark and the light theme. Serious and critical
// violations fail; the counts per page are written to tests/.output/axe-counts.json. The signed-in member
// page and the "Join VIP" prompt need Stripe and email: vip-member-perks.test.ts checks them the same way.

interface Stop {
  name: string;
  path: string;
  /** What to do after the page loaded (open a dialog), resolving once it shows. */
  then?: (page: Page) => Promise<void>;
}

const publicStops: Stop[] = [
  { name: 'records landing', path: '/records' },
  { name: 'tech landing', path: '/tech' },
  { name: 'records releases', path: '/records/releases' },
  {
    name: 'release dialog',
    path: '/tech/releases',
    then: async (page) => {
      await page.getByRole('region', { name: 'All Releases' }).getByRole('button').first().click();
      await page.getByRole('dialog').getByRole('table').first().waitFor();
    },
  },
  {
    name: 'release link',
    path: '/tech/releases',
    then: async (page) => {
      await page.getByRole('region', { name: 'All Releases' }).getByRole('button').first().click();
      await page.waitForURL(/\/tech\/releases\/[^/]+$/);
      // The release's own link loaded afresh: its modal comes drawn by the server, then hydrated.
      await page.reload();
      await page.getByRole('dialog').getByRole('table').first().waitFor();
    },
  },
  { name: 'deep artists', path: '/deep/artists' },
  {
    name: 'artist dialog',
    path: '/records/artists',
    then: async (page) => {
      await page.getByRole('main').locator('.MuiCardActionArea-root').first().click();
      await page.getByRole('dialog').getByRole('heading', { name: 'Releases' }).waitFor();
      await page.getByRole('dialog').getByRole('table').first().waitFor();
    },
  },
  { name: 'tech playlists', path: '/tech/playlists' },
  { name: 'records submit', path: '/records/submit' },
  { name: 'vip', path: '/vip' },
  { name: 'legal', path: '/legal' },
  { name: 'login', path: '/login' },
  { name: 'not found', path: '/records/nowhere' },
];

const adminStops: Stop[] = ['', '/tracks', '/artists', '/labels', '/settings', '/demos', '/members', '/newsletter'].map((tab) => ({
  name: `admin${tab || ' overview'}`,
  path: `/admin${tab}`,
  then: async (page) => {
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  },
}));

type Counts = Record<string, Record<string, number>>;
const counts: Counts = {};

describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  const site = useSharedSite();

  /** Serious and critical violations of one page, as "rule: target" lines. */
  async function audit(page: Page, stop: Stop, run: string): Promise<string[]> {
    await page.goto(`${site.server.url}${stop.path}`);
    await page.waitForLoadState('networkidle');
    await stop.then?.(page);
    await page.waitForLoadState('networkidle');
    await animationsSettled(page);
    const severe = await severeViolations(page);
    (counts[stop.name] ??= {})[run] = severe.reduce((sum, v) => sum + v.nodes.length, 0);
    return severe.flatMap((v) => v.nodes.map((n) => `${run} ${stop.path} ${v.id}: ${n.target.join(' ')}`));
  }

  for (const theme of ['dark', 'light'] as const) {
    for (const viewport of ['desktop', 'phone'] as (keyof typeof viewports)[]) {
      it(`has no serious or critical violation in the ${theme} theme on a ${viewport}`, { timeout: 240_000 }, async () => {
        const run = `${theme}/${viewport}`;
        const page = await openPage(site.browser, `${site.server.url}/legal`, site.problems, { viewport, expectedStatuses: [404] });
        await page.evaluate((mode) => localStorage.setItem('theme', mode), theme);
        await logInAsAdmin(page, site.server);
        const found: string[] = [];
        for (const stop of [...publicStops, ...adminStops]) found.push(...(await audit(page, stop, run)));
        await page.close();
        expect(found).toEqual([]);
      });
    }
  }

  afterAll(() => {
    mkdirSync(screenshotDir, { recursive: true });
    writeFileSync(join(screenshotDir, 'axe-counts.json'), `${JSON.stringify(counts, null, 2)}\n`);
  });

  it('logged no page errors or console errors on any page', () => {
    expect(site.problems).toEqual([]);
  });
});
