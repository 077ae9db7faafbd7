import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActivityQuerySchema, adminActivityResponseSchema, adminSetupResponseSchema, adminStatsResponseSchema } from '../../../shared/api/admin-overview.js';
import { errorResponseSchema } from '../../../shared/api/common.js';
import type { StaffDeps } from './staff.deps.js';
import { guardAdminRoutes } from './admin-guard.js';
import { getAdminStats, getRecentActivity } from './admin-overview.service.js';
import { getSetupChecklist } from './admin-setup.service.js';

export const adminOverviewRoutes: FastifyPluginAsyncZod<StaffDeps> = async (app, deps) => {
  guardAdminRoutes(app, deps.adminAuth);

  app.get(
    '/admin/stats',
    {
      schema: {
        tags: ['admin'],
        description:
          'Quick Stats of the admin Overview, counted from the database when asked. artists: the artists the public ' +
          'site lists (GET /api/artists total): a non-empty name that does not look like a sample pack (docs/product.md §5) and ' +
          'at least one release credit, on the release or on one of its tracks, on any label. labels, releases, ' +
          'tracks: rows of those tables. demos: status new, and all. members: VIP members, active and pending_payment. ' +
          'outbox.waiting: emails not sent yet (waiting or being sent).',
        response: { 200: adminStatsResponseSchema, 401: errorResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await getAdminStats(deps.db) }),
  );

  app.get(
    '/admin/setup',
    {
      schema: {
        tags: ['admin'],
        description:
          'The Overview\'s checklist from a fresh install to a live site (docs/decisions/0099), read from the real state when asked: ' +
          'public_url (PUBLIC_URL), catalog (releases not from the demo catalog), demo_catalog (removed), media (every own release with ' +
          'artwork and every own track with audio), email (SMTP_URL, and the last email that left not failed), payments (Stripe ' +
          'connected and its webhook set up). notices: what fans see differently while PUBLIC_URL, email or payments are missing.',
        response: { 200: adminSetupResponseSchema, 401: errorResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await getSetupChecklist(deps.db, deps.setup) }),
  );

  app.get(
    '/admin/activity',
    {
      schema: {
        tags: ['admin'],
        description:
          'The latest activity log entries, newest first (imports, edits, demos received, members joining, password ' +
          'changes). actor is the admin username, null for a visitor or the server.',
        querystring: adminActivityQuerySchema,
        response: { 200: adminActivityResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await getRecentActivity(deps.db, req.query.limit) }),
  );
};
