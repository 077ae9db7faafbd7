import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDemoResponseSchema,
  adminDemosQuerySchema,
  adminDemosResponseSchema,
  adminMembersExportQuerySchema,
  adminMembersQuerySchema,
  adminMembersResponseSchema,
  membersCsvFileName,
  updateDemoStatusRequestSchema,
} from '../../../shared/api/admin-inbox.js';
import { idParamsSchema } from '../../../shared/api/catalog.js';
import { errorResponseSchema } from '../../../shared/api/common.js';
import type { ResolvedAppDeps } from '../../app-deps.js';
import { adminOf, guardAdminRoutes } from '../admin-auth/admin-guard.js';
import { changeDemoStatus, getDemo, getDemos, undoDemoDecision } from './admin-demos.service.js';
import { exportMembersCsv, getMembers } from './admin-members.service.js';

const guarded = { 401: errorResponseSchema };

/** Admin Demos and Members (docs/product.md §10.6, §10.7): the inbox of demo submissions and the VIP member list. */
export const adminInboxRoutes: FastifyPluginAsyncZod<ResolvedAppDeps> = async (app, deps) => {
  const { db, clock, mailroom } = deps;
  guardAdminRoutes(app, { db, clock, jwtSecret: deps.jwtSecret });

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

  app.get(
    '/admin/members',
    {
      schema: {
        tags: ['admin'],
        description: 'VIP members, newest first, with the plan as configured; by plan, status and a search over name and email.',
        querystring: adminMembersQuerySchema,
        response: { 200: adminMembersResponseSchema, 400: errorResponseSchema, ...guarded },
      },
    },
    async (req) => {
      const { data, total } = await getMembers(db, req.query);
      return { success: true as const, data, total, offset: req.query.offset, limit: req.query.limit };
    },
  );

  app.get(
    '/admin/members/export.csv',
    {
      schema: {
        tags: ['admin'],
        description: 'Every member the filters match as a CSV attachment (RFC 4180, UTF-8 with BOM; formula-like cells neutralised).',
        querystring: adminMembersExportQuerySchema,
        response: {
          200: { description: 'CSV, header row first', content: { 'text/csv': { schema: z.string() } } },
          400: errorResponseSchema,
          ...guarded,
        },
      },
    },
    async (req, reply) => {
      const csv = await exportMembersCsv(db, req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${membersCsvFileName(clock())}"`)
        .send(csv);
    },
  );
};
