import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDemoResponseSchema,
  adminDemosQuerySchema,
  adminDemosResponseSchema,
  updateDemoStatusRequestSchema,
} from '../../../shared/api/admin-inbox.js';
import { idParamsSchema } from '../../../shared/api/catalog.js';
import { errorResponseSchema } from '../../../shared/api/common.js';
import type { DemosDeps } from './demos.deps.js';
import { adminOf, guardAdminRoutes } from '../staff/index.js';
import { changeDemoStatus, getDemo, getDemos, undoDemoDecision } from './admin-demos.service.js';

const guarded = { 401: errorResponseSchema };

/** Admin Demos (docs/product.md §10.6): the inbox of demo submissions. */
export const adminDemosRoutes: FastifyPluginAsyncZod<DemosDeps> = async (app, deps) => {
  const { db, clock, mailroom } = deps;
  guardAdminRoutes(app, deps.adminAuth);

  app.get(
    '/admin/demos',
    {
      schema: {
        tags: ['admin'],
        description: 'Demo submissions, newest first, by status, label (any id form) and a search over artist names, emails and track names.',
        querystring: adminDemosQuerySchema,
        response: { 200: adminDemosResponseSchema, 400: errorResponseSchema, ...guarded },
      },
    },
    async (req) => {
      const { data, total } = await getDemos(db, req.query);
      return { success: true as const, data, total, offset: req.query.offset, limit: req.query.limit };
    },
  );

  app.get(
    '/admin/demos/:id',
    {
      schema: {
        tags: ['admin'],
        description: 'One demo with every artist and track field in form order; a social link is null when the artist has none.',
        params: idParamsSchema,
        response: { 200: adminDemoResponseSchema, 404: errorResponseSchema, ...guarded },
      },
    },
    async (req) => ({ success: true as const, data: await getDemo(db, req.params.id) }),
  );

  app.patch(
    '/admin/demos/:id',
    {
      schema: {
        tags: ['admin'],
        description:
          'Moves a demo along new → listening → shortlisted → accepted / declined (declined also from new and listening). ' +
          'The same status again changes nothing; any other move answers 409. Recorded in the activity log. ' +
          "Emails the artists from the label's template: shortlisted at once; accepted and declined after 10 minutes, " +
          'while POST /api/admin/demos/{id}/undo may take them back (undo_until).',
        params: idParamsSchema,
        body: updateDemoStatusRequestSchema,
        response: { 200: adminDemoResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...guarded },
      },
    },
    async (req) => {
      const data = await changeDemoStatus(db, mailroom, req.params.id, req.body.status, { actor: adminOf(req).user.username, now: clock() });
      mailroom.nudge();
      return { success: true as const, data };
    },
  );

  app.post(
    '/admin/demos/:id/undo',
    {
      schema: {
        tags: ['admin'],
        description:
          'Within 10 minutes of an accept or a decline: restores the status before it and cancels its waiting email. ' +
          'With no such decision, or after the 10 minutes (the email has gone), 409.',
        params: idParamsSchema,
        response: { 200: adminDemoResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...guarded },
      },
    },
    async (req) => ({ success: true as const, data: await undoDemoDecision(db, mailroom, req.params.id, { actor: adminOf(req).user.username, now: clock() }) }),
  );
};
