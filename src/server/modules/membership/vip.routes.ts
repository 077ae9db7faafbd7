import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/api/common.js';
import { vipSubscriptionRequestSchema, vipSubscriptionResponseSchema } from '../../../shared/api/vip.js';
import type { ResolvedAppDeps } from '../../app-deps.js';
import { defaultLimits } from '../../config.js';
import { routeRateLimit } from '../../plugins/rate-limit.js';
import { noPaymentProvider } from './payment-provider.js';
import { subscribeVip } from './vip.service.js';

export const vipRoutes: FastifyPluginAsyncZod<ResolvedAppDeps> = async (app, { db, clock, rateLimits, payments, mailroom }) => {
  app.post(
    '/subscribe-vip',
    {
      bodyLimit: 16 * 1024,
      config: { rateLimit: routeRateLimit(rateLimits?.vip ?? defaultLimits.vip) },
      schema: {
        tags: ['vip'],
        description:
          'Stores a VIP member (201). An email already stored changes nothing and gets the same answer, telling ' +
          'nothing of that member; the request is logged for staff. Until a ' +
          'payment provider is configured the status is pending_payment and the message says so. A new member gets a welcome email. ' +
          'Rate-limited per client address.',
        body: vipSubscriptionRequestSchema,
        response: {
          201: vipSubscriptionResponseSchema,
          400: errorResponseSchema,
          413: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const body = await subscribeVip(db, mailroom, payments ?? noPaymentProvider, req.body, clock());
      mailroom.nudge();
      req.log.info({ plan: body.data.plan }, 'vip subscription');
      return reply.code(201).send(body);
    },
  );
};
