import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminUser } from '../../../shared/api/admin-auth.js';
import { mayUseAdminRoute, roleRefusedMessage, rolesForAdminRoute } from '../../../shared/api/staff.js';
import { errorResponseSchema } from '../../../shared/api/common.js';
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
 * The onRequest hook of every `/api/admin/*` route but login and accepting an invitation: 401 without
 * a genuine, unexpired, not-logged-out token of an existing account; 403 when the account's role may
 * not use the route (shared/api/staff.ts `adminRouteAccess`, the one table of who may do what);
 * otherwise `request.adminUser` is the admin. Use it per route (`onRequest: requireAdmin(deps)`) or
 * for a whole plugin with `guardAdminRoutes`.
 */
export function requireAdmin(ctx: AdminAuthContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw new AppError(401, noTokenMessage);
    const verified = await authenticate(ctx, token);
    if (!verified) throw new AppError(401, invalidTokenMessage);
    const route = request.routeOptions.url ?? request.url;
    if (!mayUseAdminRoute(verified.user.role, route)) throw new AppError(403, roleRefusedMessage(verified.user.role, rolesForAdminRoute(route)));
    request.adminUser = verified.user;
    request.adminToken = verified.token;
  };
}

/** Declares `request.adminUser` in this plugin scope (once per scope chain). */
export function decorateAdminRequest(app: FastifyInstance): void {
  if (!app.hasRequestDecorator('adminUser')) app.decorateRequest('adminUser', null);
  if (!app.hasRequestDecorator('adminToken')) app.decorateRequest('adminToken', null);
}

/** Guards every route of this plugin scope: what later admin modules call first. Its routes document the guard's 401 and 403. */
export function guardAdminRoutes(app: FastifyInstance, ctx: AdminAuthContext): void {
  decorateAdminRequest(app);
  app.addHook('onRequest', requireAdmin(ctx));
  app.addHook('onRoute', (route) => {
    const response = (((route.schema ??= {}) as { response?: Record<number, unknown> }).response ??= {});
    response[401] ??= errorResponseSchema;
    response[403] ??= errorResponseSchema;
  });
}

/** The admin of a guarded request. */
export function adminOf(request: FastifyRequest): { user: AdminUser; token: AdminTokenClaims } {
  if (!request.adminUser || !request.adminToken) throw new AppError(401, noTokenMessage);
  return { user: request.adminUser, token: request.adminToken };
}
