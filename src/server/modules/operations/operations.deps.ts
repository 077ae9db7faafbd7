import type { Db } from '../../db/client.js';
import type { AdminAuthContext } from '../staff/index.js';
import type { BackupScheduleInfo } from './operations.service.js';

/** What the operations context's routes are handed (app.ts). */
export interface OperationsDeps {
  db: Db;
  adminAuth: AdminAuthContext;
  /** BACKUP_SCHEDULE and BACKUP_KEEP, for the Settings tab; without one, no schedule. */
  backupSchedule?: BackupScheduleInfo;
}
