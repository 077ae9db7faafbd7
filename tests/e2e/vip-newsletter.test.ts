import { beforeAll, describe, expect, it } from 'vitest';
import { logInAsAdmin } from '../e2e-helpers/admin-session.js';
import { animationsSettled, openPage, saveScreenshot, sidewaysScroll } from '../e2e-helpers/browser.js';
import { useStripeSite } from '../e2e-helpers/vip-site.js';

// The members' newsletter in Debian's Chromium against the production build (docs/decisions/0065):
// two members pay through the fake Stripe, staff write and send a newsletter in admin Newsletter at
// 1280 and 390 px, the SMTP server of the test receives one copy per member, and a member leaves the
// newsletter from the page of their emailed link.


describe('members newsletter', () => {
  const stripeSite = useStripeSite();
  const { site } = stripeSite;

  /** A member who paid on the fake Checkout: its webhooks made them active before the redirect. */
  async function paidMember(email: string, plan: string) {
    const res = await fetch(`${stripeSite.origin}/api/subscribe-vip`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Fan', email, plan }),
    });
    const { data } = (await res.json()) as { data: { checkoutUrl: string } };
    const paid = await fetch(`${data.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
  }

  /** The emails accepted with this subject, once there are `count` of them. */
  async function newsletters(subject: string, count: number) {
    const server = stripeSite.smtp;
    const found = () => server.accepted.filter((m) => m.subject === subject);
    while (found().length < count) await server.waitForAccepted(server.accepted.length + 1);
    return found();
  }

  beforeAll(async () => {
    await paidMember('monthly.fan@example.com', 'monthly');
    await paidMember('annual.fan@example.com', 'annual');
  });

  it('staff write and send one at 1280 px; each member gets it and can leave from its link', { timeout: 90_000 }, async () => {
    const page = await openPage(site.browser, `${stripeSite.origin}/login`, site.problems, { viewport: 'desktop' });
    await logInAsAdmin(page, site.server);
    await page.goto(`${stripeSite.origin}/admin/newsletter`);
    await page.getByRole('heading', { name: 'Write a newsletter' }).waitFor();
    await page.getByRole('textbox', { name: 'Subject' }).fill('Studio diary: March');
    await page.getByRole('textbox', { name: 'Text' }).fill('Hello members,\n\nThe new EP is mastered <and> ready.\n\nSee you soon.');
    await page.getByRole('checkbox', { name: 'Monthly' }).check();
    await page.getByRole('checkbox', { name: 'Annual' }).check();
    await page.getByRole('status', { name: 'Reach' }).getByText('Reaches 2 members today.').waitFor();
    await saveScreenshot(page, 'admin-newsletter-desktop');

    await page.getByRole('button', { name: 'Send…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this newsletter?' });
    await dialog.getByText('“Studio diary: March” goes now to 2 members of Monthly, Annual who have not unsubscribed.', { exact: false }).waitFor();
    await animationsSettled(page);
    await saveScreenshot(page, 'admin-newsletter-confirm-desktop');
    await dialog.getByRole('button', { name: 'Send now' }).click();
    await page.getByText('Newsletter sent to 2 members').waitFor();
    await page.getByRole('list', { name: 'Newsletters' }).getByText(/^Sent .* by staff to 2 members · Monthly, Annual$/).waitFor();
    await saveScreenshot(page, 'admin-newsletter-sent-desktop');

    const mail = await newsletters('Studio diary: March', 2);
    expect(mail.map((m) => m.to[0]).sort()).toEqual(['annual.fan@example.com', 'monthly.fan@example.com']);
    const ana = mail.find((m) => m.to[0] === 'monthly.fan@example.com');
    expect(ana?.text).toContain('The new EP is mastered <and> ready.');
    const link = new RegExp(`${stripeSite.origin}/unsubscribe/[A-Za-z0-9_-]+`).exec(ana?.text ?? '')?.[0] as string;

    // The emailed link's page changes nothing; its button unsubscribes.
    const leave = await openPage(site.browser, link, site.problems, { viewport: 'phone' });
    await leave.getByText("Stop sending the VIP members' newsletter to mo*********@example.com?", { exact: false }).waitFor();
    await saveScreenshot(leave, 'newsletter-unsubscribe-phone');
    await leave.getByRole('button', { name: 'Unsubscribe' }).click();
    await leave.getByText("is unsubscribed from the VIP members' newsletter: nothing more of it will be sent there. Your membership and its emails", { exact: false }).waitFor();
    await saveScreenshot(leave, 'newsletter-unsubscribed-phone');
    await leave.close();

    await page.reload();
    await page.getByRole('checkbox', { name: 'Monthly' }).check();
    await page.getByRole('checkbox', { name: 'Annual' }).check();
    await page.getByRole('status', { name: 'Reach' }).getByText('Reaches 1 member today (1 member unsubscribed and left out).').waitFor();
    await page.close();
    expect(site.problems).toEqual([]);
  });

  it('fits a phone at 390 px, and saves a draft there', { timeout: 90_000 }, async () => {
    const page = await openPage(site.browser, `${stripeSite.origin}/login`, site.problems, { viewport: 'phone' });
    await logInAsAdmin(page, site.server);
    await page.goto(`${stripeSite.origin}/admin/newsletter`);
    await page.getByRole('textbox', { name: 'Subject' }).fill('April plans');
    await page.getByRole('checkbox', { name: 'Premium' }).check();
    await page.getByRole('status', { name: 'Reach' }).getByText('Reaches 0 members today.').waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('list', { name: 'Newsletters' }).getByText(/^Draft, saved .* by staff · Premium$/).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await saveScreenshot(page, 'admin-newsletter-phone');
    await page.close();
    expect(site.problems).toEqual([]);
  });
});
