import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app.js';
import { openPostgres, type Database } from '../../src/server/db/client.js';
import { hasPostgresBinaries, startOwnPostgresCluster, type OwnPostgresCluster } from '../helpers/own-postgres-cluster.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// Liveness (/api/health) and readiness (/api/ready, docs/decisions/0070).

describe.each(testDatabaseKinds)('readiness on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers ready while the database answers, and so does the health check', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ success: true, message: 'Ready' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ success: true, message: 'OK' });
  });

  it("is not counted against the reads limit: a proxy's checks come often, from one address", async () => {
    const limited = await createTestApp(kind, { deps: { rateLimits: { reads: { max: 2, timeWindowMs: 60_000 } } } });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await limited.app.inject({ method: 'GET', url: '/api/ready' })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      // The limit itself holds: the health check is counted.
      for (let i = 0; i < 2; i++) expect((await limited.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await limited.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('is in the API description', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/ready']));
  });
});

// A cluster of this test's own, stopped and started: the shared server keeps running for every other test.
// CI has the server binaries (.ci/run uses the local PostgreSQL), so there it must run.
if (!hasPostgresBinaries && process.env.CI) throw new Error('The readiness test needs PostgreSQL server binaries under /usr/lib/postgresql');

describe.skipIf(!hasPostgresBinaries)('readiness with the PostgreSQL server stopped and started', () => {
  const metricsToken = 'scrape-token-0123456789abcdef';
  let cluster: OwnPostgresCluster;
  let database: Database;
  let app: App;

  beforeAll(async () => {
    cluster = await startOwnPostgresCluster();
    database = await openPostgres(cluster.url);
    await database.migrate();
    app = await buildApp({ db: database.db, databaseKind: database.kind, clock: () => new Date(), metricsToken }, { logger: false });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await cluster?.start();
    await app?.close();
    await database?.close();
    await cluster?.remove();
  });

  const ask = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() as unknown };
  };

  it('answers 503 on the first check after the server stopped, and 200 on the first once it is back', async () => {
    expect(await ask('/api/ready')).toEqual({ status: 200, body: { success: true, message: 'Ready' } });
    await cluster.stop();
    const stoppedAt = performance.now();
    expect(await ask('/api/ready')).toEqual({ status: 503, body: { success: false, message: 'Database unavailable' } });
    const answeredIn = performance.now() - stoppedAt;
    // The metrics still answer, without the queues' depths, which need the database.
    const scrape = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.body).toMatch(/^http_requests_total\{method="GET",route="\/api\/ready",status_code="503"\} 1$/m);
    expect(scrape.body).not.toMatch(/^bir_outbox_emails\{/m);
    await cluster.start();
    expect(await ask('/api/ready')).toEqual({ status: 200, body: { success: true, message: 'Ready' } });
    console.log(`readiness: 503 answered ${Math.round(answeredIn)} ms after PostgreSQL stopped`);
  });
});
