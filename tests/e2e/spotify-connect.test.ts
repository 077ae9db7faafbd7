import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeSpotifyUserKind } from '../fakes/fake-spotify.js';
import { openPage, saveScreenshot } from './browser.js';
import { useFakeSpotify, useOwnSite } from './production-site.js';

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

  // The page's clock: the callback screen's 2 seconds are counted by the test (see connectThroughSpotify).
  beforeAll(async () => {
    await site.browser.context.clock.install();
  });

  /**
   * Goes through Spotify's page until the callback screen shows `text`. The page's time stands still
   * from the click on: the test moves it a millisecond at a time (the page's data arrives through
   * zero-delay timers) until the screen shows, then as expectRedirectHomeAfterTwoSeconds says.
   */
  async function connectThroughSpotify(page: Page, text: string): Promise<void> {
    const connect = page.getByRole('button', { name: 'Connect Spotify' });
    await connect.waitFor();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    // Forced: Playwright's check that the button holds still waits for animation frames, which
    // the paused clock does not give.
    await connect.click({ force: true });
    await untilShown(page, text);
  }

  /**
   * While the page's time stands still: moves it a millisecond at a time until `text` shows. A plain
   * `waitFor` would wait on animation frames, which the paused clock never gives.
   */
  async function untilShown(page: Page, text: string): Promise<void> {
    const shown = page.getByText(text);
    await expect
      .poll(
        async () => {
          await page.clock.runFor(1);
          return shown.isVisible();
        },
        { timeout: 15_000 },
      )
      .toBe(true);
  }

  /** docs/product.md §2: the callback screen stays for 2 seconds, then goes to / (which shows /records). */
  async function expectRedirectHomeAfterTwoSeconds(page: Page) {
    await page.clock.runFor(1_000);
    expect(new URL(page.url()).pathname).toBe('/spotify-callback');
    await page.clock.runFor(1_000);
    await page.clock.resume();
    await page.waitForURL(`${site.server.url}/records`, { timeout: 5000 });
  }

  /** The page's time, which is not the test's. */
  const pageNow = (page: Page) => page.evaluate(() => Date.now());

  async function connectAs(user: FakeSpotifyUserKind): Promise<Page> {
    const page = await openDisconnected();
    spotify.fake.setNextAuthorize({ user });
    await connectThroughSpotify(page, 'Successfully connected to Spotify!');
    await untilShown(page, 'Redirecting you back to Build It Records...');
    // The code and state are gone from the address bar.
    expect(new URL(page.url()).search).toBe('');
    await saveScreenshot(page, `spotify-connected-${user}`);
    await expectRedirectHomeAfterTwoSeconds(page);
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

  it('refuses a return with another state (CSRF) and goes back home 2 seconds later', async () => {
    const page = await openDisconnected();
    const tokenRequestsBefore = spotify.fake.tokenRequests.length;
    spotify.fake.setNextAuthorize({ wrongState: true });
    await connectThroughSpotify(page, 'Authentication Error');
    await untilShown(page, 'State verification failed. Possible CSRF attack.');
    await untilShown(page, 'Redirecting you back...');
    expect(new URL(page.url()).search).toBe('');
    await saveScreenshot(page, 'spotify-csrf-error');
    await expectRedirectHomeAfterTwoSeconds(page);
    await page.getByRole('button', { name: 'Connect Spotify' }).waitFor();
    expect(spotify.fake.tokenRequests.length).toBe(tokenRequestsBefore);
    expect((await storedTokens(page)).token).toBeNull();
    await page.close();
  });

  it('logs no errors in the browser', () => {
    expect(site.problems).toEqual([]);
  });
});
