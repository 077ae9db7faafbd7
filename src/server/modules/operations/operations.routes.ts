import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminBackupsResponseSchema } from '../../../shared/api/admin-backups.js';
import { errorResponseSchema } from '../../../shared/api/common.js';
import type { OperationsDeps } from './operations.deps.js';
import { guardAdminRoutes } from '../staff/index.js';
import { getBackupStatus } from './operations.service.js';

export const adminBackupsRoutes: FastifyPluginAsyncZod<OperationsDeps> = async (app, deps) => {
  guardAdminRoutes(app, deps.adminAuth);

  app.get(
    '/admin/backups',
    {
      schema: {
        tags: ['admin'],
        description:
          'The last backup that succeeded (time, size, file name in BACKUP_DIR) and the last that failed when it is newer, ' +
          'with the server\'s schedule (BACKUP_SCHEDULE, BACKUP_KEEP). Backups come from `npm run backup` and the schedule.',
        response: { 200: adminBackupsResponseSchema, 401: errorResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await getBackupStatus(deps.db, deps.backupSchedule) }),
  );
};
