import { createServer } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../fakes/fake-stripe.js';
import { TestSmtpServer } from '../helpers/mail.js';
import { useOwnSite, type ProductionSite } from './production-site.js';

// A browser test file's own server with Stripe (the fake of tests/fakes, delivering its signed
// webhooks to the server over HTTP) and email (a real SMTP server of the test's).

/** A free loopback port: PUBLIC_URL must name the server's own origin before it starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface StripeSite {
  site: ProductionSite;
  /** The server's origin, its PUBLIC_URL. */
  readonly origin: string;
  readonly stripe: FakeStripe;
  readonly smtp: TestSmtpServer;
}

export function useStripeSite(): StripeSite {
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
    get origin() {
      return origin;
    },
    get stripe() {
      return stripe as FakeStripe;
    },
    get smtp() {
      return smtp as TestSmtpServer;
    },
  };
}
