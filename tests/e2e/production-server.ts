import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { projectRoot } from '../../src/server/paths.js';

export interface RunningServer {
  url: string;
  dataDir: string;
  /** SIGTERM (a graceful shutdown), then the data directory goes. */
  stop(): Promise<void>;
  /** SIGKILL: the process dies mid-work, as in a crash; stop() still cleans up. */
  kill(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Resolves when the server says it listens (Fastify's own log line); rejects when it exits first,
 * or has not started in a minute (then it is killed).
 */
function listening(child: ChildProcess): Promise<void> {
  let output = '';
  let deadline: NodeJS.Timeout | undefined;
  const lines = createInterface({ input: child.stdout! });
  const onError = (chunk: Buffer) => (output += chunk.toString());
  child.stderr?.on('data', onError);
  return new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`server exited (${code}):\n${output}`));
    // 'close', not 'exit': by then its output has been read to the end.
    child.once('close', onExit);
    deadline = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in 60 s:\n${output}`));
    }, 60_000);
    lines.on('line', (line) => {
      if (/"msg":"Server listening at /.test(line)) {
        child.off('close', onExit);
        resolve();
      } else output += `${line}\n`;
    });
  }).finally(() => {
    clearTimeout(deadline);
    lines.close();
    child.stderr?.off('data', onError);
    // Keep draining both pipes, so that a chatty server never blocks on a full one.
    child.stdout?.resume();
    child.stderr?.resume();
  });
}

export interface StartOptions {
  /**
   * A data directory to start from, copied: the demo catalog seeded once per run by
   * tests/e2e/global-setup.ts. Without one, the server starts on an empty directory and seeds it.
   */
  template?: string;
}

/** The production build (`npm start` without the build step) on a data directory of its own. */
export async function startProductionServer(env: Record<string, string> = {}, { template }: StartOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bir-e2e-'));
  // The lock of the server that wrote the template is not this one's.
  if (template) cpSync(template, dataDir, { recursive: true, filter: (source) => basename(source) !== 'server.lock' });
  const child: ChildProcess = spawn(process.execPath, [join(projectRoot, 'dist/server/server/main.js')], {
    cwd: projectRoot,
    // info: the line that says it listens. Every browser test file comes from 127.0.0.1, on one
    // shared server: the per-address read limit of one visitor would soon refuse the whole run, and
    // its share of uncached loads, waiting 1 s on a cold server of a busy machine, would answer 503.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      RATE_LIMIT_READS_PER_MINUTE: '1000000',
      CATALOG_LOAD_WAIT_MS: '30000',
      CATALOG_LOADS_PER_ADDRESS: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    await listening(child);
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }

  const ended = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    stop: async () => {
      await ended('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
    kill: () => ended('SIGKILL'),
  };
}
