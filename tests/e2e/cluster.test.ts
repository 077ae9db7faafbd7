import { randomBytes, randomInt } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob, ImportStartedResponse } from '../../src/shared/api/admin-import.js';
import { syntheticExport } from '../../src/server/modules/catalog-import/demo-catalog/synthetic-export.js';
import { aDemoArtist, aDemoTrack } from '../helpers/demo-builders.js';
import { testRedisUrl } from '../helpers/test-redis.js';
import { e2eAdmin, e2eAdminEnv } from './admin-session.js';
import { hasNginx, startLoadBalancer, type LoadBalancer } from './load-balancer.js';
import { startProductionServer, type RunningServer } from './production-server.js';

// Several instances on one PostgreSQL, behind a real load balancer, as the README's production
// section deploys them: two production servers (the built `npm start`) started together on an empty
// database of their own, sharing the local Redis, behind nginx round-robin. What each test proved,
// with its figures, is printed at the end.

const serverUrl = process.env.TEST_DATABASE_URL;
// CI installs nginx and sets both URLs (.ci/run): there the cluster must run.
const missing = !serverUrl
  ? 'TEST_DATABASE_URL is not set'
  : !testRedisUrl
    ? 'TEST_REDIS_URL is not set'
    : !hasNginx
      ? 'nginx is not installed (apt-get install -y nginx)'
      : undefined;
if (missing && process.env.CI) throw new Error(`The cluster test cannot run in CI: ${missing}`);

const proved: string[][] = [];

/**
 * A visitor's address of this run's own, sent to nginx as a CDN in front of it would: Redis is shared
 * with other runs (CI runs the suite twice), and its counts last for minutes.
 */
const visitor = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

describe.skipIf(missing !== undefined)('two instances on one PostgreSQL and one Redis, behind nginx', () => {
  const database = `bir_cluster_${randomBytes(6).toString('hex')}`;
  const leaseMs = 3000;
  let instances: [RunningServer, RunningServer];
  let proxy: LoadBalancer;
  let token = '';

  async function onServer(query: string): Promise<void> {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await onServer(`create database ${database}`);
    const url = new URL(serverUrl as string);
    url.pathname = `/${database}`;
    const env = {
      ...e2eAdminEnv,
      DATABASE_URL: url.toString(),
      JWT_SECRET: randomBytes(32).toString('hex'),
      REDIS_URL: testRedisUrl as string,
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_READS_PER_MINUTE: '1000000',
      IMPORT_JOB_LEASE_MS: String(leaseMs),
      IMPORT_JOB_POLL_MS: '200',
    };
    // Both start at once on the empty database: one migrates and seeds the demo catalog, the other waits its turn.
    instances = (await Promise.all([startProductionServer(env), startProductionServer(env)])) as [RunningServer, RunningServer];
    proxy = await startLoadBalancer(instances.map((instance) => instance.url));
    token = ((await (await logIn(proxy.url, e2eAdmin.password, visitor())).json()) as { token: string }).token;
    expect(token).toMatch(/\S/);
  }, 180_000);

  afterAll(async () => {
    await proxy?.stop();
    await Promise.all(instances?.map((instance) => instance.stop()) ?? []);
    await onServer(`drop database if exists ${database} with (force)`);
    console.log(['What the cluster test proved:', ...proved.map(([what, figure]) => `- ${what}: ${figure}`)].join('\n'));
  });

  const portOf = (url: string) => new URL(url).port;
  const upstreamPort = (res: Response) => res.headers.get('x-upstream')?.split(':').pop();

  function logIn(base: string, password: string, forwardedFor: string, username: string = e2eAdmin.username): Promise<Response> {
    return fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
      body: JSON.stringify({ username, password }),
    });
  }

  it('spreads requests over both instances, which started together on one empty database', async () => {
    const answered = new Set<string | undefined>();
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${proxy.url}/api/releases?label=tech&limit=1`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { total: number }).total).toBe(60);
      answered.add(upstreamPort(res));
    }
    expect(answered).toEqual(new Set(instances.map((instance) => portOf(instance.url))));
    proved.push(['Round-robin over both instances, started at once on an empty database', 'the demo catalog seeded once (60 Build It Tech releases)']);
  });

  it('holds the login throttle across instances, per visitor', async () => {
    const guesser = visitor();
    const reached = new Set<string | undefined>();
    for (let i = 0; i < 5; i++) {
      const res = await logIn(proxy.url, 'not the password', guesser);
      expect(res.status).toBe(401);
      reached.add(upstreamPort(res));
    }
    expect(reached.size).toBe(2);
    for (const instance of instances) {
      const res = await logIn(instance.url, e2eAdmin.password, guesser);
      expect(res.status).toBe(429);
      expect(((await res.json()) as { message: string }).message).toBe('Too many failed login attempts. Please try again in 15 minutes.');
    }
    // Another visitor behind the same proxy is counted apart.
    expect((await logIn(proxy.url, e2eAdmin.password, visitor())).status).toBe(200);
    proved.push(['Login throttle across instances', '5 failures spread over both, then the right password refused by each; another visitor let in']);
  });

  it('holds the demo submission limit across instances', async () => {
    const sender = visitor();
    const submit = (base: string, n: number) =>
      fetch(`${base}/api/submit-demo`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': sender },
        body: JSON.stringify({ label: 'deep', artist: aDemoArtist({ email: `cluster${n}@example.com` }), track: aDemoTrack(), termsAccepted: true }),
      });
    const reached = new Set<string | undefined>();
    for (let n = 0; n < 5; n++) {
      const res = await submit(proxy.url, n);
      expect(res.status).toBe(201);
      reached.add(upstreamPort(res));
    }
    expect(reached.size).toBe(2);
    for (const [i, instance] of instances.entries()) expect((await submit(instance.url, 10 + i)).status).toBe(429);
    proved.push(['Demo limit across instances', '5 demos accepted over both, the 6th refused by each']);
  });

  it("shows an admin's edit on one instance in a page served by the other", async () => {
    const [editor, reader] = instances;
    const list = (await (await fetch(`${reader.url}/api/artists?label=tech&limit=1`)).json()) as { data: { id: string }[] };
    const artistId = list.data[0]?.id as string;
    const page = () => fetch(`${reader.url}/tech/artists/${artistId}`).then((res) => res.text());
    const bio = `Edited through one instance ${randomBytes(4).toString('hex')}`;
    // Twice: the second answer comes from the reader's cache.
    expect(await page()).not.toContain(bio);
    expect(await page()).not.toContain(bio);
    const edit = await fetch(`${editor.url}/api/admin/artists/${artistId}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ bio }),
    });
    expect(edit.status).toBe(200);
    const answered = performance.now();
    await expect.poll(page, { timeout: 10_000, interval: 5 }).toContain(bio);
    proved.push(["An admin's edit on one instance, in the other's page", `${Math.round(performance.now() - answered)} ms after the edit was answered`]);
  });

  /** Polls job `id` through `base` until it has ended; answers every state seen on the way. */
  async function followJob(base: string, id: string): Promise<ImportJob[]> {
    const seen: ImportJob[] = [];
    for (;;) {
      const res = await fetch(`${base}/api/admin/import-jobs/${id}`, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      const job = ((await res.json()) as { data: ImportJob }).data;
      seen.push(job);
      if (job.status !== 'running') return seen;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  function startImport(base: string, releases: number): Promise<Response> {
    const form = new FormData();
    const csv = syntheticExport({ releases, tracksPerRelease: 5, artists: 500 });
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'cluster.csv');
    return fetch(`${base}/api/admin/import-catalog`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  }

  it('runs one import at a time in the cluster, with live progress polled through the other instance', async () => {
    const [starter, poller] = instances;
    const started = await startImport(starter.url, 3000);
    expect(started.status).toBe(202);
    const { job } = (await started.json()) as ImportStartedResponse;
    expect((await startImport(poller.url, 1)).status).toBe(409);
    const seen = await followJob(poller.url, job.id);
    const partWay = [...new Set(seen.filter((state) => state.done > 0 && state.done < state.total).map((state) => state.done))];
    expect(partWay.length).toBeGreaterThan(1);
    expect(seen.at(-1)?.status).toBe('succeeded');
    proved.push([
      'An import started on one instance, polled through the other',
      `${partWay.length} rising figures on the way (${partWay.join(', ')} of ${seen.at(-1)?.total} rows); a second import refused (409) by the other instance`,
    ]);
  });

  it('finishes the import of an instance killed mid-way on the other, once its lease has run out', async () => {
    const [doomed, survivor] = instances;
    const started = await startImport(doomed.url, 3000);
    expect(started.status).toBe(202);
    const { job } = (await started.json()) as ImportStartedResponse;
    // Killed once it is under way: its progress has reached the database.
    await expect
      .poll(async () => ((await (await fetch(`${survivor.url}/api/admin/import-jobs/${job.id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: ImportJob }).data.done, {
        timeout: 60_000,
        interval: 20,
      })
      .toBeGreaterThan(0);
    await doomed.kill();
    const killed = performance.now();
    const seen = await followJob(proxy.url, job.id);
    const ended = seen.at(-1);
    expect(ended?.status).toBe('succeeded');
    expect(ended?.done).toBe(ended?.total);
    // The site answers through the proxy meanwhile and after, from the survivor alone.
    expect((await fetch(`${proxy.url}/api/releases?label=tech&limit=1`)).status).toBe(200);
    proved.push([
      'SIGKILL of the instance running an import',
      `the other took it over and finished it ${(Math.round(performance.now() - killed) / 1000).toFixed(1)} s after the kill (lease ${leaseMs / 1000} s)`,
    ]);
  });
});
