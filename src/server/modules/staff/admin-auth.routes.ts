import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  adminLogoutResponseSchema,
  changePasswordMessages,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  verifyAdminTokenResponseSchema,
} from '../../../shared/api/admin-auth.js';
import { errorResponseSchema } from '../../../shared/api/common.js';
import type { StaffDeps } from './staff.deps.js';
import { adminOf, decorateAdminRequest, requireAdmin } from './admin-guard.js';
import { changePassword, logIn, logOut } from './admin-auth.service.js';
import { LoginThrottle, TooManyLoginsError } from './login-throttle.js';

/** A throttled client is told when it may try again. */
function setRetryAfter(reply: FastifyReply, err: unknown): void {
  if (err instanceof TooManyLoginsError) reply.header('retry-after', Math.ceil(err.retryAfterMs / 1000));
}

export const adminAuthRoutes: FastifyPluginAsyncZod<StaffDeps> = async (app, deps) => {
  const ctx = deps.adminAuth;
  const throttle = new LoginThrottle(deps.loginThrottle, deps.limitStore);
  const guard = requireAdmin(ctx);
  decorateAdminRequest(app);
  const unauthorized = { 401: errorResponseSchema };

  app.post(
    '/admin/login',
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['admin'],
        description:
          'Exchanges an admin username and password for a bearer token valid 12 hours. Attempts are counted before the ' +
          'password is checked: after 5 failures in 15 minutes from one client address, or for one username from one ' +
          'address, answers 429 with Retry-After.',
        body: adminLoginRequestSchema,
        response: { 200: adminLoginResponseSchema, 400: errorResponseSchema, ...unauthorized, 429: errorResponseSchema },
      },
    },
    async (req, reply) => {
      try {
        const token = await logIn(ctx, throttle, req.ip, req.body);
        req.log.info({ username: req.body.username.trim() }, 'admin logged in');
        return { success: true as const, token, message: 'Logged in' };
      } catch (err) {
        setRetryAfter(reply, err);
        // Not the username: a password typed into the wrong field would land in the log.
        if (err instanceof Error && 'statusCode' in err) req.log.warn({ status: err.statusCode }, 'admin login refused');
        throw err;
      }
    },
  );

  app.get(
    '/admin/verify-admin-token',
    {
      onRequest: guard,
      schema: {
        tags: ['admin'],
        description: 'Tells whether the bearer token is a valid admin token, and whose.',
        response: { 200: verifyAdminTokenResponseSchema, ...unauthorized },
      },
    },
    async (req) => ({ success: true as const, message: 'Token is valid', data: { user: adminOf(req).user } }),
  );

  app.post(
    '/admin/logout',
    {
      onRequest: guard,
      schema: {
        tags: ['admin'],
        description: 'Revokes the bearer token on the server: it is refused from now on.',
        response: { 200: adminLogoutResponseSchema, ...unauthorized },
      },
    },
    async (req) => {
      const { user, token } = adminOf(req);
      await logOut(ctx, token);
      req.log.info({ username: user.username }, 'admin logged out');
      return { success: true as const, message: 'Logged out' };
    },
  );

  app.post(
    '/admin/change-password',
    {
      onRequest: guard,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['admin'],
        description:
          "Changes the signed-in admin's password. The current one is required: a wrong one answers 400 and counts as a " +
          'failed login (429 with Retry-After once throttled, as for login). The new one has 8 to 1024 characters and ' +
          'differs from the current one. The change ends every session issued before it, this one included: the answer\'s ' +
          '`token` is a fresh one for this session to go on with (other browsers must log in again).',
        body: changePasswordRequestSchema,
        response: { 200: changePasswordResponseSchema, 400: errorResponseSchema, ...unauthorized, 429: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const { user } = adminOf(req);
      let token: string;
      try {
        token = await changePassword(ctx, throttle, req.ip, user, req.body);
      } catch (err) {
        setRetryAfter(reply, err);
        if (err instanceof Error && 'statusCode' in err) req.log.warn({ username: user.username, status: err.statusCode }, 'admin password change refused');
        throw err;
      }
      req.log.info({ username: user.username }, 'admin password changed');
      return { success: true as const, message: changePasswordMessages.changed, token };
    },
  );
};
