import { createServer } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../fakes/fake-stripe.js';
import { TestSmtpServer } from '../helpers/mail.js';
import { appStarted, openPage, type viewports } from './browser.js';
import { useOwnSite, type ProductionSite } from './production-site.js';

// What the VIP browser tests share: a server that must know its own origin before it starts (PUBLIC_URL
// with Stripe), and the emails it sends.

/** A free loopback port: PUBLIC_URL must name the server's own origin before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The first email to `address` whose subject starts so, once the SMTP server accepted it. */
export async function emailTo(smtp: TestSmtpServer, address: string, subject: string) {
  const find = () => smtp.accepted.find((m) => m.to.includes(address) && m.subject.startsWith(subject));
  for (let count = 1; !find(); count = smtp.accepted.length + 1) await smtp.waitForAccepted(count);
  return find();
}

/** The sign-in link of the latest "Sign in" email to `address`. */
export async function signInLink(smtp: TestSmtpServer, address: string): Promise<string> {
  const mail = await emailTo(smtp, address, 'Sign in');
  const link = /https?:\/\/\S+\/vip\/account\/sign-in\/[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`No sign-in link to ${address}`);
  return link;
}

export interface StripeSite {
  readonly site: ProductionSite;
  readonly stripe: FakeStripe;
  readonly smtp: TestSmtpServer;
  /** The server's own origin (PUBLIC_URL), known before it starts. */
  readonly origin: string;
}

/**
 * A server of the file's own with Stripe (the fake, delivering its signed webhooks to the server over
 * HTTP) and email (an SMTP server of the test's); `env` adds settings (the staff account).
 */
export function useStripeSite(env: Record<string, string> = {}): StripeSite {
  let stripe: FakeStripe | undefined;
  let smtp: TestSmtpServer | undefined;
  let origin = '';
  beforeAll(async () => {
    [stripe, smtp] = await Promise.all([startFakeStripe(), TestSmtpServer.start()]);
    origin = `http://127.0.0.1:${await freePort()}`;
    stripe.setWebhookUrl(`${origin}/api/webhooks/stripe`);
  });
  afterAll(async () => {
    await stripe?.close();
    await smtp?.close();
  });
  const site = useOwnSite(() => ({
    ...env,
    PORT: new URL(origin).port,
    PUBLIC_URL: origin,
    STRIPE_SECRET_KEY: (stripe as FakeStripe).secretKey,
    STRIPE_WEBHOOK_SECRET: (stripe as FakeStripe).webhookSecret,
    STRIPE_API_URL: (stripe as FakeStripe).url,
    SMTP_URL: (smtp as TestSmtpServer).url,
    MAIL_FROM: 'vip@records.example',
  }));
  return {
    site,
    get stripe() {
      return stripe as FakeStripe;
    },
    get smtp() {
      return smtp as TestSmtpServer;
    },
    get origin() {
      return origin;
    },
  };
}

/** Joins the Monthly plan through the fake Checkout in a fresh browser state and signs in on the member page with the emailed link: the member's page. */
export async function becomeMonthlyMember(vip: StripeSite, viewport: keyof typeof viewports, email: string): Promise<Page> {
  const { site } = vip;
  await site.browser.context.clearCookies();
  const page = await openPage(site.browser, `${vip.origin}/vip`, site.problems, { viewport });
  await page.getByRole('button', { name: 'Subscribe to Monthly' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Kim Fan');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.getByText('Your Monthly membership is active.', { exact: false }).waitFor();
  await page.goto(`${vip.origin}/vip/account`);
  await appStarted(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await page.goto(await signInLink(vip.smtp, email));
  await appStarted(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${vip.origin}/vip/account`);
  return page;
}
