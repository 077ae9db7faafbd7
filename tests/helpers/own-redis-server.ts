import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';

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

/** Whether `child` answers PING on `url` before it exits (a port already taken ends it at once). */
async function answers(child: ChildProcess, url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // Refused until it listens: each try's error is the answer, not an event to report.
  probe.on('error', () => undefined);
  try {
    for (let attempt = 0; attempt < 200 && child.exitCode === null; attempt += 1) {
      const answered = await probe.connect().then(
        () => probe.ping().then(() => true),
        () => false,
      );
      if (answered) return true;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * `redis-server` on loopback, keeping nothing on disk; resolves once it answers. Like nginx
 * (tests/e2e-helpers/load-balancer.ts), it cannot be told to take a port the system chooses and say which:
 * it takes one at random, and another when that one is taken.
 */
export async function startOwnRedisServer(): Promise<OwnRedisServer> {
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const port = randomInt(20_000, 60_000);
    const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const url = `redis://127.0.0.1:${port}`;
    if (!(await answers(child, url))) {
      child.kill('SIGKILL');
      await exited;
      continue;
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
  throw new Error('redis-server found no free port in 5 attempts');
}
