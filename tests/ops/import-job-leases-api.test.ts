import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importMessages, type ImportJob, type ImportStartedResponse } from '../../src/shared/api/admin-import.js';
import type { ErrorResponse } from '../../src/shared/api/common.js';
import { buildApp, type App } from '../../src/server/app.js';
import type { Database } from '../../src/server/db/client.js';
import { activityLog, importJobs } from '../../src/server/db/schema.js';
import { createOrResetAdmin } from '../../src/server/modules/staff/admin-auth.service.js';
import { signAdminToken } from '../../src/server/modules/staff/admin-tokens.js';
import type { ImportJobSettings } from '../../src/server/modules/catalog-import/import-job-runner.js';
import { createSpotifyCatalogClient } from '../../src/server/modules/catalog-import/spotify/spotify-catalog-client.js';
import { startFakeSpotify, type FakeSpotify } from '../fakes/fake-spotify.js';
import { testAdmin } from '../helpers/admin-test-app.js';
import { Gate } from '../helpers/gate.js';
import { readFixtureCsv } from '../helpers/test-app.js';
import { openSameDatabase, testDatabaseKinds } from '../helpers/test-database.js';

// Import jobs as rows that every server instance can hold (docs/decisions/0050): two or three apps
// on one database stand for the instances of a cluster; on PostgreSQL each has its own connection
// pool, on PGlite (one process) they share the one connection.

const now = new Date('2026-11-21T12:00:00Z');
/** A lease no test outlives: a job that moves to another instance was handed back, not left to expire. */
const longLease: ImportJobSettings = { leaseMs: 600_000, pollMs: 600_000 };

interface Instance {
  app: App;
  /** Album searches of this instance's Spotify client wait here while it is closed. */
  gate: Gate;
  database: Database;
}

describe.each(testDatabaseKinds)('import jobs across server instances on $name', (kind) => {
  let database: Database;
  let fake: FakeSpotify;
  let auth: { authorization: string };
  let adminId: string;
  const jwtSecret = randomBytes(32);
  const instances: Instance[] = [];

  beforeAll(async () => {
    fake = await startFakeSpotify();
    fake.addAlbum({ upc: '195039006076', name: 'Splinter', artists: [{ name: 'MarQ' }], tracks: [{ isrc: 'GBRKQ2184845', name: 'Splinter', duration_ms: 413_000 }] });
    database = await kind.open({ from: 'distributor-catalog' });
    await createOrResetAdmin(database.db, testAdmin.username, testAdmin.password, now);
    const [admin] = await database.db.execute<{ id: string }>(sql`select id from admin_users where username = ${testAdmin.username}`).then((r) => (r as unknown as { rows: { id: string }[] }).rows);
    adminId = admin?.id as string;
    auth = { authorization: `Bearer ${await signAdminToken(jwtSecret, adminId, now)}` };
  });
  afterEach(async () => {
    // Instances a test left running stop here; their gates open so that no run waits for ever.
    for (const instance of instances.splice(0)) {
      instance.gate.open();
      await instance.app.close();
      await instance.database.close();
    }
    await database.db.delete(importJobs);
  });
  afterAll(async () => {
    await database?.close();
    await fake?.close();
  });

  /** A server instance on the test database: its own app, connection and Spotify client. */
  async function startInstance(settings: ImportJobSettings): Promise<Instance> {
    const gate = new Gate();
    const spotifyCatalog = createSpotifyCatalogClient({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      accountsUrl: fake.accountsUrl,
      apiUrl: fake.apiUrl,
      fetch: async (input, init) => {
        const url = new URL(String(input));
        if (url.pathname === '/v1/search' && url.searchParams.get('type') === 'album') await gate.pass();
        return fetch(input, init);
      },
    });
    const own = await openSameDatabase(database);
    const app = await buildApp({ db: own.db, clock: () => now, jwtSecret, spotifyCatalog, importJobs: settings }, { logger: false });
    await app.ready();
    const instance = { app, gate, database: own };
    instances.push(instance);
    return instance;
  }

  const importTracks = (instance: Instance, labelId: string) =>
    instance.app.inject({ method: 'POST', url: '/api/admin/import-tracks', payload: { labelId }, headers: auth });

  async function startEnrichment(instance: Instance): Promise<ImportJob> {
    const res = await importTracks(instance, 'deep');
    expect(res.statusCode, res.body).toBe(202);
    return res.json<ImportStartedResponse>().job;
  }

  /** Asks `instance` for the job until `isThere` holds (the job runs on after the 202). */
  async function pollJob(instance: Instance, id: string, isThere: (job: ImportJob) => boolean): Promise<ImportJob> {
    let job: ImportJob | undefined;
    await expect
      .poll(
        async () => {
          const res = await instance.app.inject({ method: 'GET', url: `/api/admin/import-jobs/${id}`, headers: auth });
          expect(res.statusCode, res.body).toBe(200);
          job = res.json<{ data: ImportJob }>().data;
          return isThere(job);
        },
        { timeout: 20_000, interval: 10 },
      )
      .toBe(true);
    return job as ImportJob;
  }

  const jobRow = async (id: string) => (await database.db.select().from(importJobs).where(eq(importJobs.id, id)))[0];
  /** The activity entries of job `id`: one once it has succeeded. */
  const entriesOf = async (id: string) => (await database.db.select({ n: count() }).from(activityLog).where(eq(activityLog.subjectId, id)))[0]?.n;

  it('answers a poll on another instance with the live progress, and the report when it ends', async () => {
    const [a, b] = [await startInstance(longLease), await startInstance(longLease)];
    a.gate.close();
    const job = await startEnrichment(a);
    for (const step of [1, 2, 3]) {
      a.gate.step();
      expect(await pollJob(b, job.id, (j) => j.done === step)).toMatchObject({ status: 'running', done: step, total: 16, actor: 'alice' });
    }
    const listed = (await b.app.inject({ url: '/api/admin/import-jobs', headers: auth })).json<{ data: ImportJob[] }>().data;
    expect(listed.find((j) => j.id === job.id)).toMatchObject({ status: 'running', done: 3 });
    a.gate.open();
    const finished = await pollJob(b, job.id, (j) => j.status !== 'running');
    expect(finished).toMatchObject({ status: 'succeeded', done: 16, total: 16, report: { success: true, details: { totalReleasesImported: 1 } } });
    expect((await pollJob(a, job.id, () => true)).status).toBe('succeeded');
  });

  it('lets one of two imports started at once on two instances run: the other is refused with 409', async () => {
    const [a, b] = [await startInstance(longLease), await startInstance(longLease)];
    a.gate.close();
    b.gate.close();
    const answers = await Promise.all([importTracks(a, 'deep'), importTracks(b, 'tech')]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([202, 409]);
    const refused = answers.find((res) => res.statusCode === 409);
    expect(refused?.json<ErrorResponse>().message).toBe(importMessages.alreadyRunning);
    const started = answers.find((res) => res.statusCode === 202)?.json<ImportStartedResponse>().job as ImportJob;

    // An upload to the instance that runs nothing is refused as well, while the job runs: before its
    // body has arrived (only its first bytes are ever sent here).
    const form = new FormData();
    form.append('file', new Blob([readFixtureCsv()], { type: 'text/csv' }), 'inventory.csv');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const body = Buffer.from(await request.arrayBuffer());
    const stalled = new PassThrough();
    stalled.write(body.subarray(0, 200));
    const idle = started.label_id === 'buildit-deep' ? b : a;
    const upload = await idle.app.inject({
      method: 'POST',
      url: '/api/admin/import-catalog',
      payload: stalled,
      headers: { ...auth, 'content-type': request.headers.get('content-type') as string, 'content-length': String(body.length) },
    });
    stalled.end(body.subarray(200));
    expect(upload.statusCode, upload.body).toBe(409);
    expect(upload.json<ErrorResponse>().message).toBe(importMessages.alreadyRunning);

    a.gate.open();
    b.gate.open();
    expect((await pollJob(idle, started.id, (j) => j.status !== 'running')).status).toBe('succeeded');
    expect(await database.db.select({ n: count() }).from(importJobs)).toEqual([{ n: 1 }]);
  });

  it('refuses a job poll with a token logged out on another instance, the token that started the job too', async () => {
    const [a, b] = [await startInstance(longLease), await startInstance(longLease)];
    a.gate.close();
    const starter = { authorization: `Bearer ${await signAdminToken(jwtSecret, adminId, now)}` };
    const res = await a.app.inject({ method: 'POST', url: '/api/admin/import-tracks', payload: { labelId: 'deep' }, headers: starter });
    expect(res.statusCode, res.body).toBe(202);
    const { id } = res.json<ImportStartedResponse>().job;
    const poll = () => a.app.inject({ method: 'GET', url: `/api/admin/import-jobs/${id}`, headers: starter });
    expect((await poll()).statusCode).toBe(200);
    expect((await b.app.inject({ method: 'POST', url: '/api/admin/logout', headers: starter })).statusCode).toBe(200);
    expect((await poll()).statusCode).toBe(401);
    a.gate.open();
    expect((await pollJob(a, id, (j) => j.status !== 'running')).status).toBe('succeeded');
  });

  it('hands the job back when its instance shuts down: another instance runs it again at once, to the end', async () => {
    const a = await startInstance(longLease);
    const b = await startInstance({ leaseMs: 600_000, pollMs: 20 });
    a.gate.close();
    const job = await startEnrichment(a);
    a.gate.step();
    await pollJob(b, job.id, (j) => j.done === 1);

    // A's lease would last ten minutes more: B takes the job over because A handed it back.
    await a.app.close();
    const finished = await pollJob(b, job.id, (j) => j.status !== 'running');
    expect(finished).toMatchObject({ status: 'succeeded', done: 16, total: 16, message: null });
    // The run A stopped does not count as an attempt; the job and the enrichment are stored once.
    expect(await jobRow(job.id)).toMatchObject({ attempts: 1, owner: null, leaseUntil: null });
    expect(await entriesOf(job.id)).toBe(1);
  });

  it('stores nothing of a run whose instance no longer holds the job', async () => {
    const a = await startInstance(longLease);
    a.gate.close();
    const job = await startEnrichment(a);
    a.gate.step();
    await pollJob(a, job.id, (j) => j.done === 1);
    // As when another instance has taken the job over while A was cut off: A's heartbeat or its final
    // write finds the job is no longer A's, and A stops without storing its result.
    // The other instance's run starts from zero; A's own progress never goes back below 1.
    await database.db.update(importJobs).set({ owner: 'another-instance', done: 0 }).where(eq(importJobs.id, job.id));
    a.gate.open();
    // Once A has let go, it answers from the row, which it no longer writes.
    await pollJob(a, job.id, (j) => j.done === 0);
    expect(await jobRow(job.id)).toMatchObject({ status: 'running', owner: 'another-instance', done: 0, report: null });
    expect(await entriesOf(job.id)).toBe(0);
  });

  // Several instances share a database only on PostgreSQL; on PGlite the test above and the next cover the parts.
  it.skipIf(kind.name === 'pglite')('gives the job of an instance that died to another once its lease has run out, which finishes it', async () => {
    const a = await startInstance({ leaseMs: 1000, pollMs: 600_000 });
    const b = await startInstance({ leaseMs: 1000, pollMs: 20 });
    a.gate.close();
    const job = await startEnrichment(a);
    a.gate.step();
    await pollJob(b, job.id, (j) => j.done === 1);

    // A dies as under SIGKILL: its connections go and nothing of it reaches the database any more.
    await a.database.close();
    a.database = { ...a.database, close: async () => undefined };
    const finished = await pollJob(b, job.id, (j) => j.status !== 'running');
    expect(finished).toMatchObject({ status: 'succeeded', done: 16, total: 16, message: null });
    expect(await jobRow(job.id)).toMatchObject({ attempts: 2, owner: null });
    expect(await entriesOf(job.id)).toBe(1);
  });

  it('takes over, after its lease, a catalog upload whose instance died, and imports it from the stored file', async () => {
    // What a server killed during an upload leaves: the job running, its lease run out, one attempt.
    const [left] = await database.db
      .insert(importJobs)
      .values({ kind: 'catalog-csv', status: 'running', fileName: 'inventory.csv', actor: 'alice', total: 544, done: 250, csv: readFixtureCsv(), createdAt: now, owner: 'killed-instance', leaseUntil: sql`now() - interval '1 second'`, attempts: 1 })
      .returning();
    const b = await startInstance({ leaseMs: 600_000, pollMs: 20 });
    const finished = await pollJob(b, left?.id as string, (j) => j.status !== 'running');
    expect(finished).toMatchObject({ status: 'succeeded', done: 544, total: 544, report: { rows: 544, totalReleasesImported: 278 } });
    // The file is not kept once the job has ended.
    expect(await jobRow(left?.id as string)).toMatchObject({ attempts: 2, csv: null, owner: null });
  });

  it('fails as interrupted a job whose every run died', async () => {
    const [left] = await database.db
      .insert(importJobs)
      .values({ kind: 'spotify-enrichment', status: 'running', labelId: 'buildit-deep', actor: 'alice', total: 16, done: 4, createdAt: now, owner: 'killed-again', leaseUntil: sql`now() - interval '1 second'`, attempts: 2 })
      .returning();
    const b = await startInstance({ leaseMs: 600_000, pollMs: 20 });
    const failed = await pollJob(b, left?.id as string, (j) => j.status !== 'running');
    expect(failed).toMatchObject({ status: 'failed', message: importMessages.interrupted, report: null, finished_at: now.toISOString() });
    // Nothing runs any more: a new import may start.
    expect((await importTracks(b, 'deep')).statusCode).toBe(202);
  });
});
