import { z } from 'zod';
import { itemResponse, limitParam, listResponse, offsetParam, searchParam } from './common.js';
import { shopOrderSources, shopOrderStatuses } from './shop.js';

// Staff's view of the shop (issue 36 part 2, docs/decisions/0105): its orders, the revenue per release and
// per month, and the download email sent again. Owners' (decision 0098): orders hold buyers' addresses and money.

/** `GET /api/admin/orders`: q (email, release title or catalog number), release (its id), status. */
export const adminOrdersQuerySchema = z.object({
  offset: offsetParam,
  limit: limitParam(25),
  q: searchParam,
  release: z.uuid({ error: 'release must be the id of a release' }).optional(),
  status: z.enum(shopOrderStatuses, { error: `status must be one of ${shopOrderStatuses.join(', ')}` }).optional(),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** An order as staff see it, newest first: an amount in the currency's major unit (0 for a code or a free download). */
export const adminOrderSchema = z.object({
  id: z.string(),
  email: z.string(),
  release_id: z.string(),
  /** The release's title with its version, and its catalog number. */
  release_title: z.string(),
  /** An order of one track sold alone: its title with its mix; null: the whole release. */
  track_title: z.string().nullable(),
  catalog_number: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(shopOrderStatuses),
  source: z.enum(shopOrderSources),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export const adminOrdersResponseSchema = listResponse(adminOrderSchema);

/** Money taken: paid Checkout orders (refunded ones are not), summed per currency. */
const takings = { currency: z.string(), orders: z.number().int(), amount: z.number() };
export const adminRevenueSchema = z.object({
  /** Per release and currency, most taken first. */
  releases: z.array(z.object({ release_id: z.string(), title: z.string(), catalog_number: z.string().nullable(), ...takings })),
  /** Per month of payment ("2026-11", in the labels' time zone) and currency, newest first. */
  months: z.array(z.object({ month: z.string(), ...takings })),
});
export type AdminRevenue = z.infer<typeof adminRevenueSchema>;
export const adminRevenueResponseSchema = itemResponse(adminRevenueSchema);

/** A download email is sent again at most once per order in each window of this many minutes (its outbox key names the window). */
export const resendWindowMinutes = 10;

export const adminOrderMessages = {
  notFound: 'No such order',
  notPaid: 'This order is not paid: there is nothing to download',
  refunded: 'This order was refunded: its downloads have ended',
  notYetOut: 'This is a pre-order: its download email goes on the release day',
  tooSoon: 'The download email of this order was just sent again: give it a few minutes to arrive',
  resent: (email: string) => `Download email sent again to ${email}`,
} as const;

export const adminOrderResendResponseSchema = z.object({ success: z.literal(true), message: z.string() });
