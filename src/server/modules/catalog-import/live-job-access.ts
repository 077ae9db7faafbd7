import type { FastifyRequest } from 'fastify';
import { bearerToken, requireAdmin, verifyAdminToken, type AdminAuthContext } from '../staff/index.js';
import type { ImportJobRunner } from './import-job-runner.js';

/**
 * The guard of `GET /admin/import-jobs/{id}`. On PGlite the import's one transaction holds the only
 * connection, and the full admin check reads the database (revocation, the admin's row): a poll
 * would wait until the import had ended, and the bar would jump from 0 to the report. So the token
 * that started the job running here (it passed the full check moments ago) may read that job's live
 * progress after the signature and expiry check alone. Every other request gets the full check.
 */
export function liveJobStarterOrAdmin(runner: ImportJobRunner, auth: AdminAuthContext) {
  const fullCheck = requireAdmin(auth);
  return async (request: FastifyRequest): Promise<void> => {
    const { id } = request.params as { id: string };
    const starter = runner.startedByTokenId(id);
    const token = bearerToken(request);
    if (starter && token && (await verifyAdminToken(auth.jwtSecret, token, auth.clock()))?.jti === starter) return;
    await fullCheck(request);
  };
}
