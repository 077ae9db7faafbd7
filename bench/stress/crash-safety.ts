import { execFileSync } from 'node:child_process';
import { setMaxListeners } from 'node:events';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, queryRows } from '../../src/server/db/client.js';
import { aDemoArtist, aDemoTrack } from '../../tests/helpers/demo-builders.js';
import { startProductionServer } from '../../tests/helpers/production-server.js';
import { createPostgresDatabase, type BackendKind } from '../support.js';

export interface CrashSafetyResult {
  database: string;
  submissions: number;
  kills: number;
  acknowledged: number;
  stored: number;
  lost: number;
  duplicated: number;
  seconds: number;
}

/** How the run crashes things: the server (SIGKILL), or PostgreSQL itself (`stop -m immediate`). */
export type Crash = 'server' | 'database';

const random = (min: number, max: number) => min + Math.random() * (max - min);

/**
 * How long the run may go without a new acknowledgement before it gives up: a restart takes seconds
 * (a failed one is reported by startProductionServer within its own 60 s), and a server that is up but
 * answers nothing but errors must end the run too, not keep its clients retrying for ever.
 */
const stallLimitMs = 90_000;
/** One attempt's longest wait for an answer: a server that hangs is as good as down for the retry. */
const attemptTimeoutMs = 30_000;
/**
 * Acknowledgements the run waits for after each crash before the next one may come. Without them, on a
 * busy machine a server that needs seconds to restart and to warm up was killed again before it had
 * answered anything: 490 submissions in the first 10 s, then one every 10 s (a run of hours).
 */
const acknowledgedBetweenCrashes = 20;
/** Clients submitting at once, each retrying its submission until it is acknowledged. */
const clients = 20;

function demoBody(i: number) {
  const email = `artist${i}@stress.example`;
  const artist = aDemoArtist({ fullName: `Stress Artist ${i}`, name: `Stress ${i}`, email });
  const track = aDemoTrack({ name: `Take ${i}`, soundCloudPrivateLink: `https://soundcloud.com/stress/take-${i}/s-Abc${i}xyz` });
  return { email, body: JSON.stringify({ label: 'deep', artist, track, termsAccepted: true }) };
}

/** Restarts the local PostgreSQL cluster the hard way: no checkpoint, no goodbye to its clients. */
function crashPostgres(): void {
  const version = readdirSync('/etc/postgresql')[0] as string;
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'stop', '-m', 'immediate'], { stdio: 'ignore' });
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'ignore' });
}

/**
 * `count` demo submissions, each with its own Idempotency-Key, from clients that retry until they get
 * an answer, while the server (or PostgreSQL) is crashed at random moments and started again. Then
 * every acknowledged submission must be stored exactly once.
 */
export async function runCrashSafety(kind: BackendKind, crash: Crash, count: number): Promise<CrashSafetyResult> {
  const startedAt = Date.now();
  const dataDir = kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'bir-stress-')) : undefined;
  const postgres = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  // Started again on the same data (a port of its own each time); no demo catalog to slow it down.
  const env: Record<string, string> = { TRUST_PROXY: '127.0.0.1', JWT_SECRET: 'stress-'.repeat(8), SEED_DEMO_CATALOG: 'false' };
  if (dataDir) env.DATA_DIR = dataDir;
  if (postgres) env.DATABASE_URL = postgres.url;
  let server = await startProductionServer({ env });

  const acknowledged = new Set<string>();
  let next = 0;
  let done = false;
  let kills = 0;
  // Ends every client and the crasher at once, with the reason the run failed.
  const failure = new AbortController();
  // Each client's pause between attempts listens on it.
  setMaxListeners(clients + 1, failure.signal);
  const fail = (err: unknown) => {
    done = true;
    if (!failure.signal.aborted) failure.abort(new Error(`crash safety (${kind}, ${crash} crashes): ${err instanceof Error ? err.message : String(err)}`));
  };
  let lastAcknowledgedAt = Date.now();
  const watchdog = setInterval(() => {
    const quietMs = Date.now() - lastAcknowledgedAt;
    console.log(`  ${acknowledged.size}/${count} acknowledged, ${kills} crashes`);
    if (quietMs > stallLimitMs) {
      fail(new Error(`no submission acknowledged for ${Math.round(quietMs / 1000)} s after crash ${kills}; the server's last output:\n${server.output()}`));
    }
  }, 10_000);

  async function client(): Promise<void> {
    for (let i = next++; i < count; i = next++) {
      const { email, body } = demoBody(i);
      const headers = {
        'content-type': 'application/json',
        'idempotency-key': `stress-${i}`,
        'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      };
      for (;;) {
        failure.signal.throwIfAborted();
        // A signal of its own per attempt: fetch never lets go of the listener it adds to one it is given.
        const signal = AbortSignal.timeout(attemptTimeoutMs);
        const status = await fetch(`${server.url}/api/submit-demo`, { method: 'POST', headers, body, signal }).then(
          (res) => res.status,
          () => 0,
        );
        if (status === 201) {
          acknowledged.add(email);
          lastAcknowledgedAt = Date.now();
          break;
        }
        if (status !== 0 && status < 500) throw new Error(`submission ${i} refused with ${status}`);
        await delay(random(20, 100), undefined, { signal: failure.signal });
      }
    }
  }

  // A server restarts in a second or so and is crashed all run long. PostgreSQL takes longer to come
  // back, and every crash breaks every pooled connection: five crashes, a few seconds apart.
  const [minGap, maxGap, maxCrashes] = crash === 'server' ? [300, 1500, Infinity] : [2000, 4000, 5];
  // The first crash comes while the first half of the submissions is under way, however fast the
  // server is: a run that ends before its first crash would prove nothing. Each later one, once the
  // server is back and acknowledging, at a random moment of that work.
  const firstCrashAt = Math.floor(random(count / 20, count / 2));
  async function crasher(): Promise<void> {
    while (!done && kills < maxCrashes) {
      const crashAt = kills === 0 ? firstCrashAt : acknowledged.size + acknowledgedBetweenCrashes;
      while (!done && acknowledged.size < crashAt) await delay(10);
      if (kills > 0) await delay(random(minGap, maxGap));
      if (done) break;
      kills += 1;
      if (crash === 'server') {
        await server.kill();
        server = await startProductionServer({ env }).catch((err: Error) => {
          throw new Error(`the server did not come back after crash ${kills}: ${err.message}`);
        });
      } else {
        crashPostgres();
      }
    }
  }

  // The first error of a client, the crasher or the watchdog ends them all, and is the one reported.
  const crashing = crasher().catch(fail);
  await Promise.all(Array.from({ length: clients }, () => client().catch(fail)));
  done = true;
  clearInterval(watchdog);
  await crashing;
  if (failure.signal.aborted) {
    await server.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
    throw failure.signal.reason;
  }
  await server.stop();

  const rows = await storedEmails(kind, dataDir, postgres?.url);
  const counts = new Map<string, number>();
  for (const email of rows) counts.set(email, (counts.get(email) ?? 0) + 1);
  const result: CrashSafetyResult = {
    database: kind === 'pglite' ? 'PGlite' : crash === 'database' ? 'PostgreSQL (database crashed)' : 'PostgreSQL',
    submissions: count,
    kills,
    acknowledged: acknowledged.size,
    stored: [...acknowledged].filter((email) => counts.has(email)).length,
    lost: [...acknowledged].filter((email) => !counts.has(email)).length,
    duplicated: [...counts.values()].filter((n) => n > 1).length,
    seconds: (Date.now() - startedAt) / 1000,
  };
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await postgres?.drop();
  return result;
}

async function storedEmails(kind: BackendKind, dataDir: string | undefined, url: string | undefined): Promise<string[]> {
  const database = kind === 'pglite' ? await openPglite(join(dataDir as string, 'pgdata')) : await openPostgres(url as string);
  try {
    const rows = await queryRows<{ contact_email: string }>(database.db, sql`select contact_email from demo_submissions`);
    return rows.map((row) => row.contact_email);
  } finally {
    await database.close();
  }
}
