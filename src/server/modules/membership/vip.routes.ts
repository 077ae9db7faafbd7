import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponseSchema } from '../../../shared/api/common.js';
import { vipSubscriptionRequestSchema, vipSubscriptionResponseSchema } from '../../../shared/api/vip.js';
import {
  vipAccountResponseSchema,
  vipBillingPortalResponseSchema,
  vipCheckoutStatusSchema,
  vipDownloadLinkResponseSchema,
  vipDownloadLinkUnusableMessage,
  vipDownloadMembersOnlyMessage,
  vipEarlyAccessMembersOnlyMessage,
  vipMessageResponseSchema,
  vipSignInLinkStateSchema,
  vipSignInLinkUnusableMessage,
  vipSignInRequestSchema,
  vipSignInRequiredMessage,
  vipSignInSentMessage,
} from '../../../shared/api/vip-account.js';
import type { ResolvedAppDeps } from '../../app-deps.js';
import { defaultLimits } from '../../config.js';
import { AppError, NotFoundError } from '../../errors.js';
import { loggableError } from '../../logging.js';
import { routeRateLimit } from '../../plugins/rate-limit.js';
import { earlyAccessPreview, findMemberDownload } from '../catalog/index.js';
import { siteConfig } from '../../../shared/site-config.js';
import { vipAccountPath } from '../messaging/index.js';
import { memberOfDownloadLink, signDownload } from './member-downloads.service.js';
import { endSession, isSignInLinkUsable, memberAccount, memberOfSession, memberSessionMs, requestSignInLink, useSignInLink } from './member-account.service.js';
import { applyStripeEvent } from './stripe-events.js';
import { checkoutStatus, subscribeVip, subscribeVipWithStripe } from './vip.service.js';

const sessionCookie = 'vip_session';
const tokenParams = z.object({ token: z.string().min(1).max(200) });
const trackParams = z.object({ trackId: z.string().min(1).max(100) });

/** `attachment` with the uploaded file's name: an ASCII fallback and the exact name (RFC 6266). */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function sessionToken(request: FastifyRequest): string | undefined {
  const pair = (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === sessionCookie);
  return pair?.[1] || undefined;
}

function setSessionCookie(reply: FastifyReply, value: string, maxAgeSeconds: number, secure: boolean): void {
  reply.header('set-cookie', `${sessionCookie}=${value}; Path=/api/vip; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`);
}

export const vipRoutes: FastifyPluginAsyncZod<ResolvedAppDeps> = async (app, { db, clock, rateLimits, payments, mailroom, publicUrl, jwtSecret, mediaStore }) => {
  const limited = { rateLimit: routeRateLimit(rateLimits?.vip ?? defaultLimits.vip) };
  const secureCookie = publicUrl?.startsWith('https:') ?? false;

  app.post(
    '/subscribe-vip',
    {
      bodyLimit: 16 * 1024,
      config: limited,
      schema: {
        tags: ['vip'],
        description:
          'Stores a VIP member (201). An email already stored changes nothing and gets the same answer, telling ' +
          'nothing of that member; the request is logged for staff. Without Stripe the status is pending_payment and the ' +
          'message says so, and a new member gets a welcome email. With Stripe (STRIPE_SECRET_KEY) data.checkoutUrl is the ' +
          "Checkout Session's page; an address whose membership is paid starts no checkout and is emailed a sign-in link. " +
          'Rate-limited per client address.',
        body: vipSubscriptionRequestSchema,
        response: {
          201: vipSubscriptionResponseSchema,
          400: errorResponseSchema,
          413: errorResponseSchema,
          429: errorResponseSchema,
          502: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const body = payments
        ? await subscribeVipWithStripe(db, mailroom, payments, req.body, clock(), req.log).catch((err: unknown) => {
            if (err instanceof AppError && err.statusCode === 502) req.log.error({ error: err.cause instanceof Error ? loggableError(err.cause) : String(err.cause) }, 'stripe checkout failed');
            throw err;
          })
        : await subscribeVip(db, mailroom, req.body, clock());
      mailroom.nudge();
      req.log.info({ plan: body.data.plan }, 'vip subscription');
      return reply.code(201).send(body);
    },
  );

  app.get(
    '/vip/checkout/:sessionId',
    {
      schema: {
        tags: ['vip'],
        description: "The status of the membership a Checkout Session is for: the page Stripe returns to polls it until the webhook made it active.",
        params: z.object({ sessionId: z.string().min(1).max(300) }),
        response: { 200: vipCheckoutStatusSchema, 404: errorResponseSchema },
      },
    },
    async (req) => {
      const status = await checkoutStatus(db, req.params.sessionId);
      if (!status) throw new NotFoundError('No checkout with this id');
      return { success: true as const, data: status };
    },
  );

  app.post(
    '/vip/sign-in',
    {
      config: limited,
      schema: {
        tags: ['vip'],
        description: "Emails a member's address a sign-in link (single use, 15 minutes); the same 202 for any address.",
        body: vipSignInRequestSchema,
        response: { 202: vipMessageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (req, reply) => {
      await requestSignInLink(db, mailroom, req.body.email, clock());
      return reply.code(202).send({ success: true as const, message: vipSignInSentMessage });
    },
  );

  app.get(
    '/vip/sign-in/:token',
    {
      schema: {
        tags: ['vip'],
        description: 'Whether a sign-in link can still be used. Changes nothing (a mail scanner may open links): the confirm page asks, its button signs in.',
        params: tokenParams,
        response: { 200: vipSignInLinkStateSchema },
      },
    },
    async (req) => ({ success: true as const, data: { usable: await isSignInLinkUsable(db, req.params.token, clock()) } }),
  );

  app.post(
    '/vip/sign-in/:token',
    {
      config: limited,
      schema: {
        tags: ['vip'],
        description: 'Uses a sign-in link (once, within 15 minutes) and opens a member session (HttpOnly cookie); 410 for a used or expired link.',
        params: tokenParams,
        response: { 200: vipMessageResponseSchema, 410: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const session = await useSignInLink(db, req.params.token, clock());
      if (!session) throw new AppError(410, vipSignInLinkUnusableMessage);
      setSessionCookie(reply, session, memberSessionMs / 1000, secureCookie);
      return { success: true as const, message: 'Signed in.' };
    },
  );

  app.post(
    '/vip/sign-out',
    { schema: { tags: ['vip'], description: 'Ends the member session.', response: { 200: vipMessageResponseSchema } } },
    async (req, reply) => {
      await endSession(db, sessionToken(req));
      setSessionCookie(reply, '', 0, secureCookie);
      return { success: true as const, message: 'Signed out.' };
    },
  );

  async function signedInMember(req: FastifyRequest) {
    const member = await memberOfSession(db, sessionToken(req), clock());
    if (!member) throw new AppError(401, vipSignInRequiredMessage);
    return member;
  }

  app.get(
    '/vip/account',
    {
      schema: {
        tags: ['vip'],
        description: "The signed-in member's plan, status, renewal or end date and invoices; 401 without a member session.",
        response: { 200: vipAccountResponseSchema, 401: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const account = await memberAccount(await signedInMember(req), payments);
      reply.header('Cache-Control', 'private, no-store');
      return {
        success: true as const,
        data: {
          name: account.name,
          email: account.email,
          plan: account.plan,
          status: account.status,
          current_period_end: account.currentPeriodEnd?.toISOString() ?? null,
          cancel_at_period_end: account.cancelAtPeriodEnd,
          can_manage_billing: account.canManageBilling,
          invoices: account.invoices.map(({ createdAt, ...invoice }) => ({ ...invoice, created_at: createdAt.toISOString() })),
        },
      };
    },
  );

  app.post(
    '/vip/account/billing-portal',
    {
      schema: {
        tags: ['vip'],
        description: "A Stripe Billing Portal session for the signed-in member (change plan, card, cancel): its URL. 409 before a first payment.",
        response: { 200: vipBillingPortalResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (req) => {
      const member = await signedInMember(req);
      if (!payments || !member.stripeCustomerId) throw new AppError(409, 'Billing opens once your first payment went through');
      return { success: true as const, data: { url: await payments.billingPortalUrl(member.stripeCustomerId, mailroom.link(vipAccountPath)) } };
    },
  );

  // VIP-only downloads (docs/decisions/0064): a signed, expiring link per member; the file as uploaded.
  app.post(
    '/vip/downloads/:trackId',
    {
      schema: {
        tags: ['vip'],
        description:
          "A download link for a track staff made a member download, for the signed-in active member: signed with the app's secret, " +
          'for this member alone, working for 10 minutes. 403 without a member session or for a member who is not active; 404 for a track that is no member download.',
        params: trackParams,
        response: { 200: vipDownloadLinkResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const member = await memberOfSession(db, sessionToken(req), clock());
      if (member?.status !== 'active') throw new AppError(403, vipDownloadMembersOnlyMessage);
      if (!(await findMemberDownload(db, req.params.trackId))) throw new NotFoundError(`No member download for track ${req.params.trackId}`);
      const link = signDownload(jwtSecret, req.params.trackId, member.id, clock());
      reply.header('Cache-Control', 'private, no-store');
      return { success: true as const, data: { url: `/api/vip/downloads/${req.params.trackId}?${link.query}`, expires_at: link.expiresAt.toISOString() } };
    },
  );

  app.get(
    '/vip/downloads/:trackId',
    {
      schema: {
        tags: ['vip'],
        description:
          'The uploaded original of a member download, as an attachment, through a link from POST /api/vip/downloads/{trackId}. 403 for a link that was ' +
          'tampered with or expired, or whose member is no longer active.',
        params: trackParams,
        querystring: z.object({ member: z.string().max(100).default(''), expires: z.coerce.number().int().default(0), signature: z.string().max(200).default('') }),
        response: { 200: { description: 'The file as uploaded, as an attachment', content: { 'application/octet-stream': { schema: z.any() } } }, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const { member: memberId, expires, signature } = req.query;
      const member = await memberOfDownloadLink(db, jwtSecret, { trackId: req.params.trackId, memberId, expires }, signature, clock());
      if (member === 'unsigned') throw new AppError(403, vipDownloadLinkUnusableMessage);
      if (member?.status !== 'active') throw new AppError(403, vipDownloadMembersOnlyMessage);
      const download = await findMemberDownload(db, req.params.trackId);
      const file = download && (await mediaStore.get(download.originalKey));
      if (!download || !file) throw new NotFoundError(`No member download for track ${req.params.trackId}`);
      req.log.info({ track: req.params.trackId, member: member.id }, 'vip download');
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', attachment(download.fileName))
        .type(file.contentType)
        .send(file.body);
    },
  );

  // Early access (docs/decisions/0064): an upcoming release's previews, for active members, privately.
  app.get(
    '/vip/early-access/:trackId',
    {
      schema: {
        tags: ['vip'],
        description:
          `The preview of a track of an upcoming release, for the signed-in active member, from ${siteConfig.vip.earlyAccessDays} days before its date ` +
          '(Cache-Control: private, no-store). 403 without a member session, for a member who is not active, or before early access opens; ' +
          '404 for a track that is not upcoming (its preview is public) or has no preview of ours.',
        params: trackParams,
        response: { 200: { description: 'The preview (MP3 or WAV)', content: { 'audio/*': { schema: z.any() } } }, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const member = await memberOfSession(db, sessionToken(req), clock());
      if (member?.status !== 'active') throw new AppError(403, vipEarlyAccessMembersOnlyMessage);
      const preview = await earlyAccessPreview(db, mediaStore, req.params.trackId, clock(), siteConfig.vip.earlyAccessDays);
      if (preview.kind === 'none') throw new NotFoundError(`No early-access preview for track ${req.params.trackId}`);
      if (preview.kind === 'not-yet') throw new AppError(403, `Early access to this release opens ${preview.opensAt.toISOString()}`);
      return reply.type(preview.contentType).send(preview.body);
    },
  );

  // Stripe's webhook: the raw body, as signed, in its own scope (docs/decisions/0062).
  await app.register(async (webhooks) => {
    webhooks.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
    webhooks.post(
      '/webhooks/stripe',
      {
        bodyLimit: 1024 * 1024,
        schema: {
          tags: ['vip'],
          description:
            'Stripe events (checkout.session.completed, customer.subscription.created/updated/deleted, invoice.paid, invoice.payment_failed, ' +
            'invoice.upcoming), verified by their Stripe-Signature with STRIPE_WEBHOOK_SECRET: anything else is 400 and changes nothing. Each ' +
            'event id is applied once, recorded in the transaction that applies it before the 200.',
          response: { 200: z.object({ received: z.literal(true) }), 400: errorResponseSchema },
        },
      },
      async (req) => {
        const signature = req.headers['stripe-signature'];
        const event = Buffer.isBuffer(req.body) && payments ? payments.verifyWebhook(req.body, typeof signature === 'string' ? signature : undefined) : undefined;
        if (!event) throw new AppError(400, 'The Stripe-Signature does not verify this body', 'Stripe-Signature');
        const isNew = await applyStripeEvent(db, mailroom, event, clock());
        mailroom.nudge();
        req.log.info({ stripeEvent: event.id, type: event.type, isNew }, 'stripe event');
        return { received: true as const };
      },
    );
  });
};
