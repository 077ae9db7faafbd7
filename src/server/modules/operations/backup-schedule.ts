import type { FastifyBaseLogger } from 'fastify';
import { backupToDirectory, pruneBackups, type BackupSource } from './backup.js';
import { findLastScheduledBackupAt } from './backups.repo.js';

export interface BackupScheduleSettings {
  dir: string;
  everyMs: number;
  keep: number;
}

/** A timer cannot wait longer than about 24.8 days; a longer wait is taken in steps. */
const maxTimerMs = 2_147_483_647;
/** The first backup of a server that has none waits at most this long: a server restarted more often than its schedule still makes one. */
const firstBackupWithinMs = 3_600_000;

/** When the next scheduled backup is due: one period after the last, or soon when there has been none. */
export function nextBackupAt(last: Date | undefined, everyMs: number, now: Date): Date {
  return new Date(last ? last.getTime() + everyMs : now.getTime() + Math.min(everyMs, firstBackupWithinMs));
}

/**
 * Makes a backup into `dir` every `everyMs` and keeps the newest `keep` there. Several instances on one
 * PostgreSQL database take turns through `exclusively`: the one that comes second finds a fresh
 * backup and makes none. A failure is recorded (admin Settings shows it) and tried again next period.
 */
export function scheduleBackups(source: BackupSource, settings: BackupScheduleSettings, clock: () => Date, log: FastifyBaseLogger): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let isStopped = false;

  /** `last` is the newest scheduled backup when this one was planned; a newer one means another instance made it. */
  const runIfDue = async (last: Date | undefined, due: Date) => {
    if (due > clock()) return; // a wait longer than a timer's, taken in steps
    await source.database.exclusively(async () => {
      const latest = await findLastScheduledBackupAt(source.database.db);
      if (latest && latest.getTime() !== last?.getTime()) return;
      const made = await backupToDirectory(source, settings.dir, 'schedule', clock);
      const pruned = await pruneBackups(settings.dir, settings.keep);
      log.info({ fileName: made.fileName, bytes: made.bytes, pruned: pruned.length }, 'scheduled backup written');
    });
  };

  const plan = async () => {
    if (isStopped) return;
    const last = await findLastScheduledBackupAt(source.database.db);
    const due = nextBackupAt(last, settings.everyMs, clock());
    timer = setTimeout(() => {
      running = runIfDue(last, due)
        .catch((err: unknown) => log.error({ err }, 'scheduled backup failed'))
        .then(() => {
          running = undefined;
          return plan();
        })
        .catch((err: unknown) => log.error({ err }, 'could not plan the next backup'));
    }, Math.max(0, Math.min(due.getTime() - clock().getTime(), maxTimerMs)));
    timer.unref();
  };

  const started = plan().catch((err: unknown) => log.error({ err }, 'could not plan the next backup'));
  return {
    stop: async () => {
      isStopped = true;
      await started;
      clearTimeout(timer);
      await running;
    },
  };
}
