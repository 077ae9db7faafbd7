import type { AdminBackups } from '../../../shared/api/admin-backups.js';
import { defaultBackupKeep } from '../../config.js';
import type { Db } from '../../db/client.js';
import { findLastBackups } from './backups.repo.js';

/** How often the server backs up (null: never on its own) and how many it keeps. */
export interface BackupScheduleInfo {
  everyMs: number | null;
  keep: number;
}

export async function getBackupStatus(db: Db, schedule: BackupScheduleInfo | undefined): Promise<AdminBackups> {
  const { succeeded, failed } = await findLastBackups(db);
  const isFailureNewer = failed && (!succeeded || failed.finishedAt > succeeded.finishedAt);
  return {
    last:
      succeeded && succeeded.fileName !== null
        ? { at: succeeded.finishedAt.toISOString(), trigger: succeeded.trigger, fileName: succeeded.fileName, sizeBytes: succeeded.sizeBytes ?? 0 }
        : null,
    failed: isFailureNewer ? { at: failed.finishedAt.toISOString(), trigger: failed.trigger, error: failed.error ?? '' } : null,
    everyHours: schedule?.everyMs == null ? null : schedule.everyMs / 3_600_000,
    keep: schedule?.keep ?? defaultBackupKeep,
  };
}
