import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { errorResponseSchema } from '../../../shared/api/common.js';
import { vipSubscriptionRequestSchema, vipSubscriptionResponseSchema } from '../../../shared/api/vip.js';
import {
  vipAccountResponseSchema,
  vipBillingPortalResponseSchema,
  vipCheckoutStatusSchema,
  vipMessageResponseSchema,
  vipNewsletterChoiceMessages,
  vipNewsletterChoiceResponseSchema,
  vipNewsletterChoiceSchema,
  vipSessionResponseSchema,
  vipSignInLinkStateSchema,
  vipSignInLinkUnusableMessage,
  vipSignInRequestSchema,
  vipSignInSentMessage,
} from '../../../shared/api/vip-account.js';
import { useAfterAnswer } from './after-answer.js';
import type { MembershipDeps } from './membership.deps.js';
import { defaultLimits } from '../../config.js';
import { AppError, NotFoundError } from '../../errors.js';
import { loggableError } from '../../logging.js';
import { routeRateLimit } from '../../plugins/rate-limit.js';
import { requireSameSiteJson } from '../../plugins/same-site-json.js';
import { vipAccountPath } from '../messaging/index.js';
import { chooseNewsletter, endSession, isSignInLinkUsable, memberAccount, memberSessionMs, requestSignInLink, useSignInLink } from './member-account.service.js';
import { memberOfRequest, sessionToken, setSessionCookie, signedInMember } from './member-session.js';
import { applyStripeEvent } from './stripe-events.js';
import { storedSecretVerifier, stripeWebhookUrl } from './stripe-webhook-setup.js';
import { checkoutStatus, subscribeVip, subscribeVipWithStripe } from './vip.service.js';

const tokenParams = z.object({ token: z.string().min(1).max(200) });

export const vipRoutes: FastifyPluginAsyncZod<MembershipDeps> = async (app, { db, clock, rateLimits, payments, mailroom, publicUrl, afterAnswer: givenAfterAnswer, shopStripeEvents }) => {
  // What only a member's address calls for is done after the answer, so that it tells nobody who is a member (docs/decisions/0095).
  const afterAnswer = useAfterAnswer(app, givenAfterAnswer);
  const limited = { rateLimit: routeRateLimit(rateLimits?.vip ?? defaultLimits.vip) };
  const secureCookie = publicUrl?.startsWith('https:') ?? false;
  // Member routes that change something answer JSON from this site's own pages only (login CSRF: docs/decisions/0095).
  const sameSite = requireSameSiteJson(publicUrl);

  app.post(
    '/subscribe-vip',
    {
      bodyLimit: 16 * 1024,
      config: limited,
      onRequest: sameSite,
      schema: {
        tags: ['vip'],
        description:
          'Stores a VIP member (201). An email already stored changes nothing and gets the same answer, telling ' +
          'nothing of that member; the request is logged for staff. Without Stripe the status is pending_payment and the ' +
          'message says so, and a new member gets a welcome email. With Stripe (STRIPE_SECRET_KEY) data.checkoutUrl is a ' +
          "Checkout Session's page for every address, a member's too (docs/decisions/0095): the address's latest open session for the plan is " +
          'answered again, whoever the address belongs to; a paying member is also emailed a sign-in link after the answer, and a second subscription they pay is ' +
          'cancelled and refunded. JSON from the site itself only: 415 for another Content-Type, 403 for a cross-site request. ' +
          'Rate-limited per client address.',
        body: vipSubscriptionRequestSchema,
        response: {
          201: vipSubscriptionResponseSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          413: errorResponseSchema,
          429: errorResponseSchema,
          502: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const body = payments
        ? await subscribeVipWithStripe(db, mailroom, payments, req.body, clock(), req.log, afterAnswer).catch((err: unknown) => {
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
        description:
          'Where a Checkout Session the site created stands: the page Stripe returns to polls it until the webhook made the membership active. ' +
          "Read from the database only: 404 for an id the site never made. The membership's status only for the session it was paid with; " +
          'any other session, paid or not, is pending_payment with its own plan, whoever the address belongs to (docs/decisions/0095).',
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
      onRequest: sameSite,
      schema: {
        tags: ['vip'],
        description:
          "Emails a member's address a sign-in link (single use, 15 minutes), after the answer: the same 202, in the same time, for any address. " +
          'One a minute, three an hour and five a day per address at most (past them nothing is sent, and the answer is the same); a new link ' +
          'replaces the unused ones. JSON from the site itself only: 415 for another Content-Type, 403 for a cross-site request.',
        body: vipSignInRequestSchema,
        response: { 202: vipMessageResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const { email } = req.body;
      const now = clock();
      afterAnswer(() => requestSignInLink(db, mailroom, email, now));
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
      onRequest: sameSite,
      schema: {
        tags: ['vip'],
        description: 'Uses a sign-in link (once, within 15 minutes) and opens a member session (HttpOnly cookie); 410 for a used or expired link.',
        params: tokenParams,
        response: { 200: vipMessageResponseSchema, 403: errorResponseSchema, 410: errorResponseSchema, 429: errorResponseSchema },
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
    { onRequest: sameSite, schema: { tags: ['vip'], description: 'Ends the member session.', response: { 200: vipMessageResponseSchema, 403: errorResponseSchema } } },
    async (req, reply) => {
      await endSession(db, sessionToken(req));
      setSessionCookie(reply, '', 0, secureCookie);
      return { success: true as const, message: 'Signed out.' };
    },
  );

  const signedIn = (req: FastifyRequest) => signedInMember(db, req, clock());

  app.get(
    '/vip/session',
    {
      schema: {
        tags: ['vip'],
        description:
          "Whether a member is signed in: their plan's id and status, or null without a member session; 200 either way, so that a page that " +
          "only wants to know (the buy form's VIP price) makes no error of a visitor. Reads nothing from Stripe.",
        response: { 200: vipSessionResponseSchema },
      },
    },
    async (req, reply) => {
      const member = await memberOfRequest(db, req, clock());
      reply.header('Cache-Control', 'private, no-store');
      return { success: true as const, data: member ? { plan: member.plan, status: member.status } : null };
    },
  );

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
      const account = await memberAccount(db, await signedIn(req), payments);
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
          discount: account.discount,
          gets_newsletter: account.getsNewsletter,
        },
      };
    },
  );

  app.put(
    '/vip/account/newsletter',
    {
      bodyLimit: 1024,
      onRequest: sameSite,
      schema: {
        tags: ['vip'],
        description:
          "The signed-in member leaves the members' newsletter (gets_newsletter: false) or gets it again (true), whatever their status: the " +
          "`newsletter` mailing list an emailed unsubscribe link leaves, kept by address (docs/decisions/0065). Saying the same twice changes nothing. " +
          'The newsletter goes to active members of the plans staff choose; membership emails are on no list. 401 without a member session.',
        body: vipNewsletterChoiceSchema,
        response: { 200: vipNewsletterChoiceResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const member = await signedIn(req);
      await chooseNewsletter(db, member, req.body.gets_newsletter, clock());
      req.log.info({ list: 'newsletter', member: member.id, isOn: req.body.gets_newsletter }, 'newsletter choice');
      reply.header('Cache-Control', 'private, no-store');
      return {
        success: true as const,
        message: req.body.gets_newsletter ? vipNewsletterChoiceMessages.on : vipNewsletterChoiceMessages.off,
        data: { gets_newsletter: req.body.gets_newsletter },
      };
    },
  );

  app.post(
    '/vip/account/billing-portal',
    {
      onRequest: sameSite,
      schema: {
        tags: ['vip'],
        description: "A Stripe Billing Portal session for the signed-in member (change plan, card, cancel): its URL. 409 before a first payment.",
        response: { 200: vipBillingPortalResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (req) => {
      const member = await signedIn(req);
      if (!payments || !member.stripeCustomerId) throw new AppError(409, 'Billing opens once your first payment went through');
      return { success: true as const, data: { url: await payments.billingPortalUrl(member.stripeCustomerId, mailroom.link(vipAccountPath)) } };
    },
  );

  // Stripe's webhook: the raw body, as signed, in its own scope (docs/decisions/0062), verified with
  // STRIPE_WEBHOOK_SECRET or else the secret of the endpoint the site set up (docs/decisions/0094).
  const verifyWebhook = payments && storedSecretVerifier(db, payments, publicUrl && stripeWebhookUrl(publicUrl));
  await app.register(async (webhooks) => {
    webhooks.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
    webhooks.post(
      '/webhooks/stripe',
      {
        bodyLimit: 1024 * 1024,
        schema: {
          tags: ['vip'],
          description:
            'Stripe events (checkout.session.completed, customer.subscription.created/updated/deleted/paused/resumed, invoice.paid, ' +
            'invoice.payment_failed, invoice.upcoming; the shop\'s payment-mode checkout.session.completed/async_payment_succeeded/async_payment_failed/expired, charge.refunded and charge.dispute.created/closed), verified by their Stripe-Signature with STRIPE_WEBHOOK_SECRET, or without it the secret of ' +
            'the endpoint the site set up in Stripe at {PUBLIC_URL}/api/webhooks/stripe (docs/decisions/0094): anything else is 400 and ' +
            "changes nothing. Each names a subscription whose current state is read from Stripe and applied to its member (docs/decisions/0093). " +
            'Each event id is applied once, recorded in the transaction that applies it before the 200; one that could not be applied (Stripe ' +
            'unreachable or refusing: 502; anything else: 500) is answered so, recorded nowhere, for Stripe to send again.',
          response: { 200: z.object({ received: z.literal(true) }), 400: errorResponseSchema },
        },
      },
      async (req) => {
        const signature = req.headers['stripe-signature'];
        const event = Buffer.isBuffer(req.body) && verifyWebhook ? await verifyWebhook(req.body, typeof signature === 'string' ? signature : undefined) : undefined;
        if (!event || !payments) throw new AppError(400, 'The Stripe-Signature does not verify this body', 'Stripe-Signature');
        await shopStripeEvents?.(event, clock());
        const isNew = await applyStripeEvent({ db, mailroom, payments, log: req.log }, event, clock());
        mailroom.nudge();
        req.log.info({ stripeEvent: event.id, type: event.type, isNew }, 'stripe event');
        return { received: true as const };
      },
    );
  });
};
