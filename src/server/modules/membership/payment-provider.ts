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
  /**
   * Keeps `newId` in place of `refusedId`, which Stripe refused at a checkout, unless another checkout
   * did so first; the one in use. Staff are warned once (the log and Recent Activity).
   */
  replace(key: PlanPriceKey, refused: { id: string; why: RefusedPrice }, newId: string): Promise<string>;
}

/** Why Stripe refused a kept price at a checkout: archived (it or its product) or deleted in Stripe. */
export type RefusedPrice = 'archived' | 'deleted';

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
   * created now and kept (docs/decisions/0067). A stored customer Stripe refuses (deleted there, or
   * of the other mode's keys) is left out: the session asks the address, as for anyone, and names the
   * refused id (`refusedCustomerId`) for the member row to forget (docs/decisions/0095, amendment).
   */
  startCheckout(
    /** `customerId`: the member's Stripe customer from an earlier subscription, kept (their invoices stay together); else Checkout makes one. */
    member: { id: string; email: string; customerId?: string | null; plan: CheckoutPlan },
    urls: { success: string; cancel: string },
    pricing: CheckoutPricing,
  ): Promise<{ sessionId: string; url: string; refusedCustomerId?: string }>;
  /**
   * A Checkout Session as Stripe has it now (`GET /v1/checkout/sessions/{id}`): `open` to be paid, `complete`
   * (paid), or `expired`; the plan its metadata names and the member it is for. Undefined when Stripe has no such session.
   */
  checkoutSession(
    id: string,
  ): Promise<{ sessionId: string; url: string | null; status: 'open' | 'complete' | 'expired'; planId: string | null; memberId: string | null } | undefined>;
  /**
   * Cancels a subscription at once, without proration, and refunds what its latest invoice was paid
   * (docs/decisions/0095: a paying member's second subscription). Safe to repeat: one cancellation, one
   * refund per payment. Any failure throws: the webhook that asked is answered so that Stripe retries it.
   */
  cancelAndRefund(subscriptionId: string): Promise<void>;
  /**
   * A Checkout Session in payment mode for a shop order (issue 36): one line of `amountMinor` (the
   * currency's minor unit), the buyer's address, the order's id in the session's and its PaymentIntent's
   * metadata (`shop_order`), Stripe Tax when `automaticTax`. Its id and the URL of its page.
   */
  startPaymentCheckout(order: {
    orderId: string;
    email: string;
    name: string;
    amountMinor: number;
    currency: string;
    /** Stripe Tax computes the tax (docs/decisions/0105); `taxInclusive`: the amount includes it. */
    automaticTax: boolean;
    taxInclusive: boolean;
    urls: { success: string; cancel: string };
  }): Promise<{ sessionId: string; url: string }>;
  /**
   * A payment-mode Checkout Session as Stripe has it now, with its PaymentIntent's latest charge
   * (docs/decisions/0093's rule: Stripe's state is the truth); undefined when Stripe has no such session.
   */
  paymentCheckout(id: string): Promise<PaymentCheckoutState | undefined>;
  /** The shop order a PaymentIntent's metadata names (`shop_order`); undefined when none, or no such PaymentIntent. */
  orderOfPaymentIntent(id: string): Promise<string | undefined>;
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
  /**
   * The event of a webhook body signed with STRIPE_WEBHOOK_SECRET, or without it with `secret` (the
   * endpoint's the site set up: docs/decisions/0094); undefined for anything else.
   */
  verifyWebhook(rawBody: Buffer, signature: string | undefined, secret?: string): PaymentEvent | undefined;
  /** STRIPE_WEBHOOK_SECRET is set: it verifies the webhook, and the site sets up no endpoint of its own. */
  readonly hasWebhookSecret: boolean;
  /** The account's webhook endpoints (docs/decisions/0094): the site finds, creates and updates its own. */
  webhookEndpoints: {
    list(): Promise<WebhookEndpoint[]>;
    /** Created with the SDK's API version; Stripe gives its signing secret only now. */
    create(url: string, events: readonly string[]): Promise<WebhookEndpoint & { secret: string }>;
    /** Sends these events (and enables it again, if Stripe disabled it). */
    update(id: string, events: readonly string[]): Promise<WebhookEndpoint>;
    remove(id: string): Promise<void>;
  };
}

/** A shop order's Checkout Session as Stripe has it (issue 36). */
export interface PaymentCheckoutState {
  sessionId: string;
  /** The order the site's Checkout named (`metadata.shop_order`). */
  orderId: string | undefined;
  status: 'open' | 'complete' | 'expired';
  isPaid: boolean;
  /**
   * Completed, but its payment by a delayed method (a SEPA debit) failed when it settled: the buyer was
   * never charged. (While such a payment settles the session is complete and neither paid nor failed.)
   */
  isFailed: boolean;
  /** Its charge was refunded in full. */
  isRefunded: boolean;
  /**
   * Its charge is disputed (a chargeback): the buyer's bank took the payment back, or holds it while the
   * dispute lasts. A dispute the label won (or an inquiry closed without a chargeback) no longer counts.
   */
  isDisputed: boolean;
  paymentIntentId: string | undefined;
  /** What was paid, in the currency's minor unit, tax included. */
  amountTotal: number | null;
  currency: string | null;
}

/** A webhook endpoint as Stripe lists it. */
export interface WebhookEndpoint {
  id: string;
  url: string;
  enabledEvents: string[];
  status: string;
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

/** Stripe's refusal of a Checkout Session's price (archived, deleted, of another mode…): a 400 naming the line item's price. */
const isPriceRefused = (err: unknown) => err instanceof Stripe.errors.StripeInvalidRequestError && err.param === 'line_items[0][price]';

/** Stripe's refusal of a Checkout Session's customer: none such in this account and mode (deleted, or made with the other keys). */
const isCustomerRefused = (err: unknown) => err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing' && err.param === 'customer';

/** Stripe's smallest currency unit: cents for USD and EUR (every currency the site configuration uses). */
const toMinorUnits = (amount: number) => Math.round(amount * 100);

/** A dispute closed for the label: won (the money back), or an inquiry that closed without becoming a chargeback. */
const settledDisputeStatuses = new Set<Stripe.Dispute.Status>(['won', 'warning_closed']);

/** A plan's Checkout line item, and the kept price it names (docs/decisions/0067), if it names one. */
interface PlanLine {
  item: Stripe.Checkout.SessionCreateParams.LineItem;
  kept?: { key: PlanPriceKey; id: string };
}

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
  async function planLineItem(plan: CheckoutPlan, { kept, log, now }: CheckoutPricing): Promise<PlanLine> {
    if (plan.stripePriceId) return { item: { quantity: 1, price: plan.stripePriceId } };
    const key = planPriceKey(plan);
    const keptId = await kept.find(key);
    if (keptId) return { item: { quantity: 1, price: keptId }, kept: { key, id: keptId } };
    const price = priceParams(plan, key);
    const created = await stripe.prices.create(price, { idempotencyKey: priceIdempotencyKey(plan, key, now) }).catch((err: unknown) => {
      if (isMissingApi(err)) return undefined;
      throw err;
    });
    if (created?.object !== 'price') {
      log.warn({ plan: plan.id }, 'stripe answered no price to POST /v1/prices: this checkout prices the plan inline');
      return { item: { quantity: 1, price_data: price } };
    }
    const inUse = await kept.keep(key, created.id);
    return { item: { quantity: 1, price: inUse }, kept: { key, id: inUse } };
  }

  const planPriceKey = (plan: CheckoutPlan): PlanPriceKey => ({ planId: plan.id, unitAmount: toMinorUnits(plan.price), currency: plan.currency.toLowerCase(), interval: plan.period, livemode });
  const priceParams = (plan: CheckoutPlan, key: PlanPriceKey) => ({
    currency: key.currency,
    unit_amount: key.unitAmount,
    recurring: { interval: key.interval },
    product_data: { name: `VIP ${plan.name}` },
  });
  /** The plan price's, the minute's and (for a replacement) the refused price's: one Price however many checkouts ask at once. */
  const priceIdempotencyKey = (plan: CheckoutPlan, key: PlanPriceKey, now: Date, replacing?: string) => {
    const minute = Math.floor(now.getTime() / 60_000);
    const hash = createHash('sha256').update(JSON.stringify([key, priceParams(plan, key)])).digest('hex').slice(0, 32);
    return `vip-plan-price-${plan.id}-${minute}-${hash}${replacing ? `-replacing-${replacing}` : ''}`;
  };

  /**
   * Why Stripe refused a checkout's kept price, as Stripe has the price now (issue 33): deleted (no
   * such price, or its product deleted) or archived (`active: false`, it or its product); undefined
   * when the price is fine, so that the checkout fails as any refusal does.
   */
  async function whyRefused(err: unknown, priceId: string): Promise<RefusedPrice | undefined> {
    if (!isPriceRefused(err)) return undefined;
    const price = await stripe.prices.retrieve(priceId, { expand: ['product'] }).catch((readErr: unknown) => {
      if (readErr instanceof Stripe.errors.StripeInvalidRequestError && readErr.code === 'resource_missing') return undefined;
      throw err;
    });
    if (!price) return 'deleted';
    const product = typeof price.product === 'object' ? price.product : undefined;
    if (product?.deleted) return 'deleted';
    return !price.active || product?.active === false ? 'archived' : undefined;
  }

  /** A new Price for the plan in place of the kept one Stripe refused (once however many checkouts ask); the line item of the one in use. */
  async function replacePrice(plan: CheckoutPlan, { kept, now }: CheckoutPricing, refused: { key: PlanPriceKey; id: string; why: RefusedPrice }) {
    const inUse = await kept.find(refused.key);
    if (inUse && inUse !== refused.id) return { quantity: 1, price: inUse };
    const created = await stripe.prices.create(priceParams(plan, refused.key), { idempotencyKey: priceIdempotencyKey(plan, refused.key, now, refused.id) });
    return { quantity: 1, price: await kept.replace(refused.key, { id: refused.id, why: refused.why }, created.id) };
  }

  /**
   * A Checkout Session at the plan's price. A kept price Stripe refuses because it was archived or
   * deleted there is replaced and the session asked again, once; a label's own price that Stripe
   * refuses fails the checkout, with the log naming the setting to fix.
   */
  async function withPlanPrice<T>(plan: CheckoutPlan, pricing: CheckoutPricing, open: (item: Stripe.Checkout.SessionCreateParams.LineItem) => Promise<T>): Promise<T> {
    const line = await planLineItem(plan, pricing);
    try {
      return await open(line.item);
    } catch (err) {
      if (plan.stripePriceId && isPriceRefused(err)) {
        pricing.log.error(
          { plan: plan.id, stripePriceId: plan.stripePriceId, stripe: (err as Error).message },
          `stripe refused the price the site configuration names for VIP plan ${plan.id} (vipPlans[].stripePriceId ${plan.stripePriceId}): its checkouts fail until the setting names an active recurring price of this Stripe account`,
        );
      }
      const why = line.kept && (await whyRefused(err, line.kept.id));
      if (!line.kept || !why) throw err;
      return open(await replacePrice(plan, pricing, { ...line.kept, why }));
    }
  }

  return {
    async startCheckout(member, urls, pricing) {
      const { plan } = member;
      let customer = member.customerId ?? undefined;
      const create = (lineItem: Stripe.Checkout.SessionCreateParams.LineItem) =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [lineItem],
          // A returning member keeps their customer (Stripe takes one or the other, never both).
          ...(customer ? { customer } : { customer_email: member.email }),
          client_reference_id: member.id,
          metadata: { member_id: member.id, plan: plan.id },
          subscription_data: { metadata: { member_id: member.id, plan: plan.id } },
          success_url: urls.success,
          cancel_url: urls.cancel,
        });
      const session = await withPlanPrice(plan, pricing, (lineItem) =>
        create(lineItem).catch((err: unknown) => {
          // A customer Stripe no longer has must not keep a former member from joining (nor tell the asker they were one).
          if (!customer || !isCustomerRefused(err)) throw err;
          customer = undefined;
          return create(lineItem);
        }),
      );
      if (!session.url) throw new Error(`Stripe answered Checkout Session ${session.id} without a URL`);
      const refusedCustomerId = member.customerId && !customer ? member.customerId : undefined;
      return { sessionId: session.id, url: session.url, ...(refusedCustomerId ? { refusedCustomerId } : {}) };
    },
    async checkoutSession(id) {
      const session = await stripe.checkout.sessions.retrieve(id).catch((err: unknown) => {
        if (isMissingApi(err) || (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing')) return undefined;
        throw err;
      });
      if (!session) return undefined;
      // Any status this API version does not name yet is no session to pay.
      const status = session.status === 'open' ? 'open' : session.status === 'complete' ? 'complete' : 'expired';
      return { sessionId: session.id, url: session.url, status, planId: session.metadata?.plan ?? null, memberId: session.client_reference_id ?? session.metadata?.member_id ?? null };
    },
    async cancelAndRefund(id) {
      const subscription = await stripe.subscriptions.retrieve(id, { expand: ['latest_invoice.payments'] });
      if (subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired') {
        await stripe.subscriptions.cancel(id, { prorate: false, invoice_now: false }, { idempotencyKey: `vip-second-subscription-cancel-${id}` });
      }
      const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
      for (const paid of invoice?.payments?.data ?? []) {
        if (paid.status !== 'paid') continue;
        const idOfPayment = (v: string | { id: string } | undefined) => (typeof v === 'string' ? v : v?.id);
        const intent = idOfPayment(paid.payment.payment_intent);
        const charge = idOfPayment(paid.payment.charge);
        if (!intent && !charge) continue;
        await stripe.refunds.create(intent ? { payment_intent: intent } : { charge }, { idempotencyKey: `vip-second-subscription-refund-${paid.id}` }).catch((err: unknown) => {
          // Refunded before (a retry past the key's 24 hours).
          if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'charge_already_refunded') return;
          throw err;
        });
      }
    },
    async startPaymentCheckout(order) {
      const metadata = { shop_order: order.orderId };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.currency.toLowerCase(),
                unit_amount: order.amountMinor,
                tax_behavior: order.taxInclusive ? 'inclusive' : 'exclusive',
                product_data: { name: order.name },
              },
            },
          ],
          customer_email: order.email,
          client_reference_id: order.orderId,
          metadata,
          payment_intent_data: { metadata },
          ...(order.automaticTax ? { automatic_tax: { enabled: true } } : {}),
          success_url: order.urls.success,
          cancel_url: order.urls.cancel,
        },
        { idempotencyKey: `shop-order-checkout-${order.orderId}` },
      );
      if (!session.url) throw new Error(`Stripe answered Checkout Session ${session.id} without a URL`);
      return { sessionId: session.id, url: session.url };
    },
    async paymentCheckout(id) {
      const session = await stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent.latest_charge'] }).catch((err: unknown) => {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return undefined;
        throw err;
      });
      if (!session) return undefined;
      const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
      const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      // `disputed` stays true once the charge was disputed: whether its dispute still counts is the dispute's status.
      const disputes = intent && charge?.disputed ? (await stripe.disputes.list({ payment_intent: intent.id })).data : [];
      return {
        sessionId: session.id,
        orderId: session.metadata?.shop_order ?? undefined,
        status: session.status === 'open' ? 'open' : session.status === 'complete' ? 'complete' : 'expired',
        isPaid: session.payment_status === 'paid',
        isFailed: session.status === 'complete' && session.payment_status === 'unpaid' && (intent?.status === 'requires_payment_method' || intent?.status === 'canceled'),
        isRefunded: charge?.refunded === true,
        isDisputed: disputes.some((dispute) => !settledDisputeStatuses.has(dispute.status)),
        paymentIntentId: typeof session.payment_intent === 'string' ? session.payment_intent : (intent?.id ?? undefined),
        amountTotal: session.amount_total ?? null,
        currency: session.currency ? session.currency.toUpperCase() : null,
      };
    },
    async orderOfPaymentIntent(id) {
      const intent = await stripe.paymentIntents.retrieve(id).catch((err: unknown) => {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return undefined;
        throw err;
      });
      return intent?.metadata?.shop_order ?? undefined;
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
      // A draft is no invoice yet (Stripe may still change or delete it): the member sees invoices once finalized.
      return list.data.filter((invoice) => invoice.status !== 'draft').map((invoice) => ({
        id: invoice.id ?? '',
        number: invoice.number ?? null,
        amount: invoice.amount_paid > 0 ? invoice.amount_paid / 100 : invoice.amount_due / 100,
        currency: invoice.currency.toUpperCase(),
        status: invoice.status ?? null,
        createdAt: new Date(invoice.created * 1000),
        url: invoice.hosted_invoice_url ?? null,
      }));
    },
    verifyWebhook(rawBody, signature, secret) {
      const signedWith = connection.webhookSecret ?? secret;
      if (!signedWith || !signature) return undefined;
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, signedWith);
      } catch {
        return undefined;
      }
    },
    hasWebhookSecret: connection.webhookSecret !== undefined,
    webhookEndpoints: {
      list: async () => (await stripe.webhookEndpoints.list({ limit: 100 }).autoPagingToArray({ limit: 1000 })).map(toWebhookEndpoint),
      async create(url, events) {
        const created = await stripe.webhookEndpoints.create({
          url,
          enabled_events: events as Stripe.WebhookEndpointCreateParams.EnabledEvent[],
          // Events as this SDK reads them, whatever the account's default version.
          api_version: Stripe.API_VERSION as Stripe.WebhookEndpointCreateParams.ApiVersion,
          description: 'VIP memberships (set up by the site)',
        });
        if (!created.secret) throw new Error(`Stripe created webhook endpoint ${created.id} without a secret`);
        return { ...toWebhookEndpoint(created), secret: created.secret };
      },
      update: async (id, events) =>
        toWebhookEndpoint(await stripe.webhookEndpoints.update(id, { enabled_events: events as Stripe.WebhookEndpointUpdateParams.EnabledEvent[], disabled: false })),
      async remove(id) {
        await stripe.webhookEndpoints.del(id);
      },
    },
  };
}

const toWebhookEndpoint = (endpoint: Stripe.WebhookEndpoint): WebhookEndpoint => ({
  id: endpoint.id,
  url: endpoint.url,
  enabledEvents: endpoint.enabled_events,
  status: endpoint.status,
});
