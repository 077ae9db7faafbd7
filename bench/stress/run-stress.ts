import { execFileSync, spawnSync } from 'node:child_process';
import { fmt, heading, postgresServerUrl, postgresUnreachable, printTable, type BackendKind } from '../support.js';
import { runCrashSafety, type Crash, type CrashSafetyResult } from './crash-safety.js';
import { runEmailDelivery, type EmailDeliveryResult } from './email-delivery.js';
import { runOneAddressFloods, runPageFlood, runRenderFlood, type FloodResult, type HeapFigures } from './one-address-flood.js';
import { runRedisStall } from './redis-stall.js';
import { runSlowReaders, slowReaders } from './slow-readers.js';
import { runSoak } from './soak.js';
import { isEveryFileHandled, rssGrowthGoalMiB, runUploadBombs, type UploadBombResult } from './upload-bomb.js';

// `npm run stress`: what no test run can afford. Contract fuzzing at 10,000 cases, crash safety of
// acknowledged writes under SIGKILL (and PostgreSQL crashes), a soak at saturation, a Redis that stalls, upload bombs and
// slow readers of a large original (upload-bomb.ts, slow-readers.ts: issue 32, rows 1 and 3). Builds
// first when the build is missing or stale (scripts/ensure-build.mjs); the PostgreSQL parts need the local server (BENCH_DATABASE_URL);
// crashing PostgreSQL restarts the local cluster, so run it when nothing else uses it.
// `npm run stress -- fuzz crash email soak flood page-flood render-flood redis-stall upload-bomb slow-readers` runs only those
// named (`page-flood` and `render-flood` are the first and the last of `flood`'s floods alone; the whole run leaves them out).

execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
const parts = process.argv.slice(2);
const wants = (part: string) => (parts.length === 0 && part !== 'page-flood' && part !== 'render-flood') || parts.includes(part);
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

/** The floods' figures, one row each, and what their caches keep; answers whether each met its goals. */
function printFloods(floods: FloodResult[]): boolean {
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
  return floods.every(isMet);
}

if (wants('flood')) {
  heading('One address floods (pages with distinct query strings; uncached catalog reads; large ones; pictures drawn on request), a second is measured (PGlite, demo catalog, production limits)');
  if (!printFloods(await runOneAddressFloods())) failed = true;
}

if (wants('render-flood')) {
  heading("One address asks for pictures never drawn (share cards, WebP copies), a second is measured (PGlite, demo catalog, production limits): issue 32, row 10");
  if (!printFloods([await runRenderFlood()])) failed = true;
}

if (wants('page-flood')) {
  heading('One address floods pages past its read limit, a second is measured (PGlite, demo catalog, production limits): issue 37, refusals before routing');
  const f = await runPageFlood();
  const isMet = f.floodP95Ms <= 3 * f.quietP95Ms;
  printTable(
    ['flood requests', 'flood answers', 'quiet p50/p95/p99 ms', 'flooded p50/p95/p99 ms', 'visitor non-200', 'goal'],
    [
      [
        String(f.floodRequests),
        Object.entries(f.floodStatuses).map(([status, n]) => `${status}: ${n}`).join(', '),
        `${fmt(f.quietP50Ms)} / ${fmt(f.quietP95Ms)} / ${fmt(f.quietP99Ms)}`,
        `${fmt(f.floodP50Ms)} / ${fmt(f.floodP95Ms)} / ${fmt(f.floodP99Ms)}`,
        String(f.visitorFailures),
        `${isMet ? 'met' : 'MISSED'} (flooded p95 <= 3x quiet: ${fmt(f.floodP95Ms / f.quietP95Ms)}x)`,
      ],
    ],
  );
  if (!isMet) failed = true;
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

if (wants('upload-bomb')) {
  heading('Upload bombs (issue 32, row 1): FLAC, MP3 and a zip that decode or inflate to far more than they weigh, uploaded by staff, each job followed to its end');
  const results: UploadBombResult[] = [await runUploadBombs('pglite')];
  const unreachable = await postgresUnreachable();
  if (unreachable) console.log(`PostgreSQL skipped: ${unreachable}`);
  else results.push(await runUploadBombs('postgres'));
  const size = (bytes: number) => (bytes < 1e6 ? `${fmt(bytes / 1e3, 0)} kB` : `${fmt(bytes / 1e6, 1)} MB`);
  for (const r of results) {
    console.log(`\n${r.database}:`);
    printTable(
      ['file', 'sent as', 'size', 'expected', 'answer', 'ended', 'reason, or the job\'s message', 'seconds', 'RSS before MiB', 'RSS peak MiB'],
      r.outcomes.map((o) => [o.file.label, o.file.name, size(o.file.bytes), o.file.expected, o.answer, o.ended, o.reason, fmt(o.seconds), fmt(o.rssBeforeMiB), fmt(o.rssPeakMiB)]),
    );
    const growth = r.rssPeakMiB - r.rssBeforeMiB;
    const isHandled = isEveryFileHandled(r);
    console.log(
      `${r.database}: server ${r.isAlive ? 'alive (/api/health 200 after)' : 'NOT ALIVE'}; RSS ${fmt(r.rssBeforeMiB)} → peak ${fmt(r.rssPeakMiB)} → ${fmt(r.rssAfterMiB)} MiB, ` +
        `peak - before ${fmt(growth)} MiB (goal <= ${rssGrowthGoalMiB}); ${r.outcomes.length}/${r.files} files answered, ` +
        `${isHandled ? 'every one past the limits refused or failed with a reason, every one within them cut' : 'NOT every file refused or failed with a reason (or cut, within the limits)'}: ` +
        `${r.isAlive && growth <= rssGrowthGoalMiB && isHandled ? 'met' : 'MISSED'}`,
    );
    if (!r.isAlive) console.log(`The server's last output:\n${r.lastOutput}`);
    if (!r.isAlive || growth > rssGrowthGoalMiB || !isHandled) failed = true;
  }
}

if (wants('slow-readers')) {
  heading(`Slow readers (issue 32, row 3): ${slowReaders} connections from one address read a 23.5 MB cover original a chunk a second, without logging in (PGlite)`);
  const r = await runSlowReaders();
  const answered = Object.entries(r.statuses).map(([status, n]) => `${status}: ${n}`).join(', ');
  printTable(
    ['cover', 'answers', 'read in all', 'RSS before MiB', 'RSS peak MiB', 'RSS after MiB', 'peak - before MiB', 'server after'],
    [[`${fmt(r.coverBytes / 1e6)} MB`, answered, `${fmt(r.bytesRead / 1e6)} MB`, fmt(r.rssBeforeMiB), fmt(r.rssPeakMiB), fmt(r.rssAfterMiB), fmt(r.rssPeakMiB - r.rssBeforeMiB), r.isAlive ? 'alive' : 'NOT ALIVE']],
  );
  // Decision 0089: at most 4 large files stream to one address at once; the rest are answered 429.
  const isBounded = (r.statuses['200'] ?? 0) <= 4 && (r.statuses['200'] ?? 0) + (r.statuses['429'] ?? 0) === slowReaders;
  console.log(`${isBounded ? 'met' : 'MISSED'}: at most 4 answered 200 and the rest 429 (decision 0089); the server alive after: ${r.isAlive ? 'met' : 'MISSED'}`);
  if (!isBounded || !r.isAlive) failed = true;
}

process.exitCode = failed ? 1 : 0;
