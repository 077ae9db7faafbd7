import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Release } from '../../src/shared/api/catalog.js';
import { aDemoArtist, aDemoTrack } from '../helpers/demo-builders.js';
import { TestSmtpServer } from '../helpers/mail.js';
import { logInAsAdmin } from '../e2e-helpers/admin-session.js';
import { animationsSettled, openPage, saveScreenshot, viewports } from '../e2e-helpers/browser.js';
import { bareRequest, documentOf, metaOf } from '../e2e-helpers/page-html.js';
import { useOwnSite } from '../e2e-helpers/production-site.js';
import { emailTo } from '../e2e-helpers/vip-site.js';

// Issue 34's Done-when, in the browser against the production build: an owner changes the tech label's
// name, tagline and accent, uploads its logo, edits a VIP price and the privacy policy in the admin's Site
// tab, and the public site shows each without a restart: the first HTML, the share card, the emails. A
// refused colour names its field; reverting from the log restores the old page. A server of its own: the
// settings change every page. That a change saved on one instance shows on another (two instances on one
// PostgreSQL, through LISTEN/NOTIFY) is tests/api/site-settings-api.test.ts's "site settings across instances".

const fan = 'settings.e2e@example.com';

describe('the label runs its own site: Site settings', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const site = useOwnSite(() => ({ SMTP_URL: smtp.url, MAIL_FROM: 'site@records.example' }));

  const get = async (path: string) => {
    const res = await fetch(`${site.server.url}${path}`);
    expect(res.status, path).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };
  const firstHtml = async (path: string) => {
    const answer = await bareRequest(`${site.server.url}${path}`);
    expect(answer.status, path).toBe(200);
    return answer.body;
  };
  const post = async (path: string, body: object) => {
    const res = await fetch(`${site.server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(201);
  };

  /** Saves a form of the Site tab and waits for its confirmation. */
  async function save(page: Page, button: string, confirmation: string) {
    await page.getByRole('button', { name: button }).click();
    await page.getByText(confirmation).waitFor();
  }

  // One owner's whole session (a refusal, six changes, the public pages, two emails, two reverts): past the tier's 30 s
  // beside two CPU burners (`npm run test:flaky`).
  it('shows a changed name, tagline, accent, logo, price and privacy text on the public site at once, and reverts them', { timeout: 120_000 }, async () => {
    const [release] = ((await (await fetch(`${site.server.url}/api/releases?label=tech&limit=1`)).json()) as { data: Release[] }).data;
    const cardPath = `/media/releases/${release!.id}-card.jpg`;
    const releasePage = `/tech/releases/${release!.slug}`;
    const cardBefore = await get(cardPath);
    // The page names its card by what it is drawn from: a new look, a new address no cache has kept.
    const cardUrl = async () => metaOf(await firstHtml(releasePage), 'og:image');
    const cardUrlBefore = await cardUrl();
    expect(cardUrlBefore?.startsWith(`${site.server.url}${cardPath}?v=`), cardUrlBefore).toBe(true);

    const page = await openPage(site.browser, `${site.server.url}/login`, site.problems);
    await logInAsAdmin(page, site.server);
    await page.goto(`${site.server.url}/admin/site?label=tech`);
    const form = page.getByRole('form', { name: 'Build It Tech' });
    await form.waitFor();

    // A colour that does not read on the dark page is refused on its field, before anything is sent.
    const accent = page.getByLabel('Accent colour', { exact: true });
    await accent.fill('#333333');
    await page.getByRole('button', { name: 'Save label' }).click();
    await form.getByText(/^accent must read at 4\.5:1 on the dark theme's background #000000/).waitFor();
    expect(await accent.getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Name', { exact: true }).fill('Night Shift Tech');
    await page.getByLabel('Tagline', { exact: true }).fill('Tech after dark');
    await accent.fill('#FF5555');
    await save(page, 'Save label', 'Label saved: the site shows it now');
    // A word mark on a transparent ground, as a label's logo often is.
    const wordMark =
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="160"><rect x="8" y="8" width="584" height="144" rx="24" fill="none" stroke="#FF5555" stroke-width="8"/>' +
      '<text x="300" y="104" text-anchor="middle" font-family="Helvetica,Arial,sans-serif" font-size="64" font-weight="700" fill="#FF5555">NIGHT SHIFT</text></svg>';
    const logo = await sharp(Buffer.from(wordMark)).png().toBuffer();
    // Chosen from the keyboard: "Upload logo" is a button that Enter presses, opening the file picker.
    const picker = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload logo' }).focus();
    await page.keyboard.press('Enter');
    await (await picker).setFiles({ name: 'night-shift-logo.png', mimeType: 'image/png', buffer: logo });
    await page.getByText('Logo of Night Shift Tech uploaded').waitFor();
    const preview = page.getByRole('figure');
    const logoUrl = await preview.getByRole('img', { name: 'Night Shift Tech logo' }).getAttribute('src');
    expect(logoUrl).toMatch(/^\/media\/art\/logo-[0-9a-f]{32}\.webp$/);
    await animationsSettled(page);
    await saveScreenshot(page, 'admin-site-label-desktop');
    await page.setViewportSize(viewports.phone);
    await animationsSettled(page);
    await saveScreenshot(page, 'admin-site-label-phone');
    await page.setViewportSize(viewports.desktop);

    await page.goto(`${site.server.url}/admin/site/vip`);
    await page.getByLabel('Price', { exact: true }).first().fill('12.5');
    await save(page, 'Save VIP plans', 'VIP plans saved: the VIP page shows them now');
    await page.goto(`${site.server.url}/admin/site/legal?document=privacy`);
    await page.getByLabel('Paragraphs', { exact: true }).first().fill('Night Shift keeps only what the site needs to work.');
    await page.getByLabel('Privacy contact', { exact: true }).fill('privacy@nightshift.example');
    await save(page, 'Save privacy policy', 'Privacy Policy saved: the legal page shows it now');

    // The first HTML a visitor or a crawler gets: the label's words, its logo, its accent and the price in the page's settings.
    const landing = documentOf(await firstHtml('/tech'));
    expect(landing.querySelector('h1')?.textContent).toBe('Night Shift Tech');
    expect(landing.body.textContent).toContain('Tech after dark');
    expect(landing.querySelector('img[alt="Night Shift Tech logo"]')?.getAttribute('src')).toBe(logoUrl);
    const embedded = JSON.parse(landing.getElementById('site-settings')?.textContent ?? '{}') as { labels: { tech: { accent: string } }; vip: { plans: { id: string; price: number }[] } };
    expect(embedded.labels.tech.accent).toBe('#FF5555');
    expect(embedded.vip.plans.find((plan) => plan.id === 'monthly')?.price).toBe(12.5);
    expect(documentOf(await firstHtml('/legal?tab=privacy')).body.textContent).toContain('Night Shift keeps only what the site needs to work.');
    // The share card is drawn again with the new name and accent, at a new address.
    expect(await cardUrl()).not.toBe(cardUrlBefore);
    expect((await get(cardPath)).equals(cardBefore)).toBe(false);

    // In the browser: the page the visitor sees, with the logo above the navigation.
    await page.goto(`${site.server.url}/tech`);
    await page.getByRole('heading', { level: 1, name: 'Night Shift Tech' }).waitFor();
    expect(await page.getByRole('img', { name: 'Night Shift Tech logo' }).getAttribute('src')).toBe(logoUrl);
    await saveScreenshot(page, 'site-settings-tech-landing-desktop');

    // Emails written now: the demo receipt says the label's new name; the VIP welcome the new price and privacy contact.
    await post('/api/submit-demo', { label: 'tech', artist: aDemoArtist({ email: fan, instagram: null }), track: aDemoTrack({ name: 'Settings Check' }), termsAccepted: true });
    expect((await emailTo(smtp, fan, 'Night Shift Tech received your demo'))?.subject).toBe('Night Shift Tech received your demo');
    await post('/api/subscribe-vip', { name: 'Settings Fan', email: fan, plan: 'monthly' });
    const welcome = await emailTo(smtp, fan, 'Welcome to');
    expect(welcome?.text).toContain('USD 12.50 per month');
    expect(welcome?.text).toContain('privacy@nightshift.example');

    // Reverting the label's change and its logo from the log restores the old page.
    await page.goto(`${site.server.url}/admin/site/changes`);
    const changes = page.getByRole('list', { name: 'Changes, newest first' }).locator(':scope > li');
    for (const setting of ['labels.tech.name', 'labels.tech.logo']) {
      await changes.filter({ hasText: setting }).getByRole('button', { name: /^Revert the change of / }).click();
      await page.getByText(/^The change of .+ is undone$/).last().waitFor();
      // The revert is logged first: the change itself and its revert both name the setting.
      await expect.poll(() => changes.filter({ hasText: setting }).count()).toBe(2);
    }
    const restored = documentOf(await firstHtml('/tech'));
    expect(restored.querySelector('h1')?.textContent).toBe('Build It Tech');
    expect(restored.body.textContent).not.toContain('Tech after dark');
    expect(restored.querySelector('img[alt$=" logo"]')).toBeNull();
    expect((await get(cardPath)).equals(cardBefore)).toBe(true);
    expect(await cardUrl()).toBe(cardUrlBefore);
    expect(site.problems).toEqual([]);
  });
});
