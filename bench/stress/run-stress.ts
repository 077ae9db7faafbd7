import { spawnSync } from 'node:child_process';
import { fmt, heading, postgresServerUrl, postgresUnreachable, printTable } from '../support.js';
import { runCrashSafety, type CrashSafetyResult } from './crash-safety.js';
import { runEmailDelivery, type EmailDeliveryResult } from './email-delivery.js';
import { runSoak } from './soak.js';

// `npm run stress`: what no test run can afford. Contract fuzzing at 10,000 cases, crash safety of
// acknowledged writes under SIGKILL (and PostgreSQL crashes), and a soak at saturation. Needs the
// production build (`npm run build`) and, for the PostgreSQL parts, the local server (BENCH_DATABASE_URL);
// crashing PostgreSQL restarts the local cluster, so run it when nothing else uses it.
// `npm run stress -- fuzz crash email soak` runs only those named.

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
  const results: CrashSafetyResult[] = [await runCrashSafety('pglite', 'server', 1000)];
  const unreachable = await postgresUnreachable();
  if (unreachable) console.log(`PostgreSQL skipped: ${unreachable}`);
  else results.push(await runCrashSafety('postgres', 'server', 1000), await runCrashSafety('postgres', 'database', 1000));
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
  const growth = (soak.rssAfterMiB / soak.rssAfterWarmUpMiB - 1) * 100;
  printTable(
    ['requests', '5xx', 'network errors', 'p99 ms', 'RSS after warm-up MiB', 'RSS after MiB', 'growth'],
    [[String(soak.requests), String(soak.fiveHundreds), String(soak.networkErrors), fmt(soak.p99Ms), fmt(soak.rssAfterWarmUpMiB), fmt(soak.rssAfterMiB), `${fmt(growth)}% (goal <= 10%)`]],
  );
  if (soak.fiveHundreds > 0 || soak.networkErrors > 0 || growth > 10) failed = true;
}

process.exitCode = failed ? 1 : 0;
