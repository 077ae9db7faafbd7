import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { projectRoot } from '../../src/server/paths.js';

// The one way tests, benches and stress runs start the built production server (`npm start` without
// the build step) as a process of its own: on a port it chooses (PORT=0), read from its start line,
// so that runs of other checkouts on this machine never collide on a port.

export interface ProductionServerOptions {
  /** Settings on top of the helper's own (HOST 127.0.0.1, PORT 0, LOG_LEVEL info, DATA_DIR below). */
  env?: Record<string, string>;
  /**
   * A data directory to start from, copied into the server's own: a catalog seeded once for many
   * servers. Without one, and without DATA_DIR in `env`, the server starts on an empty directory.
   */
  template?: string;
  /** Node options before the entry (the http bench preloads its event-loop probe with `--import`). */
  nodeOptions?: string[];
  /** An IPC channel to the server process (the event-loop probe answers on it). */
  ipc?: boolean;
  /** How long the server may take to say where it listens; the first start seeds the demo catalog. */
  readyTimeoutMs?: number;
}

export interface ProductionServer {
  /** `http://127.0.0.1:<port>`, as the server's start line gave it. */
  url: string;
  /** Its data directory: its own (removed by stop) unless `env` named one. */
  dataDir: string;
  process: ChildProcess;
  pid: number;
  /** The last of what it printed (both streams). */
  output(): string;
  /** SIGTERM (a graceful shutdown), then its own data directory goes; rejects if it has not exited in 30 s. */
  stop(): Promise<void>;
  /** SIGKILL: the process dies mid-work, as in a crash; stop() still cleans up. */
  kill(): Promise<void>;
}

const entry = join(projectRoot, 'dist/server/server/main.js');
const keptOutput = 20_000;
const stopTimeoutMs = 30_000;

/** The URL in the server's start line (src/server/start-server.ts: `{"url":…,"msg":"3 labels ready"}`), if this is it. */
function listeningUrl(line: string): string | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const record = JSON.parse(line) as { msg?: unknown; url?: unknown };
    return typeof record.url === 'string' && typeof record.msg === 'string' && / labels ready$/.test(record.msg) ? record.url : undefined;
  } catch {
    return undefined;
  }
}

export async function startProductionServer({ env = {}, template, nodeOptions = [], ipc = false, readyTimeoutMs = 60_000 }: ProductionServerOptions = {}): Promise<ProductionServer> {
  const ownDataDir = env.DATA_DIR === undefined ? mkdtempSync(join(tmpdir(), 'bir-server-')) : undefined;
  // The lock and the command socket of the server that wrote the template are not this one's.
  if (ownDataDir && template) cpSync(template, ownDataDir, { recursive: true, filter: (source) => !['server.lock', 'server.sock'].includes(basename(source)) });
  const removeDataDir = () => ownDataDir && rmSync(ownDataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, [...nodeOptions, entry], {
    cwd: projectRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? (['ipc'] as const) : [])],
  });
  let output = '';
  const keep = (text: string) => (output = (output + text).slice(-keptOutput));
  // 'close', not 'exit': by then its output has been read to the end.
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const hasEnded = () => child.exitCode !== null || child.signalCode !== null;
  const end = async (signal: NodeJS.Signals) => {
    if (!hasEnded()) child.kill(signal);
    await closed;
  };
  child.stderr?.on('data', (chunk: Buffer) => keep(chunk.toString()));
  const lines = createInterface({ input: child.stdout! });

  let url: string;
  try {
    url = await new Promise<string>((resolve, reject) => {
      const deadline = setTimeout(() => reject(new Error(`the server did not say where it listens in ${readyTimeoutMs / 1000} s:\n${output}`)), readyTimeoutMs);
      lines.on('line', (line) => {
        keep(`${line}\n`);
        const found = listeningUrl(line);
        if (found) {
          clearTimeout(deadline);
          resolve(found);
        }
      });
      child.once('error', (err) => {
        clearTimeout(deadline);
        reject(err);
      });
      void closed.then(() => {
        clearTimeout(deadline);
        reject(new Error(`the server exited (${child.exitCode ?? child.signalCode}) before listening:\n${output}`));
      });
    });
  } catch (err) {
    await end('SIGKILL');
    removeDataDir();
    throw err;
  }

  return {
    url,
    dataDir: ownDataDir ?? (env.DATA_DIR as string),
    process: child,
    pid: child.pid as number,
    output: () => output,
    stop: async () => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), stopTimeoutMs)));
      const outcome = await Promise.race([end('SIGTERM'), late]);
      clearTimeout(timer);
      if (outcome === 'late') await end('SIGKILL');
      removeDataDir();
      if (outcome === 'late') throw new Error(`the server did not stop in ${stopTimeoutMs / 1000} s after SIGTERM (killed):\n${output}`);
    },
    kill: () => end('SIGKILL'),
  };
}
