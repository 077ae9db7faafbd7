import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/api/common.js';
import { vipSubscriptionRequestSchema, vipSubscriptionResponseSchema } from '../../../shared/api/vip.js';
import type { AppDeps } from '../../app.js';
import { registerRateLimit, routeRateLimit, type RateLimit } from '../../plugins/rate-limit.js';
import { noPaymentProvider } from './payment-provider.js';
import { subscribeVip } from './vip.service.js';

/** Production limit per client address; AppDeps.rateLimits.vip overrides it. */
export const defaultVipRateLimit: RateLimit = { max: 10, timeWindowMs: 10 * 60_000 };

export const vipRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock, rateLimits, payments }) => {
  await registerRateLimit(app);

  app.post(
    '/subscribe-vip',
    {
      bodyLimit: 16 * 1024,
      config: { rateLimit: routeRateLimit(rateLimits?.vip ?? defaultVipRateLimit) },
      schema: {
        tags: ['vip'],
        description:
          'Stores a VIP member (201), or changes the plan and name of the member with that email (200). Until a ' +
          'payment provider is configured the status is pending_payment and the message says so. Rate-limited per client address.',
        body: vipSubscriptionRequestSchema,
        response: {
          200: vipSubscriptionResponseSchema,
          201: vipSubscriptionResponseSchema,
          400: errorResponseSchema,
          413: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const { statusCode, body } = await subscribeVip(db, payments ?? noPaymentProvider, req.body, clock());
      req.log.info({ memberId: body.data.id, plan: body.data.plan, isNew: statusCode === 201 }, 'vip subscription');
      return reply.code(statusCode).send(body);
    },
  );
};
