import { spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from '../e2e/production-server.js';

/** A Redis server of one test's own, that it may stop (SIGSTOP: connected and silent, as a hung server is) and resume. */
export interface OwnRedisServer {
  url: string;
  pid: number;
  /** SIGSTOP: connections stay open and new ones are accepted by the kernel, but nothing is answered. */
  pause(): void;
  /** SIGCONT: it answers again, everything held included. */
  resume(): void;
  close(): Promise<void>;
}

/** `redis-server` on a free loopback port, keeping nothing on disk; resolves once it answers. */
export async function startOwnRedisServer(): Promise<OwnRedisServer> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // Refused until it listens: each try's error is the answer, not an event to report.
  probe.on('error', () => undefined);
  try {
    for (let attempt = 0; ; attempt += 1) {
      const answered = await probe.connect().then(
        () => probe.ping().then(() => true),
        () => false,
      );
      if (answered) break;
      if (child.exitCode !== null || attempt === 200) throw new Error(`redis-server on port ${port} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    probe.disconnect();
  }
  return {
    url,
    pid: child.pid!,
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    close: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGCONT');
      child.kill('SIGKILL');
      await exited;
    },
  };
}
