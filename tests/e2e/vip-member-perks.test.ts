import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TrackAudio } from '../../src/shared/api/admin-audio.js';
import type { MediaUploadReport } from '../../src/shared/api/admin-media.js';
import type { Release, Track } from '../../src/shared/api/catalog.js';
import { vipDownloadMembersOnlyMessage } from '../../src/shared/api/vip-account.js';
import { memberPerksUnavailableMessages } from '../../src/shared/domain/member-perks.js';
import { aSineWav } from '../helpers/audio.js';
import { e2eAdmin, e2eAdminEnv } from '../e2e-helpers/admin-session.js';
import { severeViolations } from '../e2e-helpers/axe.js';
import { animationsSettled, appStarted, chooseTheme, openPage, saveScreenshot, shownTheme, sidewaysScroll } from '../e2e-helpers/browser.js';
import { becomeMonthlyMember, useStripeSite } from '../e2e-helpers/vip-site.js';

// What members see (docs/decisions/0066) in Chromium against the production build, at 1280 px: a member
// who paid through the fake Stripe downloads a member download from their page and from the release's
// track row, sees the discount code and leaves and rejoins the members' newsletter; a stranger who
// reaches for a download gets the "Join VIP" prompt. The member page and the prompt are checked by axe
// (WCAG 2.2 AA, as tests/e2e/public-routes.test.ts checks the rest) in both themes, at 1280 and 390 px.

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
    const discount = await fetch(`${vip.origin}/api/admin/members/discount`, {
      method: 'PUT',
      headers: { ...asAdmin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: 'VIP15', note: '15% off at the merch store', plans: ['monthly', 'annual', 'premium'] }),
    });
    expect(discount.status).toBe(200);
  }, 90_000);

  /**
   * The serious and critical axe violations of `page` in the light and then the dark theme (the one the
   * other steps see): the page is reloaded in each and `show` brings back what is checked.
   */
  async function auditThemes(page: Page, name: string, show: () => Promise<void>): Promise<string[]> {
    const found: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await chooseTheme(page, theme);
      await page.reload();
      await appStarted(page);
      expect(await shownTheme(page)).toBe(theme);
      await show();
      await page.waitForLoadState('networkidle');
      await animationsSettled(page);
      found.push(...(await severeViolations(page)).flatMap((v) => v.nodes.map((n) => `${theme} ${name} ${v.id}: ${n.target.join(' ')}`)));
    }
    return found;
  }

  const downloadButton = (page: Page) => page.getByRole('dialog', { name: release.title }).getByRole('button', { name: /^Download .* \(VIP\)$/ });

  async function openRelease(page: Page) {
    await page.goto(`${vip.origin}/tech/releases/${release.slug}`);
    await appStarted(page);
    await page.getByRole('dialog', { name: release.title }).waitFor();
  }

  const becomeMember = (email: string) => becomeMonthlyMember(vip, 'desktop', email);

  it('a stranger gets the Join VIP prompt; a member downloads from their page and the release (desktop)', { timeout: 90_000 }, async () => {
    await site.browser.context.clearCookies();
    // The Download asks whether the stranger is a member signed in (not one): no error in the console, where a 401 would be.
    const stranger = await openPage(site.browser, `${vip.origin}/tech/releases/${release.slug}`, site.problems, { viewport: 'desktop' });
    const prompt = stranger.getByRole('dialog', { name: 'For VIP members' });
    const showPrompt = async () => {
      await stranger.getByRole('dialog', { name: release.title }).waitFor();
      await downloadButton(stranger).click();
      await prompt.getByText('Downloads are for active VIP members.', { exact: false }).waitFor();
      await prompt.getByRole('link', { name: 'Sign in' }).waitFor();
    };
    await showPrompt();
    expect(await auditThemes(stranger, 'join prompt desktop', showPrompt)).toEqual([]);
    await animationsSettled(stranger);
    await saveScreenshot(stranger, 'vip-perks-join-prompt-desktop');
    await prompt.getByRole('link', { name: 'Join VIP' }).click();
    await stranger.waitForURL(`${vip.origin}/vip`);
    await stranger.close();

    const member = await becomeMember('perks-desktop@example.com');
    const downloads = member.getByRole('region', { name: 'Downloads' });
    const showAccount = async () => {
      await downloads.getByText(track.title, { exact: true }).waitFor();
      await member.getByRole('region', { name: 'Your discount code' }).getByText('VIP15', { exact: true }).waitFor();
      await member.getByRole('region', { name: 'Early access' }).getByText('No upcoming releases', { exact: false }).or(member.getByRole('region', { name: 'Early access' }).getByRole('list')).waitFor();
    };
    await showAccount();
    await saveScreenshot(member, 'vip-perks-account-desktop');
    expect(await auditThemes(member, 'member page desktop', showAccount)).toEqual([]);

    // The members' newsletter: leave it from the page, then get it again.
    const newsletter = member.getByRole('region', { name: "Members' newsletter" });
    await newsletter.getByText('You get it:', { exact: false }).waitFor();
    await newsletter.getByRole('button', { name: 'Leave the newsletter' }).click();
    await newsletter.getByText('You left it:', { exact: false }).waitFor();
    await newsletter.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await animationsSettled(member);
    await saveScreenshot(member, 'vip-account-newsletter-left-desktop');
    await newsletter.getByRole('button', { name: 'Get the newsletter again' }).click();
    await newsletter.getByRole('button', { name: 'Leave the newsletter' }).waitFor();
    await member.reload();
    await newsletter.getByText('You get it:', { exact: false }).waitFor();
    const [fromPage] = await Promise.all([member.waitForEvent('download'), downloads.getByRole('button', { name: /^Download / }).click()]);
    expect(fromPage.suggestedFilename()).toBe(`${track.isrc}.wav`);
    // The same track as FLAC, made from the upload and named after the track (docs/decisions/0103).
    await downloads.getByRole('combobox', { name: 'Download format' }).click();
    await member.getByRole('option', { name: 'FLAC' }).click();
    await saveScreenshot(member, 'vip-perks-download-format-desktop');
    const [asFlac] = await Promise.all([member.waitForEvent('download'), downloads.getByRole('button', { name: /^Download / }).click()]);
    expect(asFlac.suggestedFilename()).toMatch(new RegExp(` - ${track.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*\\.flac$`));

    await openRelease(member);
    const [fromRow] = await Promise.all([member.waitForEvent('download'), downloadButton(member).click()]);
    expect(fromRow.suggestedFilename()).toBe(`${track.isrc}.wav`);
    await saveScreenshot(member, 'vip-perks-release-row-desktop');
    expect(await member.getByRole('dialog', { name: 'For VIP members' }).count()).toBe(0);
    await member.close();
    expect(site.problems).toEqual([]);
  });

  // At 390 px, where the layout differs: the member page of the member above (the browser profile the
  // tests share keeps them signed in) and the prompt a stranger gets, each checked by axe in both themes.
  it('fits a phone: the member page and the Join VIP prompt, in both themes (phone)', { timeout: 90_000 }, async () => {
    const member = await openPage(site.browser, `${vip.origin}/vip/account`, site.problems, { viewport: 'phone' });
    const downloads = member.getByRole('region', { name: 'Downloads' });
    const showAccount = async () => {
      await downloads.getByText(track.title, { exact: true }).waitFor();
      await member.getByRole('region', { name: 'Your discount code' }).getByText('VIP15', { exact: true }).waitFor();
      await member.getByRole('region', { name: "Members' newsletter" }).getByText('You get it:', { exact: false }).waitFor();
    };
    await showAccount();
    expect(await auditThemes(member, 'member page phone', showAccount)).toEqual([]);
    expect(await sidewaysScroll(member)).toBe(0);
    await saveScreenshot(member, 'vip-perks-account-phone');
    await downloads.getByRole('combobox', { name: 'Download format' }).click();
    await member.getByRole('option', { name: 'FLAC' }).waitFor();
    await animationsSettled(member);
    await saveScreenshot(member, 'vip-perks-download-format-phone');
    await member.keyboard.press('Escape');
    await openRelease(member);
    await downloadButton(member).waitFor();
    expect(await sidewaysScroll(member)).toBe(0);
    await saveScreenshot(member, 'vip-perks-release-row-phone');
    await member.close();

    await site.browser.context.clearCookies();
    const stranger = await openPage(site.browser, `${vip.origin}/tech/releases/${release.slug}`, site.problems, { viewport: 'phone' });
    const prompt = stranger.getByRole('dialog', { name: 'For VIP members' });
    const showPrompt = async () => {
      await stranger.getByRole('dialog', { name: release.title }).waitFor();
      await downloadButton(stranger).click();
      await prompt.getByRole('link', { name: 'Join VIP' }).waitFor();
    };
    await showPrompt();
    expect(await auditThemes(stranger, 'join prompt phone', showPrompt)).toEqual([]);
    await animationsSettled(stranger);
    expect(await sidewaysScroll(stranger)).toBe(0);
    await saveScreenshot(stranger, 'vip-perks-join-prompt-phone');
    await stranger.close();
    expect(site.problems).toEqual([]);
  });

  it('a member who pauses in the Billing Portal loses their downloads and their page says why (issue 33)', { timeout: 120_000 }, async () => {
    const member = await becomeMember('paused-perks@example.com');
    const downloads = member.getByRole('region', { name: 'Downloads' });
    const [before] = await Promise.all([member.waitForEvent('download'), downloads.getByRole('button', { name: /^Download / }).click()]);
    const link = before.url();

    await member.getByRole('button', { name: 'Manage billing' }).click();
    await member.getByRole('heading', { name: 'Fake Billing Portal' }).waitFor();
    await member.getByRole('button', { name: 'Pause' }).click();
    await member.waitForURL(`${vip.origin}/vip/account`);
    await member
      .getByRole('status')
      .getByText('Your membership is paused: resume it in billing to get your downloads and early access back. Downloads and early access are for active members.')
      .waitFor();
    expect(await downloads.count()).toBe(0);
    expect(await member.getByRole('region', { name: 'Early access' }).count()).toBe(0);
    await saveScreenshot(member, 'vip-perks-paused-desktop');

    // The link the member took before the pause, with their own session: refused, saying why.
    const cookies = await site.browser.context.cookies(link);
    const refused = await fetch(link, { headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: vipDownloadMembersOnlyMessage });

    // The release's track row: the prompt says why (not "join"), and leads to their page.
    await openRelease(member);
    await downloadButton(member).click();
    const prompt = member.getByRole('dialog', { name: 'For VIP members' });
    await prompt.getByText(memberPerksUnavailableMessages.paused, { exact: true }).waitFor();
    expect(await prompt.getByRole('link', { name: 'Join VIP' }).count()).toBe(0);
    await animationsSettled(member);
    await saveScreenshot(member, 'vip-perks-paused-prompt-desktop');
    await prompt.getByRole('link', { name: 'Your account' }).click();
    await member.waitForURL(`${vip.origin}/vip/account`);

    // Resumed in billing: the downloads are back.
    await member.getByRole('button', { name: 'Manage billing' }).click();
    await member.getByRole('button', { name: 'Resume' }).click();
    await member.waitForURL(`${vip.origin}/vip/account`);
    await downloads.getByText(track.title, { exact: true }).waitFor();
    await member.close();
    expect(site.problems).toEqual([]);
  });
});
