import { describe, expect, it } from 'vitest';
import type { RankedRelease, Release } from '../../src/shared/api/catalog.js';
import { releaseDay } from '../../src/shared/domain/release-display.js';
import { logInAsAdmin } from '../e2e-helpers/admin-session.js';
import { animationsSettled, appStarted, openPage, saveScreenshot, sidewaysScroll, viewports } from '../e2e-helpers/browser.js';
import { useOwnSite } from '../e2e-helpers/production-site.js';

/** A date `days` from today (UTC, the labels' time zone by default), as the release date column holds it. */
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

// Issue 24: staff make an upcoming release by hand with a store link; fans see it announced, with a
// countdown and its Buy / Stream button, at 1280 and 390 px. A server of its own: the release is the
// newest on its label, which other files' pages would show.
describe('a release made by hand', () => {
  const site = useOwnSite();
  const outDate = daysFromNow(30);
  const bandcamp = 'https://builditrecords.bandcamp.com/album/dawn-patrol';
  let made: Release;

  it('is created in admin, announced as "Out {date}" with its store link, and kept out of Top Releases', async () => {
    const page = await openPage(site.browser, `${site.server.url}/login`, site.problems);
    // A step that never comes fails with its name, not as the test's timeout.
    page.setDefaultTimeout(20_000);
    await logInAsAdmin(page, site.server);
    await page.goto(`${site.server.url}/admin/tracks`);
    await page.getByRole('button', { name: 'New release' }).click();
    const form = page.getByRole('form', { name: 'New release' });
    await form.getByRole('textbox', { name: 'Title' }).first().fill('Dawn Patrol');
    await form.getByRole('textbox', { name: 'Version', exact: true }).fill('Club Mix');
    await form.getByRole('textbox', { name: 'Artists', exact: true }).first().fill('Kay Vo');
    await form.getByLabel('Release date').fill(outDate);
    await form.getByRole('textbox', { name: 'Catalog number' }).fill('BLDR-HAND-1');
    const track = form.getByRole('group', { name: 'Track 1' });
    await track.getByRole('textbox', { name: 'Title', exact: true }).fill('Dawn Patrol');
    await track.getByRole('textbox', { name: 'Mix version' }).fill('Club Mix');
    await track.getByRole('textbox', { name: 'Duration' }).fill('6:12');
    await track.getByRole('textbox', { name: 'Artists', exact: true }).fill('Kay Vo');
    await track.getByRole('textbox', { name: 'ISRC' }).fill('GB-HND-26-00001');
    await form.getByRole('button', { name: 'Add link' }).click();
    await form.getByRole('combobox', { name: 'Store' }).fill('Bandcamp');
    // A URL that is no http(s) is refused on its field, before anything is sent.
    await form.getByRole('textbox', { name: 'URL' }).fill('bandcamp.com/dawn');
    await form.getByRole('button', { name: 'Create release' }).click();
    await form.getByText('A store URL must be an http(s) URL, like https://www.beatport.com/release/…').waitFor();
    await form.getByRole('textbox', { name: 'URL' }).fill(bandcamp);
    await animationsSettled(page);
    await saveScreenshot(page, 'release-form-desktop');
    await form.getByRole('button', { name: 'Create release' }).click();
    await page.getByText(`Saved “Dawn Patrol”, out ${outDate}`).waitFor();

    const releases = (await (await fetch(`${site.server.url}/api/releases?label=records&q=Dawn%20Patrol`)).json()) as { data: Release[] };
    made = releases.data.find((r) => r.catalog_number === 'BLDR-HAND-1') as Release;
    expect(made).toMatchObject({ upcoming: true, links: [{ name: 'Bandcamp', url: bandcamp }] });
    const top = (await (await fetch(`${site.server.url}/api/labels/records/top-releases`)).json()) as { data: RankedRelease[] };
    expect(top.data.map((r) => r.id)).not.toContain(made.id);

    // The public releases page: the card names the version and the day it is out.
    const out = `Out ${releaseDay(outDate)}`;
    const outOnCard = `Out ${releaseDay(outDate, 'short')}`;
    const desktop = await openPage(site.browser, `${site.server.url}/records/releases?q=Dawn`, site.problems);
    // The search's results (the Latest Release panel goes once the term has settled).
    const card = desktop.getByRole('button', { name: /Dawn Patrol \(Club Mix\)/ }).filter({ hasText: outOnCard });
    await card.waitFor();
    await desktop.getByRole('heading', { name: 'Latest Release' }).waitFor({ state: 'detached' });
    expect(new URL(desktop.url()).searchParams.get('q')).toBe('Dawn');
    await saveScreenshot(desktop, 'release-upcoming-card-desktop');
    await card.click();
    const dialog = desktop.getByRole('dialog', { name: 'Dawn Patrol (Club Mix)' });
    await dialog.getByText(out).waitFor();
    expect(await dialog.getByRole('timer').textContent()).toMatch(/^in (29|30) days \d+ h \d\d min \d\d s$/);
    const buy = dialog.getByRole('region', { name: 'Buy or stream Dawn Patrol (Club Mix)' }).getByRole('link', { name: 'Bandcamp' });
    expect(await buy.getAttribute('href')).toBe(bandcamp);
    await animationsSettled(desktop);
    await saveScreenshot(desktop, 'release-upcoming-modal-desktop');
    expect(await desktop.title()).toBe('Dawn Patrol (Club Mix) by Kay Vo | Build It Records');

    // Its own page on a phone: the whole announcement in view, nothing wider than the screen.
    const phone = await openPage(site.browser, `${site.server.url}/records/releases/${made.id}`, site.problems, { viewport: 'phone' });
    const phoneDialog = phone.getByRole('dialog', { name: 'Dawn Patrol (Club Mix)' });
    await phoneDialog.getByRole('timer').waitFor();
    await phoneDialog.getByRole('link', { name: 'Bandcamp' }).waitFor();
    expect(await sidewaysScroll(phone)).toBe(0);
    await animationsSettled(phone);
    await saveScreenshot(phone, 'release-upcoming-modal-phone');
    const landing = await openPage(site.browser, `${site.server.url}/records`, site.problems, { viewport: 'phone' });
    await landing.getByText(outOnCard).first().scrollIntoViewIfNeeded();
    await saveScreenshot(landing, 'release-upcoming-landing-phone');
    expect(site.problems).toEqual([]);
  }, 120_000);

  it('lets a fan ask to be told on the release day, and confirm from the emailed link (Notify me)', async () => {
    const address = 'notify.fan@example.com';
    const page = await openPage(site.browser, `${site.server.url}/records/releases/${made.id}`, site.problems);
    await appStarted(page);
    const form = page.getByRole('form', { name: 'Notify me' });
    await form.getByLabel('Get one email on the release day').fill(address);
    await form.getByRole('button', { name: 'Notify me' }).click();
    await page.getByText('Check your inbox: confirm your address there, and we email you on the release day.').waitFor();

    // No SMTP_URL here: the confirmation waits in the outbox, where staff (and this test) read it.
    const token = await logInAsAdmin(page, site.server);
    const asAdmin = { authorization: `Bearer ${token}` };
    const list = (await (await fetch(`${site.server.url}/api/admin/outbox?q=${encodeURIComponent(address)}`, { headers: asAdmin })).json()) as { data: { id: string }[] };
    expect(list.data).toHaveLength(1);
    const email = (await (await fetch(`${site.server.url}/api/admin/outbox/${list.data[0]?.id}`, { headers: asAdmin })).json()) as { data: { subject: string; text: string } };
    expect(email.data.subject).toBe('Confirm: email me when “Dawn Patrol (Club Mix)” is out');
    const link = new URL(/https?:\/\/\S+\/notify\/[A-Za-z0-9_-]+/.exec(email.data.text)?.[0] ?? '');

    const confirm = await openPage(site.browser, `${site.server.url}${link.pathname}`, site.problems);
    await confirm.getByText(`“Dawn Patrol (Club Mix)” by Kay Vo comes out on Build It Records on ${releaseDay(outDate)}.`).waitFor();
    expect(await confirm.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await confirm.getByText(/^Confirmed: we email no\*+@example\.com on that day, once\./).waitFor();
    // Both pages at 1280 px, then narrowed to a phone's 390 px: nothing wider than the screen.
    for (const viewport of ['desktop', 'phone'] as const) {
      for (const shown of [page, confirm]) await shown.setViewportSize(viewports[viewport]);
      expect(await sidewaysScroll(confirm)).toBe(0);
      await animationsSettled(page);
      await saveScreenshot(page, `notify-me-asked-${viewport}`);
      await saveScreenshot(confirm, `notify-me-confirmed-${viewport}`);
    }
    await confirm.close();
    await page.close();
    expect(site.problems).toEqual([]);
  }, 120_000);
});
