import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { FakeSpotifyUserKind } from '../fakes/fake-spotify.js';
import { openPage, saveScreenshot } from '../e2e-helpers/browser.js';
import { useFakeSpotify, useOwnSite } from '../e2e-helpers/production-site.js';

// Connecting a listener's Spotify account (Authorization Code with PKCE) in Chromium, against the
// production build configured to use the fake Spotify on loopback.
describe('Spotify connect', () => {
  const spotify = useFakeSpotify();
  const site = useOwnSite(spotify.env);

  /** A page on /records with no Spotify account connected. */
  async function openDisconnected(): Promise<Page> {
    const page = await openPage(site.browser, `${site.server.url}/records`, site.problems);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    return page;
  }

  const storedTokens = (page: Page) =>
    page.evaluate(() => ({
      token: localStorage.getItem('spotifyToken'),
      expiry: Number(localStorage.getItem('spotifyTokenExpiry')),
      refresh: localStorage.getItem('spotifyRefreshToken'),
      state: localStorage.getItem('spotify_auth_state'),
    }));

  /**
   * Goes through Spotify's page until the callback screen shows `texts`, then home. The screen's
   * 2 seconds are counted in the component test (spotify-callback-page.test.tsx) with fake timers;
   * here time runs as for a person (Playwright's paused clock hung across these navigations), and
   * each wait polls inside the page, which sees a screen that stays 2 seconds.
   */
  async function connectThroughSpotify(page: Page, texts: string[], screenshot: string): Promise<void> {
    await page.getByRole('button', { name: 'Connect Spotify' }).click();
    for (const text of texts) await page.getByText(text).waitFor();
    expect(new URL(page.url()).pathname).toBe('/spotify-callback');
    // The code and state are gone from the address bar.
    expect(new URL(page.url()).search).toBe('');
    await saveScreenshot(page, screenshot);
    // docs/product.md §2: then to / (which shows /records).
    await page.waitForURL(`${site.server.url}/records`);
  }

  /** The page's time. */
  const pageNow = (page: Page) => page.evaluate(() => Date.now());

  async function connectAs(user: FakeSpotifyUserKind): Promise<Page> {
    const page = await openDisconnected();
    spotify.fake.setNextAuthorize({ user });
    await connectThroughSpotify(
      page,
      ['Successfully connected to Spotify!', 'Redirecting you back to Build It Records...'],
      `spotify-connected-${user}`,
    );
    return page;
  }

  it('connects a premium listener through PKCE and shows Spotify Premium', async () => {
    const page = await connectAs('premium');
    await page.getByRole('button', { name: 'Spotify Premium' }).waitFor();

    const authorize = spotify.fake.authorizeRequests.at(-1) as URLSearchParams;
    expect(authorize.get('client_id')).toBe(spotify.fake.clientId);
    expect(authorize.get('redirect_uri')).toBe(`${site.server.url}/spotify-callback`);
    expect(authorize.get('response_type')).toBe('code');
    expect(authorize.get('scope')).toBe(
      'streaming user-read-email user-read-private user-modify-playback-state user-read-playback-state user-read-currently-playing',
    );
    expect(authorize.get('show_dialog')).toBe('true');
    expect(authorize.get('state')).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(spotify.fake.tokenRequests.at(-1)?.get('grant_type')).toBe('authorization_code');

    const stored = await storedTokens(page);
    const now = await pageNow(page);
    expect(stored.token).toBeTruthy();
    expect(stored.refresh).toBeTruthy();
    expect(stored.state).toBeNull();
    expect(stored.expiry).toBeGreaterThan(now + 3500_000);
    expect(stored.expiry).toBeLessThanOrEqual(now + 3600_000);

    // Disconnect from the menu.
    await page.getByRole('button', { name: 'Spotify Premium' }).click();
    await page.getByRole('menuitem', { name: 'Disconnect' }).click();
    await page.getByRole('button', { name: 'Connect Spotify' }).waitFor();
    expect((await storedTokens(page)).token).toBeNull();
    await page.close();
  });

  it('connects a free listener and shows Spotify Free', async () => {
    const page = await connectAs('free');
    await page.getByRole('button', { name: 'Spotify Free' }).click();
    await page.getByText('Previews only').waitFor();
    await page.close();
  });

  it('renews an expired token with the refresh token', async () => {
    const page = await connectAs('premium');
    await page.getByRole('button', { name: 'Spotify Premium' }).waitFor();
    const before = await storedTokens(page);
    spotify.fake.expireAccessTokens();
    await page.evaluate(() => localStorage.setItem('spotifyTokenExpiry', String(Date.now() - 1000)));
    await page.reload();
    await page.getByRole('button', { name: 'Spotify Premium' }).waitFor();
    expect(spotify.fake.tokenRequests.at(-1)?.get('grant_type')).toBe('refresh_token');
    const after = await storedTokens(page);
    expect(after.token).not.toBe(before.token);
    expect(after.refresh).not.toBe(before.refresh);
    expect(after.expiry).toBeGreaterThan(await pageNow(page));
    await page.close();
  });

  it('refuses a return with another state (CSRF) and goes back home', async () => {
    const page = await openDisconnected();
    const tokenRequestsBefore = spotify.fake.tokenRequests.length;
    spotify.fake.setNextAuthorize({ wrongState: true });
    await connectThroughSpotify(
      page,
      ['Authentication Error', 'State verification failed. Possible CSRF attack.', 'Redirecting you back...'],
      'spotify-csrf-error',
    );
    await page.getByRole('button', { name: 'Connect Spotify' }).waitFor();
    expect(spotify.fake.tokenRequests.length).toBe(tokenRequestsBefore);
    expect((await storedTokens(page)).token).toBeNull();
    await page.close();
  });

  it('logs no errors in the browser', () => {
    expect(site.problems).toEqual([]);
  });
});
