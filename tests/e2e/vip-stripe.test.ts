import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eAdminEnv, logInAsAdmin } from '../e2e-helpers/admin-session.js';
import { animationsSettled, appStarted, openPage, saveScreenshot, sidewaysScroll } from '../e2e-helpers/browser.js';
import { emailTo, signInLink, useStripeSite } from '../e2e-helpers/vip-site.js';

// Issue 26 in Debian's Chromium against the production build: sign up → the fake Stripe Checkout →
// back on the site ("Processing" until the webhook, then active) → the member page through an
// emailed sign-in link, at 1280 px; the pages it passes through fit 390 px. The fake Stripe delivers its
// signed webhooks to the server over HTTP; the emails go to an SMTP server of the test's. Issue 33: a plan
// switched and a pause in the fake Billing Portal reach the member's page, admin Members and the CSV.

describe('VIP with Stripe', () => {
  const vip = useStripeSite(e2eAdminEnv);
  const { site } = vip;
  /** The welcome page the first walk returned to from Checkout. */
  let welcomeUrl = '';

  async function walk(email: string, plan: 'Monthly' | 'Annual'): Promise<Page> {
    // Signed out: the browser profile is shared by the tests. The member page asks whether the visitor is
    // signed in (not yet): no error in the console, where a 401 would be.
    await site.browser.context.clearCookies();
    const page = await openPage(site.browser, `${site.server.url}/vip`, site.problems, { viewport: 'desktop' });
    expect(site.server.url).toBe(vip.origin);
    await page.getByRole('button', { name: `Subscribe to ${plan}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Sam Rivers');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Subscribe' }).click();

    // Stripe's Checkout (the fake's page), then back to the site.
    await page.getByRole('heading', { name: 'Fake Checkout' }).waitFor();
    expect(page.url()).toMatch(new RegExp(`^${vip.stripe.url}/checkout/cs_test_`));
    await page.getByText(`VIP ${plan}`).waitFor();
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/vip\/welcome\?session_id=cs_test_/);
    welcomeUrl ||= page.url();
    await page.getByText(`Your ${plan} membership is active. A welcome email with your receipt is on its way.`).waitFor();
    await saveScreenshot(page, 'vip-stripe-welcome-desktop');

    // The member page: signed out, it asks for the emailed link.
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.getByRole('button', { name: 'Email me a sign-in link' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByText('If that address has a VIP membership, a sign-in link is on its way.', { exact: false }).waitFor();
    const link = await signInLink(vip.smtp, email);
    expect(link.startsWith(`${vip.origin}/vip/account/sign-in/`)).toBe(true);
    await page.goto(link);
    await appStarted(page);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${vip.origin}/vip/account`);
    await page.getByRole('heading', { level: 2, name: new RegExp(`^${plan}, \\$`) }).waitFor();
    await page.getByText(/Renews on/).waitFor();
    await page.getByRole('table', { name: 'Invoices' }).getByText('paid').waitFor();
    await page.getByRole('button', { name: 'Manage billing' }).waitFor();
    await saveScreenshot(page, 'vip-stripe-account-desktop');
    return page;
  }

  it('walks sign-up → Checkout → return → account page at 1280 px, and Manage billing opens the portal', { timeout: 90_000 }, async () => {
    const page = await walk('desk@example.com', 'Annual');
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.getByRole('heading', { name: 'Fake Billing Portal' }).waitFor();
    const welcome = await emailTo(vip.smtp, 'desk@example.com', 'Welcome');
    expect(welcome?.text).toContain('Receipt: USD 99.99 paid on');
    await page.close();
    expect(site.problems).toEqual([]);
  });

  it('a plan switched in the Billing Portal shows on the member page, in admin Members and the CSV; a pause takes the perks and says why', { timeout: 120_000 }, async () => {
    // The Annual plan's price exists in Stripe once someone has started its checkout.
    const annual = await fetch(`${vip.origin}/api/subscribe-vip`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Price', email: 'annual-price@example.com', plan: 'annual' }),
    });
    expect(annual.status).toBe(201);
    const page = await walk('switch@example.com', 'Monthly');
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.getByRole('heading', { name: 'Fake Billing Portal' }).waitFor();
    await page.getByRole('button', { name: 'Switch to VIP Annual' }).click();
    await page.waitForURL(`${vip.origin}/vip/account`);
    await page.getByRole('heading', { level: 2, name: /^Annual, \$99\.99\/year/ }).waitFor();

    const token = await logInAsAdmin(page, site.server);
    await page.goto(`${vip.origin}/admin/members`);
    await page.getByLabel('Search name or email').fill('switch@example.com');
    const row = page.getByRole('row').filter({ hasText: 'switch@example.com' });
    await row.getByRole('cell').filter({ hasText: /^Annual\$99\.99\/year/ }).waitFor();
    await row.getByRole('cell', { name: /^Active · renews/ }).waitFor();
    const csv = await (await fetch(`${vip.origin}/api/admin/members/export.csv?q=switch%40example.com`, { headers: { Authorization: `Bearer ${token}` } })).text();
    expect(csv).toMatch(/"switch@example\.com","Annual","99\.99"/);

    await page.goto(`${vip.origin}/vip/account`);
    await appStarted(page);
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.waitForURL(`${vip.origin}/vip/account`);
    await page.getByText('Your membership is paused: resume it in billing.').waitFor();
    await page.getByRole('status').getByText(/^Your membership is paused: resume it in billing to get your downloads and early access back\./).waitFor();
    await saveScreenshot(page, 'vip-stripe-paused-desktop');
    await page.close();
    expect(site.problems).toEqual([]);
  });

  // The same pages at 390 px, where their layout differs: the plans and the sign-up form, the welcome page
  // of the first walk, and the member page of the second (paused) in the browser profile the tests share.
  it('fits a phone: the plans and the sign-up form, the welcome page and the member page', { timeout: 90_000 }, async () => {
    const page = await openPage(site.browser, `${vip.origin}/vip`, site.problems, { viewport: 'phone' });
    await page.getByRole('button', { name: 'Subscribe to Monthly' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').waitFor();
    await animationsSettled(page);
    expect(await sidewaysScroll(page)).toBe(0);
    await saveScreenshot(page, 'vip-stripe-sign-up-phone');

    await page.goto(welcomeUrl);
    await page.getByText('Your Annual membership is active. A welcome email with your receipt is on its way.').waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await saveScreenshot(page, 'vip-stripe-welcome-phone');

    await page.goto(`${vip.origin}/vip/account`);
    await appStarted(page);
    await page.getByRole('heading', { level: 2, name: /^Annual, \$99\.99\/year/ }).waitFor();
    await page.getByRole('status').getByText(/^Your membership is paused/).waitFor();
    // Two invoices paid: the Monthly plan's and the Annual's it was switched to.
    await page.getByRole('table', { name: 'Invoices' }).getByRole('cell', { name: 'paid' }).nth(1).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await saveScreenshot(page, 'vip-stripe-account-phone');
    await page.close();
    expect(site.problems).toEqual([]);
  });
});
