import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser as Chromium, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { projectRoot } from '../../src/server/paths.js';
import { themeCookieName, type ThemeMode } from '../../src/shared/page-render.js';
import { chromiumArgs, headlessShellPath } from '../helpers/chromium.js';

export const screenshotDir = join(projectRoot, 'tests', '.output');

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** A visitor's browser: a context of its own (cookies, storage, clock) in the worker's Chromium. */
export interface Browser {
  context: BrowserContext;
  newPage(viewport?: keyof typeof viewports): Promise<Page>;
  /**
   * Another visitor in the same Chromium, closed with this one: say, one whose page clock a test
   * installs, or the same person coming back (`{ storageState: await browser.context.storageState() }`).
   */
  newVisitor(options?: BrowserContextOptions): Promise<Browser>;
  close(): Promise<void>;
}

// One Chromium per test worker: a launch costs seconds of a busy machine, a context milliseconds.
// The browser project runs its files one after another in a worker with `isolate: false`
// (vitest.config.ts), so this module and the Chromium it launched outlive each file; each file opens
// contexts of its own and closes them. Playwright kills the browsers it launched when the worker
// process exits.
let workerChromium: Promise<Chromium> | undefined;

function chromiumOfThisWorker(): Promise<Chromium> {
  workerChromium ??= chromium
    .launch({
      executablePath: headlessShellPath,
      headless: true,
      args: [
        ...chromiumArgs,
        // Playback starts from a click, as for a person; headless Chromium has no sound card either way.
        '--autoplay-policy=no-user-gesture-required',
        // The compositor (software, the GPU being off) as a thread of the browser process rather than a
        // process of its own. Two files at a time, alternated twice on one machine: public-routes and
        // accessibility-admin took 290.4 and 293.9 CPU-s without it, 275.6 and 252.7 with it (wall 180.9 and
        // 178.3 s, 167.8 and 157.9 s); public-site and listening 99.9 and 101.7 CPU-s, 97.6 and 97.5.
        '--in-process-gpu',
      ],
    })
    .then((launched) => {
      // A browser that crashed is launched again for the next file, not handed to it.
      launched.once('disconnected', () => (workerChromium = undefined));
      return launched;
    })
    .catch((err: unknown) => {
      workerChromium = undefined;
      throw err;
    });
  return workerChromium;
}

/** Debian's Chromium through playwright-core: a fresh visitor (no cookies, storage or clock of another file). */
export async function openBrowser(options: BrowserContextOptions = {}): Promise<Browser> {
  const context = await (await chromiumOfThisWorker()).newContext(options);
  const visitors: Browser[] = [];
  return {
    context,
    newPage: async (viewport = 'desktop') => {
      const page = await context.newPage();
      await page.setViewportSize(viewports[viewport]);
      return page;
    },
    newVisitor: async (visitorOptions) => {
      const visitor = await openBrowser(visitorOptions);
      visitors.push(visitor);
      return visitor;
    },
    close: async () => {
      await Promise.all(visitors.map((visitor) => visitor.close()));
      await context.close();
    },
  };
}

/**
 * Chooses the theme the site draws from the next page load on, as the toggle does: in the cookie the server reads
 * (a value in localStorage changes nothing: the "light" walks were dark until issue 35's review).
 */
export async function chooseTheme(page: Page, mode: ThemeMode): Promise<void> {
  await page.evaluate(([name, value]) => {
    document.cookie = `${name}=${value}; Path=/; SameSite=Lax`;
  }, [themeCookieName, mode] as const);
}

/** The theme the page is drawn in, by its background: dark or light (pages the browser draws alone have no `data-theme`). */
export function shownTheme(page: Page): Promise<ThemeMode> {
  return page.evaluate(() => {
    const [r, g, b] = (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []).map(Number);
    return (r ?? 0) + (g ?? 0) + (b ?? 0) < 3 * 128 ? 'dark' : 'light';
  });
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

/** How far the page scrolls sideways, in CSS pixels: 0 when it fits its viewport's width. */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
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
 * Waits until React has taken the page over: hydration has committed (or, on a page the browser
 * renders alone, the first render has). Hydration runs in a transition: it claims the server's
 * elements over several tasks, yielding to the browser between them, and commits them at once at
 * the end, when its effects run (emotion's Global adopting its style tag, the listeners of the
 * page's parts). Until then a click reaches no handler. The committed tree is the root's `current`:
 * it holds the page, and no longer waits to hydrate it. (Checking that some element of the page is
 * React's is not enough: on /tech/releases hydration had claimed 83 of 349 elements, and committed
 * nothing, when the first leaf that is a last child was claimed.)
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    const key = root && Object.keys(root).find((name) => name.startsWith('__reactContainer$'));
    if (!root || !key) return false;
    type HostRoot = { stateNode: { current: { child: unknown; memoizedState: { isDehydrated?: boolean } | null } } };
    const committed = (root as unknown as Record<string, HostRoot>)[key]!.stateNode.current;
    return committed.child !== null && committed.memoizedState?.isDehydrated !== true;
  });
}
