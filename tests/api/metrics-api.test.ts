import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// GET /metrics (docs/decisions/0071): Prometheus' text format, behind METRICS_TOKEN.

const token = 'scrape-token-0123456789abcdef';

/** The value of the sample `name{labels}` in a scrape, where every label given matches; undefined when there is none. */
function sample(scrape: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of scrape.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => given[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe.each(testDatabaseKinds)('metrics on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { from: 'distributor-catalog', deps: { metricsToken: token } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('refuses a scrape without the bearer token, or with another', async () => {
    for (const authorization of [undefined, `Bearer ${token}x`, `Bearer ${token.slice(1)}`, token]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toMatchObject({ success: false, message: '/metrics needs the bearer token of METRICS_TOKEN' });
      expect(res.body).not.toContain('http_request');
    }
  });

  it('counts requests and their durations by route pattern and status, never by raw URL', async () => {
    const before = await scrape();
    const route = { method: 'GET', route: '/api/releases/:id', status_code: '404' };
    const seen = sample(before, 'http_requests_total', route) ?? 0;
    for (const id of ['no-such-release-1', 'no-such-release-2', 'no-such-release-3']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/releases/${id}` })).statusCode).toBe(404);
    }
    for (const path of ['/nothing/here/1', '/nothing/here/2']) expect((await t.app.inject({ method: 'GET', url: `/api${path}` })).statusCode).toBe(404);
    const after = await scrape();
    expect(sample(after, 'http_requests_total', route)).toBe(seen + 3);
    expect(sample(after, 'http_request_duration_seconds_count', route)).toBe(seen + 3);
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(seen + 3);
    expect(sample(after, 'http_requests_total', { method: 'GET', route: '(no route)', status_code: '404' })).toBeGreaterThanOrEqual(2);
    expect(after).not.toMatch(/no-such-release|nothing\/here/);
  });

  it('counts catalog cache hits and misses, and gives what each cache weighs', async () => {
    const before = await scrape();
    const hits = sample(before, 'bir_cache_lookups_total', { cache: 'answers', result: 'hit' }) ?? 0;
    const misses = sample(before, 'bir_cache_lookups_total', { cache: 'answers', result: 'miss' }) ?? 0;
    const url = `/api/releases?label=tech&limit=3&q=${kind.name}`;
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const after = await scrape();
    expect(sample(after, 'bir_cache_lookups_total', { cache: 'answers', result: 'miss' })).toBe(misses + 1);
    expect(sample(after, 'bir_cache_lookups_total', { cache: 'answers', result: 'hit' })).toBe(hits + 2);
    expect(sample(after, 'bir_cache_lookups_total', { cache: 'data', result: 'miss' })).toBeGreaterThan(0);
    // The answer just kept weighs its URL and its bytes; the rows behind it, their key and JSON.
    expect(sample(after, 'bir_cache_bytes', { cache: 'answers' })).toBeGreaterThan(url.length);
    expect(sample(after, 'bir_cache_bytes', { cache: 'data' })).toBeGreaterThan(0);
  });

  it("gives the event loop's delay, the database connections and the queues' depths", async () => {
    const body = await scrape();
    expect(sample(body, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(body, 'bir_database_connections', { state: 'open' })).toBeGreaterThanOrEqual(1);
    expect(sample(body, 'bir_database_connections', { state: 'waiting' })).toBe(0);
    expect(sample(body, 'bir_import_jobs', { state: 'held' })).toBe(0);
    expect(sample(body, 'bir_import_jobs', { state: 'lease_expired' })).toBe(0);
    expect(sample(body, 'bir_outbox_emails', { state: 'waiting' })).toBe(0);
    expect(sample(body, 'bir_outbox_emails', { state: 'sending' })).toBe(0);
  });

  it('shows the pictures drawn on request: while one client asks for many share cards never drawn, 2 are drawn at once and the rest wait their turn (issue 32, row 10)', async () => {
    const drawings = (body: string) => ({ drawing: sample(body, 'bir_image_drawings', { state: 'drawing' }), waiting: sample(body, 'bir_image_drawings', { state: 'waiting' }) });
    expect(drawings(await scrape())).toEqual({ drawing: 0, waiting: 0 });
    // Public releases whose cards no test of this process asked for: a drawn card is kept, and both databases hold the same catalog.
    const count = 8;
    const ids = await queryRows<{ id: string }>(t.database.db, sql`select id from releases where status <> 'draft' order by id offset ${testDatabaseKinds.indexOf(kind) * count} limit ${count}`);
    expect(ids).toHaveLength(count);
    const cards = Promise.all(ids.map(({ id }) => t.app.inject({ method: 'GET', url: `/media/releases/${id}-card.jpg` })));
    // Scraped while they are drawn, until a scrape finds cards waiting.
    const seen: ReturnType<typeof drawings>[] = [];
    await expect
      .poll(
        async () => {
          seen.push(drawings(await scrape()));
          return seen.at(-1)!.waiting;
        },
        { timeout: 10_000, interval: 5 },
      )
      .toBeGreaterThan(0);
    expect(seen.at(-1)!.drawing).toBe(2);
    expect(Math.max(...seen.map((s) => s.drawing!))).toBeLessThanOrEqual(2);
    const answers = await cards;
    expect(answers.map((res) => [res.statusCode, res.headers['content-type']])).toEqual(Array(count).fill([200, 'image/jpeg']));
    expect(drawings(await scrape())).toEqual({ drawing: 0, waiting: 0 });
  }, 60_000);
});

describe('metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(testDatabaseKinds[0]!);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('do not exist', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(404);
  });
});
