import { connect, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { fastifyTrustProxy, parseConfig, type TrustProxy } from '../../src/server/config.js';
import { isDatabaseTimeout, openPostgres, queryRows, type Database } from '../../src/server/db/client.js';
import { startCuttableProxy } from '../helpers/cuttable-proxy.js';
import { aDemoArtist } from '../helpers/demo-builders.js';
import { createTestApp, testNow, type TestApp } from '../helpers/test-app.js';
import { createPostgresTestDatabase, testDatabaseKinds } from '../helpers/test-database.js';

// Input an attacker would try: a NUL byte used to reach PostgreSQL and answer 500 (the log then held
// the query's parameters), and a forged request id used to be echoed and logged.

const tables = ['demo_submissions', 'vip_members', 'activity_log', 'plays'] as const;

// The tests that build apps of their own with other settings (timeouts, proxies, limits) share one
// embedded database: what they count lives in the app, and none of them writes to it.
let appsDatabase: Database;
beforeAll(async () => {
  appsDatabase = await testDatabaseKinds[0]!.open();
});
afterAll(async () => {
  await appsDatabase?.close();
});

describe.each(testDatabaseKinds)('control characters in requests on $name', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function counts(): Promise<Record<string, number>> {
    const entries = await Promise.all(
      tables.map(async (table) => {
        const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
        return [table, row?.n ?? 0] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  const demo = { label: 'deep', artist: { ...aDemoArtist({ email: 'nul@example.com' }), fullName: 'Null\u0000Byte' }, termsAccepted: true };
  const cases: [string, InjectOptions, string][] = [
    ['a search', { method: 'GET', url: '/api/releases?label=tech&q=a%00b' }, 'q'],
    ['a release id', { method: 'GET', url: '/api/releases/%00' }, 'id'],
    ['an artist id', { method: 'GET', url: '/api/artists/x%01y' }, 'id'],
    ['a media file', { method: 'GET', url: '/media/releases/a%00.svg' }, 'file'],
    ['a demo', { method: 'POST', url: '/api/submit-demo', payload: demo }, 'artist.fullName'],
    ['a VIP sign-up', { method: 'POST', url: '/api/subscribe-vip', payload: { name: 'A\u0000', email: 'a@example.com', plan: 'monthly' } }, 'name'],
    ['a login', { method: 'POST', url: '/api/admin/login', payload: { username: 'admin\u0000', password: 'x' } }, 'username'],
    ['a play', { method: 'POST', url: '/api/plays', payload: { track_id: '00000000-0000-4000-8000-000000000000', client_id: '\u001b[2J' } }, 'client_id'],
    // A field whose name is empty is named as written in JSON, at the top and further in.
    ['a field named ""', { method: 'POST', url: '/api/subscribe-vip', payload: { '': '\u0001', name: 'A', email: 'a@example.com', plan: 'monthly' } }, '""'],
    ['a field named "" further in', { method: 'POST', url: '/api/submit-demo', payload: { ...demo, artist: { ...demo.artist, fullName: 'Fine', '': 'x\u0002' } } }, 'artist.""'],
    ['an empty query parameter name', { method: 'GET', url: '/api/releases?label=tech&=a%01' }, '""'],
    ['a body that is only a string', { method: 'POST', url: '/api/subscribe-vip', payload: '"a\\u0001"', headers: { 'content-type': 'application/json' } }, 'body'],
  ];

  it.each(cases)('refuses a control character in %s with 400 naming the field, changing nothing', async (_what, request, field) => {
    const before = await counts();
    const res = await t.app.inject(request);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field, error: `${field} must not contain control characters` });
    expect(await counts()).toEqual(before);
  });

  it("names each request itself, whatever X-Request-Id the client sends", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/releases/%00', headers: { 'x-request-id': 'forged\u2028id' } });
    expect(res.json<{ reqId: string }>().reqId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('keeps tabs and line breaks, which real text has', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/releases?label=tech&q=night%09shift%0A' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('bodies built to cost the server', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(testDatabaseKinds[0]!);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: string) => t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
  const nested = (depth: number, leaf: string, key = 'a') => `${`{"${key}":`.repeat(depth)}${leaf}${'}'.repeat(depth)}`;

  it.each([
    ['4,000 arrays deep (8 KB)', `${'['.repeat(4000)}${']'.repeat(4000)}`],
    ['3,000 objects deep (12 KB)', nested(3000, '"x"', '')],
    ['33 levels deep', nested(33, '"x"')],
  ])('refuses JSON nested %s with 400 naming the body, on any route', async (_what, body) => {
    for (const url of ['/api/admin/login', '/api/submit-demo', '/api/subscribe-vip', '/api/no-such-route']) {
      const res = await post(url, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field: 'body', error: 'body must not be nested more than 32 levels deep' });
    }
  });

  it('still finds a control character 32 levels deep, naming its path', async () => {
    const res = await post('/api/no-such-route', nested(31, '"a\\u0000"'));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ field: Array.from({ length: 31 }, () => 'a').join('.') });
  });

  it('refuses a body larger than the route needs with 413 before reading it: a megabyte to an unknown route', async () => {
    const megabyte = JSON.stringify({ padding: 'x'.repeat(1_000_000) });
    for (const url of ['/api/no-such-route', '/no-such-page']) {
      const res = await post(url, megabyte);
      expect(res.statusCode, url).toBe(413);
      expect(res.json()).toMatchObject({ success: false, error: 'Request body is too large' });
    }
    // What a request of the API needs is still taken: the route's own limit (16 KB for a login).
    expect((await post('/api/admin/login', JSON.stringify({ username: 'admin', password: 'x'.repeat(1024) }))).statusCode).toBe(401);
  });
});

describe.each(testDatabaseKinds)('the log of a failed request on $name', (kind) => {
  it("keeps the failed query's SQL and error code but not its parameters", async () => {
    const database = await kind.open();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp({ db: database.db, clock: () => testNow }, { logger: { level: 'error', stream } });
    // A route of this test's own that fails inside the database, as an unforeseen bug would.
    app.get('/failing-query', async () => database.db.execute(sql`select ${'visitor@example.com'}::int`));
    try {
      const res = await app.inject({ method: 'GET', url: '/failing-query' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, error: 'Internal server error', message: 'Internal server error', reqId: expect.any(String) });
      const log = lines.join('');
      expect(log).toContain('request failed');
      expect(log).toContain('::int');
      expect(log).toContain('22P02');
      expect(log).not.toContain('visitor@example.com');
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('a client that sends its request slowly', () => {
  it('is answered 408 and cut off once the request timeout has passed, not held open', async () => {
    const production = await buildApp({ db: appsDatabase.db, clock: () => testNow }, { logger: false });
    expect([production.server.requestTimeout, production.server.headersTimeout]).toEqual([60_000, 10_000]);
    await production.close();
    // The same mechanism with the timeouts shortened, so that the test does not wait a minute.
    const app = await buildApp(
      { db: appsDatabase.db, clock: () => testNow },
      { logger: false, requestTimeout: 200, http: { headersTimeout: 200, connectionsCheckingInterval: 20 } },
    );
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      const closed = new Promise((resolve) => socket.once('close', resolve));
      // Headers promise 100 bytes of body; one comes, the rest never does.
      socket.write('POST /api/subscribe-vip HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await app.close();
    }
  });
});

describe('X-Forwarded-For and the login throttle', () => {
  async function wrongLogins(trustProxy: TrustProxy, forwardedFor: (i: number) => string) {
    const app = await buildApp({ db: appsDatabase.db, clock: () => testNow }, { logger: false, trustProxy: fastifyTrustProxy(trustProxy) });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { username: 'admin', password: 'wrong' },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': forwardedFor(i) },
        });
        statuses.push(res.statusCode);
      }
      return statuses;
    } finally {
      await app.close();
    }
  }

  it('is not dodged by a forged X-Forwarded-For when no proxy is trusted (the default)', async () => {
    expect(await wrongLogins(false, (i) => `198.51.100.${i}`)).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("counts each visitor apart behind a trusted proxy (TRUST_PROXY), by the address the proxy saw", async () => {
    expect(await wrongLogins(['127.0.0.1'], (i) => `198.51.100.${i}`)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(await wrongLogins(['127.0.0.1'], () => '198.51.100.7')).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('with TRUST_PROXY=true believes only the proxy in front: what the client wrote left of its entry is ignored', async () => {
    const { trustProxy } = parseConfig({ TRUST_PROXY: 'true' });
    // nginx's $proxy_add_x_forwarded_for: the client's own header, then the address nginx saw.
    expect(await wrongLogins(trustProxy, (i) => `198.51.100.${i}, 203.0.113.9`)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(await wrongLogins(trustProxy, (i) => `203.0.113.${i}`)).toEqual([401, 401, 401, 401, 401, 401]);
  });
});

describe('IPv6 clients', () => {
  // One subscriber's /64 holds 2^64 addresses: counted apart, each would be a fresh budget.
  const ofOneBlock = (i: number) => (i % 2 === 0 ? '2001:db8:1:2::1' : `2001:db8:1:2:${i.toString(16)}:${i}:ffff:1`);

  async function withApp(reads: number, use: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<void>) {
    const app = await buildApp({ db: appsDatabase.db, clock: () => testNow, rateLimits: { reads: { max: reads, timeWindowMs: 60_000 } } }, { logger: false });
    try {
      await use(app);
    } finally {
      await app.close();
    }
  }

  it('are counted per /64 by the login throttle, another /64 apart', async () => {
    await withApp(1200, async (app) => {
      const wrongLogin = (remoteAddress: string) =>
        app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'admin', password: 'wrong' }, remoteAddress });
      const logins: number[] = [];
      for (let i = 0; i < 6; i += 1) logins.push((await wrongLogin(ofOneBlock(i))).statusCode);
      expect(logins).toEqual([401, 401, 401, 401, 401, 429]);
      expect((await wrongLogin('2001:db8:1:3::1')).statusCode).toBe(401);
    });
  });

  it('are counted per /64 by the read limit, another /64 apart, and mapped IPv4 as IPv4', async () => {
    await withApp(3, async (app) => {
      const read = async (remoteAddress: string) => (await app.inject({ method: 'GET', url: '/api/labels', remoteAddress })).statusCode;
      const reads: number[] = [];
      for (let i = 0; i < 4; i += 1) reads.push(await read(ofOneBlock(i)));
      expect(reads).toEqual([200, 200, 200, 429]);
      expect(await read('2001:db8:1:3::1')).toBe(200);
      // An IPv4 client seen through an IPv6 socket is the IPv4 client.
      expect([await read('::ffff:198.51.100.40'), await read('198.51.100.40'), await read('::ffff:198.51.100.40'), await read('198.51.100.40')]).toEqual([200, 200, 200, 429]);
    });
  });
});

describe('a flood of reads from one address', () => {
  it('gets 429 with Retry-After past the limit, while other addresses read on', async () => {
    const app = await buildApp({ db: appsDatabase.db, clock: () => testNow, rateLimits: { reads: { max: 3, timeWindowMs: 60_000 } } }, { logger: false });
    try {
      const read = (remoteAddress: string) => app.inject({ method: 'GET', url: '/api/labels', remoteAddress });
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await read('198.51.100.20')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await read('198.51.100.20');
      // The minute counts down from the first read: at most 60 seconds, however slow the machine is.
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(refused.json()).toMatchObject({ success: false, error: 'Too many requests from this address. Please try again in 1 minute.' });
      expect((await read('198.51.100.21')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('waits for its refusals, as many as the hold takes, while other addresses read on; a stopping server answers them (docs/decisions/0108)', async () => {
    // A hold far longer than the test: what is still waiting when the others have been answered is held.
    const holdRefusals = { ms: 10 * 60_000, max: 3 };
    const app = await buildApp({ db: appsDatabase.db, clock: () => testNow, rateLimits: { reads: { max: 2, timeWindowMs: 60_000, holdRefusals } } }, { logger: false });
    let isClosed = false;
    try {
      const read = (remoteAddress: string) => app.inject({ method: 'GET', url: '/api/labels', remoteAddress });
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await read('198.51.100.50')).statusCode);
      // The limit's store said the third was over: from here on, the address's reads are refused from memory.
      expect(statuses).toEqual([200, 200, 429]);
      const answered: number[] = [];
      let atOnce!: () => void;
      const twoAnswered = new Promise<void>((resolve) => (atOnce = resolve));
      const flood = Array.from({ length: 5 }, () =>
        read('198.51.100.50').then((res) => {
          answered.push(res.statusCode);
          if (answered.length === 2) atOnce();
          return res;
        }),
      );
      // Three refusals wait, as many as the hold takes; the other two are answered at once.
      await twoAnswered;
      expect(answered).toEqual([429, 429]);
      expect((await read('198.51.100.51')).statusCode).toBe(200);
      expect(answered).toHaveLength(2);
      await app.close();
      isClosed = true;
      const refusals = await Promise.all(flood);
      expect(refusals.map((res) => res.statusCode)).toEqual([429, 429, 429, 429, 429]);
      for (const refused of refusals) {
        expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(refused.json()).toMatchObject({ success: false, error: 'Too many requests from this address. Please try again in 1 minute.' });
      }
    } finally {
      if (!isClosed) await app.close();
    }
  });

  it('is refused before anything else reads the request, and logged once, not per refusal (docs/decisions/0100)', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp(
      { db: appsDatabase.db, clock: () => testNow, rateLimits: { reads: { max: 2, timeWindowMs: 60_000 } } },
      { logger: { level: 'info', stream } },
    );
    try {
      const from = (remoteAddress: string, url: string) => app.inject({ method: 'GET', url, remoteAddress });
      // An unknown path (where pages are served) with a control character in its query is a 400 while under the limit…
      expect((await from('198.51.100.30', '/no-such-path?q=%01')).statusCode).toBe(400);
      expect((await from('198.51.100.30', '/api/labels')).statusCode).toBe(200);
      expect((await from('198.51.100.30', '/api/labels')).statusCode).toBe(429);
      const linesWhenOver = lines.length;
      // …and over it, a 429 like any other read: refused before its query is looked at, with the limit's headers.
      const refused = await from('198.51.100.30', '/no-such-path?q=%01');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.headers['x-content-type-options']).toBe('nosniff');
      expect(refused.json()).toMatchObject({ success: false, error: 'Too many requests from this address. Please try again in 1 minute.' });
      for (let i = 0; i < 20; i += 1) expect((await from('198.51.100.30', `/tech/releases?z=${i}`)).statusCode).toBe(429);
      // One warning when it went over; no request lines for the refusals after it.
      const written = lines.slice(linesWhenOver - 3).map((line) => JSON.parse(line) as { msg: string; client?: string });
      expect(written.filter((line) => line.msg.startsWith('client over its read limit')).map((line) => line.client)).toEqual(['198.51.100.30']);
      expect(lines.length - linesWhenOver).toBe(0);
      // Another address reads on, and is logged as before.
      expect((await from('198.51.100.31', '/api/labels')).statusCode).toBe(200);
      expect(lines.length - linesWhenOver).toBe(2);
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL dropping the connections', () => {
  it('does not end the server: the next request opens a new connection', async () => {
    const postgres = testDatabaseKinds.find((kind) => kind.name === 'postgres')!;
    const database = await postgres.open();
    const app = await buildApp({ db: database.db, clock: () => testNow }, { logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      // As a restart or a failover does: the server ends every connection of this database.
      const [{ current }] = await queryRows<{ current: string }>(database.db, sql`select current_database() as current`) as [{ current: string }];
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [current]);
      } finally {
        await admin.end();
      }
      let status = 0;
      for (let attempt = 0; attempt < 3 && status !== 200; attempt += 1) status = (await app.inject({ method: 'GET', url: '/api/health' })).statusCode;
      expect(status).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL stalled (connected, answering nothing)', () => {
  it('answers 503 with Retry-After instead of holding requests and health, and serves again when it is back', async () => {
    const created = await createPostgresTestDatabase();
    const proxy = await startCuttableProxy(Number(new URL(created.url).port || 5432));
    const throughProxy = new URL(created.url);
    throughProxy.port = String(proxy.port);
    const database = await openPostgres(throughProxy.toString(), { statementTimeoutMs: 500 });
    const app = await buildApp({ db: database.db, clock: () => testNow }, { logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/releases?label=tech' })).statusCode).toBe(200);
      proxy.stall();
      // Not cached yet: each needs the database. Health has not vouched for it yet either.
      for (const url of ['/api/releases?label=deep', '/api/artists?label=tech', '/api/health']) {
        const res = await app.inject({ method: 'GET', url });
        expect([url, res.statusCode]).toEqual([url, 503]);
        if (url !== '/api/health') {
          expect(res.headers['retry-after']).toBe('5');
          expect(res.json()).toMatchObject({ success: false, error: 'The database is not answering. Please try again in a moment.' });
        }
      }
      proxy.resume();
      let status = 0;
      for (let attempt = 0; attempt < 3 && status !== 200; attempt += 1) status = (await app.inject({ method: 'GET', url: '/api/releases?label=deep' })).statusCode;
      expect(status).toBe(200);
    } finally {
      await app.close();
      proxy.resume();
      await database.close();
      await proxy.close();
      await created.drop();
    }
  });

  it('cancels a statement that runs past the timeout on the server', async () => {
    const created = await createPostgresTestDatabase();
    const database = await openPostgres(created.url, { statementTimeoutMs: 200 });
    try {
      await expect(database.db.execute(sql`select pg_sleep(5)`)).rejects.toSatisfy(isDatabaseTimeout);
      expect(await queryRows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
      await created.drop();
    }
  });
});
