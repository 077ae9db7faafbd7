import { execFileSync, spawnSync } from 'node:child_process';
import { fmt, heading, postgresServerUrl, postgresUnreachable, printTable, type BackendKind } from '../support.js';
import { runCrashSafety, type Crash, type CrashSafetyResult } from './crash-safety.js';
import { runEmailDelivery, type EmailDeliveryResult } from './email-delivery.js';
import { runOneAddressFloods, type FloodResult, type HeapFigures } from './one-address-flood.js';
import { runRedisStall } from './redis-stall.js';
import { runSoak } from './soak.js';

// `npm run stress`: what no test run can afford. Contract fuzzing at 10,000 cases, crash safety of
// acknowledged writes under SIGKILL (and PostgreSQL crashes), a soak at saturation, and a Redis that stalls. Builds
// first when the build is missing or stale (scripts/ensure-build.mjs); the PostgreSQL parts need the local server (BENCH_DATABASE_URL);
// crashing PostgreSQL restarts the local cluster, so run it when nothing else uses it.
// `npm run stress -- fuzz crash email soak flood redis-stall` runs only those named.

execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
const parts = process.argv.slice(2);
const wants = (part: string) => parts.length === 0 || parts.includes(part);
let failed = false;

if (wants('fuzz')) {
  heading('Contract fuzzing: 265 requests per endpoint, over 10,000 per database');
  const fuzz = spawnSync('npx', ['vitest', 'run', 'tests/api/contract-fuzz-api.test.ts'], {
    stdio: 'inherit',
    env: { ...process.env, FUZZ_RUNS: '265', TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? postgresServerUrl },
  });
  if (fuzz.status !== 0) failed = true;
  console.log(fuzz.status === 0 ? 'fuzzing: 0 five-hundreds, every answer as documented' : 'fuzzing FAILED (see above)');
}

if (wants('crash')) {
  heading('Crash safety: 1,000 demo submissions with Idempotency-Key, retried until acknowledged');
  const runs: [BackendKind, Crash][] = [['pglite', 'server']];
  const unreachable = await postgresUnreachable();
  if (unreachable) console.log(`PostgreSQL skipped: ${unreachable}`);
  else runs.push(['postgres', 'server'], ['postgres', 'database']);
  const results: CrashSafetyResult[] = [];
  for (const [kind, crash] of runs) {
    // A server that does not come back, or stops acknowledging, ends its run with the reason (crash-safety.ts).
    await runCrashSafety(kind, crash, 1000).then(
      (result) => results.push(result),
      (err: Error) => {
        console.log(`FAILED: ${err.message}`);
        failed = true;
      },
    );
  }
  printTable(
    ['database', 'crashes', 'acknowledged', 'stored', 'lost', 'duplicated', 'seconds'],
    results.map((r) => [r.database, String(r.kills), String(r.acknowledged), String(r.stored), String(r.lost), String(r.duplicated), fmt(r.seconds)]),
  );
  if (results.some((r) => r.kills === 0 || r.lost > 0 || r.duplicated > 0 || r.acknowledged !== r.submissions)) failed = true;
}

if (wants('email')) {
  heading('Email: 1,000 demo receipts through an SMTP server that drops 20% of its connections');
  const results: EmailDeliveryResult[] = [await runEmailDelivery('pglite', 1000)];
  const unreachable = await postgresUnreachable();
  if (unreachable) console.log(`PostgreSQL skipped: ${unreachable}`);
  else results.push(await runEmailDelivery('postgres', 1000));
  printTable(
    ['database', 'submissions', 'connections dropped', 'receipts', 'delivered', 'lost', 'duplicated', 'copies after cuts', 'seconds'],
    results.map((r) => [r.database, String(r.submissions), String(r.dropped), String(r.written), String(r.delivered), String(r.lost), String(r.duplicated), String(r.copiesAfterCuts), fmt(r.seconds)]),
  );
  console.log('copies after cuts: the data arrived but the connection was cut before the answer; the retry repeats the Message-ID for the receiver to drop.');
  if (results.some((r) => r.lost > 0 || r.duplicated > 0 || r.written !== r.submissions)) failed = true;
}

if (wants('soak')) {
  heading('Soak: 60 s of mixed reads and writes from 50 connections (PGlite, demo catalog)');
  const soak = await runSoak(60);
  const growth = (soak.rssAfterCollectedMiB / soak.rssAfterWarmUpMiB - 1) * 100;
  printTable(
    ['requests', '5xx', 'network errors', 'p99 ms', 'RSS after warm-up, GC MiB', 'RSS after, as left MiB', 'RSS after, GC MiB', 'growth after GC'],
    [
      [
        String(soak.requests),
        String(soak.fiveHundreds),
        String(soak.networkErrors),
        fmt(soak.p99Ms),
        fmt(soak.rssAfterWarmUpMiB),
        fmt(soak.rssAfterMiB),
        fmt(soak.rssAfterCollectedMiB),
        `${fmt(growth)}% (goal <= 10%)`,
      ],
    ],
  );
  if (soak.fiveHundreds > 0 || soak.networkErrors > 0 || growth > 10) failed = true;
}

if (wants('flood')) {
  heading('One address floods (pages with distinct query strings; uncached catalog reads; large ones; pictures drawn on request), a second is measured (PGlite, demo catalog, production limits)');
  const floods = await runOneAddressFloods();
  const isMet = (f: FloodResult) => f.floodP99Ms <= 2 * f.quietP99Ms && f.rssAfterCollectedMiB <= 1.1 * f.rssBeforeMiB;
  const heap = (h: HeapFigures) => `${fmt(h.usedMiB)}/${fmt(h.totalMiB)}/${fmt(h.externalMiB)}`;
  printTable(
    ['flood', 'flood requests', 'flood answers', 'quiet p50/p99/max ms', 'flooded p50/p99/max ms', 'visitor non-200', 'RSS before/during/after/after GC MiB', 'heap used/total/external before → after → after GC MiB', "workers' heaps used before → after → after GC MiB", 'goals'],
    floods.map((f) => [
      f.flood,
      String(f.floodRequests),
      Object.entries(f.floodStatuses).map(([status, n]) => `${status}: ${n}`).join(', '),
      `${fmt(f.quietP50Ms)} / ${fmt(f.quietP99Ms)} / ${fmt(f.quietMaxMs)}`,
      `${fmt(f.floodP50Ms)} / ${fmt(f.floodP99Ms)} / ${fmt(f.floodMaxMs)}`,
      String(f.visitorFailures),
      `${fmt(f.rssBeforeMiB)} / ${fmt(f.rssDuringMiB)} / ${fmt(f.rssAfterMiB)} / ${fmt(f.rssAfterCollectedMiB)}`,
      `${heap(f.heapBefore)} → ${heap(f.heapAfter)} → ${heap(f.heapAfterCollected)}`,
      [f.workerHeapsBeforeMiB, f.workerHeapsAfterMiB, f.workerHeapsAfterCollectedMiB].map((heaps) => heaps.map((m) => fmt(m)).join(' + ')).join(' → '),
      `${isMet(f) ? 'met' : 'MISSED'} (p99 <= 2x quiet, RSS after GC <= 1.1x before)`,
    ]),
  );
  console.log("What the caches keep (MiB, by their bounds' measure) before → after, as the flood left it:");
  for (const f of floods) console.log(`  ${f.flood}: ${Object.keys(f.heapAfter.cachesMiB).map((cache) => `${cache} ${fmt(f.heapBefore.cachesMiB[cache] ?? 0)} → ${fmt(f.heapAfter.cachesMiB[cache] ?? 0)}`).join(', ')}`);
  if (!floods.every(isMet)) failed = true;
}

if (wants('redis-stall')) {
  heading('Redis stalled (SIGSTOP on a Redis of its own) for 15 s under 8 busy clients: a ninth address measured');
  const phases = await runRedisStall(15);
  const quiet = phases[0]!;
  printTable(
    ['phase', 'requests', 'failures', 'p50 ms', 'p99 ms', 'max ms', 'RSS MiB'],
    phases.map((p) => [p.name, String(p.requests), String(p.failures), fmt(p.p50Ms), fmt(p.p99Ms), fmt(p.maxMs), fmt(p.rssMiB)]),
  );
  const worstP99 = Math.max(...phases.map((p) => p.p99Ms));
  const rssGrowth = (phases.at(-1)!.rssMiB / quiet.rssMiB - 1) * 100;
  console.log(`p99 at worst ${fmt(worstP99 / quiet.p99Ms, 2)}x the quiet one (goal <= 2x); RSS after ${fmt(rssGrowth)}% from before (goal within 10%)`);
  if (phases.some((p) => p.failures > 0) || worstP99 > 2 * quiet.p99Ms || Math.abs(rssGrowth) > 10) failed = true;
}

process.exitCode = failed ? 1 : 0;
