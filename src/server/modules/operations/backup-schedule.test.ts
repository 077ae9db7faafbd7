import { mkdtempSync } from 'node:fs';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupFileName, pruneBackups } from './backup.js';
import { nextBackupAt, retryDelayMs } from './backup-schedule.js';

const day = 86_400_000;
const now = new Date('2026-11-26T04:00:00Z');

describe('nextBackupAt', () => {
  it('is one period after the last scheduled backup, even when that is already past', () => {
    expect(nextBackupAt(new Date('2026-11-25T03:00:00Z'), day, now)).toEqual(new Date('2026-11-26T03:00:00Z'));
    expect(nextBackupAt(new Date('2026-11-26T01:00:00Z'), 6 * 3_600_000, now)).toEqual(new Date('2026-11-26T07:00:00Z'));
  });

  it('is within the hour when there has been none, or sooner for a shorter period', () => {
    expect(nextBackupAt(undefined, day, now)).toEqual(new Date('2026-11-26T05:00:00Z'));
    expect(nextBackupAt(undefined, 1_800_000, now)).toEqual(new Date('2026-11-26T04:30:00Z'));
  });
});

describe('retryDelayMs', () => {
  it('tries a failed backup again in 5 s, then twice as long each time, up to the period and at most an hour', () => {
    expect([1, 2, 3, 4].map((failures) => retryDelayMs(failures, day))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(20, day)).toBe(3_600_000);
    expect(retryDelayMs(20, 1_800_000)).toBe(1_800_000);
  });
});

describe('pruneBackups', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps the newest backups by name and leaves every other file alone', async () => {
    dir = mkdtempSync(join(tmpdir(), 'bir-prune-'));
    const names = [0, 1, 2, 3].map((n) => backupFileName(new Date(now.getTime() - n * day)));
    for (const name of [...names, 'notes.txt', 'backup-by-hand.tar', `${names[0]}.partial`]) await writeFile(join(dir, name), 'x');
    expect((await pruneBackups(dir, 2)).sort()).toEqual([names[3], names[2]].sort());
    expect((await readdir(dir)).sort()).toEqual([names[1], names[0], `${names[0]}.partial`, 'backup-by-hand.tar', 'notes.txt'].sort());
  });
});
