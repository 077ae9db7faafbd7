import { z } from 'zod';
import { downloadFormats } from '../download-formats.js';
import { leastCharge } from '../domain/least-charge.js';
import { emailAddress, itemResponse } from './common.js';

// Selling the music (issue 36, docs/product.md §12): a release's price, orders paid with Stripe
// Checkout, the buyer's download page, and download codes.

/** Where an order came from: a paid Checkout, a redeemed download code, or a free release. */
export const shopOrderSources = ['checkout', 'code', 'free'] as const;
/**
 * `pending` until Stripe says the Checkout is paid; `expired` when it ended unpaid (Stripe expired the
 * Checkout, or a delayed payment such as a SEPA debit failed); `refunded` ends the downloads.
 */
export const shopOrderStatuses = ['pending', 'paid', 'refunded', 'expired'] as const;
export type ShopOrderStatus = (typeof shopOrderStatuses)[number];

/** The currencies a price may be in (Stripe's, with cents as the minor unit). */
export const shopCurrencies = ['EUR', 'USD', 'GBP'] as const;
export type ShopCurrency = (typeof shopCurrencies)[number];

export { leastCharge };
/** An amount in the currency's minor unit (cents): what the shop computes and compares in. */
export const toMinorUnits = (amount: number) => Math.round(amount * 100);
/** Whether Stripe can charge the amount: nothing, or at least its least charge. */
export const isChargeable = (amount: number, currency: ShopCurrency) => toMinorUnits(amount) === 0 || toMinorUnits(amount) >= toMinorUnits(leastCharge[currency]);

/** The most a price (or a pay-what-you-want amount) may be, in the currency's major unit. */
export const maxPriceAmount = 1000;

/** A download link works this long (docs/decisions/0105). */
export const downloadLinkHours = 24;
/** The download links an order gives out in all (five formats of a 12-track album, twice: docs/decisions/0105). */
export const downloadsPerOrder = 100;

export const shopMessages = {
  notForSale: 'This release is not for sale',
  trackNotSoldAlone: 'This track is not sold alone: buy its release',
  trackWithoutMaster: 'This track is not for sale until its master is uploaded',
  missingMasters: (count: number) => `This release is not for sale until every track has its master uploaded: ${count} ${count === 1 ? 'track has' : 'tracks have'} none`,
  paymentsOff: 'Payments are not set up: this release cannot be bought yet',
  belowMinimum: (minimum: string) => `Amount must be at least ${minimum}`,
  belowLeastCharge: (least: string) => `Amount must be 0 or at least ${least}: card payments cannot be smaller`,
  unknownOrder: 'No order has this link',
  pending: 'We have not heard from Stripe about this payment yet: this page fills in once it went through.',
  refunded: 'This order was refunded: its downloads have ended.',
  unpaid: 'This payment did not go through, and nothing was charged: you can buy the music again from its page.',
  unknownCode: 'This code is not valid',
  usedCode: 'This code was used already',
  expiredCode: 'This code has expired',
  codeNotReady: 'This code does not work yet: its release is not ready to download. Try again later.',
  tooManyDownloads: 'This order has used all its download links: write to us and we send fresh ones.',
  notYetOut: 'This release is not out yet: its downloads open on its release day.',
  trackNotYetOut: 'This track is not out yet: it downloads from the release day. The tracks on your order page download now.',
  resent: 'If this address bought music here, a link to each of its orders is on its way. Check your inbox (and spam folder).',
} as const;

const amountField = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .min(0, { error: `${name} must be 0 or more` })
    .max(maxPriceAmount, { error: `${name} must be at most ${maxPriceAmount}` })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { error: `${name} must have at most 2 decimals` });

/**
 * A release's price: an amount in the currency's major unit (7.99), or 0 for free; with
 * `pay_what_you_want`, the amount is the least a buyer may pay. Null: not sold.
 */
export const releasePriceSchema = z.strictObject(
  {
    amount: amountField('Price amount'),
    currency: z
      .string({ error: `Price currency must be one of ${shopCurrencies.join(', ')}` })
      .transform((value) => value.toUpperCase())
      .pipe(z.enum(shopCurrencies, { error: `Price currency must be one of ${shopCurrencies.join(', ')}` })),
    pay_what_you_want: z.boolean({ error: 'Price pay_what_you_want must be true or false' }),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: price.${issue.keys.join(', price.')}` : 'Price must be an object or null') },
).refine((price) => isChargeable(price.amount, price.currency), {
  path: ['amount'],
  error: (issue) => {
    const currency = (issue.input as { currency: ShopCurrency }).currency;
    return `Price amount must be 0 (free) or at least ${currency} ${leastCharge[currency].toFixed(2)}: Stripe charges no less`;
  },
});
export type ReleasePrice = z.infer<typeof releasePriceSchema>;
/** A price as answers give it. */
export const releasePriceOutputSchema = z.object({ amount: z.number(), currency: z.enum(shopCurrencies), pay_what_you_want: z.boolean() });

/** `POST /api/orders`: the release (or one of its tracks sold alone), the buyer's address, and for pay-what-you-want the amount chosen. */
export const orderRequestSchema = z.strictObject(
  {
    release_id: z.string({ error: 'release_id must be the id of a release' }).min(1, { error: 'release_id must be the id of a release' }),
    /** A track of the release sold alone (it has a price of its own); absent: the whole release. */
    track_id: z.string({ error: 'track_id must be the id of a track of the release' }).min(1, { error: 'track_id must be the id of a track of the release' }).optional(),
    email: emailAddress({ required: 'Email is required', invalid: 'Please enter a valid email address' }),
    amount: amountField('Amount').optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : 'The body must be a JSON object') },
);
export type OrderRequest = z.infer<typeof orderRequestSchema>;

export const checkoutResponseSchema = itemResponse(z.object({ checkoutUrl: z.string() }));

export const orderTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** One track of an order: the formats it can be downloaded in. */
export const orderDownloadSchema = z.object({
  track_id: z.string(),
  title: z.string(),
  formats: z.array(z.enum(downloadFormats)),
});

export const orderItemSchema = z.object({
  release_id: z.string(),
  /** An order of one track sold alone: that track (the only one of `downloads`); null: the whole release. */
  track_id: z.string().nullable(),
  title: z.string(),
  artists: z.string(),
  artwork_url: z.string().nullable(),
  /** The release day (a pre-order's downloads open then); null when undated. */
  release_date: z.string().nullable(),
  /** A pre-order's: only its instant-grat tracks until the release day (none without any). */
  downloads: z.array(orderDownloadSchema),
});

/** `GET /api/orders/{token}`: what the buyer bought and can download. */
export const orderSchema = z.object({
  email: z.string(),
  items: z.array(orderItemSchema),
});
export type Order = z.infer<typeof orderSchema>;
export const orderResponseSchema = itemResponse(orderSchema);

export const downloadLinkParamsSchema = z.object({
  token: z.string().min(1).max(200),
  trackId: z.string().min(1).max(100),
  format: z.enum([...downloadFormats, 'original'], { error: `format must be one of ${[...downloadFormats, 'original'].join(', ')}` }),
});

/** `POST /api/admin/releases/{id}/codes`. */
export const codesRequestSchema = z.strictObject(
  {
    count: z
      .number({ error: 'count must be a whole number from 1 to 1000' })
      .int({ error: 'count must be a whole number from 1 to 1000' })
      .min(1, { error: 'count must be a whole number from 1 to 1000' })
      .max(1000, { error: 'count must be a whole number from 1 to 1000' }),
    /** Their last day (YYYY-MM-DD: they work to its end in the labels' time zone) or when they stop working (an ISO time); none: never. */
    expires_at: z
      .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'expires_at must be a day like 2026-12-31 or a time like 2026-12-31T23:59:00Z' })
      .nullable()
      .optional(),
    note: z.string({ error: 'note must be text' }).trim().max(200, { error: 'note must be at most 200 characters' }).optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : 'The body must be a JSON object') },
);
export const codesResponseSchema = itemResponse(z.object({ codes: z.array(z.string()) }));

/** `GET /api/admin/releases/{id}/codes`: a release's download codes, oldest first, and who redeemed each. */
export const downloadCodeSchema = z.object({
  code: z.string(),
  note: z.string().nullable(),
  /** When it stops working; null: never. */
  expires_at: z.string().nullable(),
  /** The last day it works, in the labels' time zone (YYYY-MM-DD); null: never expires. */
  last_day: z.string().nullable(),
  created_at: z.string(),
  redeemed_at: z.string().nullable(),
  /** The address it was redeemed for. */
  redeemed_by: z.string().nullable(),
});
export type DownloadCode = z.infer<typeof downloadCodeSchema>;
export const codesListResponseSchema = itemResponse(z.array(downloadCodeSchema));

/** `POST /api/redeem`. */
export const redeemRequestSchema = z.strictObject(
  {
    code: z.string({ error: 'code is required' }).trim().min(1, { error: 'code is required' }).max(100, { error: shopMessages.unknownCode }),
    email: emailAddress({ required: 'Email is required', invalid: 'Please enter a valid email address' }),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : 'The body must be a JSON object') },
);
export const redeemResponseSchema = itemResponse(z.object({ orderUrl: z.string() }));

/** `POST /api/orders/resend`: a fresh link to each paid order of an address, by email. */
export const resendRequestSchema = z.strictObject(
  { email: emailAddress({ required: 'Email is required', invalid: 'Please enter a valid email address' }) },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : 'The body must be a JSON object') },
);
export type ResendRequest = z.infer<typeof resendRequestSchema>;
/** Always the same answer: it never says whether the address bought anything. */
export const resendResponseSchema = itemResponse(z.object({ message: z.string() }));
