import { randomBytes, randomInt } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob, ImportStartedResponse } from '../../src/shared/api/admin-import.js';
import { syntheticExport } from '../../src/server/modules/catalog-import/demo-catalog/synthetic-export.js';
import { startFakeSpotify, type FakeSpotify } from '../fakes/fake-spotify.js';
import { aDemoArtist, aDemoTrack } from '../helpers/demo-builders.js';
import { Gate } from '../helpers/gate.js';
import { startProductionServer, type ProductionServer } from '../helpers/production-server.js';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-postgres.js';
import { testRedisUrl } from '../helpers/test-redis.js';
import { e2eAdmin, e2eAdminEnv } from '../e2e-helpers/admin-session.js';
import { hasHaproxy, startHaproxy, type LoadBalancer } from '../e2e-helpers/load-balancer.js';
import { e2eLimits } from '../e2e-helpers/limits.js';

// Several instances on one PostgreSQL, behind a real load balancer, as the README's production
// section deploys them: two production servers (the built `npm start`) started together on an empty
// database of their own, sharing the local Redis, behind HAProxy round-robin with its active check of
// /api/ready (docs/decisions/0070), with the fake Spotify
// for the admin's "Import tracks", whose album searches wait at a gate: a test steps the import
// release by release instead of racing it. What each test proved, with its figures, is printed at
// the end.

const serverUrl = process.env.TEST_DATABASE_URL;
// CI installs HAProxy and sets both URLs (.ci/run): there the cluster must run.
const missing = !serverUrl
  ? 'TEST_DATABASE_URL is not set'
  : !testRedisUrl
    ? 'TEST_REDIS_URL is not set'
    : !hasHaproxy
      ? 'HAProxy is not installed (apt-get install -y haproxy)'
      : undefined;
if (missing && process.env.CI) throw new Error(`The cluster test cannot run in CI: ${missing}`);

const proved: string[][] = [];

/**
 * A visitor's address of this run's own, sent to the proxy as a CDN in front of it would: Redis is shared
 * with other runs (CI runs the suite twice), and its counts last for minutes.
 */
const visitor = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

describe.skipIf(missing !== undefined)('two instances on one PostgreSQL and one Redis, behind HAProxy', () => {
  const leaseMs = 3000;
  // Low counts of their own: the limits below are the ones these servers were given.
  const limits = { demos: 3, loginFailures: 3 };
  const gate = new Gate();
  let database: ScratchDatabase;
  let spotify: FakeSpotify;
  let instances: [ProductionServer, ProductionServer];
  let proxy: LoadBalancer;
  let token = '';
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createScratchDatabase(serverUrl as string, { prefix: 'bir_cluster' });
    spotify = await startFakeSpotify({
      beforeApiAnswer: async (url) => {
        if (url.pathname === '/v1/search' && url.searchParams.get('type') === 'album') await gate.pass();
      },
    });
    env = {
      ...e2eLimits,
      ...e2eAdminEnv,
      DATABASE_URL: database.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      REDIS_URL: testRedisUrl as string,
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_DEMOS_PER_10_MINUTES: String(limits.demos),
      LOGIN_FAILURES_PER_15_MINUTES: String(limits.loginFailures),
      SPOTIFY_CLIENT_ID: spotify.clientId,
      SPOTIFY_CLIENT_SECRET: spotify.clientSecret,
      SPOTIFY_ACCOUNTS_URL: spotify.accountsUrl,
      SPOTIFY_API_URL: spotify.apiUrl,
      IMPORT_JOB_LEASE_MS: String(leaseMs),
      IMPORT_JOB_POLL_MS: '200',
    };
    // Both start at once on the empty database: one migrates and seeds the demo catalog, the other waits its turn.
    instances = (await Promise.all([startProductionServer({ env }), startProductionServer({ env })])) as [ProductionServer, ProductionServer];
    proxy = await startHaproxy(instances.map((instance) => instance.url));
    // Both in rotation once the proxy's checks have passed.
    const reached = new Set<string | undefined>();
    for (const deadline = performance.now() + 20_000; reached.size < 2; ) {
      if (performance.now() > deadline) throw new Error('HAProxy did not take both instances into rotation in 20 s');
      reached.add(upstreamPort(await fetch(`${proxy.url}/api/ready`)));
    }
    token = ((await (await logIn(proxy.url, e2eAdmin.password, visitor())).json()) as { token: string }).token;
    expect(token).toMatch(/\S/);
  }, 180_000);

  afterAll(async () => {
    // Nothing may wait at the gate once the test is over.
    gate.open();
    await proxy?.stop();
    await Promise.all(instances?.map((instance) => instance.stop()) ?? []);
    await spotify?.close();
    await database?.drop();
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
      // The demo catalog's 60 tech releases but its one without tracks, a draft (docs/decisions/0101).
      const res = await fetch(`${proxy.url}/api/releases?label=tech&limit=1`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { total: number }).total).toBe(59);
      answered.add(upstreamPort(res));
    }
    expect(answered).toEqual(new Set(instances.map((instance) => portOf(instance.url))));
    proved.push(['Round-robin over both instances, started at once on an empty database', 'the demo catalog seeded once (60 Build It Tech releases)']);
  });

  it('holds the login throttle across instances, per visitor', async () => {
    const guesser = visitor();
    const reached = new Set<string | undefined>();
    for (let i = 0; i < limits.loginFailures; i++) {
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
    proved.push(['Login throttle across instances', `${limits.loginFailures} failures spread over both, then the right password refused by each; another visitor let in`]);
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
    for (let n = 0; n < limits.demos; n++) {
      const res = await submit(proxy.url, n);
      expect(res.status).toBe(201);
      reached.add(upstreamPort(res));
    }
    expect(reached.size).toBe(2);
    for (const [i, instance] of instances.entries()) expect((await submit(instance.url, 10 + i)).status).toBe(429);
    proved.push(['Demo limit across instances', `${limits.demos} demos accepted over both, the next refused by each`]);
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

  const asAdmin = () => ({ Authorization: `Bearer ${token}` });

  /** Asks `base` for job `id` until `isThere` holds; answers the job as it was then. */
  async function jobReaches(base: string, id: string, isThere: (job: ImportJob) => boolean, timeout = 20_000): Promise<ImportJob> {
    let job: ImportJob | undefined;
    await expect
      .poll(
        async () => {
          const res = await fetch(`${base}/api/admin/import-jobs/${id}`, { headers: asAdmin() });
          expect(res.status).toBe(200);
          job = ((await res.json()) as { data: ImportJob }).data;
          return isThere(job);
        },
        { timeout, interval: 50 },
      )
      .toBe(true);
    return job as ImportJob;
  }

  /** "Import tracks" of a label on `base`: one album search per release, each waiting at the gate while it is closed. */
  async function startEnrichment(base: string, labelId: string): Promise<ImportJob> {
    const res = await fetch(`${base}/api/admin/import-tracks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...asAdmin() },
      body: JSON.stringify({ labelId }),
    });
    expect(res.status).toBe(202);
    return ((await res.json()) as ImportStartedResponse).job;
  }

  function uploadCatalog(base: string): Promise<Response> {
    const form = new FormData();
    form.append('file', new Blob([syntheticExport({ releases: 1, tracksPerRelease: 1, artists: 1 })], { type: 'text/csv' }), 'cluster.csv');
    return fetch(`${base}/api/admin/import-catalog`, { method: 'POST', headers: asAdmin(), body: form });
  }

  it('runs one import at a time in the cluster, with live progress polled through the other instance', async () => {
    const [starter, poller] = instances;
    gate.close();
    const job = await startEnrichment(starter.url, 'tech');
    for (const step of [1, 2, 3]) {
      gate.step();
      expect(await jobReaches(poller.url, job.id, (j) => j.done === step)).toMatchObject({ status: 'running', done: step, total: 60 });
    }
    expect((await uploadCatalog(poller.url)).status).toBe(409);
    gate.open();
    const finished = await jobReaches(poller.url, job.id, (j) => j.status !== 'running');
    expect(finished).toMatchObject({ status: 'succeeded', done: 60, total: 60 });
    proved.push([
      'An import started on one instance, polled through the other',
      'its progress seen release by release (1, 2, 3 of 60) and to the end; a catalog upload refused (409) by the other instance meanwhile',
    ]);
  });

  /** Readers through the proxy, `concurrency` at a time, until stopped: what each answered, and which instance did. */
  function readUnderLoad(concurrency: number) {
    const paths = ['/api/releases?label=tech&limit=5', '/api/labels', '/api/artists?label=deep&limit=3', '/api/ready', '/tech'];
    const failures: string[] = [];
    const servedBy = new Map<string | undefined, number>();
    let answered = 0;
    let isRunning = true;
    const readers = Array.from({ length: concurrency }, async (_, reader) => {
      for (let n = reader; isRunning; n++) {
        const path = paths[n % paths.length] as string;
        try {
          const res = await fetch(`${proxy.url}${path}`);
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(`${path}: ${res.status}`);
          servedBy.set(upstreamPort(res), (servedBy.get(upstreamPort(res)) ?? 0) + 1);
        } catch (err) {
          failures.push(`${path}: ${String(err)}`);
        }
        answered++;
      }
    });
    return {
      answeredBy: (port: string) => servedBy.get(port) ?? 0,
      stop: async () => {
        isRunning = false;
        await Promise.all(readers);
        return { answered, failures };
      },
    };
  }

  /**
   * A failed login sent straight to `base` (no proxy), its body once `rest` resolves. `received`
   * resolves when the server has taken the request (its `100 Continue`: Node's server sends it as it
   * hands the request to Fastify); `status` with the status it was answered.
   */
  function slowLogin(base: string, rest: Promise<void>): { received: Promise<void>; status: Promise<number> } {
    const body = JSON.stringify({ username: e2eAdmin.username, password: 'not the password' });
    let received!: () => void;
    const continued = new Promise<void>((resolve) => (received = resolve));
    const status = new Promise<number>((resolve, reject) => {
      const req = request(`${base}/api/admin/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'X-Forwarded-For': visitor(), Expect: '100-continue' },
      });
      req.on('continue', () => received());
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.flushHeaders();
      void rest.then(() => req.end(body));
    });
    return { received: continued, status };
  }

  it('restarts both instances in turn (SIGTERM, then start) under load, with no request failed', async () => {
    const load = readUnderLoad(8);
    const downFor: number[] = [];
    for (const [i, old] of instances.entries()) {
      // A request in flight when the instance is told to stop is answered, though it arrives whole only after.
      let stoppedListening!: () => void;
      const inFlight = slowLogin(old.url, new Promise((resolve) => (stoppedListening = resolve)));
      await inFlight.received;
      const stopped = old.stop();
      const signalled = performance.now();
      await expect.poll(() => fetch(`${old.url}/api/health`).then(() => 'listening', () => 'refused'), { timeout: 10_000, interval: 10 }).toBe('refused');
      stoppedListening();
      expect(await inFlight.status).toBe(401);
      await stopped;
      // Its successor, on its address: the proxy's check takes it back.
      const successor = await startProductionServer({ env: { ...env, PORT: portOf(old.url) } });
      instances[i] = successor;
      const before = load.answeredBy(portOf(successor.url));
      await expect.poll(() => load.answeredBy(portOf(successor.url)), { timeout: 20_000, interval: 20 }).toBeGreaterThan(before);
      downFor.push(performance.now() - signalled);
    }
    const { answered, failures } = await load.stop();
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(0);
    proved.push([
      'Rolling restart under load (8 readers through HAProxy, SIGTERM then a new instance, one at a time)',
      `${answered} requests, 0 failed; a login in flight at each SIGTERM answered; each instance out of rotation for ${downFor.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(' and ')}`,
    ]);
  }, 120_000);

  it('finishes the import of an instance killed mid-way on the other, once its lease has run out', async () => {
    const [doomed, survivor] = instances;
    gate.close();
    const job = await startEnrichment(doomed.url, 'deep');
    gate.step();
    // Killed once it is under way: its progress has reached the database.
    await jobReaches(survivor.url, job.id, (j) => j.done === 1);
    await doomed.kill();
    const killed = performance.now();
    gate.open();
    const ended = await jobReaches(proxy.url, job.id, (j) => j.status !== 'running', 60_000);
    expect(ended.status).toBe('succeeded');
    expect(ended.done).toBe(ended.total);
    // The site answers through the proxy meanwhile and after, from the survivor alone.
    expect((await fetch(`${proxy.url}/api/releases?label=tech&limit=1`)).status).toBe(200);
    proved.push([
      'SIGKILL of the instance running an import',
      `the other took it over and finished it ${(Math.round(performance.now() - killed) / 1000).toFixed(1)} s after the kill (lease ${leaseMs / 1000} s)`,
    ]);
  });
});
