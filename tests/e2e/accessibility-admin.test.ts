import { afterAll, describe, expect, it } from 'vitest';
import { auditWalk, writeAxeCounts, type AxeCounts, type AxeStop } from '../e2e-helpers/axe.js';
import { useSharedSite } from '../e2e-helpers/production-site.js';

// WCAG 2.2 AA by axe-core: every admin tab, signed in as staff, at 1280 and 390 px, in the dark and the light
// theme; the public pages are public-routes.test.ts's. Serious and critical violations fail; the counts per page
// are written to tests/.output/axe-counts-admin.json.

const adminStops: AxeStop[] = ['', '/releases', '/tracks', '/artists', '/labels', '/settings', '/demos', '/members', '/newsletter'].map((tab) => ({
  name: `admin${tab || ' overview'}`,
  path: `/admin${tab}`,
  then: async (page) => {
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  },
}));

const counts: AxeCounts = {};

describe('accessibility of the admin (axe-core, WCAG 2.2 AA)', () => {
  const site = useSharedSite();

  for (const theme of ['dark', 'light'] as const) {
    for (const viewport of ['desktop', 'phone'] as const) {
      // 9 tabs, each loaded, let settle and checked: more than the tier's 30 s.
      it(`has no serious or critical violation in the ${theme} theme on a ${viewport}`, { timeout: 120_000 }, async () => {
        expect(await auditWalk(site, adminStops, { theme, viewport, staff: true }, counts)).toEqual([]);
      });
    }
  }

  afterAll(() => writeAxeCounts('axe-counts-admin.json', counts));

  it('logged no page errors or console errors on any page', () => {
    expect(site.problems).toEqual([]);
  });
});
