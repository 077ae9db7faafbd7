import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { randomInt } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL cluster of one test's own, on a port of its own, that the test may stop, start and
 * restart as an operator would (`pg_ctl -m fast`: every connection is ended): the shared server must
 * keep running for every other test. `initdb` refuses to run as root, so as root the cluster is the
 * `postgres` user's.
 */
export interface OwnPostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** `pg_ctl restart -m fast`: every connection is ended; resolves once it accepts connections again. */
  restart(): Promise<void>;
  /** Stops it and removes its files. */
  remove(): Promise<void>;
}

function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  return version && existsSync(join(root, version, 'bin/initdb')) ? join(root, version, 'bin') : undefined;
}

const bin = binDir();
export const hasPostgresBinaries = bin !== undefined;
const isRoot = process.getuid?.() === 0;

/** Runs a server program, as `postgres` when this is root; the event loop runs meanwhile (connections hear the server go). */
async function run(command: string, args: string[]): Promise<void> {
  const [file, fullArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', join(bin as string, command), ...args]] : [join(bin as string, command), args];
  await promisify(execFile)(file, fullArgs);
}

export async function startOwnPostgresCluster(): Promise<OwnPostgresCluster> {
  if (!bin) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'bir-pg-'));
  if (isRoot) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const dataDir = join(dir, 'data');
  await run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  let port = 0;
  const logFile = join(dir, 'log');
  const serverOptions = () => `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['start', '-w', '-t', '30', '-D', dataDir, '-l', logFile, '-o', serverOptions()]);
  // Like nginx and Redis in other tests: a port at random, another when that one is taken.
  for (let attempt = 1; ; attempt += 1) {
    port = randomInt(20_000, 60_000);
    try {
      await start();
      break;
    } catch (err) {
      if (attempt === 5) {
        rmSync(dir, { recursive: true, force: true });
        throw err;
      }
    }
  }
  let isRunning = true;
  const stop = async () => {
    if (!isRunning) return;
    await run('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', dataDir]);
    isRunning = false;
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start: async () => {
      if (isRunning) return;
      await start();
      isRunning = true;
    },
    restart: async () => {
      if (!isRunning) throw new Error('the cluster is stopped: start it instead');
      await run('pg_ctl', ['restart', '-w', '-t', '30', '-m', 'fast', '-D', dataDir, '-l', logFile, '-o', serverOptions()]);
    },
    remove: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
