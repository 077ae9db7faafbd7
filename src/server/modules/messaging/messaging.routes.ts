import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../shared/api/common.js';
import {
  adminOutboxEmailResponseSchema,
  adminOutboxQuerySchema,
  adminOutboxResponseSchema,
  adminSuppressionsQuerySchema,
  adminSuppressionsResponseSchema,
  emailPreviewRequestSchema,
  emailPreviewResponseSchema,
  emailTemplateBodySchema,
  emailTemplateParamsSchema,
  emailTemplateResponseSchema,
  emailTemplatesResponseSchema,
  publicDemoStatusResponseSchema,
  releaseAlertAskedResponseSchema,
  releaseAlertMessages,
  releaseAlertRequestSchema,
  releaseAlertResponseSchema,
  staffEmailSettingsResponseSchema,
  staffEmailSettingsSchema,
  suppressionLiftedResponseSchema,
  suppressionMessages,
  suppressionParamsSchema,
  tokenParamsSchema,
  unsubscribeResponseSchema,
} from '../../../shared/api/messaging.js';
import type { MessagingDeps } from './messaging.deps.js';
import { adminOf, guardAdminRoutes } from '../staff/index.js';
import { idParamsSchema } from '../../../shared/api/catalog.js';
import { defaultLimits } from '../../config.js';
import { routeRateLimit } from '../../plugins/rate-limit.js';
import type { Mailroom } from './mailroom.js';
import { askReleaseAlert, confirmReleaseAlert, forgetReleaseAlert, getReleaseAlert } from './release-alerts.service.js';
import {
  getEmailTemplates,
  getOutbox,
  getOutboxEmail,
  getPublicDemoStatus,
  getStaffEmailSettings,
  getSuppressions,
  getUnsubscribe,
  liftSuppression,
  previewEmailTemplate,
  resendEmail,
  resetEmailTemplate,
  saveEmailTemplate,
  setStaffEmailSettings,
  unsubscribe,
} from './messaging.service.js';

export interface MessagingRouteDeps extends MessagingDeps {
  mailroom: Mailroom;
  canSend: boolean;
}

const guarded = { 401: errorResponseSchema };
const idParams = z.object({ id: z.string().min(1).max(100) });

/** Staff: the outbox, the decision templates and their own address (docs/decisions/0060). */
export const adminMessagingRoutes: FastifyPluginAsyncZod<MessagingRouteDeps> = async (app, deps) => {
  const { db, clock, mailroom, canSend } = deps;
  guardAdminRoutes(app, deps.adminAuth);

  app.get(
    '/admin/outbox',
    {
      schema: {
        tags: ['admin'],
        description:
          'Every email, newest first, by status (waiting, sending, sent, failed, cancelled, not_configured: waiting on a server without SMTP_URL), ' +
          'kind and a search over recipients and subject. Sent emails keep their bodies 90 days (has_body), then only the envelope.',
        querystring: adminOutboxQuerySchema,
        response: { 200: adminOutboxResponseSchema, 400: errorResponseSchema, ...guarded },
      },
    },
    async (req) => {
      const { data, total } = await getOutbox(db, req.query, canSend);
      return { success: true as const, data, total, offset: req.query.offset, limit: req.query.limit };
    },
  );

  app.get(
    '/admin/outbox/:id',
    {
      schema: {
        tags: ['admin'],
        description: 'One email with its Message-ID, headers and both parts (null once the body is past its 90 days).',
        params: idParams,
        response: { 200: adminOutboxEmailResponseSchema, 404: errorResponseSchema, ...guarded },
      },
    },
    async (req) => ({ success: true as const, data: await getOutboxEmail(db, req.params.id, canSend) }),
  );

  app.post(
    '/admin/outbox/:id/resend',
    {
      schema: {
        tags: ['admin'],
        description: 'Sends a failed email again (same Message-ID), due at once; any other status answers 409.',
        params: idParams,
        response: { 200: adminOutboxEmailResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...guarded },
      },
    },
    async (req) => {
      const data = await resendEmail(db, req.params.id, canSend, clock());
      mailroom.nudge();
      req.log.info({ emailId: req.params.id, username: adminOf(req).user.username }, 'email sent again by staff');
      return { success: true as const, data };
    },
  );

  app.get(
    '/admin/email-suppressions',
    {
      schema: {
        tags: ['admin'],
        description:
          'Addresses an SMTP server refused for good (a 5xx to RCPT TO), newest first, with its answer and the email it refused: ' +
          'the newsletter, the staff digest and release-day alerts skip them (docs/decisions/0090). q searches the address.',
        querystring: adminSuppressionsQuerySchema,
        response: { 200: adminSuppressionsResponseSchema, 400: errorResponseSchema, ...guarded },
      },
    },
    async (req) => {
      const { data, total } = await getSuppressions(db, req.query);
      return { success: true as const, data, total, offset: req.query.offset, limit: req.query.limit };
    },
  );

  app.delete(
    '/admin/email-suppressions/:email',
    {
      schema: {
        tags: ['admin'],
        description: 'Lifts an address (any case): bulk mail reaches it again. Recorded in the activity log. 404 for an address not on the list.',
        params: suppressionParamsSchema,
        response: { 200: suppressionLiftedResponseSchema, 404: errorResponseSchema, ...guarded },
      },
    },
    async (req) => {
      const email = req.params.email.toLowerCase();
      await liftSuppression(db, email, { actor: adminOf(req).user.username, now: clock() });
      return { success: true as const, message: suppressionMessages.lifted(email) };
    },
  );

  app.get(
    '/admin/email-templates',
    {
      schema: {
        tags: ['admin'],
        description: "Each label's demo decision emails (shortlisted, accepted, declined): subject and plain text with {placeholders}; is_default until staff change one.",
        response: { 200: emailTemplatesResponseSchema, ...guarded },
      },
    },
    async () => ({ success: true as const, data: await getEmailTemplates(db) }),
  );

  app.put(
    '/admin/email-templates/:label/:status',
    {
      schema: {
        tags: ['admin'],
        description:
          'Stores a label\'s decision email. Placeholders: {artistName}, {trackName}, {labelName}, {statusLink}; any other name in braces answers 400. ' +
          'Emails already written keep the text they were written with.',
        params: emailTemplateParamsSchema,
        body: emailTemplateBodySchema,
        response: { 200: emailTemplateResponseSchema, 400: errorResponseSchema, ...guarded },
      },
    },
    async (req) => ({
      success: true as const,
      data: await saveEmailTemplate(db, req.params.label, req.params.status, req.body, adminOf(req).user.username, clock()),
    }),
  );

  app.delete(
    '/admin/email-templates/:label/:status',
    {
      schema: {
        tags: ['admin'],
        description: "Returns a label's decision email to the product's text.",
        params: emailTemplateParamsSchema,
        response: { 200: emailTemplateResponseSchema, 400: errorResponseSchema, ...guarded },
      },
    },
    async (req) => ({ success: true as const, data: await resetEmailTemplate(db, req.params.label, req.params.status) }),
  );

  app.post(
    '/admin/email-templates/preview',
    {
      schema: {
        tags: ['admin'],
        description: 'Renders a decision email from the given subject and text with sample values (HTML and plain text); nothing is stored or sent.',
        body: emailPreviewRequestSchema,
        response: { 200: emailPreviewResponseSchema, 400: errorResponseSchema, ...guarded },
      },
    },
    async (req) => ({ success: true as const, data: await previewEmailTemplate(mailroom, req.body) }),
  );

  app.get(
    '/admin/account/email',
    {
      schema: {
        tags: ['admin'],
        description: "The signed-in admin's email address and the labels of their daily digest of new demos.",
        response: { 200: staffEmailSettingsResponseSchema, ...guarded },
      },
    },
    async (req) => ({ success: true as const, data: await getStaffEmailSettings(db, adminOf(req).user.id) }),
  );

  app.put(
    '/admin/account/email',
    {
      schema: {
        tags: ['admin'],
        description:
          "Sets the signed-in admin's email address (null: none) and digest labels (any id form; empty: no digest). A digest needs an address; " +
          'asking for it again undoes an earlier unsubscribe. The digest of a day (UTC) is written after it ends, when it had new demos. ' +
          'The digest lists demos: 403 naming digest_labels for a role that may not read them (Editor). 409 naming email for an ' +
          "address another staff account has.",
        body: staffEmailSettingsSchema,
        response: { 200: staffEmailSettingsResponseSchema, 400: errorResponseSchema, ...guarded, 403: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await setStaffEmailSettings(db, adminOf(req).user, req.body, clock()) }),
  );
};

/** Anyone with an emailed link: a demo's status, and leaving a mailing list (RFC 8058 one-click). */
export const publicMessagingRoutes: FastifyPluginAsyncZod<MessagingRouteDeps> = async (app, { db, clock, jwtSecret, mailroom, rateLimits }) => {
  // Mail clients post the one-click unsubscribe as a form: `List-Unsubscribe=One-Click`. Nothing in it is needed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));

  app.get(
    '/demo-status/:token',
    {
      schema: {
        tags: ['demos'],
        description:
          "A demo's current status by the private link of its receipt (no account). A decision within its 10-minute undo window shows once it is final.",
        params: tokenParamsSchema,
        response: { 200: publicDemoStatusResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await getPublicDemoStatus(db, req.params.token, clock()) }),
  );

  app.get(
    '/unsubscribe/:token',
    {
      schema: {
        tags: ['email'],
        description: 'What an unsubscribe link stands for (the address partly hidden, the list) and whether it is unsubscribed already; changes nothing.',
        params: tokenParamsSchema,
        response: { 200: unsubscribeResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => ({ success: true as const, message: 'Unsubscribe link', data: await getUnsubscribe(db, jwtSecret, req.params.token) }),
  );

  app.post(
    '/unsubscribe/:token',
    {
      bodyLimit: 1024,
      schema: {
        tags: ['email'],
        description:
          'Unsubscribes the link\'s address from its list (RFC 8058: mail clients post `List-Unsubscribe=One-Click`; any body or none works). ' +
          'Nothing more of that list is sent to it. Saying it twice changes nothing.',
        params: tokenParamsSchema,
        response: { 200: unsubscribeResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => {
      const data = await unsubscribe(db, jwtSecret, req.params.token, clock());
      req.log.info({ list: data.list }, 'unsubscribed');
      return { success: true as const, message: 'You are unsubscribed: nothing more of these emails will be sent to you.', data };
    },
  );

  app.post(
    '/releases/:id/notify',
    {
      bodyLimit: 1024,
      config: { rateLimit: routeRateLimit(rateLimits?.notify ?? defaultLimits.notify) },
      schema: {
        tags: ['releases'],
        description:
          '"Notify me" on an upcoming release (dated after today): emails the address a link to confirm (double opt-in). ' +
          'Confirmed, it gets one email on the release day, then it is forgotten for that release. The answer is the same ' +
          'whether the address was new, waiting or confirmed already. 409 when the release is out already (or has no date), ' +
          '429 past RATE_LIMIT_NOTIFY_PER_10_MINUTES per address.',
        params: idParamsSchema,
        body: releaseAlertRequestSchema,
        response: { 202: releaseAlertAskedResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (req, reply) => {
      await askReleaseAlert(db, mailroom, req.params.id, req.body.email, clock());
      return reply.code(202).send({ success: true as const, message: releaseAlertMessages.asked });
    },
  );

  const alertLink = { params: tokenParamsSchema, response: { 200: releaseAlertResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema } };
  app.get(
    '/notify/:token',
    { schema: { ...alertLink, tags: ['releases'], description: 'What a "Notify me" link stands for (the release, the address partly hidden, whether confirmed); changes nothing.' } },
    async (req) => ({ success: true as const, message: '"Notify me" link', data: await getReleaseAlert(db, req.params.token) }),
  );

  app.post(
    '/notify/:token/confirm',
    {
      bodyLimit: 1024,
      schema: { ...alertLink, tags: ['releases'], description: 'Confirms the address of a "Notify me" link (the double opt-in). Saying it twice changes nothing.' },
    },
    async (req) => {
      const data = await confirmReleaseAlert(db, req.params.token, clock());
      return { success: true as const, message: `Confirmed: we email ${data.email} when “${data.release.title}” is out.`, data };
    },
  );

  app.delete(
    '/notify/:token',
    {
      schema: {
        tags: ['releases'],
        description: 'Forgets the address of a "Notify me" link at once: nothing is sent to it for that release.',
        params: tokenParamsSchema,
        response: { 200: releaseAlertAskedResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => {
      await forgetReleaseAlert(db, req.params.token);
      return { success: true as const, message: 'Your address is forgotten for this release: nothing will be sent to it.' };
    },
  );
};
