import { beforeAll, describe, expect, it } from 'vitest';
import { aDemoArtist, aDemoTrack } from '../helpers/demo-builders.js';
import { logInAsAdmin } from '../e2e-helpers/admin-session.js';
import { animationsSettled, openPage, saveScreenshot, sidewaysScroll, viewports } from '../e2e-helpers/browser.js';
import { useSharedSite } from '../e2e-helpers/production-site.js';

// Issue 25 in Debian's Chromium against the production build (no SMTP_URL: emails stay in the
// outbox, 'Not sent: no SMTP server'): the admin Outbox and decision email preview at 1280 and
// 390 px, the artist's status page from the receipt's link, and the footer's legal links.

const email = 'outbox.e2e@example.com';
const artist = aDemoArtist({ fullName: 'Outbox Tester', name: 'Outbox Artist', email, instagram: null });
const track = aDemoTrack({ name: 'Mail Me', genre: 'Techno', soundCloudPrivateLink: 'https://soundcloud.com/outbox/mail-me/s-E2e2' });


describe('email in the browser', () => {
  const site = useSharedSite();

  beforeAll(async () => {
    const res = await fetch(`${site.server.url}/api/submit-demo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ label: 'tech', artist, track, termsAccepted: true }),
    });
    if (res.status !== 201) throw new Error(`submit-demo answered ${res.status}: ${await res.text()}`);
  });

  it("lists the demo's receipt in the Outbox, opens it, and its status link shows the demo", async () => {
    const page = await openPage(site.browser, `${site.server.url}/login`, site.problems);
    await logInAsAdmin(page, site.server);
    await page.goto(`${site.server.url}/admin/outbox`);
    await page.getByRole('textbox', { name: 'Search recipient or subject' }).fill(email);
    const row = page.getByRole('table', { name: 'Emails' }).getByRole('row').filter({ hasText: email }).first();
    await row.waitFor();
    // The list at 1280 px, then narrowed to a phone's 390 px: the row and its state whole, nothing
    // wider than the screen.
    for (const viewport of ['desktop', 'phone'] as const) {
      await page.setViewportSize(viewports[viewport]);
      expect(await row.getByText('Not sent: no SMTP server').count()).toBe(1);
      expect(await sidewaysScroll(page)).toBe(0);
      await saveScreenshot(page, `admin-outbox-${viewport}`);
    }

    await row.getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Message-ID').waitFor();
    for (const viewport of ['desktop', 'phone'] as const) {
      await page.setViewportSize(viewports[viewport]);
      await animationsSettled(page);
      await saveScreenshot(page, `admin-outbox-email-${viewport}`);
    }
    await dialog.getByRole('tab', { name: 'Plain text' }).click();
    let text = '';
    for (const viewport of ['phone', 'desktop'] as const) {
      await page.setViewportSize(viewports[viewport]);
      text = await dialog.getByLabel('Email text').innerText();
      expect(text).toContain('Mail Me');
    }
    await page.close();

    const link = /https?:\/\/\S+\/demo-status\/[A-Za-z0-9_-]+/.exec(text)?.[0];
    expect(link).toBeDefined();
    const status = await openPage(site.browser, `${site.server.url}${new URL(link ?? '').pathname}`, site.problems);
    await status.getByText('Sent to Build It Tech on', { exact: false }).waitFor();
    expect(await status.getByRole('list', { name: 'Tracks' }).innerText()).toBe('Mail Me');
    expect(await status.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await saveScreenshot(status, 'demo-status-desktop');
    await status.close();
    expect(site.problems).toEqual([]);
  });

  it('previews a decision email as it is edited', async () => {
    const page = await openPage(site.browser, `${site.server.url}/login`, site.problems);
    await logInAsAdmin(page, site.server);
    await page.goto(`${site.server.url}/admin/demos`);
    await page.getByRole('button', { name: 'Decision emails' }).click();
    const dialog = page.getByRole('dialog', { name: 'Decision emails' });
    const subject = dialog.getByRole('textbox', { name: 'Subject' });
    // Edited at 1280 px, then again in the same dialog narrowed to a phone's 390 px.
    for (const viewport of ['desktop', 'phone'] as const) {
      await page.setViewportSize(viewports[viewport]);
      await subject.fill(`Big news for {artistName} (${viewport})`);
      await dialog.getByText(`Subject: Big news for Mara Q (${viewport})`).waitFor();
      const html = await dialog.getByTitle('Email preview').getAttribute('srcdoc');
      expect(html).toContain('Build It Records');
      await animationsSettled(page);
      await saveScreenshot(page, `admin-decision-email-${viewport}`);
    }
    await page.close();
    expect(site.problems).toEqual([]);
  });

  it('links the legal page from the footer of a public page', async () => {
    // A page of a fixed length: on a list that loads more as it scrolls, the footer moves on while it is
    // scrolled to (under load, a click on it was still waiting after 30 s).
    const page = await openPage(site.browser, `${site.server.url}/tech/submit`, site.problems, { viewport: 'phone' });
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'footer-phone');
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.getByRole('tab', { name: 'Privacy Policy', selected: true }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/legal?tab=privacy');
    await page.getByText('theme (cookie)').waitFor();
    await saveScreenshot(page, 'legal-privacy-phone');
    await page.close();
    expect(site.problems).toEqual([]);
  });
});
