import { sql } from 'drizzle-orm';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/server/db/client.js';
import { createSpotifyCatalogClient } from '../../src/server/modules/catalog-import/spotify/spotify-catalog-client.js';
import { labels } from '../../src/shared/labels.js';
import { startFakeSpotify, type FakeSpotify } from '../fakes/fake-spotify.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { operationsOf, requestsFor, type FuzzRequest, type JsonSchema, type Operation } from '../helpers/contract-fuzz.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// Every endpoint of the app's own OpenAPI document, fuzzed (tests/helpers/contract-fuzz.ts): never a
// 5xx; every answer is documented and validates against its schema; a refused write writes no row;
// a refused request names the field when one is at fault. FUZZ_RUNS sets the cases per endpoint
// (`npm run stress` runs thousands).

const runsPerOperation = Number(process.env.FUZZ_RUNS ?? 8);
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const plenty = { max: 1_000_000, timeWindowMs: 60_000 };

/** No body, or a JSON object (without a prototype key, which the JSON parser itself refuses) as the body. */
function isWellFormed(request: FuzzRequest): boolean {
  if (request.payload === undefined) return true;
  if (request.headers['content-type'] !== 'application/json' || request.payload.includes('__proto__')) return false;
  try {
    const body: unknown = JSON.parse(request.payload);
    return body !== null && typeof body === 'object' && !Array.isArray(body);
  } catch {
    return false;
  }
}

/** Rows written to the app's tables since countWrites. */
async function writesSoFar(db: Database['db']): Promise<number> {
  const [row] = await queryRows<{ n: string }>(db, sql`select n::text from bir_fuzz.writes`);
  return Number(row?.n);
}

/**
 * Counts every row written to a table of the app (inserted, updated or deleted; a table truncated counts
 * one) in a counter of its own schema, written in the same transaction as the row: a write rolled back
 * counts nothing, and a write that puts back what was there counts all the same.
 */
async function countWrites(db: Database['db']): Promise<void> {
  await db.execute(sql`create schema bir_fuzz`);
  await db.execute(sql`create table bir_fuzz.writes (n bigint not null)`);
  await db.execute(sql`insert into bir_fuzz.writes values (0)`);
  await db.execute(
    sql.raw(`create function bir_fuzz.count_write() returns trigger language plpgsql as $$ begin update bir_fuzz.writes set n = n + 1; return null; end $$`),
  );
  const tables = await queryRows<{ name: string }>(db, sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
  expect(tables.length).toBeGreaterThan(30);
  for (const { name } of tables) {
    await db.execute(sql`create trigger bir_fuzz_rows after insert or update or delete on ${sql.identifier(name)} for each row execute function bir_fuzz.count_write()`);
    await db.execute(sql`create trigger bir_fuzz_truncate after truncate on ${sql.identifier(name)} for each statement execute function bir_fuzz.count_write()`);
  }
  // It counts a row put back as it was, and nothing of a transaction rolled back.
  await db.execute(sql`update labels set name = name`);
  expect(await writesSoFar(db)).toBe(labels.length);
  const rolledBack = db.transaction(async (tx) => {
    await tx.execute(sql`update labels set name = name`);
    throw new Error('rolled back');
  });
  await expect(rolledBack).rejects.toThrow('rolled back');
  expect(await writesSoFar(db)).toBe(labels.length);
}

describe.each(testDatabaseKinds)('contract fuzzing on $name', (kind) => {
  let t: AdminTestApp;
  let known: Record<string, string[]>;
  const ajv = addFormats(new Ajv({ strict: false }));
  const validators = new Map<JsonSchema, ValidateFunction>();
  const operations: Operation[] = [];

  let fake: FakeSpotify;

  beforeAll(async () => {
    // A Spotify that answers (with nothing found), so that "Import tracks" runs its job instead of a 503.
    fake = await startFakeSpotify();
    const spotifyCatalog = createSpotifyCatalogClient({ clientId: fake.clientId, clientSecret: fake.clientSecret, accountsUrl: fake.accountsUrl, apiUrl: fake.apiUrl });
    t = await createAdminTestApp(kind, {
      from: 'distributor-catalog',
      // The score keeper's minutely pass would keep the score of a release an earlier case created while a
      // later refused write is checked for changing nothing: it passes once at start, and not again here.
      deps: { spotifyCatalog, rateLimits: { demos: plenty, vip: plenty, plays: plenty, reads: plenty }, scoreKeeping: { intervalMs: 3_600_000 } },
    });
    await countWrites(t.database.db);
    operations.push(...operationsOf(t.app.swagger()));
    const ids = async (table: string) =>
      (await queryRows<{ id: string }>(t.database.db, sql`select id::text from ${sql.identifier(table)} order by id limit 5`)).map((r) => r.id);
    const labelIds = labels.flatMap((label) => [label.id, label.short, String(label.number)]);
    const [releaseIds, trackIds, artistIds] = [await ids('releases'), await ids('tracks'), await ids('artists')];
    known = {
      id: [...releaseIds, ...trackIds, ...artistIds, ...labelIds],
      label: labelIds,
      labelId: labelIds,
      release_id: releaseIds,
    };
  });
  afterAll(async () => {
    // The counter and its triggers go with their schema: a pooled PGlite goes back to the snapshot's shape.
    await t?.database.db.execute(sql`drop schema if exists bir_fuzz cascade`);
    await t?.close();
    await fake?.close();
  });

  function validatorFor(schema: JsonSchema): ValidateFunction {
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      validators.set(schema, validate);
    }
    return validate;
  }

  function headersFor(operation: Operation): fc.Arbitrary<Record<string, string>> {
    if (!operation.path.startsWith('/api/admin/') || operation.path === '/api/admin/login') return fc.constant({});
    const none = fc.constantFrom<Record<string, string>>({}, { authorization: 'Bearer not-a-token' }, { authorization: 'Basic YTpi' });
    // Logging out would revoke the one token every other case uses.
    if (operation.path === '/api/admin/logout') return none;
    return fc.oneof({ weight: 3, arbitrary: fc.constant(t.auth) }, { weight: 1, arbitrary: none });
  }

  /** An accepted import runs on after its 202: let it end, so that what it writes is not taken for the next case's. */
  async function jobFinished(id: string): Promise<void> {
    for (let poll = 0; poll < 100_000; poll += 1) {
      const job = await t.app.inject({ method: 'GET', url: `/api/admin/import-jobs/${id}`, headers: t.auth });
      if (job.json<{ data: { status: string } }>().data.status !== 'running') return;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error(`import job ${id} did not end`);
  }

  async function check(operation: Operation, request: FuzzRequest): Promise<void> {
    const isWrite = request.method !== 'GET';
    const before = isWrite ? await writesSoFar(t.database.db) : 0;
    const res = await t.app.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, payload: request.payload });
    const what = `${request.method} ${request.url.slice(0, 200)} (${request.bodyKind}: ${request.payload?.slice(0, 200)}) -> ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, what).toBeLessThan(500);

    const documented = operation.responses[String(res.statusCode)];
    expect(documented, `undocumented status: ${what}`).toBeDefined();
    const schema = documented?.content?.['application/json']?.schema;
    if (schema && res.headers['content-type']?.toString().startsWith('application/json')) {
      const validate = validatorFor(schema);
      expect(validate(res.json()), `${what}\n${ajv.errorsText(validate.errors)}`).toBe(true);
    }
    // An import's 202 starts a job, which must end before the next request; other 202s (a sign-in link, Notify me) start none.
    const job = res.statusCode === 202 ? res.json<{ job?: { id: string } }>().job : undefined;
    if (job) await jobFinished(job.id);
    if (res.statusCode >= 400) {
      const body = res.json<{ success: boolean; field?: string; reqId: string }>();
      expect(body.success, what).toBe(false);
      expect(body.reqId, what).toEqual(expect.any(String));
      if (isWrite) expect(await writesSoFar(t.database.db), `a refused write changed a table: ${what}`).toBe(before);
      // A request without a body, or with a JSON object for one, is refused for a field, which is named.
      if (res.statusCode === 400 && isWellFormed(request)) expect(body.field, `no field named: ${what}`).toEqual(expect.any(String));
    }
  }

  // A generous bound on the whole run, which grows with FUZZ_RUNS (about 40 endpoints).
  it('fuzzes every documented endpoint', { timeout: 30_000 + runsPerOperation * 4_000 }, async () => {
    expect(operations.length).toBeGreaterThan(30);
    for (const operation of operations) {
      await fc.assert(
        fc.asyncProperty(requestsFor(operation, known, headersFor(operation)), (request) => check(operation, request)),
        { numRuns: runsPerOperation },
      );
    }
  });
});
