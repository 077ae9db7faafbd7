import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../e2e-helpers/vip-site.js';
import { startFakeStripe, type FakeStripe } from '../fakes/fake-stripe.js';
import { startProductionServer, type ProductionServer } from '../helpers/production-server.js';

// The built server sets up its Stripe webhook itself (issue 33, docs/decisions/0094): STRIPE_SECRET_KEY and
// PUBLIC_URL, no STRIPE_WEBHOOK_SECRET. Its first start creates the endpoint in (the fake) Stripe, the events
// Stripe signs with the endpoint's secret are taken, and a restart on the same data creates no second one.

/** Resolves once the server has logged `message` (its setup runs beside the start, in its own time). */
function logged(server: ProductionServer, message: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!server.output().includes(`"msg":"${message}"`)) return;
      server.process.stdout?.off('data', check);
      resolve();
    };
    server.process.stdout?.on('data', check);
    check();
  });
}

describe('the built server and its Stripe webhook', () => {
  let stripe: FakeStripe;
  let origin: string;
  let dataDir: string;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    origin = `http://127.0.0.1:${await freePort()}`;
    stripe.setWebhookUrl(`${origin}/api/webhooks/stripe`);
    dataDir = mkdtempSync(join(tmpdir(), 'bir-stripe-setup-'));
  });
  afterAll(async () => {
    await stripe?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const env = () => ({
    PORT: new URL(origin).port,
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    SEED_DEMO_CATALOG: 'false',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_API_URL: stripe.url,
  });
  const post = async (signed: { body: string; signature: string }) =>
    (await fetch(`${origin}/api/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature }, body: signed.body })).status;

  it('its first start creates one endpoint at PUBLIC_URL that Stripe signs for; a restart creates no second', async () => {
    let server = await startProductionServer({ env: env() });
    try {
      await logged(server, 'stripe webhook endpoint created');
      expect(stripe.webhookEndpoints).toHaveLength(1);
      expect(stripe.webhookEndpoints[0]).toMatchObject({ url: `${origin}/api/webhooks/stripe`, status: 'enabled' });
      expect(stripe.webhookEndpoints[0]?.enabled_events).toEqual(
        expect.arrayContaining(['checkout.session.completed', 'customer.subscription.updated', 'customer.subscription.deleted', 'invoice.paid', 'invoice.payment_failed']),
      );
      const event = stripe.event('invoice.upcoming', { id: 'in_first', object: 'invoice' });
      expect(await post(stripe.sign(event))).toBe(200);
      expect(await post(stripe.sign(event, stripe.webhookSecret))).toBe(400);
    } finally {
      await server.stop();
    }
    const [first] = stripe.webhookEndpoints;
    server = await startProductionServer({ env: env() });
    try {
      await logged(server, 'stripe webhook endpoint up to date');
      expect(stripe.webhookEndpoints.map((e) => e.id)).toEqual([first?.id]);
      expect(await post(stripe.sign(stripe.event('invoice.upcoming', { id: 'in_again', object: 'invoice' })))).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
