import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderMessages,
  adminOrderResendResponseSchema,
  adminOrdersQuerySchema,
  adminOrdersResponseSchema,
  adminRevenueResponseSchema,
  resendWindowMinutes,
} from '../../../shared/api/admin-orders.js';
import { errorResponseSchema } from '../../../shared/api/common.js';
import {
  checkoutResponseSchema,
  downloadsPerOrder,
  leastCharge,
  codesListResponseSchema,
  codesRequestSchema,
  codesResponseSchema,
  downloadLinkParamsSchema,
  orderRequestSchema,
  orderResponseSchema,
  orderTokenParamsSchema,
  redeemRequestSchema,
  redeemResponseSchema,
  resendRequestSchema,
  resendResponseSchema,
  shopMessages,
} from '../../../shared/api/shop.js';
import { defaultLimits } from '../../config.js';
import { requireSameSiteJson } from '../../plugins/same-site-json.js';
import { routeRateLimit } from '../../plugins/rate-limit.js';
import { attachment, sendStoredFile } from '../media/index.js';
import { signedInMember, useAfterAnswer } from '../membership/index.js';
import { adminOf, guardAdminRoutes } from '../staff/index.js';
import { getOrders, getRevenue, resendDownloads } from './admin-orders.service.js';
import { codesCsv, getCodes, makeCodes, redeemCode } from './codes.service.js';
import { giveDownloadLink, openDownloadLink } from './downloads.service.js';
import { getOrder, resendOrderLinks, startOrder } from './orders.service.js';
import type { ShopDeps } from './shop.deps.js';

const tokenDescription = 'The order token is the secret of the buyer\'s page, `{PUBLIC_URL}/orders/{token}`, as the receipt email links it.';

/** The shop's public routes (issue 36): buying, the buyer's page and its downloads, redeeming a code. */
export const shopRoutes: FastifyPluginAsyncZod<ShopDeps> = async (app, { db, clock, mailroom, payments, publicUrl, jwtSecret, mediaStore, downloadFormats: formats, rateLimits, afterAnswer: givenAfterAnswer }) => {
  // What only a buyer's address calls for is done after the answer, so that its time tells nobody who bought here.
  const afterAnswer = useAfterAnswer(app, givenAfterAnswer);
  const sameSite = requireSameSiteJson(publicUrl);
  const limited = { rateLimit: routeRateLimit(rateLimits?.shop ?? defaultLimits.vip) };
  const context = (log: Parameters<typeof startOrder>[0]['log']) => ({ db, mailroom, payments, log });

  const orderResponses = { 200: checkoutResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 502: errorResponseSchema };
  app.post(
    '/orders',
    {
      onRequest: sameSite,
      config: limited,
      schema: {
        tags: ['shop'],
        description:
          'Buys a release: a Stripe Checkout Session in payment mode for its price (or, pay-what-you-want, `amount`, at least the price), in ' +
          'the currency\'s minor unit, with the buyer\'s email; its URL. Nothing to pay (free, or 0 chosen) gives the order at once: the URL is its page. ' +
          '409 when the release is not for sale (no price, a draft, or a track without its master uploaded) or payments are off; 400 for an amount below the price, ' +
          `or above 0 and below what Stripe charges at least (${Object.entries(leastCharge).map(([currency, least]) => `${currency} ${least.toFixed(2)}`).join(', ')}); 502 when Stripe refuses or fails. ` +
          'A VIP member\'s discount is never given here, whatever the email: see POST /api/vip/orders.',
        body: orderRequestSchema,
        response: orderResponses,
      },
    },
    async (req) => ({ success: true as const, data: { checkoutUrl: await startOrder(context(req.log), req.body, clock()) } }),
  );

  app.post(
    '/vip/orders',
    {
      onRequest: sameSite,
      config: limited,
      schema: {
        tags: ['shop'],
        description:
          'POST /api/orders for the VIP member signed in (their session cookie, sent to /api/vip only): an active member of a plan with a ' +
          'discount in the site settings (`shop.memberDiscounts`) pays the price less that percent, rounded to the cent (half up), and for ' +
          'pay-what-you-want the least amount is lowered by it (they may pay more), never below what Stripe charges at least; the order and its receipt record the discount. ' +
          'A member who is not active pays the price. 401 without a member session.',
        body: orderRequestSchema,
        response: { ...orderResponses, 401: errorResponseSchema },
      },
    },
    async (req) => {
      const member = await signedInMember(db, req, clock());
      return { success: true as const, data: { checkoutUrl: await startOrder(context(req.log), req.body, clock(), member) } };
    },
  );

  app.post(
    '/orders/resend',
    {
      onRequest: sameSite,
      config: limited,
      schema: {
        tags: ['shop'],
        description:
          'Lost order links: emails the address a link to each of its paid orders\' pages (at most one such email an hour per address). ' +
          '202 whether or not the address bought anything: the answer never tells which addresses did.',
        body: resendRequestSchema,
        response: { 202: resendResponseSchema, 400: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const { email } = req.body;
      const now = clock();
      afterAnswer(() => resendOrderLinks(context(req.log), email, now));
      reply.code(202);
      return { success: true as const, data: { message: shopMessages.resent } };
    },
  );

  app.get(
    '/orders/:token',
    {
      schema: {
        tags: ['shop'],
        description: `What an order holds and can download: its release and, per track, the formats. ${tokenDescription} 404 for no such order; 409 while Stripe has not confirmed the payment; 410 once refunded, or when the payment did not go through (an expired Checkout, a failed SEPA debit).`,
        params: orderTokenParamsSchema,
        response: { 200: orderResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 410: errorResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return { success: true as const, data: await getOrder(db, req.params.token, formats.list().map((format) => format.id), clock()) };
    },
  );

  app.get(
    '/orders/:token/downloads/:trackId/:format',
    {
      // It hands out links: a HEAD (curl -I, a link checker) must not count one.
      exposeHeadRoute: false,
      schema: {
        tags: ['shop'],
        description:
          `A download link of a track of the order in a format: a 303 to a link signed for this order, track and format that works for 24 hours, ` +
          `until the next full hour after them; asked again within that hour, the same link. An order gives out ${downloadsPerOrder} different links ` +
          `(docs/decisions/0105), until staff send its download email again; past them, 429. No HEAD. ${tokenDescription}`,
        params: downloadLinkParamsSchema,
        response: { 303: z.null(), 404: errorResponseSchema, 409: errorResponseSchema, 410: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const link = await giveDownloadLink(db, jwtSecret, req.params, clock());
      reply.header('Cache-Control', 'private, no-store');
      return reply.redirect(link, 303);
    },
  );

  app.get(
    '/downloads/:orderId/:trackId/:format',
    {
      // A HEAD would start a format's job and wait for it: no HEAD (404). Browsers and resuming clients (Range) GET.
      exposeHeadRoute: false,
      schema: {
        tags: ['shop'],
        description: 'A track of an order as a file in the format (made once per track; 503 with Retry-After while it is being made; `original`: the master as uploaded), with Range, through a signed link from GET /api/orders/{token}/downloads/…; 403 for a link that is not signed or expired, 410 once the order was refunded. No HEAD (it would make the format).',
        params: z.object({ orderId: z.string().max(100), trackId: z.string().max(100), format: downloadLinkParamsSchema.shape.format }),
        querystring: z.object({ expires: z.coerce.number().int().optional(), signature: z.string().max(200).optional() }),
        response: {
          200: { description: 'The file', content: { 'audio/*': { schema: z.any() } } },
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          410: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const { orderId, trackId, format } = req.params;
      const { order, track } = await openDownloadLink(db, jwtSecret, { orderId, trackId, format, expires: req.query.expires ?? 0 }, req.query.signature ?? '', clock());
      req.log.info({ order: order.id, track: trackId, format }, 'shop download');
      reply.header('Cache-Control', 'private, no-store');
      // A format is made once per track by the media context's jobs (503 with Retry-After while it is); `original` is the master as uploaded.
      if (format !== 'original') return formats.send(req, reply, trackId, format);
      reply.header('Content-Disposition', attachment(track.masterName ?? track.title));
      return sendStoredFile(req, reply, mediaStore, { key: track.masterKey as string, missing: `No file for track ${trackId}` });
    },
  );

  app.post(
    '/redeem',
    {
      onRequest: sameSite,
      config: limited,
      schema: {
        tags: ['shop'],
        description: 'Redeems a download code for an address: an order of its release, its page emailed (or, for an upcoming release, on its release day). 201 with the page; 404 for no such code; 409 for a code used already, or while its release is a draft or a track has no master uploaded (the code stays unused; a release with no price is given all the same); 410 for one expired.',
        body: redeemRequestSchema,
        response: { 201: redeemResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 410: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const order = await redeemCode(context(req.log), req.body, clock());
      reply.code(201);
      return { success: true as const, data: { orderUrl: mailroom.link(`/orders/${order.token}`) } };
    },
  );
};

/** The shop's staff routes: download codes (owners and editors, as releases), orders and revenue (owners). */
export const adminShopRoutes: FastifyPluginAsyncZod<ShopDeps> = async (app, deps) => {
  const { db, clock } = deps;
  guardAdminRoutes(app, deps.adminAuth);

  app.post(
    '/admin/releases/:id/codes',
    {
      schema: {
        tags: ['admin'],
        description: 'Makes `count` download codes for the release (1 to 1000), with an optional expiry and note; each gives one order of the release, once, from when the release is published with every master uploaded (codes for a draft may be made before).',
        params: z.object({ id: z.string() }),
        body: codesRequestSchema,
        response: { 200: codesResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: { codes: await makeCodes(db, req.params.id, req.body, { actor: adminOf(req).user.username, now: clock() }) } }),
  );

  app.get(
    '/admin/releases/:id/codes',
    {
      schema: {
        tags: ['admin'],
        description: 'The release\'s download codes, oldest first: note, expiry, and when and for which address each was redeemed.',
        params: z.object({ id: z.string() }),
        response: { 200: codesListResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: (await getCodes(db, req.params.id)).codes }),
  );

  app.get(
    '/admin/releases/:id/codes.csv',
    {
      schema: {
        tags: ['admin'],
        description: 'The release\'s download codes as a CSV attachment (RFC 4180, UTF-8 with BOM; formula-like cells neutralised), as GET …/codes lists them.',
        params: z.object({ id: z.string() }),
        response: { 200: { description: 'CSV, header row first', content: { 'text/csv': { schema: z.string() } } }, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const { title, codes } = await getCodes(db, req.params.id);
      // Named by the release's title in its own letters ("download-codes-querido-papá.csv"), with an ASCII fallback.
      const fileName = `download-codes-${title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').toLowerCase() || 'release'}.csv`;
      return reply.type('text/csv; charset=utf-8').header('content-disposition', attachment(fileName)).send(codesCsv(codes));
    },
  );

  // Orders and money are the owners' (decision 0098): no line of adminRouteAccess opens /api/admin/orders to another role.
  app.get(
    '/admin/orders',
    {
      schema: {
        tags: ['admin'],
        description:
          'The shop\'s orders, newest first: the buyer\'s address, the release, the amount (in the currency\'s major unit; 0 for a code or a free download), status and source. ' +
          '`q` searches the address, the release\'s title and catalog number; `release` (an id) and `status` filter. Owners only.',
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrdersResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (req) => {
      const { orders, total } = await getOrders(db, req.query);
      return { success: true as const, data: orders, total, offset: req.query.offset, limit: req.query.limit };
    },
  );

  app.get(
    '/admin/orders/revenue',
    {
      schema: {
        tags: ['admin'],
        description:
          'Money taken by the shop: paid Checkout orders (refunded ones, codes and free downloads are not), per release and per month of payment in the labels\' time zone, each per currency. Owners only.',
        response: { 200: adminRevenueResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await getRevenue(db) }),
  );

  app.post(
    '/admin/orders/:id/resend',
    {
      schema: {
        tags: ['admin'],
        description:
          `Writes a paid order's download email (its page's link) again through the outbox, under a key of its own: once per order in each ${resendWindowMinutes}-minute window, ` +
          `else 429. The order gives its ${downloadsPerOrder} download links afresh. 404 for no such order; 409 for one refunded, not paid, or a pre-order before its release day (its email goes then). Owners only.`,
        params: z.object({ id: z.string() }),
        response: { 200: adminOrderResendResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (req) => {
      const email = await resendDownloads(db, deps.mailroom, req.params.id, clock());
      req.log.info({ order: req.params.id, actor: adminOf(req).user.username }, 'shop download email resent');
      return { success: true as const, message: adminOrderMessages.resent(email) };
    },
  );
};
