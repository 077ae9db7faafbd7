import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/server/paths.js';
import { startProductionServer } from '../helpers/production-server.js';

// A rolling restart (docs/operations.md) may send SIGTERM to an instance that is still starting. Before
// this was fixed the server had no handler until its start's last line: a SIGTERM at any earlier
// moment killed it by the signal (exit code null), without a shutdown.

const entry = join(projectRoot, 'dist/server/server/main.js');

/** The built server on a new `dataDir`, sent `signal` as soon as it prints a line containing `atLine`; resolves with how it ended and what it printed. */
function startAndSignal(dataDir: string, env: Record<string, string>, atLine: string, signal: NodeJS.Signals) {
  const child = spawn(process.execPath, [entry], {
    cwd: projectRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', DATA_DIR: dataDir, SEED_DEMO_CATALOG: 'false', SERVE_WEB_APP: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let isSent = false;
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  createInterface({ input: child.stdout }).on('line', (line) => {
    output += `${line}\n`;
    if (!isSent && line.includes(atLine)) {
      isSent = true;
      child.kill(signal);
    }
  });
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; isSent: boolean; output: string }>((resolve) =>
    child.once('close', (code, exitSignal) => resolve({ code, signal: exitSignal, isSent, output })),
  );
}

/** The labels a server on `dataDir` serves: it started on the data directory the stopped one left. */
async function labelsServedAfterwards(dataDir: string): Promise<string[]> {
  const server = await startProductionServer({ env: { DATA_DIR: dataDir, SEED_DEMO_CATALOG: 'false', SERVE_WEB_APP: 'false' } });
  try {
    const res = await fetch(`${server.url}/api/labels`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { id: string }[] }).data.map((label) => label.id);
  } finally {
    await server.stop();
  }
}

describe('a stop signal while the server starts', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const newDataDir = () => {
    root = mkdtempSync(join(tmpdir(), 'bir-stop-start-'));
    return join(root, 'data');
  };
  const staff = { ADMIN_USERNAME: 'staff', ADMIN_PASSWORD: 'a long enough staff password' };

  // Two starts of the built server each, the first migrating a new data directory: up to 100 s measured on a busy machine.
  it('SIGTERM when it says it listens: it shuts down (exit code 0), and a second server starts on its data directory', { timeout: 180_000 }, async () => {
    const dataDir = newDataDir();
    const stopped = await startAndSignal(dataDir, staff, 'listening at', 'SIGTERM');
    expect(stopped.isSent).toBe(true);
    expect({ code: stopped.code, signal: stopped.signal }, stopped.output).toEqual({ code: 0, signal: null });
    expect(stopped.output).toContain('"msg":"shutting down"');
    expect(await labelsServedAfterwards(dataDir)).toHaveLength(3);
  });

  it('SIGTERM at its first line, before it listens: it shuts down (exit code 0), and a second server starts on its data directory', { timeout: 180_000 }, async () => {
    const dataDir = newDataDir();
    const stopped = await startAndSignal(dataDir, staff, 'first admin created', 'SIGTERM');
    expect(stopped.isSent).toBe(true);
    expect({ code: stopped.code, signal: stopped.signal }, stopped.output).toEqual({ code: 0, signal: null });
    expect(stopped.output).not.toContain('listening at');
    expect(await labelsServedAfterwards(dataDir)).toHaveLength(3);
  });

  it('SIGINT (Ctrl-C) at the first line of a first start: the generated admin password is still shown, then it shuts down (exit code 0)', { timeout: 180_000 }, async () => {
    const dataDir = newDataDir();
    const stopped = await startAndSignal(dataDir, {}, 'first admin created with a generated password', 'SIGINT');
    expect(stopped.isSent).toBe(true);
    expect({ code: stopped.code, signal: stopped.signal }, stopped.output).toEqual({ code: 0, signal: null });
    expect(stopped.output).toMatch(/First admin account created\. Its password is shown only this once:\n.*\n {2}Username: {2}admin\n {2}Password: {2}\S+/);
    expect(await labelsServedAfterwards(dataDir)).toHaveLength(3);
  });
});
