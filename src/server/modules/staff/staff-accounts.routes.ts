import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/api/common.js';
import {
  acceptInvitationRequestSchema,
  acceptInvitationResponseSchema,
  invitationIdParamsSchema,
  invitationResponseSchema,
  invitationTokenParamsSchema,
  inviteStaffRequestSchema,
  inviteStaffResponseSchema,
  staffDoneResponseSchema,
  staffIdParamsSchema,
  staffListResponseSchema,
} from '../../../shared/api/staff.js';
import { adminOf, guardAdminRoutes } from './admin-guard.js';
import { acceptInvitation, cancelInvitation, invitationFor, inviteStaff, listStaff, removeStaff, type StaffContext } from './staff-accounts.service.js';
import type { StaffDeps } from './staff.deps.js';

const refused = { 401: errorResponseSchema, 403: errorResponseSchema };

/** The owner's Staff tab (docs/decisions/0098): the accounts, the invitations, removing. */
export const staffAccountsRoutes: FastifyPluginAsyncZod<StaffDeps> = async (app, deps) => {
  guardAdminRoutes(app, deps.adminAuth);
  const ctx: StaffContext = { ...deps.adminAuth, mailroom: deps.mailroom };

  app.get(
    '/admin/staff',
    {
      schema: {
        tags: ['admin'],
        description:
          'Owner only. The staff accounts (username, email, role, last sign-in: the latest login or accepted invitation) and ' +
          'the invitations not accepted yet (expired ones included, with their expiry).',
        response: { 200: staffListResponseSchema, ...refused },
      },
    },
    async () => ({ success: true as const, data: await listStaff(ctx) }),
  );

  app.post(
    '/admin/staff',
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['admin'],
        description:
          'Owner only. Invites `email` as `role` (owner, editor, a&r): an email through the outbox links ' +
          '{PUBLIC_URL}/admin/invite/{token}, once, within 7 days. Inviting an address again replaces its pending ' +
          'invitation (the earlier link stops working). 409 naming email for an address that is a staff account\'s.',
        body: inviteStaffRequestSchema,
        response: { 201: inviteStaffResponseSchema, 400: errorResponseSchema, ...refused, 409: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const { user } = adminOf(req);
      const id = await inviteStaff(ctx, user, req.body);
      req.log.info({ username: user.username, role: req.body.role }, 'staff invited');
      return reply.code(201).send({ success: true as const, message: 'Invitation sent', data: { id } });
    },
  );

  app.delete(
    '/admin/staff/:id',
    {
      schema: {
        tags: ['admin'],
        description:
          'Owner only. Removes a staff account: every session of it ends at once (its next admin request answers 401). ' +
          '409 for one\'s own account and for the last owner; 404 for an unknown id.',
        params: staffIdParamsSchema,
        response: { 200: staffDoneResponseSchema, 400: errorResponseSchema, ...refused, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (req) => {
      const { user } = adminOf(req);
      await removeStaff(ctx, user, req.params.id);
      req.log.info({ username: user.username, removed: req.params.id }, 'staff removed');
      return { success: true as const, message: 'Staff account removed' };
    },
  );

  app.delete(
    '/admin/staff/invitations/:id',
    {
      schema: {
        tags: ['admin'],
        description: 'Owner only. Cancels a pending invitation: its link stops working. 404 for an unknown or accepted one.',
        params: invitationIdParamsSchema,
        response: { 200: staffDoneResponseSchema, 400: errorResponseSchema, ...refused, 404: errorResponseSchema },
      },
    },
    async (req) => {
      await cancelInvitation(ctx, adminOf(req).user, req.params.id);
      return { success: true as const, message: 'Invitation cancelled' };
    },
  );
};

/** The invitee's page, before any account exists: no guard, the token is the key. */
export const staffInvitationRoutes: FastifyPluginAsyncZod<StaffDeps> = async (app, deps) => {
  const ctx: StaffContext = { ...deps.adminAuth, mailroom: deps.mailroom };
  const gone = { 404: errorResponseSchema, 410: errorResponseSchema };

  app.get(
    '/admin/invitations/:token',
    {
      schema: {
        tags: ['admin'],
        description: 'The invitation of an emailed link: address, role, expiry. 404 for an unknown link, 410 for a used or expired one.',
        params: invitationTokenParamsSchema,
        response: { 200: invitationResponseSchema, 400: errorResponseSchema, ...gone },
      },
    },
    async (req) => {
      const invitation = await invitationFor(ctx, req.params.token);
      return { success: true as const, data: { email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt.toISOString() } };
    },
  );

  app.post(
    '/admin/invitations/:token',
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['admin'],
        description:
          'Accepts an invitation: makes the account with the chosen username (1 to 100 characters) and password (8 to ' +
          '1024), the invitation\'s role and address, and answers 201 with its first session token; then ' +
          'POST /api/admin/login works for it too. The link works once: 410 once used or past its 7 days, 404 unknown, ' +
          '409 naming username for a taken one.',
        params: invitationTokenParamsSchema,
        body: acceptInvitationRequestSchema,
        response: { 201: acceptInvitationResponseSchema, 400: errorResponseSchema, ...gone, 409: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const account = await acceptInvitation(ctx, req.params.token, req.body);
      req.log.info({ username: account.username }, 'staff invitation accepted');
      return reply.code(201).send({ success: true as const, message: 'Welcome: your account is ready', data: account });
    },
  );
};
