import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPaymentsResponseSchema } from '../../../shared/api/admin-payments.js';
import { errorResponseSchema } from '../../../shared/api/common.js';
import { guardAdminRoutes } from '../staff/index.js';
import type { MembershipDeps } from './membership.deps.js';
import { paymentsStatus } from './stripe-webhook-setup.js';

/** Admin Settings' Payments panel (docs/decisions/0094): Stripe connected or not, and where its events come from. */
export const adminPaymentsRoutes: FastifyPluginAsyncZod<MembershipDeps> = async (app, deps) => {
  guardAdminRoutes(app, deps.adminAuth);

  app.get(
    '/admin/payments',
    {
      schema: {
        tags: ['admin'],
        description:
          'Whether payments are connected (STRIPE_SECRET_KEY) and the webhook: verified by STRIPE_WEBHOOK_SECRET (environment), set up by the ' +
          'site at {PUBLIC_URL}/api/webhooks/stripe (site: the events its endpoint sends), or not set up (none); the events the site handles otherwise.',
        response: { 200: adminPaymentsResponseSchema, 401: errorResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await paymentsStatus(deps.db, deps.payments, deps.publicUrl) }),
  );
};
