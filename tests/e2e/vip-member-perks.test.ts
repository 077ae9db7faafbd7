import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TrackAudio } from '../../src/shared/api/admin-audio.js';
import type { MediaUploadReport } from '../../src/shared/api/admin-media.js';
import type { Release, Track } from '../../src/shared/api/catalog.js';
import { aSineWav } from '../helpers/audio.js';
import { e2eAdmin, e2eAdminEnv } from './admin-session.js';
import { animationsSettled, appStarted, openPage, saveScreenshot, type viewports } from './browser.js';
import { signInLink, useStripeSite } from './vip-site.js';

// What members see (docs/decisions/0066) in Chromium against the production build, at 1280 and 390 px:
// a member who paid through the fake Stripe downloads a member download from their page and from the
// release's track row; a stranger who reaches for it gets the "Join VIP" prompt.

describe('VIP member perks in the browser', () => {
  const vip = useStripeSite(e2eAdminEnv);
  const { site } = vip;
  let release: Release;
  let track: Track;

  /** Staff upload a WAV named by a released track's ISRC and mark the track a member download. */
  beforeAll(async () => {
    const login = await fetch(`${vip.origin}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(e2eAdmin) });
    const asAdmin = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const listed = ((await (await fetch(`${vip.origin}/api/releases?label=tech&include_tracks=true&limit=20`)).json()) as { data: Release[] }).data;
    release = listed.find((r) => !r.upcoming && r.tracks?.[0]?.isrc) as Release;
    track = release.tracks![0]!;
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(aSineWav({ seconds: 3, sampleRate: 22_050, channels: 1 }))]), `${track.isrc}.wav`);
    const uploaded = await fetch(`${vip.origin}/api/admin/media`, { method: 'POST', headers: asAdmin, body: form });
    const report = ((await uploaded.json()) as { data: MediaUploadReport }).data;
    const audioId = report.matched[0]!.id;
    for (let status = ''; status !== 'ready'; ) {
      status = ((await (await fetch(`${vip.origin}/api/admin/media/audio/${audioId}`, { headers: asAdmin })).json()) as { data: TrackAudio }).data.status;
      if (status === 'failed') throw new Error('The upload failed');
      await new Promise((resolve) => setImmediate(resolve));
    }
    const marked = await fetch(`${vip.origin}/api/admin/tracks/${track.id}`, {
      method: 'PATCH',
      headers: { ...asAdmin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ member_download: true }),
    });
    expect(marked.status).toBe(200);
  }, 90_000);

  const downloadButton = (page: Page) => page.getByRole('dialog', { name: release.title }).getByRole('button', { name: /^Download .* \(VIP\)$/ });

  async function openRelease(page: Page) {
    await page.goto(`${vip.origin}/tech/releases/${release.id}`);
    await appStarted(page);
    await page.getByRole('dialog', { name: release.title }).waitFor();
  }

  /** Joins through the fake Checkout and signs in on the member page with the emailed link. */
  async function becomeMember(viewport: keyof typeof viewports, email: string): Promise<Page> {
    await site.browser.context.clearCookies();
    const page = await openPage(site.browser, `${vip.origin}/vip`, site.problems, { viewport, expectedStatuses: [401] });
    await page.getByRole('button', { name: 'Subscribe to Monthly' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Kim Fan');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByText('Your Monthly membership is active.', { exact: false }).waitFor();
    await page.goto(`${vip.origin}/vip/account`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.goto(await signInLink(vip.smtp, email));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${vip.origin}/vip/account`);
    return page;
  }

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`a stranger gets the Join VIP prompt; a member downloads from their page and the release (${viewport})`, { timeout: 90_000 }, async () => {
      await site.browser.context.clearCookies();
      const stranger = await openPage(site.browser, `${vip.origin}/tech/releases/${release.id}`, site.problems, { viewport, expectedStatuses: [401] });
      await stranger.getByRole('dialog', { name: release.title }).waitFor();
      await downloadButton(stranger).click();
      const prompt = stranger.getByRole('dialog', { name: 'For VIP members' });
      await prompt.getByText('Downloads are for active VIP members.', { exact: false }).waitFor();
      await prompt.getByRole('link', { name: 'Sign in' }).waitFor();
      await animationsSettled(stranger);
      await saveScreenshot(stranger, `vip-perks-join-prompt-${viewport}`);
      await prompt.getByRole('link', { name: 'Join VIP' }).click();
      await stranger.waitForURL(`${vip.origin}/vip`);
      await stranger.close();

      const member = await becomeMember(viewport, `perks-${viewport}@example.com`);
      const downloads = member.getByRole('region', { name: 'Downloads' });
      await downloads.getByText(track.title, { exact: true }).waitFor();
      await member.getByRole('region', { name: 'Early access' }).waitFor();
      await saveScreenshot(member, `vip-perks-account-${viewport}`);
      const [fromPage] = await Promise.all([member.waitForEvent('download'), downloads.getByRole('button', { name: /^Download / }).click()]);
      expect(fromPage.suggestedFilename()).toBe(`${track.isrc}.wav`);

      await openRelease(member);
      const [fromRow] = await Promise.all([member.waitForEvent('download'), downloadButton(member).click()]);
      expect(fromRow.suggestedFilename()).toBe(`${track.isrc}.wav`);
      await saveScreenshot(member, `vip-perks-release-row-${viewport}`);
      expect(await member.getByRole('dialog', { name: 'For VIP members' }).count()).toBe(0);
      await member.close();
      expect(site.problems).toEqual([]);
    });
  }
});
