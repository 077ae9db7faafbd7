import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { PlanPriceKey } from './stripe-prices.repo.js';
import { readSubscription, type SubscriptionState } from './stripe-subscription.js';

/** An invoice as the member page lists it. */
export interface MemberInvoice {
  id: string;
  number: string | null;
  /** In the currency's major unit (9.99). */
  amount: number;
  currency: string;
  status: string | null;
  createdAt: Date;
  /** Stripe's hosted page of the invoice (with its PDF); null when it has none. */
  url: string | null;
}

/** A plan as Checkout prices it: as the site configuration gives it (docs/decisions/0067). */
export interface CheckoutPlan {
  id: string;
  name: string;
  /** In the currency's major unit (9.99). */
  price: number;
  currency: string;
  period: 'month' | 'year';
  /** The label's own Stripe price, used as it is; null: the price created once and kept. */
  stripePriceId: string | null;
}

/** Where the prices created for plans are kept (the `stripe_prices` table), by the plan's price. */
export interface KeptPrices {
  find(key: PlanPriceKey): Promise<string | undefined>;
  /** Keeps the id unless one is kept for the key already (a checkout at the same time); the one kept. */
  keep(key: PlanPriceKey, stripePriceId: string): Promise<string>;
}

/** What pricing a checkout needs beside the plan: the kept prices, the log for a warning, and the time. */
export interface CheckoutPricing {
  kept: KeptPrices;
  log: FastifyBaseLogger;
  now: Date;
}

/** A webhook event whose signature was verified: what the membership reads of it. */
export type PaymentEvent = Stripe.Event;

/**
 * The seam where a payment service plugs in (docs/product.md §10.7, docs/decisions/0062): Stripe
 * through its own SDK, the only code here that speaks to Stripe. Without one (no
 * STRIPE_SECRET_KEY), members wait in `pending_payment`.
 */
export interface PaymentProvider {
  /**
   * A Checkout Session in subscription mode for a stored member, at the plan's price: its id and the
   * URL of its page. The price is the plan's `stripePriceId`, else the one kept for it, else one
   * created now and kept (docs/decisions/0067).
   */
  startCheckout(
    member: { id: string; email: string; plan: CheckoutPlan },
    urls: { success: string; cancel: string },
    pricing: CheckoutPricing,
  ): Promise<{ sessionId: string; url: string }>;
  /** A Billing Portal session for the customer (change plan, card, cancel); its URL. */
  billingPortalUrl(customerId: string, returnUrl: string): Promise<string>;
  /**
   * The subscription as Stripe has it now, its latest invoice expanded (docs/decisions/0093); undefined
   * when Stripe has no such subscription (a 404: a stand-in that serves only Checkout and webhooks).
   * Any other failure or a stall throws: the webhook that asked is answered so that Stripe retries it.
   */
  subscription(id: string): Promise<SubscriptionState | undefined>;
  /** The customer's latest invoices, newest first. */
  invoices(customerId: string): Promise<MemberInvoice[]>;
  /** The event of a webhook body signed with the webhook secret; undefined for anything else. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent | undefined;
}

export interface StripeConnection {
  secretKey: string;
  webhookSecret: string | undefined;
  /** `https://api.stripe.com`, or a fake's origin in tests. */
  apiUrl: string;
  /** How long one request waits for Stripe's answer (it is tried 3 times in all); production: 20 s. */
  timeoutMs?: number;
}

/** An endpoint the Stripe at the API URL does not have: a 404, or an answer that is not Stripe's JSON (whose status the SDK does not tell). */
const isMissingApi = (err: unknown) =>
  err instanceof Stripe.errors.StripeError && (err.statusCode === 404 || (err instanceof Stripe.errors.StripeAPIError && err.statusCode === undefined));

/** Stripe's smallest currency unit: cents for USD and EUR (every currency the site configuration uses). */
const toMinorUnits = (amount: number) => Math.round(amount * 100);

export function createStripePayments(connection: StripeConnection): PaymentProvider {
  const api = new URL(connection.apiUrl);
  const stripe = new Stripe(connection.secretKey, {
    host: api.hostname,
    port: api.port || (api.protocol === 'https:' ? 443 : 80),
    protocol: api.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 2,
    timeout: connection.timeoutMs ?? 20_000,
  });
  const livemode = /^[sr]k_live_/.test(connection.secretKey);

  /**
   * The plan's price as a Checkout line item (docs/decisions/0067): its own price id; else the price
   * kept for it; else a Product and a recurring Price created in one call and kept. Two first
   * checkouts at once send one idempotency key, so Stripe creates one price and answers both with
   * it, and the table keeps one row (whichever insert comes second keeps the first's). The key
   * holds the minute too: Stripe answers a key's failure (a 500) again for 24 hours, but a failed
   * price must not keep the plan from being sold for longer than that minute. A Stripe without a
   * prices API (a stand-in that speaks only Checkout: the call answers 404, or not in Stripe's JSON,
   * or with no Price) gets the price inline for this session, with a warning, and nothing is kept;
   * any other failure or a stall fails the checkout.
   */
  async function planLineItem(plan: CheckoutPlan, { kept, log, now }: CheckoutPricing): Promise<Stripe.Checkout.SessionCreateParams.LineItem> {
    if (plan.stripePriceId) return { quantity: 1, price: plan.stripePriceId };
    const key: PlanPriceKey = { planId: plan.id, unitAmount: toMinorUnits(plan.price), currency: plan.currency.toLowerCase(), interval: plan.period, livemode };
    const keptId = await kept.find(key);
    if (keptId) return { quantity: 1, price: keptId };
    const price = { currency: key.currency, unit_amount: key.unitAmount, recurring: { interval: key.interval }, product_data: { name: `VIP ${plan.name}` } };
    const minute = Math.floor(now.getTime() / 60_000);
    const idempotencyKey = `vip-plan-price-${plan.id}-${minute}-${createHash('sha256').update(JSON.stringify([key, price])).digest('hex').slice(0, 32)}`;
    const created = await stripe.prices.create(price, { idempotencyKey }).catch((err: unknown) => {
      if (isMissingApi(err)) return undefined;
      throw err;
    });
    if (created?.object !== 'price') {
      log.warn({ plan: plan.id }, 'stripe answered no price to POST /v1/prices: this checkout prices the plan inline');
      return { quantity: 1, price_data: price };
    }
    return { quantity: 1, price: await kept.keep(key, created.id) };
  }

  return {
    async startCheckout(member, urls, pricing) {
      const { plan } = member;
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [await planLineItem(plan, pricing)],
        customer_email: member.email,
        client_reference_id: member.id,
        metadata: { member_id: member.id, plan: plan.id },
        subscription_data: { metadata: { member_id: member.id, plan: plan.id } },
        success_url: urls.success,
        cancel_url: urls.cancel,
      });
      if (!session.url) throw new Error(`Stripe answered Checkout Session ${session.id} without a URL`);
      return { sessionId: session.id, url: session.url };
    },
    async billingPortalUrl(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },
    async subscription(id) {
      const subscription = await stripe.subscriptions.retrieve(id, { expand: ['latest_invoice'] }).catch((err: unknown) => {
        if (isMissingApi(err)) return undefined;
        throw err;
      });
      return subscription && readSubscription(subscription);
    },
    async invoices(customerId) {
      const list = await stripe.invoices.list({ customer: customerId, limit: 12 });
      return list.data.map((invoice) => ({
        id: invoice.id ?? '',
        number: invoice.number ?? null,
        amount: invoice.amount_paid > 0 ? invoice.amount_paid / 100 : invoice.amount_due / 100,
        currency: invoice.currency.toUpperCase(),
        status: invoice.status ?? null,
        createdAt: new Date(invoice.created * 1000),
        url: invoice.hosted_invoice_url ?? null,
      }));
    },
    verifyWebhook(rawBody, signature) {
      if (!connection.webhookSecret || !signature) return undefined;
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, connection.webhookSecret);
      } catch {
        return undefined;
      }
    },
  };
}
