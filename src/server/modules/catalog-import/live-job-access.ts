import type { FastifyRequest } from 'fastify';
import { bearerToken, requireAdmin, verifyAdminToken, type AdminAuthContext } from '../staff/index.js';
import type { ImportJobRunner } from './import-job-runner.js';

/**
 * The guard of `GET /admin/import-jobs/{id}` on the embedded database (docs/decisions/0018). There the
 * import's one transaction holds the only connection, and the full admin check reads the database:
 * a poll would wait until the import had ended, and the bar would jump from 0 to the report. So the
 * token that started the job running here (it passed the full check moments ago) may read that job's
 * live progress after the signature and expiry check, unless this process has ended its session since
 * (logout, password change: PGlite is one process, so every one passes through here). Every other
 * request gets the full check; on PostgreSQL every request does.
 */
export function liveJobStarterOrAdmin(runner: ImportJobRunner, auth: AdminAuthContext) {
  const fullCheck = requireAdmin(auth);
  return async (request: FastifyRequest): Promise<void> => {
    const { id } = request.params as { id: string };
    const starter = runner.startedByTokenId(id);
    const token = bearerToken(request);
    const claims = starter && token ? await verifyAdminToken(auth.jwtSecret, token, auth.clock()) : undefined;
    if (claims && claims.jti === starter && !auth.endedSessions.hasEnded(claims)) return;
    await fullCheck(request);
  };
}
