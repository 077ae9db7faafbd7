import { afterAll, describe, expect, it } from 'vitest';
import { auditWalk, writeAxeCounts, type AxeCounts, type AxeStop } from '../e2e-helpers/axe.js';
import { useSharedSite } from '../e2e-helpers/production-site.js';

// WCAG 2.2 AA by axe-core (issue 15 §11): every public route, a release (opened and linked) and an artist dialog,
// at 1280 and 390 px, in the dark and the light theme; the admin tabs are accessibility-admin.test.ts's. Serious and
// critical violations fail; the counts per page are written to tests/.output/axe-counts-public.json. The signed-in
// member page and the "Join VIP" prompt need Stripe and email: vip-member-perks.test.ts checks them the same way.

const publicStops: AxeStop[] = [
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

const counts: AxeCounts = {};

describe('accessibility of the public pages (axe-core, WCAG 2.2 AA)', () => {
  const site = useSharedSite();

  for (const theme of ['dark', 'light'] as const) {
    for (const viewport of ['desktop', 'phone'] as const) {
      // 13 pages, each loaded, let settle and checked: more than the tier's 30 s.
      it(`has no serious or critical violation in the ${theme} theme on a ${viewport}`, { timeout: 120_000 }, async () => {
        expect(await auditWalk(site, publicStops, { theme, viewport }, counts)).toEqual([]);
      });
    }
  }

  afterAll(() => writeAxeCounts('axe-counts-public.json', counts));

  it('logged no page errors or console errors on any page', () => {
    expect(site.problems).toEqual([]);
  });
});
