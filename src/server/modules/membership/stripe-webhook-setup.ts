import type { FastifyBaseLogger } from 'fastify';
import type { AdminPayments } from '../../../shared/api/admin-payments.js';
import type { Db } from '../../db/client.js';
import type { PaymentEvent, PaymentProvider } from './payment-provider.js';
import { findStripeWebhookEndpoint, keepStripeWebhookEndpoint, setStripeWebhookEvents } from './stripe-checks.repo.js';
import { handledStripeEvents } from './stripe-events.js';

// Payments set up from code (docs/decisions/0094): with STRIPE_SECRET_KEY and PUBLIC_URL and no
// STRIPE_WEBHOOK_SECRET, the site finds or creates its webhook endpoint in Stripe, with the events it
// handles, and keeps the endpoint's signing secret in the database, where every instance reads it.

export const stripeWebhookPath = '/api/webhooks/stripe';

/** The webhook's URL at PUBLIC_URL (an origin). */
export const stripeWebhookUrl = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}${stripeWebhookPath}`;

const sameEvents = (a: readonly string[], b: readonly string[]) => [...a].sort().join() === [...b].sort().join();

export type StripeWebhookSetup = 'created' | 'recreated' | 'updated' | 'unchanged';

/**
 * Finds or creates the endpoint at `url` sending `events` (the handled ones) and keeps its secret.
 * Ours is the one whose id the database keeps: its events are updated when the list changed. Another
 * endpoint at that URL signs with a secret the site never saw (Stripe gives it only at creation): it is
 * deleted, with a warning, and ours created. Run by one instance at a time (the `stripe` lock).
 */
export async function setUpStripeWebhook(
  { db, payments, log }: { db: Db; payments: PaymentProvider; log: FastifyBaseLogger },
  url: string,
  now: Date,
  events: readonly string[] = handledStripeEvents,
): Promise<StripeWebhookSetup> {
  const kept = await findStripeWebhookEndpoint(db, url);
  const atUrl = (await payments.webhookEndpoints.list()).filter((endpoint) => endpoint.url === url);
  const ours = kept && atUrl.find((endpoint) => endpoint.id === kept.endpointId);
  for (const other of atUrl.filter((endpoint) => endpoint !== ours)) {
    log.warn({ endpoint: other.id, url }, 'stripe webhook endpoint at our url whose signing secret the site does not have: deleted, and created again');
    await payments.webhookEndpoints.remove(other.id);
  }
  if (ours) {
    if (sameEvents(ours.enabledEvents, events) && ours.status !== 'disabled') {
      log.info({ endpoint: ours.id, url }, 'stripe webhook endpoint up to date');
      return 'unchanged';
    }
    await payments.webhookEndpoints.update(ours.id, events);
    await setStripeWebhookEvents(db, url, [...events], now);
    log.info({ endpoint: ours.id, url, events, was: ours.enabledEvents, status: ours.status }, 'stripe webhook endpoint updated');
    return 'updated';
  }
  const created = await payments.webhookEndpoints.create(url, events);
  await keepStripeWebhookEndpoint(db, { url, endpointId: created.id, secret: created.secret, enabledEvents: [...events] }, now);
  log.info({ endpoint: created.id, url, events }, 'stripe webhook endpoint created');
  return atUrl.length > 0 ? 'recreated' : 'created';
}

/** A Stripe that does not answer at start is asked again this soon, then twice as long each time, an hour at most. */
const firstRetryMs = 30_000;
const maxRetryMs = 3_600_000;

/**
 * Sets up the webhook now, under `exclusively` (one instance at a time: the others find it set up), and
 * again later while Stripe cannot be reached or refuses; never keeps the server from starting.
 */
export function keepStripeWebhookSetUp(
  context: { db: Db; payments: PaymentProvider; log: FastifyBaseLogger },
  { url, exclusively, clock }: { url: string; exclusively: <T>(work: () => Promise<T>) => Promise<T>; clock: () => Date },
): { done: Promise<void>; stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;
  let resolveDone = () => {};
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });
  const attempt = (failures: number) => {
    exclusively(() => setUpStripeWebhook(context, url, clock())).then(resolveDone, (err: unknown) => {
      const retryInMs = Math.min(firstRetryMs * 2 ** failures, maxRetryMs);
      context.log.error({ err, url, retryInMs }, 'could not set up the stripe webhook endpoint: webhooks are refused until it is');
      if (isStopped) return resolveDone();
      timer = setTimeout(() => attempt(failures + 1), retryInMs);
      timer.unref();
    });
  };
  attempt(0);
  return {
    done,
    stop: () => {
      isStopped = true;
      clearTimeout(timer);
      resolveDone();
    },
  };
}

/**
 * Verifies webhooks without STRIPE_WEBHOOK_SECRET: with the secret the database keeps for `url`, read
 * once and again whenever a signature does not verify (an instance started before the setup, or an
 * endpoint created again).
 */
export function storedSecretVerifier(db: Db, payments: PaymentProvider, url: string | undefined) {
  let cached: string | undefined;
  return async (rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent | undefined> => {
    if (payments.hasWebhookSecret) return payments.verifyWebhook(rawBody, signature);
    if (!url || !signature) return undefined;
    const event = cached ? payments.verifyWebhook(rawBody, signature, cached) : undefined;
    if (event) return event;
    const stored = (await findStripeWebhookEndpoint(db, url))?.secret;
    if (!stored || stored === cached) return undefined;
    cached = stored;
    return payments.verifyWebhook(rawBody, signature, stored);
  };
}

/** What admin Settings says of payments: connected or not, and where the webhook's secret comes from. */
export async function paymentsStatus(db: Db, payments: PaymentProvider | undefined, publicUrl: string | undefined): Promise<AdminPayments> {
  const url = publicUrl ? stripeWebhookUrl(publicUrl) : null;
  const handled = [...handledStripeEvents];
  if (!payments) return { connected: false, webhook: { source: 'none', url, events: handled } };
  if (payments.hasWebhookSecret) return { connected: true, webhook: { source: 'environment', url, events: handled } };
  const endpoint = url ? await findStripeWebhookEndpoint(db, url) : undefined;
  return endpoint
    ? { connected: true, webhook: { source: 'site', url: endpoint.url, events: endpoint.enabledEvents } }
    : { connected: true, webhook: { source: 'none', url, events: handled } };
}
