import { readFile } from 'node:fs/promises';
import { startOwnRedisServer } from '../../tests/helpers/own-redis-server.js';
import { startProductionServer } from '../../tests/helpers/production-server.js';
import { percentile } from '../support.js';

export interface StallPhase {
  name: 'before' | 'stalled' | 'after';
  requests: number;
  failures: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  rssMiB: number;
}

/**
 * The production server counting its limits in a Redis of its own, which is stopped (SIGSTOP: connected,
 * answering nothing) for `seconds` and then resumed. Eight clients keep it busy throughout while one
 * more, from an address of its own, is measured one request after another: before, during and after.
 */
export async function runRedisStall(seconds: number): Promise<StallPhase[]> {
  const redis = await startOwnRedisServer();
  const server = await startProductionServer({ env: { REDIS_URL: redis.url, SEED_DEMO_CATALOG: 'false', TRUST_PROXY: '127.0.0.1', RATE_LIMIT_READS_PER_MINUTE: '100000000' } });
  /** The resident memory of the server process, in MiB (Linux). */
  const rssMiB = async () => Number(/VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  try {
    const paths = ['/api/labels', '/api/config', '/api/health'];
    const send = async (address: string) => {
      const started = performance.now();
      const res = await fetch(`${server.url}${paths[Math.floor(Math.random() * paths.length)]}`, { headers: { 'x-forwarded-for': address } }).then(
        async (r) => (await r.arrayBuffer(), r.status),
        () => 0,
      );
      return { ms: performance.now() - started, isFailure: res === 0 || res >= 500 };
    };
    let until = 0;
    let running = true;
    const background = Array.from({ length: 8 }, async (_, i) => {
      while (running) await send(`10.20.0.${i + 1}`);
    });
    const measure = async (name: StallPhase['name'], phaseSeconds: number): Promise<StallPhase> => {
      const latencies: number[] = [];
      let failures = 0;
      until = performance.now() + phaseSeconds * 1000;
      while (performance.now() < until) {
        const { ms, isFailure } = await send('10.30.0.1');
        latencies.push(ms);
        if (isFailure) failures += 1;
      }
      latencies.sort((a, b) => a - b);
      return {
        name,
        requests: latencies.length,
        failures,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        maxMs: latencies.at(-1) ?? Number.NaN,
        rssMiB: await rssMiB(),
      };
    };
    // Warm-up: the JIT and the server's first allocations settle before the quiet figures are taken.
    await measure('before', 5);
    const phases = [await measure('before', seconds)];
    redis.pause();
    phases.push(await measure('stalled', seconds));
    redis.resume();
    phases.push(await measure('after', seconds));
    running = false;
    await Promise.all(background);
    return phases;
  } finally {
    await server.stop();
    await redis.close();
  }
}
