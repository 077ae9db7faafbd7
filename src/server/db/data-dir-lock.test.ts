import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../paths.js';
import { DataDirBusyError, lockDataDir } from './data-dir-lock.js';

// The built server refused on a stopped server's data directory: tests/ops/one-server-per-data-dir.test.ts.

const lockModule = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));

/** Runs lockDataDir on `dir` in another Node process: exit 0 when it got the lock, 2 when the directory was busy. */
function lockInAnotherProcess(dir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const script = `
    import { DataDirBusyError, lockDataDir } from ${JSON.stringify(lockModule)};
    try {
      const release = await lockDataDir(${JSON.stringify(dir)});
      await release();
      console.log('locked and released');
    } catch (err) {
      if (!(err instanceof DataDirBusyError)) throw err;
      process.stderr.write(err.message);
      process.exitCode = 2;
    }
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 10_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Another Node process that takes the lock on `dir` and keeps it until it is killed. */
function holdLockInAnotherProcess(dir: string) {
  const script = `
    import { lockDataDir } from ${JSON.stringify(lockModule)};
    await lockDataDir(${JSON.stringify(dir)});
    console.log('locked');
    setInterval(() => {}, 60_000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`the lock holder exited (${code}) before locking`)));
  });
  return { child, locked, exited };
}

describe('lockDataDir', () => {
  let dir: string;
  const releases: (() => Promise<void>)[] = [];

  beforeEach(() => {
    dir = join(mkdtempSync(join(tmpdir(), 'bir-lock-')), 'data');
  });
  afterEach(async () => {
    for (const release of releases.splice(0)) await release();
    rmSync(join(dir, '..'), { recursive: true, force: true });
  });

  it('creates the directory and locks it', async () => {
    releases.push(await lockDataDir(dir));
    expect(existsSync(join(dir, 'server.lock'))).toBe(true);
  });

  it('makes the directory private to this user, even one that existed open to all', async () => {
    mkdirSync(dir, { mode: 0o777 });
    chmodSync(dir, 0o777);
    releases.push(await lockDataDir(dir));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('refuses a second lock on a locked directory, naming the directory', async () => {
    releases.push(await lockDataDir(dir));
    const second = await lockDataDir(dir).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(second).toBeInstanceOf(DataDirBusyError);
    expect((second as Error).message).toContain(`The data directory ${dir} is in use by another running server.`);
  });

  it('locks again once the lock is released', async () => {
    const release = await lockDataDir(dir);
    await release();
    releases.push(await lockDataDir(dir));
  });

  it('stays held while its owner is stopped, however old the lock file looks, and frees itself when the owner dies', async () => {
    const owner = holdLockInAnotherProcess(dir);
    try {
      await owner.locked;
      // Frozen: no timer of the owner runs, and the lock file looks untouched for an hour.
      owner.child.kill('SIGSTOP');
      const anHourAgo = new Date(Date.now() - 60 * 60_000);
      utimesSync(join(dir, 'server.lock'), anHourAgo, anHourAgo);
      await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirBusyError);
    } finally {
      owner.child.kill('SIGKILL');
      await owner.exited;
    }
    // A crash leaves no stale lock to wait out.
    releases.push(await lockDataDir(dir));
  });

  it('refuses another process while this one holds the lock, and lets it in after', async () => {
    const release = await lockDataDir(dir);
    const busy = await lockInAnotherProcess(dir);
    expect(busy).toMatchObject({ code: 2, stdout: '' });
    expect(busy.stderr).toContain(`The data directory ${dir} is in use by another running server.`);

    await release();
    const free = await lockInAnotherProcess(dir);
    expect(free).toEqual({ code: 0, stdout: 'locked and released\n', stderr: '' });
  });
});
