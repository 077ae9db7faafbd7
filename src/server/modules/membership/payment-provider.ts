import Stripe from 'stripe';
import type { VipPlan } from '../../../shared/api/vip.js';

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

/** A webhook event whose signature was verified: what the membership reads of it. */
export type PaymentEvent = Stripe.Event;

/**
 * The seam where a payment service plugs in (docs/product.md §10.7, docs/decisions/0062): Stripe
 * through its own SDK, the only code here that speaks to Stripe. Without one (no
 * STRIPE_SECRET_KEY), members wait in `pending_payment`.
 */
export interface PaymentProvider {
  /** A Checkout Session in subscription mode for a stored member: its id and the URL of its page. */
  startCheckout(member: { id: string; email: string; plan: VipPlan }, urls: { success: string; cancel: string }): Promise<{ sessionId: string; url: string }>;
  /** A Billing Portal session for the customer (change plan, card, cancel); its URL. */
  billingPortalUrl(customerId: string, returnUrl: string): Promise<string>;
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
}

/** Stripe's smallest currency unit: cents for USD and EUR (every currency the site configuration uses). */
const toMinorUnits = (amount: number) => Math.round(amount * 100);

export function createStripePayments(connection: StripeConnection): PaymentProvider {
  const api = new URL(connection.apiUrl);
  const stripe = new Stripe(connection.secretKey, {
    host: api.hostname,
    port: api.port || (api.protocol === 'https:' ? 443 : 80),
    protocol: api.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
  return {
    async startCheckout(member, urls) {
      const { plan } = member;
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        // The price from the site configuration, kept by Stripe with the session's subscription.
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: plan.currency.toLowerCase(),
              unit_amount: toMinorUnits(plan.price),
              recurring: { interval: plan.period },
              product_data: { name: `VIP ${plan.name}` },
            },
          },
        ],
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
