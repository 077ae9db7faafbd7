import { afterAll, beforeAll, inject } from 'vitest';
import { startFakeSpotify, type FakeSpotify } from '../fakes/fake-spotify.js';
import { startProductionServer, type ProductionServer } from '../helpers/production-server.js';
import { openBrowser, type Browser } from './browser.js';
import { e2eLimits } from './limits.js';

// Fixtures for one file's browser tests: each registers its own beforeAll and afterAll. Vitest runs
// beforeAll hooks in order and afterAll hooks in reverse, so what is registered first starts first
// and stops last.

function started<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('Started in beforeAll: use it inside hooks and tests.');
  return value;
}

/** Where a file's pages and requests go, and the server's data directory (where `npm run backup` finds it). */
export type SiteServer = Pick<ProductionServer, 'url' | 'dataDir'>;

export interface ProductionSite {
  readonly server: SiteServer;
  readonly browser: Browser;
  /** Where the file's pages record their errors (see openPage); each file expects it empty. */
  readonly problems: string[];
}

/**
 * The server most files share (tests/e2e-helpers/global-setup.ts) and a browser context of the file's
 * own. Its staff account is admin-session.ts's; catalog edits there stay on what no other file opens.
 */
export function useSharedSite(): ProductionSite {
  const server: SiteServer = { url: inject('e2eServerUrl'), dataDir: inject('e2eServerDataDir') };
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    server,
    get browser() {
      return started(browser);
    },
    problems: [],
  };
}

/**
 * A server of the file's own, started from the seeded template (staff account included), and a
 * browser context: for a file whose server needs other settings, or whose changes the other files
 * would see (tests/e2e/README.md names them).
 * `env` may be a function, read when the server starts, so that it can name what a fixture
 * registered before it started (useFakeSpotify).
 */
export function useOwnSite(env: Record<string, string> | (() => Record<string, string>) = {}): ProductionSite {
  let server: ProductionServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // Both at once; whichever started is stopped by afterAll even when the other failed.
    const [starting, launching] = await Promise.allSettled([
      startProductionServer({ env: { ...e2eLimits, ...(typeof env === 'function' ? env() : env) }, template: inject('e2eTemplateDir') }),
      openBrowser(),
    ]);
    if (starting.status === 'fulfilled') server = starting.value;
    if (launching.status === 'fulfilled') browser = launching.value;
    for (const outcome of [starting, launching]) if (outcome.status === 'rejected') throw outcome.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
    problems: [],
  };
}

export interface SiteFakeSpotify {
  readonly fake: FakeSpotify;
  /** The server settings that send the site's listeners to the fake. */
  env(): Record<string, string>;
}

/** The fake Spotify on loopback; register it before useOwnSite, which it must outlive. */
export function useFakeSpotify(): SiteFakeSpotify {
  let fake: FakeSpotify | undefined;
  beforeAll(async () => {
    fake = await startFakeSpotify();
  });
  afterAll(async () => {
    await fake?.close();
  });
  return {
    get fake() {
      return started(fake);
    },
    env: () => ({ SPOTIFY_CLIENT_ID: started(fake).clientId, SPOTIFY_ACCOUNTS_URL: started(fake).accountsUrl, SPOTIFY_API_URL: started(fake).apiUrl }),
  };
}
