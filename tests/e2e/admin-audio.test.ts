import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TrackAudio } from '../../src/shared/api/admin-audio.js';
import type { MediaUploadReport } from '../../src/shared/api/admin-media.js';
import type { Release } from '../../src/shared/api/catalog.js';
import { aSineWav } from '../helpers/audio.js';
import { e2eAdmin, importCatalog, logInAsAdmin } from '../e2e-helpers/admin-session.js';
import { animationsSettled, appStarted, openPage, saveScreenshot, viewports } from '../e2e-helpers/browser.js';
import { useSharedSite } from '../e2e-helpers/production-site.js';

/**
 * One recording on a single and on a compilation: the export repeats its ISRC. On the shared server,
 * on the records label (the tech and deep labels' releases are counted by other files) and dated long
 * ago, so that neither becomes the newest release another file's page shows.
 */
const isrc = 'QZZ8B9999971';
const header =
  '"Label Name","Catalog #",UPC,"Release Name","Release Version","Release Artist","Release Date","Release Genre","Release Subgenre",Track,ISRC,"Song Name","Mix Version","Primary Artists","Featuring Artists",Remixers,"Track Length","Song Genre","Song Subgenre"';
const csv = [
  header,
  `"Build It Records",BIT971,190000000971,"Sine Single",,"Tone Maker",2001-10-01,Electronic,Techno,1,${isrc},"Sine Wave","Original Mix","Tone Maker",,,06:00,Electronic,Techno`,
  `"Build It Records",BIT972,190000000972,"Tones Vol. 1",,"Various Artists",2001-10-02,Electronic,Techno,1,${isrc},"Sine Wave","Original Mix","Tone Maker",,,06:00,Electronic,Techno`,
].join('\n');

// Staff upload a WAV named by ISRC; both releases with that recording play it in the browser.
describe('uploaded audio plays on every release of its recording', () => {
  const site = useSharedSite();
  let token: string;
  let releases: Release[];

  const asAdmin = () => ({ Authorization: `Bearer ${token}` });
  async function follow<T extends { status: string }>(url: string, done: RegExp): Promise<T> {
    let last: T | undefined;
    // The job's deadline, not expect.poll's default second: a job takes seconds on a busy machine.
    await expect
      .poll(
        async () => {
          last = ((await (await fetch(`${site.server.url}${url}`, { headers: asAdmin() })).json()) as { data: T }).data;
          return last.status;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toMatch(done);
    return last!;
  }

  beforeAll(async () => {
    const login = await fetch(`${site.server.url}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(e2eAdmin) });
    token = ((await login.json()) as { token: string }).token;
  });

  /** Imports the two releases (expect.poll only runs inside a test). */
  async function importTones() {
    await importCatalog(site.server, token, csv, 'tones.csv');
    releases = ((await (await fetch(`${site.server.url}/api/releases?label=records&q=${encodeURIComponent('Sine')}&include_tracks=true`)).json()) as { data: Release[] }).data;
    const more = ((await (await fetch(`${site.server.url}/api/releases?label=records&q=${encodeURIComponent('Tones Vol')}&include_tracks=true`)).json()) as { data: Release[] }).data;
    releases = [...releases, ...more].filter((r, i, all) => all.findIndex((o) => o.id === r.id) === i);
    expect(releases.map((r) => r.title).sort()).toEqual(['Sine Single', 'Tones Vol. 1']);
  }

  const audioTime = (page: Page) => page.locator('audio[data-testid="player-audio"]').evaluate((a) => (a as HTMLAudioElement).currentTime);

  async function openRelease(page: Page, release: Release) {
    await page.goto(`${site.server.url}/records/releases/${release.slug}`);
    await appStarted(page);
    // The release link opens the releases page with the release's dialog.
    await page.getByRole('dialog', { name: release.title }).waitFor();
  }

  it('says "No preview yet" on the disabled Play, then plays the upload on both releases at 1280 and 390 px', async () => {
    await importTones();
    const desktop = await site.browser.newPage('desktop');
    await openRelease(desktop, releases[0]!);
    const play = desktop.getByRole('button', { name: 'Play Sine Wave' }).first();
    expect(await play.isDisabled()).toBe(true);
    expect(await play.locator('..').getAttribute('title')).toBe('No preview yet');
    await saveScreenshot(desktop, 'audio-no-preview-desktop');

    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(aSineWav({ seconds: 90, sampleRate: 22_050, channels: 1 }))]), `${isrc}.wav`);
    const uploaded = await fetch(`${site.server.url}/api/admin/media`, { method: 'POST', headers: asAdmin(), body: form });
    expect(uploaded.status).toBe(200);
    const report = ((await uploaded.json()) as { data: MediaUploadReport }).data;
    expect(report.matched.map((m) => (m.kind === 'audio' ? m.tracks.length : m.kind))).toEqual([2]);
    const job = await follow<TrackAudio>(`/api/admin/media/audio/${report.matched[0]!.id}`, /ready|failed/);
    expect(job.status).toBe('ready');

    for (const [release, viewport] of [
      [releases[0]!, 'desktop'],
      [releases[1]!, 'phone'],
    ] as const) {
      const page = viewport === 'desktop' ? desktop : await site.browser.newPage('phone');
      await openRelease(page, release);
      await page.getByRole('button', { name: 'Play Sine Wave' }).first().click();
      await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
      await saveScreenshot(page, `audio-playing-${viewport}`);
      await page.close();
    }
    expect(site.problems).toEqual([]);
  }, 120_000);

  it('staff move the preview window in Edit track (1280 and 390 px) and the preview is cut again', async () => {
    const previewOf = async (releaseId: string) =>
      ((await (await fetch(`${site.server.url}/api/releases/${releaseId}`)).json()) as { data: Release }).data.tracks![0]!.preview_url;
    // Both releases play the one preview cut from the upload.
    const before = await previewOf(releases[0]!.id);
    expect(before).toMatch(/^\/media\/audio\//);
    expect(await previewOf(releases[1]!.id)).toBe(before);
    const page = await openPage(site.browser, `${site.server.url}/login`, site.problems);
    await logInAsAdmin(page, site.server);
    await page.goto(`${site.server.url}/admin/tracks`);
    await page.getByRole('searchbox', { name: 'Search tracks' }).fill(isrc);
    await page.getByRole('button', { name: 'Edit “Sine Wave (Original Mix)”' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Edit track' });
    // The preview window's fields at 390 px, then at 1280 px where they are edited: the same dialog,
    // narrowed, not the walk to it twice.
    for (const viewport of ['phone', 'desktop'] as const) {
      await page.setViewportSize(viewports[viewport]);
      await dialog.getByRole('textbox', { name: 'Preview length' }).scrollIntoViewIfNeeded();
      await animationsSettled(page);
      await saveScreenshot(page, `audio-preview-window-${viewport}`);
    }
    await dialog.getByRole('textbox', { name: 'Preview start' }).fill('0:10');
    await dialog.getByRole('textbox', { name: 'Preview length' }).fill('0:30');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved “Sine Wave”').waitFor();
    await page.close();
    const stored = ((await (await fetch(`${site.server.url}/api/admin/tracks?q=${isrc}`, { headers: asAdmin() })).json()) as {
      data: { preview_start_ms: number | null; preview_length_ms: number | null; release: { id: string } }[];
    }).data;
    const edited = stored.find((t) => t.preview_start_ms !== null);
    const other = stored.find((t) => t !== edited);
    expect(edited).toMatchObject({ preview_start_ms: 10_000, preview_length_ms: 30_000 });
    // Cut again off the request path (the cutter looks for work every few seconds); the other release keeps the default window.
    await expect.poll(() => previewOf(edited!.release.id), { timeout: 60_000, interval: 250 }).not.toBe(before);
    expect(await previewOf(other!.release.id)).toBe(before);
    expect(site.problems).toEqual([]);
  }, 120_000);
});
