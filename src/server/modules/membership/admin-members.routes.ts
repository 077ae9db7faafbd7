import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminMembersExportQuerySchema,
  adminMembersQuerySchema,
  adminMembersReconcileResponseSchema,
  adminMembersResponseSchema,
  membersCsvFileName,
} from '../../../shared/api/admin-members.js';
import { errorResponseSchema } from '../../../shared/api/common.js';
import type { MembershipDeps } from './membership.deps.js';
import { adminMemberDiscountResponseSchema, memberDiscountSchema } from '../../../shared/api/vip-perks.js';
import { adminOf, guardAdminRoutes } from '../staff/index.js';
import { exportMembersCsv, getMembers } from './admin-members.service.js';
import { getMemberDiscount, removeMemberDiscount, setMemberDiscount } from './member-discount.service.js';
import { AppError } from '../../errors.js';
import { checkMembersWithStripe } from './stripe-reconciliation.js';

/** The answer of a check with Stripe while payments are off (as the member's billing answers then: 409). */
export const paymentsOffMessage = 'Payments are off: with STRIPE_SECRET_KEY set, members can be checked with Stripe';

const guarded = { 401: errorResponseSchema };

/** Admin Members (docs/product.md §10.7): the VIP member list, its CSV export, and the members' discount code (docs/decisions/0066). */
export const adminMembersRoutes: FastifyPluginAsyncZod<MembershipDeps> = async (app, deps) => {
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

  app.post(
    '/admin/members/reconcile',
    {
      schema: {
        tags: ['admin'],
        description:
          'Checks every member with a Stripe subscription with Stripe (docs/decisions/0094): its state is read and applied as a webhook ' +
          "event's is, repairing what a lost event left; each change is in the activity log. checked: members compared; changed: of those, " +
          'members changed; failed: members whose subscription Stripe did not answer for (the others are checked all the same). ' +
          'The server also checks once a day. 409 while payments are off (no STRIPE_SECRET_KEY).',
        response: { 200: adminMembersReconcileResponseSchema, 409: errorResponseSchema, ...guarded },
      },
    },
    async (req) => {
      const { payments, mailroom } = deps;
      if (!payments) throw new AppError(409, paymentsOffMessage);
      const result = await checkMembersWithStripe({ db, mailroom, payments, log: req.log }, { trigger: 'staff', actor: adminOf(req).user.username }, clock);
      mailroom.nudge();
      return { success: true as const, data: result };
    },
  );

  app.get(
    '/admin/members/discount',
    {
      schema: {
        tags: ['admin'],
        description: "The members' discount code staff set (code, what it is for, the plans whose active members see it on their page); null when none is.",
        response: { 200: adminMemberDiscountResponseSchema, ...guarded },
      },
    },
    async () => ({ success: true as const, data: await getMemberDiscount(db) }),
  );

  app.put(
    '/admin/members/discount',
    {
      schema: {
        tags: ['admin'],
        description:
          "Sets the members' discount code, replacing the one before: code (letters, digits, - and _; at most 40), note (what it is for; at most 200) " +
          'and plans (one or more plan ids). Active members of those plans see it on their page. Recorded in the activity log.',
        body: memberDiscountSchema,
        response: { 200: adminMemberDiscountResponseSchema, 400: errorResponseSchema, ...guarded },
      },
    },
    async (req) => ({ success: true as const, data: await setMemberDiscount(db, req.body, { actor: adminOf(req).user.username, now: clock() }) }),
  );

  app.delete(
    '/admin/members/discount',
    {
      schema: {
        tags: ['admin'],
        description: "Removes the members' discount code: members see none. Recorded in the activity log when there was one.",
        response: { 200: adminMemberDiscountResponseSchema, ...guarded },
      },
    },
    async (req) => {
      await removeMemberDiscount(db, { actor: adminOf(req).user.username, now: clock() });
      return { success: true as const, data: null };
    },
  );
};
