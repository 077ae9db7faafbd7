import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Release } from '../../src/shared/api/catalog.js';
import { animationsSettled, appStarted, saveScreenshot } from '../e2e-helpers/browser.js';
import { useSharedSite } from '../e2e-helpers/production-site.js';

// A newcomer presses Play on a demo release and hears it, across pages and a reload.
describe('listening', () => {
  const site = useSharedSite();
  let release: Release;
  /** A release nothing else in this file plays, so its count moves only by the test that counts. */
  let counted: Release;

  beforeAll(async () => {
    const list = (await (await fetch(`${site.server.url}/api/releases?label=deep&limit=50&include_tracks=true`)).json()) as {
      data: Release[];
    };
    release = list.data.find((r) => (r.tracks?.length ?? 0) >= 2) as Release;
    counted = list.data.find((r) => r.id !== release.id && (r.tracks?.length ?? 0) >= 1) as Release;
  });

  const audio = (page: Page) => page.locator('audio[data-testid="player-audio"]');
  const isAudioPaused = (page: Page) => audio(page).evaluate((a) => (a as HTMLAudioElement).paused);
  const isPlayReport = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/plays';
  /** The player has heard the audio of `title` start (the release's track offers Pause): its listening clock runs. */
  const playing = (page: Page, title = '') => page.getByRole('button', { name: `Pause ${title}` }).first().waitFor();
  const audioTime = (page: Page) => audio(page).evaluate((a) => (a as HTMLAudioElement).currentTime);
  const barTitle = (page: Page) => page.getByRole('region', { name: 'Player' }).textContent();

  async function openRelease(page: Page, which: Release = release) {
    await page.goto(`${site.server.url}/deep/releases`);
    await appStarted(page);
    await page.getByRole('button', { name: new RegExp(which.title) }).first().click();
    await page.getByRole('dialog').getByRole('heading', { name: which.title }).waitFor();
  }

  it('plays a demo track, pauses, moves to the next one and keeps the queue across a reload', async () => {
    const [first, second] = release.tracks ?? [];
    const page = await site.browser.newPage('desktop');
    await openRelease(page);
    await page.getByRole('button', { name: `Play ${first?.title}` }).first().click();
    await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(0.5);
    await saveScreenshot(page, 'player-playing-desktop');
    await page.keyboard.press('Escape');

    const player = page.getByRole('region', { name: 'Player' });
    await player.getByRole('button', { name: 'Pause' }).click();
    await player.getByRole('button', { name: 'Play', exact: true }).waitFor();
    const pausedAt = await audioTime(page);
    expect(await isAudioPaused(page)).toBe(true);
    // Still there a round trip later: a playing element's time would have moved.
    expect(await audioTime(page)).toBe(pausedAt);

    await player.getByRole('button', { name: 'Next track' }).click();
    await expect.poll(() => barTitle(page)).toContain(second?.title);
    await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(0.3);

    // Keeps playing while browsing.
    await page.getByRole('navigation', { name: 'Build It Deep navigation' }).getByRole('link', { name: 'Artists' }).click();
    await page.getByRole('heading', { level: 1, name: 'Build It Deep Artists' }).waitFor();
    expect(await audioTime(page)).toBeGreaterThan(0.3);

    await page.reload();
    await appStarted(page);
    await expect.poll(() => barTitle(page)).toContain(second?.title);
    await player.getByRole('button', { name: 'Previous track' }).click();
    await expect.poll(() => barTitle(page)).toContain(first?.title);
    const phone = await site.browser.newPage('phone');
    await phone.goto(`${site.server.url}/deep`);
    await phone.getByRole('heading', { level: 1, name: 'Build It Deep' }).waitFor();
    await phone.getByRole('region', { name: 'Player' }).waitFor();
    await saveScreenshot(phone, 'player-phone');
    await phone.close();
    await page.close();
  });

  /**
   * Whether the debug panel's chip (shown on 127.0.0.1) is what the visitor sees at its own centre. Found
   * by its label, not its role: an open dialog or menu hides the rest of the page from assistive technology.
   */
  const isDebugChipOnTop = (page: Page) =>
    page.locator('[aria-label^="Debug "][role="button"]').evaluate((chip) => {
      const box = chip.getBoundingClientRect();
      return chip.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    });

  it.each(['desktop', 'phone'] as const)('never hides a dialog or the queue menu under the debug chip (%s)', async (viewport) => {
    const page = await site.browser.newPage(viewport);
    page.setDefaultTimeout(10_000);
    await openRelease(page);
    expect(await isDebugChipOnTop(page)).toBe(false);
    await animationsSettled(page);
    await saveScreenshot(page, `debug-chip-under-dialog-${viewport}`);
    await page.getByRole('button', { name: `Play ${release.tracks?.[0]?.title}` }).first().click();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    // Nothing open: the chip is there to be clicked.
    expect(await isDebugChipOnTop(page)).toBe(true);
    await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Queue' }).click();
    await page.getByRole('menu').waitFor();
    expect(await isDebugChipOnTop(page)).toBe(false);
    await animationsSettled(page);
    await saveScreenshot(page, `debug-chip-under-queue-menu-${viewport}`);
    await page.close();
  });

  it('counts a play once and moves the release into the top plays', async () => {
    const streams = async () =>
      ((await (await fetch(`${site.server.url}/api/releases/${counted.id}`)).json()) as { data: Release }).data.stream_count;
    const before = await streams();
    // The player reports a play after 5 seconds of listening: the page's clock is moved on instead.
    // A visitor of its own, whose clock is installed once the release is open, and never carried
    // into another page load (a clock across navigations hung CI).
    const visitor = await site.browser.newVisitor();
    const page = await visitor.newPage('desktop');
    const reports: Request[] = [];
    page.on('request', (request) => isPlayReport(request) && reports.push(request));
    await openRelease(page, counted);
    await page.clock.install();
    const track = counted.tracks?.[0];
    const reported = page.waitForResponse((response) => isPlayReport(response.request()));
    await page.getByRole('button', { name: `Play ${track?.title}` }).first().click();
    await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(0);
    await playing(page, track?.title);
    await page.clock.runFor(5_000);
    expect((await reported).status()).toBe(201);
    // A play is no catalog change: cached answers show it once they are 5 s old (docs/decisions/0033).
    await expect.poll(streams, { timeout: 10_000 }).toBe(before + 1);
    const topPlays = async () =>
      ((await (await fetch(`${site.server.url}/api/labels/deep/top-spotify-plays`)).json()) as { data: Release[] }).data.map((r) => r.id);
    await expect.poll(topPlays, { timeout: 10_000 }).toContain(counted.id);

    // Playing it again within 30 minutes does not count again: the player does not report it…
    await page.getByRole('button', { name: `Pause ${track?.title}` }).first().click();
    await page.getByRole('button', { name: `Play ${track?.title}` }).first().click();
    await playing(page, track?.title);
    await page.clock.runFor(6_500);
    expect(reports).toHaveLength(1);
    // …and on a new visit of the same browser (what it stored: its client id), where the player has
    // forgotten that it did, the server does not count its report.
    const returning = await site.browser.newVisitor({ storageState: await visitor.context.storageState() });
    const revisit = await returning.newPage('desktop');
    await openRelease(revisit, counted);
    await revisit.clock.install();
    const again = revisit.waitForResponse((response) => isPlayReport(response.request()));
    await revisit.getByRole('button', { name: `Play ${track?.title}` }).first().click();
    await playing(revisit, track?.title);
    await revisit.clock.runFor(5_000);
    expect((await again).status()).toBe(200);
    expect(await streams()).toBe(before + 1);
    await revisit.close();
    await page.close();
  });
});
