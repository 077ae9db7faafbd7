import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/api/common.js';
import {
  adminWaitingListResponseSchema,
  adminWaitingListSentResponseSchema,
  vipPaymentsResponseSchema,
  waitingListAskedResponseSchema,
  waitingListJoinSchema,
  waitingListLinkResponseSchema,
  waitingListMessages,
} from '../../../shared/api/vip-waiting-list.js';
import { defaultLimits } from '../../config.js';
import { routeRateLimit } from '../../plugins/rate-limit.js';
import { adminOf, guardAdminRoutes } from '../staff/index.js';
import type { MembershipDeps } from './membership.deps.js';
import { confirmWaitingListLink, forgetWaitingListLink, getWaitingList, getWaitingListLink, joinWaitingList, sendWaitingList } from './waiting-list.service.js';

// The VIP waiting list while payments are off (docs/decisions/0099).

const tokenParams = z.object({ token: z.string().min(1).max(200) });
const linkSchema = { params: tokenParams, response: { 200: waitingListLinkResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema } };

/** The public side: whether payments are open, joining, and the emailed link's page. */
export const waitingListRoutes: FastifyPluginAsyncZod<MembershipDeps> = async (app, { db, clock, mailroom, payments, rateLimits }) => {
  const isPaymentsOpen = payments !== undefined;

  app.get(
    '/vip/payments',
    {
      schema: {
        tags: ['vip'],
        description: 'Whether VIP payments are open (STRIPE_SECRET_KEY): the VIP page offers the plans to pay, else the waiting list.',
        response: { 200: vipPaymentsResponseSchema },
      },
    },
    async () => ({ success: true as const, data: { open: isPaymentsOpen } }),
  );

  app.post(
    '/vip/waiting-list',
    {
      bodyLimit: 1024,
      config: { rateLimit: routeRateLimit(rateLimits?.vip ?? defaultLimits.vip) },
      schema: {
        tags: ['vip'],
        description:
          'Puts an address on the VIP waiting list while payments are off: emails it a link to confirm (double opt-in). Confirmed, it ' +
          'gets one email when staff send the list once payments open. The answer is the same whether the address was new, waiting, ' +
          'confirmed or a member pending payment (on the list already). 409 once payments are open; 429 past RATE_LIMIT_VIP_PER_10_MINUTES per address.',
        body: waitingListJoinSchema,
        response: { 202: waitingListAskedResponseSchema, 400: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (req, reply) => {
      await joinWaitingList(db, mailroom, req.body.email, isPaymentsOpen, clock());
      return reply.code(202).send({ success: true as const, message: waitingListMessages.asked });
    },
  );

  app.get(
    '/vip/waiting-list/:token',
    { schema: { ...linkSchema, tags: ['vip'], description: 'What a waiting-list link stands for (the address partly hidden, whether confirmed); changes nothing.' } },
    async (req) => ({ success: true as const, message: 'VIP waiting list link', data: await getWaitingListLink(db, req.params.token) }),
  );

  app.post(
    '/vip/waiting-list/:token/confirm',
    { bodyLimit: 1024, schema: { ...linkSchema, tags: ['vip'], description: 'Confirms the address of a waiting-list link (the double opt-in). Saying it twice changes nothing.' } },
    async (req) => ({ success: true as const, message: waitingListMessages.confirmed, data: await confirmWaitingListLink(db, req.params.token, clock()) }),
  );

  app.delete(
    '/vip/waiting-list/:token',
    {
      schema: {
        tags: ['vip'],
        description: 'Forgets the address of a waiting-list link at once: nothing more is sent to it.',
        params: tokenParams,
        response: { 200: waitingListAskedResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => {
      await forgetWaitingListLink(db, req.params.token);
      return { success: true as const, message: waitingListMessages.forgotten };
    },
  );
};

/** The admin side: how many the email would reach, and the one send once payments are open. */
export const adminWaitingListRoutes: FastifyPluginAsyncZod<MembershipDeps> = async (app, deps) => {
  const { db, clock, mailroom, payments } = deps;
  guardAdminRoutes(app, deps.adminAuth);
  const isPaymentsOpen = payments !== undefined;

  app.get(
    '/admin/waiting-list',
    {
      schema: {
        tags: ['admin'],
        description:
          'The VIP waiting list: whether payments are open, how many the email reaches if sent now (confirmed addresses and members ' +
          'pending payment who have not had it), the unconfirmed addresses (who get nothing), and the last send.',
        response: { 200: adminWaitingListResponseSchema, 401: errorResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await getWaitingList(db, isPaymentsOpen) }),
  );

  app.post(
    '/admin/waiting-list/send',
    {
      bodyLimit: 1024,
      schema: {
        tags: ['admin'],
        description:
          'Once payments are open: writes the "VIP is open" email to everyone the list reaches, through the outbox with an unsubscribe ' +
          'link, each address once however often or concurrently this is called; the confirmed addresses are then forgotten. 409 while ' +
          'payments are off, and when nobody is left to email (nothing written).',
        response: { 200: adminWaitingListSentResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (req) => {
      const { sent, list } = await sendWaitingList(db, mailroom, isPaymentsOpen, { actor: adminOf(req).user.username, now: clock() });
      return { success: true as const, message: `Sent to ${sent} address${sent === 1 ? '' : 'es'}.`, data: list };
    },
  );
};
