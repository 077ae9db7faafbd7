import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ResolvedAppDeps } from '../../app.js';
import { guardAdminRoutes } from '../admin-auth/admin-guard.js';

export const adminOverviewRoutes: FastifyPluginAsyncZod<ResolvedAppDeps> = async (app, deps) => {
  guardAdminRoutes(app, { db: deps.db, clock: deps.clock, jwtSecret: deps.jwtSecret });
};
