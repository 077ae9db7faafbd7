import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { projectRoot } from '../../src/server/paths.js';
import { chromiumArgs, chromiumPath } from '../helpers/chromium.js';

export const screenshotDir = join(projectRoot, 'tests', '.output');

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export interface Browser {
  context: BrowserContext;
  newPage(viewport?: keyof typeof viewports): Promise<Page>;
  close(): Promise<void>;
}

/** Debian's Chromium through playwright-core, with the flags this machine's closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'bir-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [
      ...chromiumArgs,
      // Playback starts from a click, as for a person; headless Chromium has no sound card either way.
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  return {
    context,
    newPage: async (viewport = 'desktop') => {
      const page = await context.newPage();
      await page.setViewportSize(viewports[viewport]);
      return page;
    },
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the page's transitions and finite animations are over (a dialog's fade-in, a notice's
 * slide, a tab indicator's move), so that a screenshot shows the page as people see it.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        // A transition replaced by another is cancelled: its `finished` rejects.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Saves a screenshot under tests/.output for people to look at. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: false });
}

/**
 * Opens a page and records its page errors and console errors in `problems`. The browser logs every
 * 4xx answer as a console error; `expectedStatuses` are the ones the test means to cause.
 */
export async function openPage(
  browser: Browser,
  url: string,
  problems: string[],
  { viewport = 'desktop', expectedStatuses = [] }: { viewport?: keyof typeof viewports; expectedStatuses?: number[] } = {},
): Promise<Page> {
  const page = await browser.newPage(viewport);
  const path = new URL(url).pathname;
  const expected = new RegExp(`status of (${expectedStatuses.join('|') || 'none'})\\b`);
  page.on('pageerror', (err) => problems.push(`${path}: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !expected.test(msg.text())) problems.push(`${path}: console: ${msg.text()}`);
  });
  await page.goto(url);
  await appStarted(page);
  return page;
}

/**
 * Waits until React has taken the page over: the root element is React's container, and the
 * server's last element in it is React's too (hydration, which runs in a transition and yields to
 * the browser between parts of the page, has reached the end). The server's HTML is there before
 * that; a click on it in between would reach no handler.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (root === null || !Object.keys(root).some((key) => key.startsWith('__reactContainer$'))) return false;
    const last = root.querySelector(':scope *:last-child:not(:has(*))') ?? root.lastElementChild;
    return last === null || Object.keys(last).some((key) => key.startsWith('__reactFiber$'));
  });
}
