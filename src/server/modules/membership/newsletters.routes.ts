import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/api/common.js';
import {
  newsletterDraftSchema,
  newsletterLimits,
  newsletterParamsSchema,
  newsletterReachQuerySchema,
  newsletterReachResponseSchema,
  newsletterResponseSchema,
  newslettersQuerySchema,
  newslettersResponseSchema,
} from '../../../shared/api/newsletters.js';
import type { MembershipDeps } from './membership.deps.js';
import { adminOf, guardAdminRoutes } from '../staff/index.js';
import { createNewsletter, editNewsletter, getNewsletters, getReach, sendNewsletter } from './newsletters.service.js';

const guarded = { 401: errorResponseSchema };

/**
 * A draft at its longest must fit the request: up to 6 bytes of JSON per character (`\u0000` escapes;
 * 4 for UTF-8), and room for the rest. Past it, 413; within it, the schema names the field too long.
 */
const draftBodyLimit = (newsletterLimits.subject + newsletterLimits.body) * 6 + 16 * 1024;

/** Admin Newsletter (docs/decisions/0065): drafts, the reach of a plan choice, and the one send. */
export const adminNewslettersRoutes: FastifyPluginAsyncZod<MembershipDeps> = async (app, deps) => {
  const { db, clock, mailroom } = deps;
  guardAdminRoutes(app, deps.adminAuth);
  const changeOf = (req: Parameters<typeof adminOf>[0]) => ({ actor: adminOf(req).user.username, now: clock() });

  app.get(
    '/admin/newsletters',
    {
      schema: {
        tags: ['admin'],
        description: 'Newsletters, newest first: drafts and sent ones (when, by whom, to how many members).',
        querystring: newslettersQuerySchema,
        response: { 200: newslettersResponseSchema, 400: errorResponseSchema, ...guarded },
      },
    },
    async (req) => {
      const { data, total } = await getNewsletters(db, req.query);
      return { success: true as const, data, total, offset: req.query.offset, limit: req.query.limit };
    },
  );

  app.get(
    '/admin/newsletters/reach',
    {
      schema: {
        tags: ['admin'],
        description: 'How many members a newsletter to these plans (`plans=monthly,annual`) would reach now: active members, less those who unsubscribed.',
        querystring: newsletterReachQuerySchema,
        response: { 200: newsletterReachResponseSchema, 400: errorResponseSchema, ...guarded },
      },
    },
    async (req) => ({ success: true as const, data: await getReach(db, req.query.plans) }),
  );

  app.post(
    '/admin/newsletters',
    {
      bodyLimit: draftBodyLimit,
      schema: {
        tags: ['admin'],
        description: 'Saves a new draft. Subject, body (plain text) and plans may still be empty; sending asks for all three.',
        body: newsletterDraftSchema,
        response: { 201: newsletterResponseSchema, 400: errorResponseSchema, ...guarded },
      },
    },
    async (req, reply) => reply.code(201).send({ success: true as const, message: 'Draft saved', data: await createNewsletter(db, req.body, changeOf(req)) }),
  );

  app.put(
    '/admin/newsletters/:id',
    {
      bodyLimit: draftBodyLimit,
      schema: {
        tags: ['admin'],
        description: 'Saves a draft over its last version. A sent newsletter is 409: it is not changed after sending.',
        params: newsletterParamsSchema,
        body: newsletterDraftSchema,
        response: { 200: newsletterResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...guarded },
      },
    },
    async (req) => ({ success: true as const, message: 'Draft saved', data: await editNewsletter(db, req.params.id, req.body, changeOf(req)) }),
  );

  app.post(
    '/admin/newsletters/:id/send',
    {
      schema: {
        tags: ['admin'],
        description:
          'Sends the saved draft once: one outbox email per active member of its plans who has not unsubscribed, written with marking it sent in one transaction. ' +
          'A missing subject, body or plan is 400 naming it; a newsletter sent already (a double click, two staff at once) is 409 and nothing more is sent; ' +
          'so is a plan choice that reaches nobody.',
        params: newsletterParamsSchema,
        response: { 200: newsletterResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...guarded },
      },
    },
    async (req) => {
      const data = await sendNewsletter(db, mailroom, req.params.id, changeOf(req));
      req.log.info({ newsletter: data.id, recipients: data.recipient_count }, 'newsletter sent');
      return { success: true as const, message: `Sent to ${data.recipient_count} member${data.recipient_count === 1 ? '' : 's'}`, data };
    },
  );
};
