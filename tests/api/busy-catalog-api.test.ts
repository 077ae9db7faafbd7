import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '../../src/shared/api/common.js';
import { queryRows } from '../../src/server/db/client.js';
import { importCatalog } from '../../src/server/modules/catalog-import/importer/catalog-importer.js';
import { busyMessage } from '../../src/server/modules/catalog/index.js';
import { writeFakeBuiltApp } from '../helpers/fake-built-app.js';
import { Gate } from '../helpers/gate.js';
import { createTestApp, readFixtureCsv, testNow, type PagedList, type TestApp } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// Uncached catalog loads when the database cannot answer at once (docs/decisions/0037): a request
// waits a bounded time, then gets the last answer kept or a 503 with Retry-After; one client address
// cannot take every turn. The database is held by a transaction the test keeps open with a gate.

const flooder = '10.0.0.1';
const visitor = '10.0.0.2';

function expectBusy(res: { statusCode: number; headers: Record<string, unknown>; json<T>(): T }) {
  expect(res.statusCode).toBe(503);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json<ErrorResponse>()).toMatchObject({ success: false, error: busyMessage, message: busyMessage, reqId: expect.any(String) });
}

describe.each(testDatabaseKinds)('catalog reads while the database is held on $name', (kind) => {
  let t: TestApp;
  const gate = new Gate();
  let holding: Promise<unknown> | undefined;

  beforeAll(async () => {
    t = await createTestApp(kind, { from: 'distributor-catalog', deps: { catalogLoads: { waitMs: 200, perClient: 3 } } });
  });
  afterEach(async () => {
    gate.open();
    await holding;
    holding = undefined;
  });
  afterAll(async () => {
    await t?.close();
  });

  const read = (url: string, remoteAddress = visitor) => t.app.inject({ method: 'GET', url, remoteAddress });

  /** Opens a transaction that locks the releases (on PGlite it holds the only connection) until the gate opens. */
  async function holdReleases(): Promise<void> {
    gate.close();
    let held!: () => void;
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    holding = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table releases in access exclusive mode`);
      held();
      await gate.pass();
    });
    await isHeld;
  }

  /** On PostgreSQL, until `loads` queries wait for the lock: those loads have their turn (on PGlite every load waits behind the connection). */
  async function waitingForTheLock(loads: number): Promise<void> {
    if (kind.name !== 'postgres') return;
    const waiting = async () =>
      (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`))[0]?.n;
    await expect.poll(waiting, { timeout: 10_000, interval: 10 }).toBe(loads);
  }

  it('answers an uncached read that cannot have its turn in time with a 503 and Retry-After, in the API\'s error body', async () => {
    await holdReleases();
    // Two loads take the two turns and wait for the releases (on PGlite behind the held connection).
    const running = [read('/api/releases?label=deep&limit=3&offset=1', '10.0.0.3'), read('/api/releases?label=deep&limit=3&offset=2', '10.0.0.4')];
    await waitingForTheLock(2);
    expectBusy(await read('/api/releases?label=deep&limit=3&offset=3'));
    gate.open();
    await holding;
    for (const res of await Promise.all(running)) expect([200, 503]).toContain(res.statusCode);
    expect((await read('/api/releases?label=deep&limit=3&offset=3')).statusCode).toBe(200);
  });

  it('refuses an address its uncached reads beyond its share at once, while another address still gets its turn', async () => {
    await holdReleases();
    // Long enough that nothing here ends by waiting: what is refused is refused at once.
    const admitted = [2, 3, 4].map((offset) => read(`/api/releases?label=tech&limit=2&offset=${offset}`, flooder));
    // One address runs every turn but one: one of its loads waits for the releases, the others for their turn.
    await waitingForTheLock(1);
    const refused = await read('/api/releases?label=tech&limit=2&offset=5', flooder);
    expectBusy(refused);
    // The turn kept for the others: the visitor's load starts at once.
    const other = read('/api/releases?label=tech&limit=2&offset=6', visitor);
    await waitingForTheLock(2);
    gate.open();
    await holding;
    // The held ones waited 200 ms each at most: answered, or refused as busy, never left hanging.
    for (const res of await Promise.all([...admitted, other])) expect([200, 503]).toContain(res.statusCode);
    expect((await read('/api/releases?label=tech&limit=2&offset=6', visitor)).statusCode).toBe(200);
  });
});

describe.each(testDatabaseKinds)('catalog reads during an import on $name', (kind) => {
  let t: TestApp;
  const gate = new Gate();

  beforeAll(async () => {
    t = await createTestApp(kind, { from: 'distributor-catalog', deps: { catalogLoads: { waitMs: 200, perClient: 16 } } });
  });
  afterAll(async () => {
    gate.open();
    await t?.close();
  });

  /** The fixture's rows, imported again (its one transaction), paused by the gate after its first rows. */
  async function* pausedExport(paused: () => void): AsyncIterable<string> {
    const [header, ...rows] = readFixtureCsv().split('\n');
    yield `${header}\n${rows.slice(0, 300).join('\n')}\n`;
    paused();
    await gate.pass();
    yield rows.slice(300).join('\n');
  }

  it('answers from the answers kept, or 503 with Retry-After, while the import holds the embedded database, and the import still commits as one', async () => {
    const kept = '/api/releases?label=tech&limit=5';
    const before = await t.app.inject({ method: 'GET', url: kept });
    expect(before.statusCode).toBe(200);
    // The kept answer is past its 5 s: a read asks the database again.
    t.setNow(new Date(testNow.getTime() + 10_000));

    gate.close();
    let paused!: () => void;
    const isPaused = new Promise<void>((resolve) => (paused = resolve));
    const importing = importCatalog(t.database.db, pausedExport(paused));
    await isPaused;

    const again = await t.app.inject({ method: 'GET', url: kept });
    expect(again.statusCode).toBe(200);
    expect(again.json<PagedList<unknown>>().data).toEqual(before.json<PagedList<unknown>>().data);
    const uncached = await t.app.inject({ method: 'GET', url: '/api/releases?label=deep&limit=4&offset=3' });
    // PostgreSQL has other connections; the embedded database's one is the import's.
    if (kind.name === 'pglite') expectBusy(uncached);
    else expect(uncached.statusCode).toBe(200);

    gate.open();
    expect((await importing).rows).toBeGreaterThan(300);
    expect((await t.app.inject({ method: 'GET', url: '/api/releases?label=deep&limit=4&offset=3' })).statusCode).toBe(200);
  });
});

describe.each(testDatabaseKinds)('server-rendered pages and the per-address limit on $name', (kind) => {
  let t: TestApp;
  let built: ReturnType<typeof writeFakeBuiltApp>;

  beforeAll(async () => {
    built = writeFakeBuiltApp();
    t = await createTestApp(kind, { deps: { clientDir: built.clientDir, rateLimits: { reads: { max: 4, timeWindowMs: 60_000 } } } });
  });
  afterAll(async () => {
    await t?.close();
    built?.remove();
  });

  it('counts pages and not-found answers with the API reads of the address, whatever cookie or header it sends', async () => {
    const from = (remoteAddress: string, url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, remoteAddress, headers });
    expect((await from(flooder, '/tech')).statusCode).toBe(200);
    expect((await from(flooder, '/tech?z=1')).statusCode).toBe(200);
    expect((await from(flooder, '/api/labels')).statusCode).toBe(200);
    expect((await from(flooder, '/api/no-such-route')).statusCode).toBe(404);
    const refused = await from(flooder, '/records');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json<ErrorResponse>().error).toBe('Too many requests from this address. Please try again in 1 minute.');
    const disguised = await from(flooder, '/records', { cookie: 'theme=light', 'x-forwarded-for': '192.0.2.9', 'user-agent': 'another' });
    expect(disguised.statusCode).toBe(429);
    expect((await from(visitor, '/records')).statusCode).toBe(200);
  });

  it('renders no page for an address over the limit, asked at once or one after another, each URL a new one (docs/decisions/0100)', async () => {
    const from = (remoteAddress: string, url: string) => t.app.inject({ method: 'GET', url, remoteAddress });
    // The fake server entry numbers its renders: a fresh page from another address reads the count.
    const rendersSoFar = async (path: string) => {
      const page = await from('10.0.0.9', path);
      expect(page.statusCode).toBe(200);
      return Number(/<!-- render (\d+) -->/.exec(page.body)?.[1]);
    };
    const before = await rendersSoFar('/deep/artists/before-the-flood');

    const atOnce = await Promise.all(Array.from({ length: 30 }, (_, i) => from('10.0.0.3', `/tech/artists/at-once-${i}?z=${i}`)));
    expect(atOnce.map((res) => res.statusCode).sort()).toEqual([...Array<number>(4).fill(200), ...Array<number>(26).fill(429)]);
    for (let i = 0; i < 40; i += 1) expect((await from('10.0.0.3', `/records/releases/one-more-${i}?q=${i}`)).statusCode).toBe(429);

    // The four pages within the limit and the count's own page were rendered; none of the 66 refused.
    expect(await rendersSoFar('/deep/artists/after-the-flood')).toBe(before + 5);
  });
});
