import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../paths.js';
import { DataDirBusyError, lockDataDir } from './data-dir-lock.js';

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

const mainModule = fileURLToPath(new URL('../main.ts', import.meta.url));

/** The server (main.ts) on `dataDir`, on a port of its own choosing; resolves with its URL once it listens. */
function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', mainModule], {
    cwd: projectRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SERVE_WEB_APP: 'false', SEED_DEMO_CATALOG: 'false', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
  // Started once it said where it listens and that its labels are ready, the last line of its start (a
  // SIGTERM before then stops the start instead: tests/ops/stop-during-start.test.ts).
  const listening = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (url && out.includes('labels ready')) resolve(url);
    });
    void exited.then(({ code }) => reject(new Error(`the server exited (${code}): ${stderr}`)));
  });
  return { child, listening, exited };
}

/** What the database holds, read through the server. */
async function labelIds(url: string): Promise<string[]> {
  const res = await fetch(`${url}/api/labels`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { id: string }[] }).data.map((label) => label.id);
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

  // Three server starts, the first migrating a new data directory: a generous bound on a busy machine.
  it("refuses a second server on a stopped server's data directory, and the data is intact afterwards", { timeout: 120_000 }, async () => {
    const first = startServer(dir);
    try {
      const url = await first.listening;
      const before = await labelIds(url);
      expect(before).toHaveLength(3);
      first.child.kill('SIGSTOP');
      const anHourAgo = new Date(Date.now() - 60 * 60_000);
      utimesSync(join(dir, 'server.lock'), anHourAgo, anHourAgo);

      const second = startServer(dir);
      second.listening.catch(() => undefined);
      const refused = await second.exited;
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`The data directory ${dir} is in use by another running server.`);

      first.child.kill('SIGCONT');
      expect(await labelIds(url)).toEqual(before);
      first.child.kill('SIGTERM');
      expect((await first.exited).code).toBe(0);

      const third = startServer(dir);
      try {
        expect(await labelIds(await third.listening)).toEqual(before);
      } finally {
        third.child.kill('SIGTERM');
        await third.exited;
      }
    } finally {
      first.child.kill('SIGKILL');
    }
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
