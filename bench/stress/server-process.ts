import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../../src/server/paths.js';

/**
 * The production build (`npm start` without the build step) as a process that the stress runs kill
 * and start again on the same database. Each start resolves once the server says it listens.
 */
export class ServerProcess {
  private child: ChildProcess | undefined;
  url = '';

  constructor(private readonly env: Record<string, string>) {}

  async start(): Promise<void> {
    const child = spawn(process.execPath, [join(projectRoot, 'dist/server/server/main.js')], {
      cwd: projectRoot,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', SEED_DEMO_CATALOG: 'false', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let output = '';
    this.url = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const url = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
        if (url) resolve(url);
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
    });
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The resident memory of the server process, in MiB (Linux). */
  async rssMiB(): Promise<number> {
    const { readFile } = await import('node:fs/promises');
    const status = await readFile(`/proc/${this.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }
}
