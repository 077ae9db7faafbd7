import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBackups } from '../../src/shared/api/admin-backups.js';
import type { ImportJob } from '../../src/shared/api/admin-import.js';
import { openPostgres } from '../../src/server/db/client.js';
import { e2eAdmin, e2eAdminEnv } from '../e2e-helpers/admin-session.js';
import { e2eLimits } from '../e2e-helpers/limits.js';
import { distributorExportPath } from '../helpers/fixtures.js';
import { hasPostgresBinaries, startOwnPostgresCluster, type OwnPostgresCluster } from '../helpers/own-postgres-cluster.js';
import { startProductionServer, type ProductionServer } from '../helpers/production-server.js';

// Issue 32, row 2: a PostgreSQL restart (`pg_ctl -m fast restart`) while the server works ended the
// process ("Unhandled 'error' event"). The built server runs on a cluster of this test's own, which is
// restarted while an import's transaction is open and while a scheduled backup's pg_dump runs. The
// restart is made to land inside that work, not around it: a transaction of the test's own holds a lock
// the work waits for, seen waiting in pg_locks, and the restart ends both. What an operator would see
// is asserted: the process still answering, the job's status, the backup's result, the log.

// CI has the server binaries (.ci/run uses the local PostgreSQL), so there it must run.
if (!hasPostgresBinaries && process.env.CI) throw new Error('The PostgreSQL restart test needs PostgreSQL server binaries under /usr/lib/postgresql');

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

interface RunningServer {
  server: ProductionServer;
  /** An admin token of the staff account. */
  token: string;
  /** Its JSON log lines since it said where it listens. */
  log(): LogLine[];
  /** Everything it printed since then, JSON or not (Node's own last words go to stderr). */
  text(): string;
  isAlive(): boolean;
  get(path: string): Promise<Response>;
}

describe.skipIf(!hasPostgresBinaries)('the server while its PostgreSQL restarts (pg_ctl -m fast restart)', () => {
  let cluster: OwnPostgresCluster;
  const backupDir = mkdtempSync(join(tmpdir(), 'bir-restart-backups-'));
  const jwtSecret = randomBytes(32).toString('hex');

  beforeAll(async () => {
    cluster = await startOwnPostgresCluster();
    const database = await openPostgres(cluster.url);
    await database.migrate();
    await database.close();
  }, 60_000);
  afterAll(async () => {
    await cluster?.remove();
    rmSync(backupDir, { recursive: true, force: true });
  });

  async function startServer(env: Record<string, string>): Promise<RunningServer> {
    const server = await startProductionServer({ env: { ...e2eLimits, ...e2eAdminEnv, DATABASE_URL: cluster.url, JWT_SECRET: jwtSecret, SEED_DEMO_CATALOG: 'false', ...env } });
    // The helper keeps only the last of the output; request lines would push out the ones asserted here.
    let text = '';
    server.process.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    server.process.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const token = await logIn(server.url).catch(async (err: unknown) => {
      await server.stop();
      throw err;
    });
    return {
      server,
      token,
      text: () => text,
      log: () =>
        text
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as LogLine),
      isAlive: () => server.process.exitCode === null && server.process.signalCode === null,
      get: (path) => fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } }),
    };
  }

  async function logIn(url: string): Promise<string> {
    const res = await fetch(`${url}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(e2eAdmin) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  }

  /** A connection of the test's own, in a transaction that holds `lock` until it ends (the restart ends it). */
  async function holdLock(lock: string): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: cluster.url });
    client.on('error', () => undefined);
    await client.connect();
    await client.query('begin');
    await client.query(lock);
    return client;
  }

  /**
   * The application names of the sessions waiting for a lock on `table`, asked on a connection of its
   * own: within the holder's transaction pg_stat_activity would answer the snapshot of its first look.
   */
  async function waitingFor(table: string): Promise<string[]> {
    const observer = new pg.Client({ connectionString: cluster.url });
    await observer.connect();
    try {
      const { rows } = await observer.query<{ name: string }>(
        'select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and l.relation = $1::regclass',
        [table],
      );
      return rows.map((row) => row.name);
    } finally {
      await observer.end();
    }
  }

  /** Asks for `path` until `isThere` holds of its JSON `data`; answers 503 while the database is away are passed over. */
  async function reaches<T>(running: RunningServer, path: string, isThere: (data: T) => boolean, timeout = 30_000): Promise<T> {
    let data: T | undefined;
    await expect
      .poll(
        async () => {
          const res = await running.get(path);
          if (res.status !== 200) return false;
          data = ((await res.json()) as { data: T }).data;
          return isThere(data);
        },
        { timeout, interval: 50 },
      )
      .toBe(true);
    return data as T;
  }

  async function uploadCatalog(running: RunningServer): Promise<ImportJob> {
    const form = new FormData();
    form.append('file', new Blob([readFileSync(distributorExportPath)], { type: 'text/csv' }), 'inventory.csv');
    const res = await fetch(`${running.server.url}/api/admin/import-catalog`, { method: 'POST', headers: { Authorization: `Bearer ${running.token}` }, body: form });
    expect(res.status, await res.clone().text()).toBe(202);
    return ((await res.json()) as { job: ImportJob }).job;
  }

  /**
   * Restarts the cluster while an admin reads the backups panel (a database read on every request)
   * back to back; answers what each read got: 503 with Retry-After while the database is away, the
   * answer a load balancer tries elsewhere or later, never a 500.
   */
  async function restartWhileReading(running: RunningServer): Promise<(number | string)[]> {
    const seen: (number | string)[] = [];
    const read = async () => {
      const res = await running.get('/api/admin/backups').catch(() => undefined);
      seen.push(res === undefined ? 'no answer' : res.status === 503 ? `503, Retry-After ${res.headers.get('retry-after')}` : res.status);
      await res?.arrayBuffer();
    };
    // One answer before the restart begins, then reads until it has ended.
    await read();
    let isRestarting = true;
    const reading = (async () => {
      while (isRestarting) await read();
    })();
    try {
      await cluster.restart();
    } finally {
      isRestarting = false;
      await reading;
    }
    return seen;
  }

  /** The answers `restartWhileReading` saw: 200 before, then only 200 and 503 with Retry-After, at least one 503. */
  function expectOnly200And503(seen: (number | string)[]): void {
    expect(seen[0]).toBe(200);
    expect(seen.filter((answer) => answer !== 200 && answer !== '503, Retry-After 5')).toEqual([]);
    expect(seen).toContain('503, Retry-After 5');
  }

  /** What every test asserts once the database is back: the process lives, answers ready, and said nothing of an unhandled event. */
  async function expectAlive(running: RunningServer): Promise<void> {
    const ready = async () => (running.isAlive() ? await fetch(`${running.server.url}/api/ready`).then((res) => res.status, () => 'no answer') : 'exited');
    await expect.poll(ready, { timeout: 20_000, interval: 50 }).toSatisfy((status) => status === 200 || status === 'exited');
    // Its last words, when it died: Node's "Unhandled 'error' event", or the process's last line.
    expect(running.isAlive(), running.text().slice(-4_000)).toBe(true);
    expect((await fetch(`${running.server.url}/api/health`)).status).toBe(200);
    expect(running.text()).not.toMatch(/Unhandled 'error' event|"msg":"(uncaught exception|unhandled rejection)/);
  }

  it('runs an import whose transaction the restart ended again, to the end, and imports the next one', async () => {
    const running = await startServer({ IMPORT_JOB_LEASE_MS: '3000', IMPORT_JOB_POLL_MS: '200' });
    // The import writes every row, then waits in its transaction to store its activity entry.
    const holder = await holdLock('lock table activity_log in share mode');
    try {
      const job = await uploadCatalog(running);
      expect(job.status).toBe('running');
      const settled = await reaches<ImportJob>(running, `/api/admin/import-jobs/${job.id}`, (j) => j.total > 0 && j.done === j.total);
      expect(settled.status).toBe('running');
      await expect.poll(() => waitingFor('activity_log'), { timeout: 10_000, interval: 20 }).toHaveLength(1);

      expectOnly200And503(await restartWhileReading(running));
      await expectAlive(running);
      // Not failed for a lost connection: its lease runs out and it runs again, from its stored file.
      const finished = await reaches<ImportJob>(running, `/api/admin/import-jobs/${job.id}`, (j) => j.status !== 'running');
      expect(finished).toMatchObject({ status: 'succeeded', done: 544, total: 544, message: null, report: { rows: 544, totalReleasesImported: 278 } });
      const lines = running.log();
      expect(lines.find((line) => line.msg.startsWith('import job interrupted')), running.text()).toMatchObject({ level: 40, jobId: job.id });
      expect(lines.find((line) => line.msg === 'import job taken over')).toMatchObject({ jobId: job.id, attempt: 2 });

      // Nothing of the first run is left behind: the next import runs at once and changes nothing.
      const next = await uploadCatalog(running);
      const again = await reaches<ImportJob>(running, `/api/admin/import-jobs/${next.id}`, (j) => j.status !== 'running');
      expect(again).toMatchObject({ status: 'succeeded', report: { rows: 544, created: { releases: 0, tracks: 0, artists: 0 } } });
      expect(running.isAlive()).toBe(true);
    } finally {
      // Ended by the restart; otherwise (a failure before it) its lock would hold the import, and the server's stop.
      await holder.end();
      await running.server.stop();
    }
  });

  it("fails a scheduled backup whose pg_dump the restart ended, with pg_dump's reason, and makes it again", async () => {
    // The schedule's last backup an hour ago: the next is due as soon as the server starts.
    const setup = new pg.Client({ connectionString: cluster.url });
    await setup.connect();
    await setup.query(
      "insert into backups (trigger, started_at, finished_at, file_name, size_bytes) values ('schedule', now() - interval '1 hour', now() - interval '1 hour', 'backup-earlier.tar', 1)",
    );
    await setup.end();
    // pg_dump locks every table it dumps before it reads any: it waits here.
    const holder = await holdLock('lock table stripe_events in access exclusive mode');
    const running = await startServer({ BACKUP_SCHEDULE: 'hourly', BACKUP_DIR: backupDir });
    try {
      await expect.poll(() => waitingFor('stripe_events'), { timeout: 20_000, interval: 20 }).toEqual(['pg_dump']);

      expectOnly200And503(await restartWhileReading(running));
      await expectAlive(running);
      const failed = () => running.log().find((line) => line.msg === 'scheduled backup failed') as (LogLine & { err: { message: string }; retryInMs: number }) | undefined;
      await expect.poll(failed, { timeout: 20_000 }).toBeDefined();
      expect(failed()?.err.message).toMatch(/^pg_dump failed: .*(terminating connection due to administrator command|server closed the connection unexpectedly)/s);
      expect(failed()?.retryInMs).toBe(5_000);

      // Made again soon, not a period later: the admin Settings tab shows it as the last backup.
      const status = await reaches<AdminBackups>(running, '/api/admin/backups', (b) => b.last?.fileName !== 'backup-earlier.tar');
      expect(status.last).toMatchObject({ trigger: 'schedule', fileName: expect.stringMatching(/^backup-.+\.tar$/) });
      // The archive, and nothing of the failed one (no .partial, no dump staged beside it).
      expect(readdirSync(backupDir)).toEqual([status.last?.fileName]);
      expect(running.isAlive()).toBe(true);
    } finally {
      await holder.end();
      await running.server.stop();
    }
  });
});
