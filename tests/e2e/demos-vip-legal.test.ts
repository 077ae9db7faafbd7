import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DemoArtist, DemoTrack } from '../../src/shared/api/demos.js';
import { severeViolations } from '../e2e-helpers/axe.js';
import { animationsSettled, openPage, saveScreenshot, sidewaysScroll, type Browser } from '../e2e-helpers/browser.js';
import { useSharedSite } from '../e2e-helpers/production-site.js';
import { aDemoArtist, aDemoTrack } from '../helpers/demo-builders.js';

// Demo submission, VIP membership and the legal page in Debian's Chromium against the shared
// production server. It allows 5 demos per 10 minutes per address, shared by the files on it
// (tests/e2e-helpers/global-setup.ts): this file sends 3.

const lead = aDemoArtist({ email: 'mara.e2e@example.com' });
/** The second artist has no Instagram ("Don't have" ticked). */
const second: DemoArtist = { ...lead, fullName: 'Jo Brand', name: 'Jo B', email: 'jo.e2e@example.com', instagram: null };
const firstTrack = aDemoTrack();
const secondTrack: DemoTrack = { name: 'Second Light', genre: 'Tech House', soundCloudPrivateLink: 'https://on.soundcloud.com/Xy12Ab34' };

const artistFields: [keyof DemoArtist, string][] = [
  ['fullName', 'Full name'],
  ['name', 'Artist name'],
  ['email', 'Email'],
  ['country', 'Country'],
  ['province', 'Province/state'],
  ['city', 'City'],
  ['facebook', 'Facebook'],
  ['twitter', 'Twitter'],
  ['instagram', 'Instagram'],
  ['soundcloud', 'SoundCloud'],
  ['spotify', 'Spotify'],
  ['appleMusic', 'Apple Music'],
];
const trackFields: [keyof DemoTrack, string][] = [
  ['name', 'Track name'],
  ['genre', 'Genre'],
  ['soundCloudPrivateLink', 'Private SoundCloud link'],
];

const input = (scope: Page | Locator, label: string) => scope.getByRole('textbox', { name: new RegExp(`^${label}`) });
const group = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

async function fillArtist(page: Page, index: number, artist: DemoArtist) {
  const card = group(page, `Artist ${index + 1}`);
  for (const [key, label] of artistFields) {
    const value = artist[key];
    if (value === null) await card.getByRole('checkbox', { name: `Don't have ${label}` }).check();
    else await input(card, label).fill(value);
  }
}

async function fillDemo(page: Page, artists: DemoArtist[], tracks: DemoTrack[]) {
  for (let i = 1; i < artists.length; i += 1) await page.getByRole('button', { name: 'Add artist' }).click();
  for (let i = 1; i < tracks.length; i += 1) await page.getByRole('button', { name: 'Add track' }).click();
  for (const [index, artist] of artists.entries()) await fillArtist(page, index, artist);
  for (const [index, track] of tracks.entries()) {
    const card = group(page, `Track ${index + 1}`);
    for (const [key, label] of trackFields) await input(card, label).fill(track[key]);
  }
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
}

/** How many times a text is on the page (visible or not). */
const countOf = (page: Page, text: string) => page.getByText(text, { exact: true }).count();

describe('demos, VIP and legal', () => {
  const site = useSharedSite();

  const open = (path: string, viewport: 'desktop' | 'phone' = 'desktop', browser: Browser = site.browser): Promise<Page> =>
    // Unknown ids are meant to get their 409 answer.
    openPage(browser, `${site.server.url}${path}`, site.problems, { viewport, expectedStatuses: [409] });

  it('shows each client-side message once, under its field, and sends nothing', async () => {
    const page = await open('/tech/submit');
    await page.getByRole('heading', { level: 1, name: 'Submit Demo to Build It Tech' }).waitFor();
    const posts: string[] = [];
    page.on('request', (req) => req.method() === 'POST' && posts.push(req.url()));

    await page.getByRole('button', { name: 'Submit Demo' }).click();
    const required = [
      'Full name is required',
      'Artist name is required',
      'Email is required',
      'Country is required',
      'Province/state is required',
      'City is required',
      'Track name is required',
      'Genre is required',
      'Private SoundCloud link is required',
      'You must accept the terms and conditions to submit.',
    ];
    await page.getByText('Full name is required').waitFor();
    for (const message of required) expect(await countOf(page, message), message).toBe(1);

    const artist = group(page, 'Artist 1');
    await input(artist, 'Email').fill('mara@');
    await input(artist, 'Facebook').fill('not a url');
    await artist.getByRole('checkbox', { name: "Don't have Twitter" }).check();
    await input(group(page, 'Track 1'), 'Private SoundCloud link').fill('https://soundcloud.com/maraq');
    await page.getByRole('button', { name: 'Submit Demo' }).click();
    for (const message of ['Please enter a valid email address', 'Please enter a valid Facebook URL', 'Please enter a valid SoundCloud URL for your track.']) {
      await page.getByText(message, { exact: true }).waitFor();
      expect(await countOf(page, message), message).toBe(1);
    }
    // Twitter ticked: disabled, not in error; the empty Instagram next to it is.
    expect(await input(artist, 'Twitter').isDisabled()).toBe(true);
    expect(await input(artist, 'Twitter').getAttribute('aria-invalid')).toBe('false');
    expect(await input(artist, 'Instagram').getAttribute('aria-invalid')).toBe('true');
    await input(artist, 'Facebook').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'submit-errors-desktop');
    expect(posts).toEqual([]);
    await page.close();
  });

  it('sends a demo with two artists and two tracks from a phone, resets, and refuses the repeat', async () => {
    const page = await open('/deep/submit', 'phone');
    await page.getByRole('heading', { level: 1, name: 'Submit Demo to Build It Deep' }).waitFor();
    await saveScreenshot(page, 'submit-phone');
    const terms = page.getByRole('link', { name: 'terms and conditions' });
    expect(await terms.getAttribute('href')).toBe('/legal');
    expect(await terms.getAttribute('target')).toBe('_blank');
    // One column on a phone: the email field sits under the artist name, not beside it.
    const artistName = await input(group(page, 'Artist 1'), 'Artist name').boundingBox();
    const email = await input(group(page, 'Artist 1'), 'Email').boundingBox();
    expect(email && artistName && email.y > artistName.y && Math.abs(email.x - artistName.x) < 2).toBe(true);
    expect(await sidewaysScroll(page)).toBe(0);

    const sent: Request[] = [];
    page.on('request', (req) => req.url().endsWith('/api/submit-demo') && sent.push(req));
    await fillDemo(page, [lead, second], [firstTrack, secondTrack]);
    await group(page, 'Artist 2').getByRole('checkbox', { name: "Don't have Instagram" }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'submit-filled-phone');
    await page.getByRole('button', { name: 'Submit Demo' }).click();
    await page.getByText('Demo submitted successfully!').waitFor();
    await animationsSettled(page);
    await saveScreenshot(page, 'submit-success-phone');

    // What was sent: every artist and track, null for the ticked box, a key for retries.
    expect(sent).toHaveLength(1);
    const request = sent[0] as Request;
    expect(request.postDataJSON()).toEqual({
      label: 'buildit-deep',
      artist: lead,
      track: firstTrack,
      artists: [lead, second],
      tracks: [firstTrack, secondTrack],
      termsAccepted: true,
    });
    expect((await request.allHeaders())['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect((await request.response())?.status()).toBe(201);

    // The form is back to one empty artist and track.
    expect(await group(page, 'Artist 2').count()).toBe(0);
    expect(await group(page, 'Track 2').count()).toBe(0);
    expect(await input(group(page, 'Artist 1'), 'Full name').inputValue()).toBe('');
    expect(await page.getByRole('checkbox', { name: /I accept the terms/ }).isChecked()).toBe(false);

    // Stored: the second track alone, from the same artist, is now a repeat (409), and so is the first.
    const repeat = 'You have already sent us this track: we have a demo from mara.e2e@example.com with this SoundCloud link.';
    await fillDemo(page, [lead], [secondTrack]);
    await page.getByRole('button', { name: 'Submit Demo' }).click();
    await page.getByRole('alert').filter({ hasText: repeat }).waitFor();
    expect(await countOf(page, repeat)).toBe(1);
    await page.getByRole('alert').filter({ hasText: repeat }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'submit-repeat-phone');
    await input(group(page, 'Track 1'), 'Private SoundCloud link').fill(firstTrack.soundCloudPrivateLink);
    await page.getByRole('button', { name: 'Submit Demo' }).click();
    await expect.poll(() => sent.length).toBe(3);
    expect((await sent[2]?.response())?.status()).toBe(409);
    // A submission clears the message when it starts and shows the new one when its answer is read,
    // before its button says Submit Demo again (not Submitting...): count only then.
    await page.getByRole('button', { name: 'Submit Demo' }).waitFor();
    await page.getByRole('alert').filter({ hasText: repeat }).waitFor();
    expect(await countOf(page, repeat)).toBe(1);
    await page.close();
  });

  it('offers the VIP waiting list while payments are off: no prices to pay, one join, axe-clean at both widths', async () => {
    // docs/decisions/0099: the shared site takes no payments (no STRIPE_SECRET_KEY).
    for (const viewport of ['desktop', 'phone'] as const) {
      const page = await open('/vip', viewport);
      await page.getByRole('heading', { level: 1, name: 'VIP Membership' }).waitFor();
      const waiting = page.getByRole('region', { name: 'Payments are not open yet' });
      await waiting.waitFor();
      const annual = page.getByRole('region', { name: 'Annual' });
      await annual.getByText('MOST POPULAR').waitFor();
      expect(await annual.getByText('$99.99').count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Subscribe/ }).count()).toBe(0);
      await saveScreenshot(page, `vip-waiting-list-${viewport}`);
      expect(await severeViolations(page)).toEqual([]);
      expect(await sidewaysScroll(page)).toBe(0);

      await waiting.getByRole('button', { name: 'Join the waiting list' }).click();
      await waiting.getByText('Please enter a valid email address').waitFor();
      await input(waiting, 'Email').fill(`Wait.${viewport}.E2E@Example.com`);
      await waiting.getByRole('button', { name: 'Join the waiting list' }).click();
      await waiting.getByText('Check your inbox: confirm your address there, and we email you once when payments open.').waitFor();
      await animationsSettled(page);
      await saveScreenshot(page, `vip-waiting-list-joined-${viewport}`);
      await page.close();
    }
  });

  it('switches the legal tabs, and opens the privacy policy from ?tab=privacy', async () => {
    const page = await open('/legal');
    const termsTab = page.getByRole('tab', { name: 'Terms of Service' });
    await termsTab.waitFor();
    expect(await termsTab.getAttribute('aria-selected')).toBe('true');
    await page.getByText(/We review every demo within 7 business days/).waitFor();
    await saveScreenshot(page, 'legal-desktop');

    await page.getByRole('tab', { name: 'Privacy Policy' }).click();
    await page.waitForURL(`${site.server.url}/legal?tab=privacy`);
    await page.getByRole('heading', { name: 'Stored in your browser' }).waitFor();
    for (const key of ['authToken', 'adminToken', 'vipSubscriptionStatus', 'spotifyToken', 'spotifyTokenExpiry', 'spotify_auth_state', 'player', 'clientId', 'theme (cookie)']) {
      expect(await page.getByText(key, { exact: true }).count(), key).toBe(1);
    }
    expect(await page.getByText(/We review every demo/).count()).toBe(0);
    await page.getByRole('heading', { name: 'Stored in your browser' }).scrollIntoViewIfNeeded();
    await animationsSettled(page); // the tab indicator's slide
    await saveScreenshot(page, 'legal-privacy-desktop');

    const phone = await open('/legal?tab=privacy', 'phone');
    await phone.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(await phone.getByRole('tab', { name: 'Privacy Policy' }).getAttribute('aria-selected')).toBe('true');
    expect(await sidewaysScroll(phone)).toBe(0);
    await saveScreenshot(phone, 'legal-phone');
    await phone.getByRole('tab', { name: 'Terms of Service' }).click();
    await phone.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await phone.close();
    await page.close();
  });

  it('logged no page errors or console errors on any page', () => {
    expect(site.problems).toEqual([]);
  });
});
