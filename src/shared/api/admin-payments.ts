import { z } from 'zod';
import { itemResponse } from './common.js';

/** The admin Settings tab's Payments panel (docs/decisions/0094): whether Stripe is connected, and its webhook. */
export const adminPaymentsSchema = z.object({
  /** STRIPE_SECRET_KEY is set: members pay with Stripe. */
  connected: z.boolean(),
  webhook: z.object({
    /**
     * environment: STRIPE_WEBHOOK_SECRET verifies it (the endpoint was made in Stripe's Dashboard);
     * site: the site set up its endpoint and keeps its secret; none: not set up (yet: see the server log).
     */
    source: z.enum(['environment', 'site', 'none']),
    /** Where Stripe sends the events: the site's endpoint, else `{PUBLIC_URL}/api/webhooks/stripe` when known. */
    url: z.string().nullable(),
    /** The events the endpoint sends (site); the events the site handles, for the Dashboard's endpoint (environment, none). */
    events: z.array(z.string()),
  }),
});
export type AdminPayments = z.infer<typeof adminPaymentsSchema>;
export const adminPaymentsResponseSchema = itemResponse(adminPaymentsSchema);
