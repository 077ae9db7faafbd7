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
/** A failed backup, or a plan the database did not answer, is tried again this soon, then twice as long each time. */
const firstRetryMs = 5_000;

/** When the next scheduled backup is due: one period after the last, or soon when there has been none. */
export function nextBackupAt(last: Date | undefined, everyMs: number, now: Date): Date {
  return new Date(last ? last.getTime() + everyMs : now.getTime() + Math.min(everyMs, firstBackupWithinMs));
}

/**
 * How long to wait after the `failures`-th failure in a row: 5 s, 10 s, 20 s… up to the period, and
 * never more than an hour. A PostgreSQL restart costs a backup seconds, not a period; a failure that
 * lasts (pg_dump missing) is tried about ten times in its first hour, then hourly.
 */
export function retryDelayMs(failures: number, everyMs: number): number {
  return Math.min(firstRetryMs * 2 ** Math.max(0, failures - 1), everyMs, firstBackupWithinMs);
}

/**
 * Makes a backup into `dir` every `everyMs` and keeps the newest `keep` there. Several instances on one
 * PostgreSQL database take turns through `exclusively`: the one that comes second finds a fresh
 * backup and makes none. A failure is logged with its reason, recorded when the database takes the
 * record (admin Settings shows it), and tried again after retryDelayMs.
 */
export function scheduleBackups(source: BackupSource, settings: BackupScheduleSettings, clock: () => Date, log: FastifyBaseLogger): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let isStopped = false;
  /** Backups failed in a row, and when the next try is due. */
  let failures = 0;
  let retryAt: Date | undefined;
  let planFailures = 0;

  const wait = (ms: number, then: () => void) => {
    if (isStopped) return;
    timer = setTimeout(then, Math.max(0, Math.min(ms, maxTimerMs)));
    timer.unref();
  };

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
    let last: Date | undefined;
    try {
      last = await findLastScheduledBackupAt(source.database.db);
      planFailures = 0;
    } catch (err) {
      // The database is away (a restart): the schedule must not end with it.
      planFailures += 1;
      const retryInMs = retryDelayMs(planFailures, settings.everyMs);
      log.error({ err, retryInMs }, 'could not plan the next backup');
      wait(retryInMs, () => void plan());
      return;
    }
    const due = retryAt ?? nextBackupAt(last, settings.everyMs, clock());
    wait(due.getTime() - clock().getTime(), () => {
      running = runIfDue(last, due).then(
        () => {
          failures = 0;
          retryAt = undefined;
        },
        (err: unknown) => {
          failures += 1;
          const retryInMs = retryDelayMs(failures, settings.everyMs);
          retryAt = new Date(clock().getTime() + retryInMs);
          log.error({ err, retryInMs }, 'scheduled backup failed');
        },
      );
      void running
        .then(() => {
          running = undefined;
          return plan();
        })
        .catch((err: unknown) => log.error({ err }, 'could not plan the next backup'));
    });
  };

  const started = plan();
  return {
    stop: async () => {
      isStopped = true;
      await started;
      clearTimeout(timer);
      await running;
    },
  };
}
