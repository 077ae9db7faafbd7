import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/server/paths.js';
import { startProductionServer } from '../helpers/production-server.js';

const execFileAsync = promisify(execFile);

/** `npm run backup` on `dataDir`, as an operator runs it. */
function runBackup(dataDir: string, backupDir: string) {
  return execFileAsync(process.execPath, ['--import', 'tsx', join(projectRoot, 'src/server/modules/operations/backup-cli.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, BACKUP_DIR: backupDir },
  });
}

describe('npm run backup after the server crashed', () => {
  const root = mkdtempSync(join(tmpdir(), 'bir-e2e-crash-'));
  const dataDir = join(root, 'data');
  const backupDir = join(root, 'backups');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('reaches the server restarted on the data directory of one killed with SIGKILL, and a second server there is refused without taking its socket', { timeout: 120_000 }, async () => {
    const env = { DATA_DIR: dataDir, SEED_DEMO_CATALOG: 'false' };
    const crashed = await startProductionServer({ env });
    await crashed.kill();
    // What a crash leaves: the socket file, with nobody behind it.
    expect(existsSync(join(dataDir, 'server.sock'))).toBe(true);

    const restarted = await startProductionServer({ env });
    try {
      const second = await startProductionServer({ env }).then(
        async (server) => {
          await server.stop();
          return 'started';
        },
        (err: Error) => err.message,
      );
      expect(second).toMatch(/is in use by another running server/);

      // The embedded database admits one process: had the restarted server no socket, the command
      // could neither ask it nor open the data itself, and would fail.
      const { stdout } = await runBackup(dataDir, backupDir);
      expect(stdout).toMatch(new RegExp(`^Backup written: ${join(backupDir, 'backup-[\\dTZ-]+\\.tar')} \\(\\d+\\.\\d MB\\)$`, 'm'));
      expect(restarted.output()).not.toContain('no local command socket');
    } finally {
      await restarted.stop();
    }
  });
});
