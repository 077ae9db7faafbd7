import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createFakeBilling, type FakeEventOptions, type FakeInvoiceOptions, type Json } from './fake-stripe-billing.js';

/**
 * A fake Stripe on loopback (docs/decisions/0062): the real `stripe` SDK reaches it through
 * STRIPE_API_URL (its host, port and protocol options). It speaks Stripe's wire format (form-encoded
 * requests with bracketed keys, JSON answers, `Authorization: Bearer sk_…`):
 *
 * - `POST /v1/prices`: a recurring price, with its product from `product_data` (docs/decisions/0067);
 *   `setPricesApi` makes it missing (a 404, in Stripe's JSON or bare), failing (500) or stalled.
 * - `GET /v1/prices/{id}` (`expand[]=product`): a price made here, or Stripe's 404 `resource_missing`.
 *   `archivePrice` archives one (`active: false`, as the Dashboard's "Archive"), `deletePrice` deletes it.
 * - `POST /v1/checkout/sessions`: a subscription-mode session whose line item names a price made
 *   here (`price`; an archived one gets Stripe's 400 "The price specified is inactive", a deleted or
 *   unknown one Stripe's 400 `resource_missing` "No such price") or gives one inline (`price_data`); its `url` is this fake's own
 *   Checkout page, `GET /checkout/{id}`, whose "Pay" button (`POST /checkout/{id}/pay`) completes
 *   it: a customer and a subscription are made (born `incomplete`, then `active`: fake-stripe-billing.ts),
 *   the events Stripe sends then are delivered to `webhookUrl` (signed with the SDK's
 *   `generateTestHeaderString`; in order, reversed or all at once: `setDelivery`), and the browser is sent
 *   to the session's `success_url`. A session as the API answers it and as its event carries it has
 *   Stripe's fields only (no `line_items`, no `subscription_data`); `sessions` keeps what was asked too.
 * - `GET /v1/subscriptions/{id}` (`expand[]=latest_invoice`): the subscription as it is now, or
 *   Stripe's 404; `holdSubscriptionReads` holds one answer, read when asked, to answer it late.
 * - `POST /v1/billing_portal/sessions`: a portal session whose URL is `GET /portal/{id}` here, where the
 *   customer switches plan (to any price made here), pauses, resumes or cancels, each delivering its events.
 * - `GET /v1/invoices?customer=…`: the customer's invoices, newest first.
 * - `GET /v1/disputes?payment_intent=…`: the disputes of a payment-mode session's charge (`disputePayment`, `closeDispute`).
 * - A session names a `customer` (a returning member's; one Checkout made, else 400 "No such customer") or a
 *   `customer_email`, never both (400), and Checkout pays as that customer; `GET /v1/checkout/sessions/{id}` answers
 *   it (its `url` while open only); `expireSession` expires one; `draftInvoice` adds a draft to the customer's list.
 * - `DELETE /v1/subscriptions/{id}`: cancelled now (its `customer.subscription.deleted` kept in `apiEvents`, not
 *   delivered); `expand[]=latest_invoice.payments` names the PaymentIntent each paid invoice was paid with, which
 *   `POST /v1/refunds` (`payment_intent`) refunds once (again: 400 `charge_already_refunded`), kept in `refunds`.
 * - `POST /v1/webhook_endpoints` (`url`, `enabled_events`; its `secret` only in this answer), `GET /v1/webhook_endpoints`
 *   (newest first, `limit` and `starting_after`), `GET`, `POST` (`enabled_events`, `url`, `disabled`) and `DELETE`
 *   `/v1/webhook_endpoints/{id}`, as Stripe documents them. Once an endpoint was created, `sign` and the
 *   Checkout's deliveries sign with the newest one's secret (as Stripe signs for that endpoint).
 *
 * The subscription's life after Checkout (renewals paid or failed, an invoice paid late, a portal plan
 * switch, a pause and resume, a cancellation and its end, a one-off invoice) is made by methods that
 * change it as Stripe would and answer the events Stripe sends, not delivered.
 *
 * Every POST honours `Idempotency-Key` as Stripe does: a request that ran is answered again as it
 * was (`Idempotent-Replayed: true`) to the same key with the same path and parameters; the same key
 * with others gets a 400 `idempotency_error`.
 *
 * Tests build and sign events with `event` and `sign`, to deliver them in any order, twice, or forged.
 */

export interface FakeStripeOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** Where completed Checkouts deliver their events (the app's POST /api/webhooks/stripe). */
  webhookUrl?: string;
}

/**
 * What `POST /v1/prices` does: `served` (the default); `missing`, a 404 in Stripe's JSON as for any URL
 * it does not know, or `missing-bare`, a 404 with an empty body (a stand-in without it); `failing`, a
 * 500 `api_error`; `stalled`, no answer until the fake closes.
 */
export type FakePricesApi = 'served' | 'missing' | 'missing-bare' | 'failing' | 'stalled';

/** A price's fields as a Checkout line item gives them inline (`price_data`) and `POST /v1/prices` takes them. */
export interface FakePriceData {
  currency: string;
  unit_amount: string;
  /** Absent for a payment-mode Checkout's one-off line. */
  recurring: { interval: 'month' | 'year' };
  product_data: { name: string };
}

export interface FakePrice {
  id: string;
  object: 'price';
  /** False once archived (`archivePrice`). */
  active: boolean;
  currency: string;
  unit_amount: number;
  recurring: { interval: 'month' | 'year' };
  product: string;
  livemode: false;
  /** The parameters it was created with, as received. */
  received: FakePriceData;
}

export interface FakeProduct {
  id: string;
  object: 'product';
  name: string;
}

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  /** `expired` by `expireSession` (Stripe expires an unpaid session after 24 hours, or when asked). */
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  url: string;
  /** The address asked for (`customer_email`); null when the session names a `customer` (Stripe takes one or the other). */
  customer_email: string | null;
  /** In seconds: 24 hours after creation, as Stripe's default. */
  expires_at: number;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  line_items: { quantity: string; price?: string; price_data?: FakePriceData }[];
  subscription_data: { metadata: Record<string, string> };
  /** Payment mode: the PaymentIntent's metadata, as `payment_intent_data[metadata]` gave it. */
  payment_intent_data?: { metadata?: Record<string, string> };
  customer: string | null;
  subscription: string | null;
  /** Payment mode: the PaymentIntent once paid; the total and its currency (Stripe knows them from creation). */
  payment_intent: string | null;
  amount_total: number | null;
  currency: string | null;
}

/** A payment-mode PaymentIntent and its charge, as Stripe keeps them. */
export interface FakePayment {
  /** `processing` while a delayed method (a SEPA debit) has not settled; `requires_payment_method` once it failed. */
  intent: { id: string; object: 'payment_intent'; amount: number; currency: string; status: 'succeeded' | 'processing' | 'requires_payment_method'; metadata: Record<string, string>; latest_charge: string };
  charge: { id: string; object: 'charge'; amount: number; amount_refunded: number; currency: string; paid: boolean; status: 'succeeded' | 'pending' | 'failed'; refunded: boolean; disputed: boolean; payment_intent: string; metadata: Record<string, string> };
  /** The charge's dispute, once the buyer disputed it (a charge is disputed once; `disputed` stays true after it closes). */
  dispute?: { id: string; object: 'dispute'; amount: number; currency: string; charge: string; payment_intent: string; reason: string; status: 'needs_response' | 'won' | 'lost' };
}

/** A webhook endpoint as Stripe keeps it; `secret` is in the answer to its creation only. */
export interface FakeWebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  url: string;
  enabled_events: string[];
  status: 'enabled' | 'disabled';
  api_version: string | null;
  description: string | null;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
  secret: string;
}

export interface FakeStripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
}

/** How the Checkout page's Pay delivers its events: in Stripe's order, the last first, or all at once. */
export type FakeDelivery = 'in-order' | 'reversed' | 'concurrent';

/** A subscription read held by `holdSubscriptionReads`: read when it arrived, answered on `release`. */
export interface FakeHeldRead {
  arrived: Promise<void>;
  release(): void;
}

export interface FakeStripe {
  /** STRIPE_API_URL for the app. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Every Checkout Session created, in order. */
  sessions: FakeCheckoutSession[];
  /** Every price created (by `POST /v1/prices` or `addPrice`), in order. */
  prices: FakePrice[];
  /** Every product created with a price, in order. */
  products: FakeProduct[];
  /** A price made in Stripe's dashboard, as a label's own `stripePriceId` names one. */
  addPrice(price: { unit_amount: number; currency: string; interval: 'month' | 'year'; productName: string }): FakePrice;
  setPricesApi(api: FakePricesApi): void;
  /** Archives a price as the Dashboard does: `active: false`; Checkout refuses it, subscriptions on it go on. */
  archivePrice(id: string): void;
  /** Deletes a price (the Dashboard deletes one never used): Stripe answers it as no such price. */
  deletePrice(id: string): void;
  /** Holds the next `count` `POST /v1/prices` until all of them have arrived, then answers them in order: requests surely at once. */
  gatherPrices(count: number): void;
  /** Every refund made (`POST /v1/refunds`), in order. */
  refunds: { id: string; payment_intent: string; amount: number }[];
  /** Events Stripe sends for what API calls did (`DELETE /v1/subscriptions/{id}`), in order, not delivered. */
  apiEvents: FakeStripeEvent[];
  /** Every request the SDK sent (method, path, Authorization). */
  requests: { method: string; path: string; authorization: string | undefined }[];
  setWebhookUrl(url: string): void;
  /** The account's webhook endpoints, oldest first, each with its secret (which the API gives only at creation). */
  webhookEndpoints: FakeWebhookEndpoint[];
  /** An endpoint made in Stripe's Dashboard: its secret is Stripe's alone. */
  addWebhookEndpoint(url: string, events: string[]): FakeWebhookEndpoint;
  setDelivery(delivery: FakeDelivery): void;
  /** Delivers events to the webhook URL as the Checkout page does (`setDelivery`'s way); throws on an answer that is not 2xx. */
  deliver(events: FakeStripeEvent[]): Promise<void>;
  /** An event as Stripe sends it; `created` in seconds (default: the fake's clock, one second apart). */
  event(type: string, object: Record<string, unknown>, options?: FakeEventOptions & { id?: string }): FakeStripeEvent;
  /** The body and Stripe-Signature of an event, signed with the newest created endpoint's secret, else the webhook secret (or another). */
  sign(event: FakeStripeEvent, secret?: string): { body: string; signature: string };
  /**
   * Completes a session as paying on Checkout does: a customer and a subscription (period end one
   * interval after `at`, in seconds), and the events Stripe sends, in Stripe's order, not delivered:
   * `customer.subscription.created` (incomplete), `invoice.paid`, `customer.subscription.updated`
   * (active), `checkout.session.completed`, all created in the second `at`.
   */
  complete(sessionId: string, at: number): { customer: string; subscription: Record<string, unknown>; events: FakeStripeEvent[] };
  /**
   * Pays a payment-mode session as its Checkout page does: a PaymentIntent (with the session's
   * `payment_intent_data[metadata]`) and its charge, and the events Stripe sends, in its order, not
   * delivered: `charge.succeeded`, `payment_intent.succeeded`, `checkout.session.completed`, created in the second `at`.
   */
  completePayment(sessionId: string, at?: number): { payment: FakePayment; events: FakeStripeEvent[] };
  /**
   * Pays a payment-mode session with a delayed method (a SEPA debit): Checkout completes unpaid, the
   * PaymentIntent `processing`; the events, not delivered: `payment_intent.processing`, `checkout.session.completed`.
   */
  completeDelayedPayment(sessionId: string, at?: number): { events: FakeStripeEvent[] };
  /**
   * The delayed payment settles, days later: paid (`charge.succeeded`, `payment_intent.succeeded`,
   * `checkout.session.async_payment_succeeded`) or failed (`payment_intent.payment_failed`,
   * `checkout.session.async_payment_failed`; the session stays complete and unpaid), not delivered.
   */
  settleDelayedPayment(sessionId: string, outcome: 'succeeded' | 'failed', at?: number): { events: FakeStripeEvent[] };
  /** Refunds a paid payment-mode session in full (as the Dashboard's "Refund"): the events Stripe sends, not delivered: `charge.refunded`. */
  refundPayment(sessionId: string, at?: number): { events: FakeStripeEvent[] };
  /** The buyer disputes a paid payment-mode session's charge with their bank (a chargeback): the events Stripe sends, not delivered: `charge.dispute.created`. */
  disputePayment(sessionId: string, at?: number): { events: FakeStripeEvent[] };
  /** The bank decides the session's dispute: the label `won` it (the money back) or `lost` it. The events Stripe sends, not delivered: `charge.dispute.closed`. */
  closeDispute(sessionId: string, status: 'won' | 'lost', at?: number): { events: FakeStripeEvent[] };
  /** The subscription as it is now (a copy). */
  subscription(id: string): Record<string, unknown>;
  /** The invoice object a subscription's period is paid (or failed) with, kept in the customer's list. */
  invoice(subscription: Record<string, unknown>, options: FakeInvoiceOptions): Record<string, unknown>;
  /** The period ends and the next starts, paid (active) or not (`past_due`); events at `at` (default: the period's end). */
  renew(subscriptionId: string, options: { paid: boolean; at?: number }): { invoice: Record<string, unknown>; events: FakeStripeEvent[] };
  /** An open invoice paid late; its subscription active again. */
  payInvoice(invoiceId: string, at?: number): { events: FakeStripeEvent[] };
  /** Other changes of the subscription's fields (`cancel_at_period_end`, a `status` Stripe reaches by itself). */
  updateSubscription(subscriptionId: string, change: Record<string, unknown>, at?: number): { events: FakeStripeEvent[] };
  /** The Billing Portal's plan switch to a price made here (or to one Stripe knows that the site does not). */
  switchPrice(subscriptionId: string, priceId: string, at?: number): { events: FakeStripeEvent[] };
  pause(subscriptionId: string, at?: number): { events: FakeStripeEvent[] };
  resume(subscriptionId: string, at?: number): { events: FakeStripeEvent[] };
  /** The subscription ends (cancelled now, or its cancelled period is over). */
  endSubscription(subscriptionId: string, at?: number): { events: FakeStripeEvent[] };
  /** A paid invoice of the customer's that belongs to no subscription. */
  oneOffInvoice(customer: string, options: { amount: number; at?: number }): { invoice: Record<string, unknown>; events: FakeStripeEvent[] };
  /** Holds the next `GET /v1/subscriptions/{id}`: it reads the subscription when it arrives and answers it on release. */
  holdSubscriptionReads(): FakeHeldRead;
  /** An open session expires (as after its 24 hours, or `POST /v1/checkout/sessions/{id}/expire`): its page can no longer be paid. */
  expireSession(sessionId: string): void;
  /** A draft invoice of the subscription (Stripe's next one, not finalized yet), in the customer's list. */
  draftInvoice(subscriptionId: string): Record<string, unknown>;
  close(): Promise<void>;
}

const apiVersion = '2026-10-28.endive';
const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/** Stripe's form encoding (`a[b][0][c]=1`) read back into objects and arrays (of strings). */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(path[i + 1] ?? '') ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_fake';
  const webhookSecret = options.webhookSecret ?? 'whsec_fake';
  const sdk = new Stripe(secretKey);
  let webhookUrl = options.webhookUrl;
  let counter = 0;
  let clock = Math.floor(Date.parse('2026-11-21T12:00:00Z') / 1000);
  const nextId = (prefix: string) => `${prefix}_test_${(++counter).toString().padStart(6, '0')}`;
  const sessions: FakeCheckoutSession[] = [];
  const prices: FakePrice[] = [];
  const products: FakeProduct[] = [];
  const deletedPrices = new Set<string>();
  /** A price Stripe has: made here and not deleted. */
  const livePrice = (id: unknown) => prices.find((p) => p.id === id && !deletedPrices.has(p.id));
  let pricesApi: FakePricesApi = 'served';
  let gathering: { left: number; all: Promise<void>; release: () => void } | undefined;
  /** The answers of requests that ran, by Idempotency-Key. */
  const idempotent = new Map<string, { path: string; params: string; ran: Ran }>();
  const requests: FakeStripe['requests'] = [];
  let origin = '';
  let delivery: FakeDelivery = 'in-order';
  let heldRead: { arrived: () => void; released: Promise<void> } | undefined;
  const event = (type: string, object: Json, eventOptions: FakeEventOptions & { id?: string } = {}): FakeStripeEvent => ({
    id: eventOptions.id ?? nextId('evt'),
    object: 'event',
    type,
    created: eventOptions.created ?? ++clock,
    api_version: apiVersion,
    livemode: false,
    data: eventOptions.previous ? { object, previous_attributes: eventOptions.previous } : { object },
  });
  const billing = createFakeBilling({ nextId, event, tick: () => ++clock, origin: () => origin });
  const portalSessions = new Map<string, { customer: string; returnUrl: string }>();
  /** The PaymentIntent that paid each paid invoice, by invoice id (made when first asked). */
  const paymentIntents = new Map<string, string>();
  const paymentIntentOf = (invoiceId: string) => paymentIntents.get(invoiceId) ?? (paymentIntents.set(invoiceId, nextId('pi')).get(invoiceId) as string);
  const refunds: FakeStripe['refunds'] = [];
  const apiEvents: FakeStripeEvent[] = [];
  /** Payment-mode payments, by PaymentIntent id. */
  const payments = new Map<string, FakePayment>();
  /** Customers made by Checkout, by id: their email. */
  const customers = new Map<string, string>();
  const webhookEndpoints: FakeWebhookEndpoint[] = [];
  const createWebhookEndpoint = (url: string, events: string[], fields: Partial<FakeWebhookEndpoint> = {}): FakeWebhookEndpoint => {
    const endpoint: FakeWebhookEndpoint = {
      id: nextId('we'),
      object: 'webhook_endpoint',
      url,
      enabled_events: events,
      status: 'enabled',
      api_version: null,
      description: null,
      created: ++clock,
      livemode: false,
      metadata: {},
      secret: `whsec_${randomBytes(24).toString('hex')}`,
      ...fields,
    };
    webhookEndpoints.push(endpoint);
    return endpoint;
  };
  /** What Stripe signs with: the newest endpoint created through the API, else the secret the fake was given. */
  const signingSecret = () => webhookEndpoints.filter((e) => e.description !== dashboardMade).at(-1)?.secret ?? webhookSecret;
  const dashboardMade = 'made in the Dashboard';
  /** A price made here, as an item or a switch names it. */
  const knownPrice = (id: string) => {
    const price = prices.find((p) => p.id === id);
    if (!price) throw new Error(`The fake Stripe has no price ${id}`);
    return price;
  };

  const fake: FakeStripe = {
    url: '',
    secretKey,
    webhookSecret,
    sessions,
    prices,
    products,
    addPrice: ({ unit_amount, currency, interval, productName }) =>
      createPrice({ unit_amount: String(unit_amount), currency, recurring: { interval }, product_data: { name: productName } }),
    setPricesApi: (api) => {
      pricesApi = api;
    },
    archivePrice: (id) => {
      knownPrice(id).active = false;
    },
    deletePrice: (id) => {
      deletedPrices.add(knownPrice(id).id);
    },
    gatherPrices: (count) => {
      let release = () => {};
      const all = new Promise<void>((resolve) => {
        release = resolve;
      });
      gathering = { left: count, all, release };
    },
    requests,
    refunds,
    apiEvents,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    webhookEndpoints,
    addWebhookEndpoint: (url, events) => createWebhookEndpoint(url, events, { description: dashboardMade }),
    setDelivery: (chosen) => {
      delivery = chosen;
    },
    deliver: (events) => deliver(events),
    event,
    sign: (signed, secret = signingSecret()) => {
      const body = JSON.stringify(signed);
      return { body, signature: sdk.webhooks.generateTestHeaderString({ payload: body, secret }) };
    },
    invoice: (subscription, invoiceOptions) => billing.invoice(subscription, invoiceOptions),
    complete: (sessionId, at) => {
      const session = sessions.find((s) => s.id === sessionId);
      if (!session) throw new Error(`No session ${sessionId}`);
      // The session's customer (a returning member), else a new one with the address paid with.
      const customer = session.customer ?? nextId('cus');
      if (!session.customer) customers.set(customer, session.customer_email ?? '');
      const line = session.line_items[0];
      if (!line) throw new Error(`Session ${sessionId} has no line item`);
      const price = priceOf(line);
      const paid = billing.subscribe(customer, price, session.subscription_data.metadata, at);
      Object.assign(session, { status: 'complete', payment_status: 'paid', customer, subscription: paid.subscription.id });
      const completed = { ...sessionObject(session), customer_details: { email: customers.get(customer) ?? null }, amount_total: price.unit_amount, currency: price.currency };
      return { customer, subscription: structuredClone(paid.subscription), events: [...paid.events, event('checkout.session.completed', completed, { created: at })] };
    },
    completePayment: (sessionId, at = ++clock) => {
      const payment = startPayment(sessionId, 'succeeded');
      const session = sessions.find((s) => s.id === sessionId) as FakeCheckoutSession;
      Object.assign(session, { status: 'complete', payment_status: 'paid' });
      const completed = { ...sessionObject(session), customer_details: { email: session.customer_email } };
      return {
        payment: structuredClone(payment),
        events: [event('charge.succeeded', { ...payment.charge }, { created: at }), event('payment_intent.succeeded', { ...payment.intent }, { created: at }), event('checkout.session.completed', completed, { created: at })],
      };
    },
    completeDelayedPayment: (sessionId, at = ++clock) => {
      const payment = startPayment(sessionId, 'processing');
      const session = sessions.find((s) => s.id === sessionId) as FakeCheckoutSession;
      Object.assign(session, { status: 'complete', payment_status: 'unpaid' });
      const completed = { ...sessionObject(session), customer_details: { email: session.customer_email } };
      return { events: [event('payment_intent.processing', { ...payment.intent }, { created: at }), event('checkout.session.completed', completed, { created: at })] };
    },
    settleDelayedPayment: (sessionId, outcome, at = ++clock) => {
      const session = sessions.find((s) => s.id === sessionId);
      const payment = session?.payment_intent ? payments.get(session.payment_intent) : undefined;
      if (!session || payment?.intent.status !== 'processing') throw new Error(`Session ${sessionId} has no delayed payment in progress`);
      const object = () => ({ ...sessionObject(session), customer_details: { email: session.customer_email } });
      if (outcome === 'failed') {
        payment.intent.status = 'requires_payment_method';
        Object.assign(payment.charge, { status: 'failed' });
        return { events: [event('payment_intent.payment_failed', { ...payment.intent }, { created: at }), event('checkout.session.async_payment_failed', object(), { created: at })] };
      }
      payment.intent.status = 'succeeded';
      Object.assign(payment.charge, { status: 'succeeded', paid: true });
      session.payment_status = 'paid';
      return {
        events: [
          event('charge.succeeded', { ...payment.charge }, { created: at }),
          event('payment_intent.succeeded', { ...payment.intent }, { created: at }),
          event('checkout.session.async_payment_succeeded', object(), { created: at }),
        ],
      };
    },
    refundPayment: (sessionId, at = ++clock) => {
      const payment = paymentOf(sessionId);
      Object.assign(payment.charge, { refunded: true, amount_refunded: payment.charge.amount });
      refunds.push({ id: nextId('re'), payment_intent: payment.intent.id, amount: payment.charge.amount });
      return { events: [event('charge.refunded', { ...payment.charge }, { created: at })] };
    },
    disputePayment: (sessionId, at = ++clock) => {
      const payment = paymentOf(sessionId);
      payment.charge.disputed = true;
      payment.dispute = { id: nextId('dp'), object: 'dispute', amount: payment.charge.amount, currency: payment.charge.currency, charge: payment.charge.id, payment_intent: payment.intent.id, reason: 'fraudulent', status: 'needs_response' };
      return { events: [event('charge.dispute.created', { ...payment.dispute }, { created: at })] };
    },
    closeDispute: (sessionId, status, at = ++clock) => {
      const { dispute } = paymentOf(sessionId);
      if (!dispute) throw new Error(`Session ${sessionId} has no dispute`);
      dispute.status = status;
      return { events: [event('charge.dispute.closed', { ...dispute }, { created: at })] };
    },
    subscription: (id) => structuredClone(billing.find(id)),
    renew: (id, renewal) => billing.renew(id, renewal),
    payInvoice: (id, at) => billing.payInvoice(id, at),
    updateSubscription: (id, change, at) => billing.update(id, change, at),
    switchPrice: (id, priceId, at) => billing.switchPrice(id, knownPrice(priceId), at),
    pause: (id, at) => billing.pause(id, at),
    resume: (id, at) => billing.resume(id, at),
    endSubscription: (id, at) => billing.end(id, at),
    oneOffInvoice: (customer, charge) => billing.oneOffInvoice(customer, charge),
    expireSession: (sessionId) => {
      const session = sessions.find((s) => s.id === sessionId);
      if (session?.status !== 'open') throw new Error(`No open session ${sessionId}`);
      session.status = 'expired';
    },
    draftInvoice: (subscriptionId) => {
      const subscription = billing.find(subscriptionId);
      const item = (subscription.items as { data: { current_period_end: number }[] }).data[0] as { current_period_end: number };
      const draft = billing.invoice(subscription, { paid: false, periodStart: item.current_period_end, periodEnd: item.current_period_end, reason: 'subscription_cycle' });
      // A draft has no number yet and is neither open nor paid.
      return Object.assign(draft, { status: 'draft', number: null, hosted_invoice_url: null });
    },
    holdSubscriptionReads: () => {
      let arrived = () => {};
      let release = () => {};
      const hasArrived = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      heldRead = { arrived, released };
      return { arrived: hasArrived, release };
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Stalled answers too.
        server.closeAllConnections();
      }),
  };

  /** A Checkout Session as Stripe's API answers it: none of the creation's own parameters (line_items, subscription_data). */
  /** The PaymentIntent and charge of an open payment-mode session's Checkout, kept in `payments`. */
  function startPayment(sessionId: string, status: 'succeeded' | 'processing'): FakePayment {
    const session = sessions.find((s) => s.id === sessionId);
    if (session?.mode !== 'payment' || session.status !== 'open') throw new Error(`No open payment-mode session ${sessionId}`);
    const metadata = session.payment_intent_data?.metadata ?? {};
    const intentId = nextId('pi');
    const amount = session.amount_total ?? 0;
    const currency = session.currency ?? 'usd';
    const isPaid = status === 'succeeded';
    const charge: FakePayment['charge'] = { id: nextId('ch'), object: 'charge', amount, amount_refunded: 0, currency, paid: isPaid, status: isPaid ? 'succeeded' : 'pending', refunded: false, disputed: false, payment_intent: intentId, metadata: {} };
    const payment: FakePayment = { intent: { id: intentId, object: 'payment_intent', amount, currency, status, metadata, latest_charge: charge.id }, charge };
    payments.set(intentId, payment);
    session.payment_intent = intentId;
    return payment;
  }

  /** The PaymentIntent and charge a payment-mode session was paid with. */
  function paymentOf(sessionId: string): FakePayment {
    const intentId = sessions.find((s) => s.id === sessionId)?.payment_intent;
    const payment = intentId ? payments.get(intentId) : undefined;
    if (!payment) throw new Error(`Session ${sessionId} has no payment`);
    return payment;
  }

  function sessionObject(session: FakeCheckoutSession): Json {
    const { line_items: _lineItems, subscription_data: _subscriptionData, payment_intent_data: _paymentIntentData, ...object } = session;
    // Stripe gives the page's URL while the session is open only.
    return { ...object, url: session.status === 'open' ? session.url : null, livemode: false };
  }

  function createPrice(params: FakePriceData): FakePrice {
    const product: FakeProduct = { id: nextId('prod'), object: 'product', name: params.product_data.name };
    products.push(product);
    const price: FakePrice = {
      id: nextId('price'),
      object: 'price',
      active: true,
      currency: params.currency,
      unit_amount: Number(params.unit_amount),
      recurring: { interval: params.recurring.interval },
      product: product.id,
      livemode: false,
      received: params,
    };
    prices.push(price);
    return price;
  }

  /** A line item's price: the one it names, or its inline one (which has no id). */
  function priceOf(line: FakeCheckoutSession['line_items'][number]) {
    const named = prices.find((p) => p.id === line.price);
    if (named) return { ...named, name: products.find((p) => p.id === named.product)?.name ?? '' };
    const inline = line.price_data as FakePriceData;
    return { id: null, unit_amount: Number(inline.unit_amount), currency: inline.currency, recurring: inline.recurring, name: inline.product_data.name };
  }

  async function deliver(events: FakeStripeEvent[]): Promise<void> {
    const to = webhookUrl;
    if (!to) throw new Error('The fake Stripe has no webhook URL');
    const post = async (sent: FakeStripeEvent) => {
      const { body, signature } = fake.sign(sent);
      const res = await fetch(to, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body });
      if (!res.ok) throw new Error(`The webhook answered ${res.status}: ${await res.text()}`);
    };
    if (delivery === 'concurrent') return void (await Promise.all(events.map(post)));
    for (const sent of delivery === 'reversed' ? [...events].reverse() : events) await post(sent);
  }

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  /** An API answer that ran, as given and as replayed. */
  interface Ran {
    status: number;
    body: unknown;
    shouldRetry?: false;
  }
  const answer = (res: ServerResponse, { status, body, shouldRetry }: Ran) => {
    if (shouldRetry === false) res.setHeader('stripe-should-retry', 'false');
    json(res, status, body);
  };
  const html = (res: ServerResponse, body: string) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Fake Stripe Checkout</title></head><body style="font-family:sans-serif;padding:24px">${body}</body></html>`);
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    if (!url.pathname.startsWith('/v1/')) return handlePage(req, res, url, body);
    requests.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization });
    if (req.headers.authorization !== `Bearer ${secretKey}`) return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    const sessionRead = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && sessionRead) {
      const session = sessions.find((s) => s.id === decodeURIComponent(sessionRead[1] as string));
      if (!session) return json(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'session', message: `No such checkout.session: '${sessionRead[1]}'` } });
      // `expand[]=payment_intent.latest_charge`: the PaymentIntent with its charge, as they are now.
      const expand = Object.values(asRecord(parseStripeForm(url.search.slice(1)).expand)).map(String);
      const payment = session.payment_intent ? payments.get(session.payment_intent) : undefined;
      if (payment && expand.includes('payment_intent.latest_charge')) return json(res, 200, { ...sessionObject(session), payment_intent: { ...payment.intent, latest_charge: { ...payment.charge } } });
      return json(res, 200, sessionObject(session));
    }
    const intentRead = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && intentRead) {
      const payment = payments.get(decodeURIComponent(intentRead[1] as string));
      if (!payment) return json(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${intentRead[1]}'` } });
      return json(res, 200, payment.intent);
    }
    if (req.method === 'GET' && url.pathname === '/v1/disputes') {
      const intent = url.searchParams.get('payment_intent');
      const data = [...payments.values()].flatMap((p) => (p.dispute && (!intent || p.dispute.payment_intent === intent) ? [{ ...p.dispute }] : []));
      return json(res, 200, { object: 'list', url: '/v1/disputes', has_more: false, data });
    }
    const subscriptionRead = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && subscriptionRead) return readSubscription(res, decodeURIComponent(subscriptionRead[1] as string), url);
    if (req.method === 'DELETE' && subscriptionRead) {
      // Cancelled now (prorate and invoice_now false: nothing more is invoiced); Stripe then sends customer.subscription.deleted.
      const id = decodeURIComponent(subscriptionRead[1] as string);
      if (!billing.subscriptions.has(id)) return json(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${id}'` } });
      if (billing.find(id).status !== 'canceled') apiEvents.push(...billing.end(id).events);
      return json(res, 200, billing.retrieve(id, []));
    }
    const priceRead = /^\/v1\/prices\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && priceRead) return readPrice(res, decodeURIComponent(priceRead[1] as string), url);
    if (gathering && req.method === 'POST' && url.pathname === '/v1/prices') {
      const { all } = gathering;
      if (--gathering.left === 0) {
        gathering.release();
        gathering = undefined;
      }
      await all;
    }
    const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
    if (typeof key !== 'string') return void handleApi(req, res, url, body);
    const ran = idempotent.get(key);
    if (ran && (ran.path !== url.pathname || ran.params !== body)) {
      return json(res, 400, {
        error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}'.` },
      });
    }
    if (ran) {
      res.setHeader('idempotent-replayed', 'true');
      return answer(res, ran.ran);
    }
    const done = handleApi(req, res, url, body);
    if (done) idempotent.set(key, { path: url.pathname, params: body, ran: done });
  }

  /**
   * Answers an API request. What it answered when it ran (when the endpoint began its work, as
   * Stripe saves it for the key: a failure too), else undefined (refused before, or no answer).
   */
  function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, body: string): Ran | undefined {
    const ran = (done: Ran) => {
      answer(res, done);
      return done;
    };
    const ok = (object: unknown) => ran({ status: 200, body: object });
    const refuse = (status: number, error: Record<string, unknown>) => void json(res, status, { error });
    if (req.method === 'POST' && url.pathname === '/v1/prices' && pricesApi !== 'missing') {
      if (pricesApi === 'stalled') return undefined;
      if (pricesApi === 'missing-bare') return void res.writeHead(404).end();
      // Stripe's own failure, which it asks the SDK not to retry (the key would replay it).
      if (pricesApi === 'failing') return ran({ status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } }, shouldRetry: false });
      const params = parseStripeForm(body) as unknown as FakePriceData;
      if (!params.currency || !params.unit_amount || !params.recurring?.interval || !params.product_data?.name) {
        return refuse(400, { type: 'invalid_request_error', message: 'currency, unit_amount, recurring[interval] and product_data[name] are required' });
      }
      return ok(createPrice(params));
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const params = parseStripeForm(body) as unknown as FakeCheckoutSession;
      const line = params.line_items?.[0];
      if (!['subscription', 'payment'].includes(params.mode) || !params.success_url || !(line?.price ?? line?.price_data)) {
        return refuse(400, { type: 'invalid_request_error', message: 'mode (subscription or payment), success_url and line_items (a price or price_data) are required' });
      }
      if (params.mode === 'payment' && (!line?.price_data || line.price_data.recurring)) {
        return refuse(400, { type: 'invalid_request_error', param: 'line_items[0][price_data]', message: 'A payment-mode session here takes one line of price_data without recurring' });
      }
      if (line?.price && !livePrice(line.price)) {
        return refuse(400, { type: 'invalid_request_error', code: 'resource_missing', param: 'line_items[0][price]', message: `No such price: '${line.price}'` });
      }
      if (line?.price && !livePrice(line.price)?.active) {
        return refuse(400, { type: 'invalid_request_error', param: 'line_items[0][price]', message: 'The price specified is inactive. This field only accepts active prices.' });
      }
      if (params.customer && params.customer_email) {
        return refuse(400, { type: 'invalid_request_error', message: 'You may only specify one of these parameters: customer, customer_email.' });
      }
      if (params.customer && !customers.has(params.customer)) {
        return refuse(400, { type: 'invalid_request_error', code: 'resource_missing', param: 'customer', message: `No such customer: '${params.customer}'` });
      }
      const id = nextId('cs');
      const session: FakeCheckoutSession = {
        ...params,
        customer_email: params.customer_email ?? null,
        expires_at: clock + 24 * 60 * 60,
        id,
        object: 'checkout.session',
        status: 'open',
        payment_status: 'unpaid',
        url: `${origin}/checkout/${id}`,
        client_reference_id: params.client_reference_id ?? null,
        metadata: params.metadata ?? {},
        subscription_data: params.subscription_data ?? { metadata: {} },
        customer: params.customer ?? null,
        subscription: null,
        payment_intent: null,
        amount_total: params.mode === 'payment' && line?.price_data ? Number(line.price_data.unit_amount) * Number(line.quantity ?? 1) : null,
        currency: params.mode === 'payment' && line?.price_data ? line.price_data.currency : null,
      };
      sessions.push(session);
      return ok(sessionObject(session));
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const params = parseStripeForm(body) as { customer?: string; return_url?: string };
      const id = nextId('bps');
      portalSessions.set(id, { customer: String(params.customer), returnUrl: String(params.return_url) });
      return ok({ id, object: 'billing_portal.session', customer: params.customer, return_url: params.return_url, url: `${origin}/portal/${id}` });
    }
    const endpointPath = /^\/v1\/webhook_endpoints(?:\/([^/]+))?$/.exec(url.pathname);
    if (endpointPath) return handleWebhookEndpoints(req, res, url, body, endpointPath[1] && decodeURIComponent(endpointPath[1]));
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const params = parseStripeForm(body) as { payment_intent?: string };
      const invoiceId = [...paymentIntents].find(([, pi]) => pi === params.payment_intent)?.[0];
      const invoice = billing.invoices.find((i) => i.id === invoiceId);
      if (!invoice) return refuse(400, { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_intent', message: `No such payment_intent: '${params.payment_intent}'` });
      if (refunds.some((r) => r.payment_intent === params.payment_intent)) {
        return refuse(400, { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge for ${params.payment_intent} has already been refunded.` });
      }
      const refund = { id: nextId('re'), payment_intent: params.payment_intent as string, amount: Number(invoice.amount_paid) };
      refunds.push(refund);
      return ok({ ...refund, object: 'refund', currency: invoice.currency, status: 'succeeded' });
    }
    if (req.method === 'GET' && url.pathname === '/v1/invoices') {
      const data = billing.invoicesOf(url.searchParams.get('customer') ?? '');
      return void json(res, 200, { object: 'list', url: '/v1/invoices', has_more: false, data });
    }
    return refuse(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method} ${url.pathname})` });
  }

  /** The webhook endpoints' API: create, list, retrieve, update, delete. */
  function handleWebhookEndpoints(req: IncomingMessage, res: ServerResponse, url: URL, body: string, id: string | undefined): Ran | undefined {
    const without = (endpoint: FakeWebhookEndpoint) => {
      const { secret: _hidden, ...object } = endpoint;
      return object;
    };
    const params = parseStripeForm(body) as { url?: string; enabled_events?: string[]; disabled?: string; description?: string; api_version?: string };
    const refuse = (status: number, message: string, param?: string) => void json(res, status, { error: { type: 'invalid_request_error', message, ...(param && { param }) } });
    const ok = (object: unknown): Ran => {
      json(res, 200, object);
      return { status: 200, body: object };
    };
    if (!id && req.method === 'POST') {
      if (!params.url) return refuse(400, 'Missing required param: url.', 'url');
      if (!Array.isArray(params.enabled_events) || params.enabled_events.length === 0) return refuse(400, 'Missing required param: enabled_events.', 'enabled_events');
      const created = createWebhookEndpoint(params.url, params.enabled_events, { api_version: params.api_version ?? null, description: params.description ?? null });
      return ok(created);
    }
    if (!id && req.method === 'GET') {
      const newestFirst = [...webhookEndpoints].reverse();
      const after = url.searchParams.get('starting_after');
      const from = after ? newestFirst.findIndex((e) => e.id === after) + 1 : 0;
      const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 10));
      const page = newestFirst.slice(from, from + limit);
      return void json(res, 200, { object: 'list', url: '/v1/webhook_endpoints', has_more: from + limit < newestFirst.length, data: page.map(without) });
    }
    const endpoint = webhookEndpoints.find((e) => e.id === id);
    if (!endpoint) return refuse(404, `No such webhook endpoint: '${id}'`, 'id');
    if (req.method === 'GET') return ok(without(endpoint));
    if (req.method === 'DELETE') {
      webhookEndpoints.splice(webhookEndpoints.indexOf(endpoint), 1);
      return ok({ id: endpoint.id, object: 'webhook_endpoint', deleted: true });
    }
    if (req.method === 'POST') {
      if (Array.isArray(params.enabled_events)) endpoint.enabled_events = params.enabled_events;
      if (params.url) endpoint.url = params.url;
      if (params.disabled !== undefined) endpoint.status = params.disabled === 'true' ? 'disabled' : 'enabled';
      return ok(without(endpoint));
    }
    return refuse(404, `Unrecognized request URL (${req.method} ${url.pathname})`);
  }

  /** `GET /v1/subscriptions/{id}`: read when asked; a held read answers that later. */
  async function readSubscription(res: ServerResponse, id: string, url: URL): Promise<void> {
    const expand = Object.values(asRecord(parseStripeForm(url.search.slice(1)).expand)).map(String);
    const read = billing.retrieve(id, expand.includes('latest_invoice.payments') ? [...expand, 'latest_invoice'] : expand);
    // `latest_invoice.payments`: how the invoice was paid (a PaymentIntent per paid invoice), as refunds name it.
    if (read && expand.includes('latest_invoice.payments') && read.latest_invoice) {
      const invoice = read.latest_invoice as Json;
      const paid = invoice.status === 'paid' && Number(invoice.amount_paid) > 0;
      const data = paid ? [{ id: `inpay_${String(invoice.id)}`, object: 'invoice_payment', status: 'paid', amount_paid: invoice.amount_paid, payment: { type: 'payment_intent', payment_intent: paymentIntentOf(String(invoice.id)) } }] : [];
      invoice.payments = { object: 'list', data, has_more: false };
    }
    const held = heldRead;
    if (held) {
      heldRead = undefined;
      held.arrived();
      await held.released;
    }
    if (!read) return json(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such subscription: '${id}'` } });
    json(res, 200, read);
  }

  /** `GET /v1/prices/{id}`: the price (its product expanded when asked), or Stripe's 404 for one it does not have. */
  function readPrice(res: ServerResponse, id: string, url: URL): void {
    const price = livePrice(id);
    if (!price) return json(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such price: '${id}'` } });
    const { received: _received, ...object } = price;
    const expand = Object.values(asRecord(parseStripeForm(url.search.slice(1)).expand)).map(String);
    const product = products.find((p) => p.id === price.product);
    json(res, 200, expand.includes('product') && product ? { ...object, product: { ...product, active: true } } : object);
  }

  /** The Billing Portal of a customer's subscription: switch to any price made here, pause, resume, cancel at the period's end. */
  async function handlePortal(req: IncomingMessage, res: ServerResponse, sessionId: string, action: string | undefined, body: string): Promise<void> {
    const portal = portalSessions.get(sessionId);
    if (!portal) return json(res, 404, { error: { message: 'No such portal session' } });
    const [subscription] = [...billing.subscriptions.values()].filter((s) => s.customer === portal.customer && s.status !== 'canceled').reverse();
    if (req.method === 'POST' && subscription && action) {
      const id = String(subscription.id);
      const form = new URLSearchParams(body);
      const { events } =
        action === 'switch'
          ? fake.switchPrice(id, String(form.get('price')))
          : action === 'pause'
            ? fake.pause(id)
            : action === 'resume'
              ? fake.resume(id)
              : fake.updateSubscription(id, { cancel_at_period_end: true });
      await deliver(events);
      res.writeHead(303, { location: portal.returnUrl });
      return void res.end();
    }
    const button = (path: string, label: string, fields = '') => `<form method="post" action="/portal/${sessionId}/${path}">${fields}<button type="submit">${label}</button></form>`;
    const current = subscription ? String((subscription.items as { data: { price: { id: string } }[] }).data[0]?.price.id) : undefined;
    const switches = prices
      .filter((p) => p.id !== current && p.active && !deletedPrices.has(p.id))
      .map((p) => button('switch', `Switch to ${products.find((d) => d.id === p.product)?.name ?? p.id}`, `<input type="hidden" name="price" value="${p.id}">`));
    return html(
      res,
      '<h1>Fake Billing Portal</h1>' +
        (subscription
          ? `<p>Subscription ${String(subscription.status)}</p>${switches.join('')}${subscription.status === 'paused' ? button('resume', 'Resume') : button('pause', 'Pause')}${button('cancel', 'Cancel plan')}`
          : '<p>No subscription</p>'),
    );
  }

  /** The fake's own pages: Checkout and its Pay button, the Billing Portal. */
  async function handlePage(req: IncomingMessage, res: ServerResponse, url: URL, body: string): Promise<void> {
    const checkoutPage = /^\/checkout\/([^/]+)(\/pay)?$/.exec(url.pathname);
    if (req.method === 'GET' && checkoutPage && !checkoutPage[2]) {
      const session = sessions.find((s) => s.id === checkoutPage[1]);
      if (!session) return json(res, 404, { error: { message: 'No such session' } });
      const line = session.line_items[0];
      const price = line && priceOf(line);
      const amount = price ? `${price.currency.toUpperCase()} ${(price.unit_amount / 100).toFixed(2)}${price.recurring ? ` per ${price.recurring.interval}` : ''}` : '';
      return html(
        res,
        `<h1>Fake Checkout</h1><p>${price?.name ?? ''}: ${amount}</p><p>${session.customer ? (customers.get(session.customer) ?? '') : session.customer_email}</p>` +
          `<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay</button></form>`,
      );
    }
    if (req.method === 'POST' && checkoutPage?.[2]) {
      const session = sessions.find((s) => s.id === checkoutPage[1]);
      if (!session) return json(res, 404, { error: { message: 'No such session' } });
      if (session.status !== 'open') return html(res, '<h1>Fake Checkout</h1><p>This Checkout Session is no longer active.</p>');
      const { events } = session.mode === 'payment' ? fake.completePayment(session.id) : fake.complete(session.id, ++clock);
      await deliver(events);
      res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
      return void res.end();
    }
    const portalPage = /^\/portal\/([^/]+)(?:\/(switch|pause|resume|cancel))?$/.exec(url.pathname);
    if (portalPage) return handlePortal(req, res, portalPage[1] as string, portalPage[2], body);
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204);
      return void res.end();
    }
    return json(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method} ${url.pathname})` } });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => json(res, 500, { error: { message: String(err) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = origin;
  return fake;
}
