import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { logInAsAdmin } from './admin-session.js';
import { animationsSettled, appStarted, chooseTheme, openPage, screenshotDir, shownTheme, type viewports } from './browser.js';
import type { ProductionSite } from './production-site.js';

/** axe-core's minified build: 650 KB for the page to parse, where the source the package exports to Node is 1.5 MB. */
const axeScript = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What axe-core puts on the page's window. */
type AxeWindow = Window & { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } };

/**
 * WCAG 2.2 AA by axe-core, as every browser test checks it: the serious and critical violations of the page as it is now.
 * axe-core's own `axe.run`, in the page itself, its script given to the page once per check and its answer only the
 * violations in full (`resultTypes`: passes and the rest keep one element per rule). @axe-core/playwright, used before, gave the page
 * axe's unminified source twice per check in its legacy mode (and otherwise each frame and a blank page more): parsing
 * it was most of a check's time. What it leaves out is the inside of frames from another origin; the site's only frames
 * are sandboxed email previews (their HTML is the email's, checked where the email is made).
 */
export async function severeViolations(page: Page) {
  await page.evaluate(axeScript);
  const violations = await page.evaluate(
    async (options) => (await (window as unknown as AxeWindow).axe.run(document, options)).violations,
    { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] } satisfies RunOptions,
  );
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const preloadTimerWarning = /was preloaded using link preload but not used within a few seconds/;

/**
 * The pictures the first HTML preloads (React writes one for each `fetchPriority="high"` image) that no image of the
 * page shows with the same choice of copies: an image with the preload's `srcset` and `sizes` (or its `src`), so that
 * a first visit's browser fetches the same copy for both. (Which copy it took is not compared: with a larger copy
 * already cached, as on this walk's later pages, Chromium paints that one and the preload's is left unused.)
 */
async function unusedPicturePreloads(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const images = [...document.images];
    return [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')]
      .filter((link) => !images.some((img) => (link.imageSrcset ? img.srcset === link.imageSrcset && img.sizes === link.imageSizes : img.src === link.href)))
      .map((link) => `${link.imageSrcset || link.href} (sizes ${link.imageSizes || 'none'})`);
  });
}

/** A page of an accessibility walk. */
export interface AxeStop {
  name: string;
  /** A function where the path is known only once the site runs (an artist's id). */
  path: string | (() => string);
  /** What to do after the page loaded (open a dialog), resolving once it shows. */
  then?: (page: Page) => Promise<void>;
}

/** What a walk checks on each page once the app has taken it over, before its `then`. */
export type StopCheck<S extends AxeStop = AxeStop> = (page: Page, stop: S & { path: string }, run: { theme: 'dark' | 'light'; viewport: keyof typeof viewports }) => Promise<void>;

/** Serious and critical findings per page and run ("dark/desktop"), written to tests/.output for people to read. */
export type AxeCounts = Record<string, Record<string, number>>;

/**
 * Walks the stops as one visitor in one theme and width, signed in as staff when `staff` is set, and
 * returns the serious and critical violations as "run path rule: target" lines (none is a pass). Each
 * page is loaded afresh (drawn by the server, then hydrated); its page errors and console errors and
 * warnings (hydration mismatches are among them) go to `site.problems`; `check` runs on each once the
 * app has taken it over.
 */
export async function auditWalk<S extends AxeStop>(
  site: ProductionSite,
  stops: S[],
  { theme, viewport, staff = false, check }: { theme: 'dark' | 'light'; viewport: keyof typeof viewports; staff?: boolean; check?: StopCheck<S> },
  counts: AxeCounts,
): Promise<string[]> {
  const run = `${theme}/${viewport}`;
  const page = await openPage(site.browser, `${site.server.url}/legal`, site.problems, { viewport, expectedStatuses: [404] });
  page.on('console', (msg) => {
    // Chromium's "preloaded … but not used within a few seconds from the window's load event" is a clock's verdict: it
    // shows only when a stop outlasts those seconds (a loaded machine), on a page whose picture Chromium took from a
    // larger copy this walk cached. Each stop checks instead that every preload matches a picture of the page.
    if (msg.type() === 'warning' && !preloadTimerWarning.test(msg.text())) site.problems.push(`${new URL(page.url()).pathname} (${run}): console warning: ${msg.text()}`);
  });
  await chooseTheme(page, theme);
  if (staff) await logInAsAdmin(page, site.server);
  const found: string[] = [];
  for (const stop of stops) {
    const path = typeof stop.path === 'string' ? stop.path : stop.path();
    await page.goto(`${site.server.url}${path}`);
    await appStarted(page);
    if ((await shownTheme(page)) !== theme) found.push(`${run} ${path}: drawn in the ${await shownTheme(page)} theme`);
    await check?.(page, { ...stop, path }, { theme, viewport });
    await page.waitForLoadState('networkidle');
    await stop.then?.(page);
    await page.waitForLoadState('networkidle');
    await animationsSettled(page);
    site.problems.push(...(await unusedPicturePreloads(page)).map((url) => `${path} (${run}): preloaded picture not painted: ${url}`));
    const severe = await severeViolations(page);
    (counts[stop.name] ??= {})[run] = severe.reduce((sum, v) => sum + v.nodes.length, 0);
    found.push(...severe.flatMap((v) => v.nodes.map((n) => `${run} ${path} ${v.id}: ${n.target.join(' ')}`)));
  }
  await page.close();
  return found;
}

export function writeAxeCounts(name: string, counts: AxeCounts): void {
  mkdirSync(screenshotDir, { recursive: true });
  writeFileSync(join(screenshotDir, name), `${JSON.stringify(counts, null, 2)}\n`);
}
