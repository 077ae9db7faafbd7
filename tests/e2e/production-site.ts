import { afterAll, beforeAll } from 'vitest';
import { startFakeSpotify, type FakeSpotify } from '../fakes/fake-spotify.js';
import { launchBrowser, type Browser } from './browser.js';
import { startProductionServer, type RunningServer } from './production-server.js';

// Fixtures for one file's browser tests: each registers its own beforeAll and afterAll. Vitest runs
// beforeAll hooks in order and afterAll hooks in reverse, so what is registered first starts first
// and stops last.

function started<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('Started in beforeAll: use it inside hooks and tests.');
  return value;
}

export interface ProductionSite {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** Where the file's pages record their errors (see openPage); each file expects it empty. */
  readonly problems: string[];
}

/**
 * The production server and a browser. `env` may be a function, read when the server starts, so
 * that it can name what a fixture registered before it started (useFakeSpotify).
 */
export function useProductionSite(env: Record<string, string> | (() => Record<string, string>) = {}): ProductionSite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startProductionServer(typeof env === 'function' ? env() : env);
    browser = await launchBrowser();
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

/** The fake Spotify on loopback; register it before useProductionSite, which it must outlive. */
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
