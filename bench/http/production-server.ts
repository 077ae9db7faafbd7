import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPostgresDatabase, type BackendKind } from '../support.js';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const probe = fileURLToPath(new URL('./event-loop-probe.mjs', import.meta.url));

export interface EventLoopDelay {
  p50: number;
  p99: number;
  max: number;
}

export interface ProductionServer {
  url: string;
  kind: BackendKind;
  /** The server process, for its memory in /proc. */
  pid: number;
  /** Its PostgreSQL database, for a command-line import into it; undefined on PGlite. */
  databaseUrl: string | undefined;
  /** Clears the server's event-loop delay histogram. */
  resetEventLoop(): void;
  readEventLoop(): Promise<EventLoopDelay>;
  stop(): Promise<void>;
}

/**
 * The built server (`dist/`, as `npm start` runs it) on a fresh data directory or a fresh PostgreSQL
 * database, seeded with the demo catalog, with the read rate limit out of the way of the load.
 */
/** A port nothing listens on now (benches of other checkouts may run on this machine at the same time). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function startProductionServer(kind: BackendKind, env: Record<string, string> = {}): Promise<ProductionServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bir-bench-'));
  const postgres = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  const child = spawn(process.execPath, ['--import', probe, 'dist/server/server/main.js'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SERVE_WEB_APP: 'true',
      RATE_LIMIT_READS_PER_MINUTE: '100000000',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const cleanup = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  };
  try {
    await answering(`http://127.0.0.1:${port}/api/health`, exited, () => output);
    return {
      url: `http://127.0.0.1:${port}`,
      kind,
      pid: child.pid as number,
      databaseUrl: postgres?.url,
      resetEventLoop: () => child.send('event-loop:reset'),
      readEventLoop: () =>
        new Promise((resolve) => {
          child.once('message', (message) => resolve(message as EventLoopDelay));
          child.send('event-loop:read');
        }),
      stop: async () => {
        child.kill('SIGTERM');
        await exited;
        await cleanup();
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    await cleanup();
    throw error;
  }
}

/** Resolves once the server answers (the first start imports the demo catalog: a few seconds). */
async function answering(url: string, exited: Promise<number | null>, output: () => string): Promise<void> {
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  for (;;) {
    if (exitCode !== undefined) throw new Error(`the server exited (${exitCode}) before answering: ${output()}`);
    const ok = await fetch(url).then((res) => res.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
