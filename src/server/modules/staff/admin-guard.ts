import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminUser } from '../../../shared/api/admin-auth.js';
import { AppError } from '../../errors.js';
import type { AdminTokenClaims } from './admin-tokens.js';
import { authenticate, type AdminAuthContext } from './admin-auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin behind the bearer token, set by requireAdmin; null on routes it does not guard. */
    adminUser: AdminUser | null;
    adminToken: AdminTokenClaims | null;
  }
}

export const noTokenMessage = 'No token found';
export const invalidTokenMessage = 'Invalid or expired token';

/** The token of an `Authorization: Bearer …` header. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/**
 * The onRequest hook of every `/api/admin/*` route but login: 401 without a genuine, unexpired,
 * not-logged-out token; otherwise `request.adminUser` is the admin. Use it per route
 * (`onRequest: requireAdmin(deps)`) or for a whole plugin with `guardAdminRoutes`.
 */
export function requireAdmin(ctx: AdminAuthContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw new AppError(401, noTokenMessage);
    const verified = await authenticate(ctx, token);
    if (!verified) throw new AppError(401, invalidTokenMessage);
    request.adminUser = verified.user;
    request.adminToken = verified.token;
  };
}

/** Declares `request.adminUser` in this plugin scope (once per scope chain). */
export function decorateAdminRequest(app: FastifyInstance): void {
  if (!app.hasRequestDecorator('adminUser')) app.decorateRequest('adminUser', null);
  if (!app.hasRequestDecorator('adminToken')) app.decorateRequest('adminToken', null);
}

/** Guards every route of this plugin scope: what later admin modules call first. */
export function guardAdminRoutes(app: FastifyInstance, ctx: AdminAuthContext): void {
  decorateAdminRequest(app);
  app.addHook('onRequest', requireAdmin(ctx));
}

/** The admin of a guarded request. */
export function adminOf(request: FastifyRequest): { user: AdminUser; token: AdminTokenClaims } {
  if (!request.adminUser || !request.adminToken) throw new AppError(401, noTokenMessage);
  return { user: request.adminUser, token: request.adminToken };
}
