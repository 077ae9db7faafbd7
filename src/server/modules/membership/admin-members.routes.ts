import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminMembersExportQuerySchema,
  adminMembersQuerySchema,
  adminMembersResponseSchema,
  membersCsvFileName,
} from '../../../shared/api/admin-inbox.js';
import { errorResponseSchema } from '../../../shared/api/common.js';
import type { ResolvedAppDeps } from '../../app-deps.js';
import { guardAdminRoutes } from '../staff/index.js';
import { exportMembersCsv, getMembers } from './admin-members.service.js';

const guarded = { 401: errorResponseSchema };

/** Admin Members (docs/product.md §10.7): the VIP member list and its CSV export. */
export const adminMembersRoutes: FastifyPluginAsyncZod<ResolvedAppDeps> = async (app, deps) => {
  const { db, clock } = deps;
  guardAdminRoutes(app, deps.adminAuth);

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
