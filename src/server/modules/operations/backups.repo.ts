import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { backups, type backupTriggers } from '../../db/schema.js';

export type BackupTrigger = (typeof backupTriggers)[number];

export interface BackupRecord {
  trigger: BackupTrigger;
  startedAt: Date;
  finishedAt: Date;
  fileName: string | null;
  sizeBytes: number | null;
  error: string | null;
}

export async function recordBackup(db: Db, record: BackupRecord): Promise<void> {
  await db.insert(backups).values(record);
}

/** The newest backup that succeeded, and the newest that failed. */
export async function findLastBackups(db: Db): Promise<{ succeeded: BackupRecord | undefined; failed: BackupRecord | undefined }> {
  const newest = (failed: boolean) =>
    db
      .select()
      .from(backups)
      .where(failed ? isNotNull(backups.error) : and(isNull(backups.error), isNotNull(backups.fileName)))
      .orderBy(desc(backups.finishedAt))
      .limit(1);
  const [[succeeded], [failed]] = await Promise.all([newest(false), newest(true)]);
  return { succeeded, failed };
}

/** When the newest scheduled backup that succeeded finished; undefined when there is none. */
export async function findLastScheduledBackupAt(db: Db): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: sql<string>`max(${backups.finishedAt})::text` })
    .from(backups)
    .where(and(eq(backups.trigger, 'schedule'), isNull(backups.error)));
  return row?.at ? new Date(row.at) : undefined;
}
