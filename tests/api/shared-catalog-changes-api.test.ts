import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Release, Track } from '../../src/shared/api/catalog.js';
import { buildApp, type App } from '../../src/server/app.js';
import { openPostgres, queryRows, type Database } from '../../src/server/db/client.js';
import { createOrResetAdmin } from '../../src/server/modules/staff/admin-auth.service.js';
import { signAdminToken } from '../../src/server/modules/staff/admin-tokens.js';
import { relayCatalogChanges, type RelayedCatalogChanges } from '../../src/server/modules/catalog/catalog-changes.js';
import { captureLog, type CapturedLog } from '../helpers/captured-log.js';
import { readFixtureCsv, testNow, type PagedList } from '../helpers/test-app.js';
import type { ScratchDatabase } from '../helpers/scratch-postgres.js';
import { createPostgresTestDatabase } from '../helpers/test-database.js';

// Instances on one PostgreSQL database hear each other's catalog writes through LISTEN/NOTIFY
// (docs/decisions/0056-catalog-changes-through-postgres.md): a cached read on one instance shows a
// write made through another, without waiting for the cache's minute.

const relayLost = 'PostgreSQL LISTEN connection lost: every reconnect attempt counts as a change until it listens again';
const relayBack = 'PostgreSQL LISTEN connection back';

interface Instance {
  app: App;
  database: Database;
  changes: RelayedCatalogChanges;
  log: CapturedLog;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('catalog changes across instances on one PostgreSQL database', () => {
  let shared: ScratchDatabase;
  const jwtSecret = randomBytes(32);
  let auth: { authorization: string };
  let a: Instance;
  let b: Instance;
  let release: Release;

  /** An instance as main.ts makes it with DATABASE_URL: its own pool and its own LISTEN connection. */
  async function startInstance(): Promise<Instance> {
    const log = captureLog();
    const database = await openPostgres(shared.url);
    const changes = await relayCatalogChanges(shared.url, log.logger);
    const app = await buildApp({ db: database.db, clock: () => testNow, catalogChanges: changes, jwtSecret }, { logger: false });
    return { app, database, changes, log };
  }

  beforeAll(async () => {
    shared = await createPostgresTestDatabase('distributor-catalog');
    const seeding = await openPostgres(shared.url);
    await createOrResetAdmin(seeding.db, 'alice', 'correct horse battery', testNow);
    const [admin] = await queryRows<{ id: string }>(seeding.db, sql`select id from admin_users where username = 'alice'`);
    await seeding.close();
    auth = { authorization: `Bearer ${await signAdminToken(jwtSecret, admin!.id, testNow)}` };
    a = await startInstance();
    b = await startInstance();
    const tracks = await b.app.inject({ method: 'GET', url: '/api/tracks?q=Saoul&limit=1' });
    release = { id: tracks.json<PagedList<Track>>().data[0]!.release_id } as Release;
  });
  afterAll(async () => {
    for (const instance of [a, b]) {
      await instance?.app.close();
      await instance?.changes.close();
      await instance?.database.close();
    }
    await shared?.drop();
  });

  async function titles(instance: Instance): Promise<string[]> {
    const res = await instance.app.inject({ method: 'GET', url: `/api/releases/${release.id}?include_tracks=true` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Release }>().data.tracks!.map((track) => track.title);
  }

  async function renameOn(instance: Instance, title: string): Promise<void> {
    const [track] = (await instance.app.inject({ method: 'GET', url: `/api/releases/${release.id}?include_tracks=true` })).json<{ data: Release }>().data.tracks!;
    const res = await instance.app.inject({ method: 'PATCH', url: `/api/admin/tracks/${track!.id}`, payload: { title }, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
  }

  it("shows an admin edit made through one instance on the other's cached reads, and at once on its own", async () => {
    const before = await titles(b);
    const cached = await b.app.inject({ method: 'GET', url: `/api/releases/${release.id}?include_tracks=true` });
    await renameOn(a, 'Renamed Through A');
    expect(await titles(a)).toContain('Renamed Through A');
    await expect.poll(() => titles(b), { timeout: 5_000 }).toContain('Renamed Through A');
    expect(before).not.toContain('Renamed Through A');
    const fresh = await b.app.inject({ method: 'GET', url: `/api/releases/${release.id}?include_tracks=true` });
    expect(fresh.headers.etag).not.toBe(cached.headers.etag);
  });

  it('empties its caches when its LISTEN connection drops, since a change may go unheard, and hears changes again once back', async () => {
    const [first] = await titles(b);
    // A change that no instance announces (SQL by hand): the cached answer does not show it.
    await b.database.db.execute(sql`update tracks set title = 'Changed By Hand' where release_id = ${release.id} and title = ${first!}`);
    expect(await titles(b)).not.toContain('Changed By Hand');

    // As a failover or a restart does: PostgreSQL ends the instances' LISTEN connections.
    const server = new pg.Client({ connectionString: shared.url });
    await server.connect();
    try {
      await server.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'listen catalog_changes'");
    } finally {
      await server.end();
    }
    await expect.poll(() => titles(b), { timeout: 5_000 }).toContain('Changed By Hand');
    await expect.poll(() => [b.log.messages('warn'), b.log.messages('info')], { timeout: 10_000 }).toEqual([[relayLost], [relayBack]]);
    await expect.poll(() => [a.log.messages('warn'), a.log.messages('info')], { timeout: 10_000 }).toEqual([[relayLost], [relayBack]]);

    await titles(b);
    await renameOn(a, 'Renamed After The Drop');
    await expect.poll(() => titles(b), { timeout: 5_000 }).toContain('Renamed After The Drop');
  });

  it('shows an import from the command line (npm run catalog:import) on the running instances', async () => {
    const search = '/api/releases?q=Imported%20Meanwhile&limit=10';
    const found = async (instance: Instance) => (await instance.app.inject({ method: 'GET', url: search })).json<PagedList<Release>>().total;
    expect([await found(a), await found(b)]).toEqual([0, 0]);
    const folder = mkdtempSync(join(tmpdir(), 'bir-cli-import-'));
    try {
      const header = readFixtureCsv().split('\n')[0]!;
      const row = '"Build It Records",BLDR998,199999999998,"Imported Meanwhile",,Kwal,2026-11-01,Electronic,Mainstage,1,QZZ8B2499998,"Imported Meanwhile","Extended Mix",Kwal,,,05:00,Electronic,Mainstage';
      const file = join(folder, 'one.csv');
      writeFileSync(file, `${header}\n${row}\n`);
      await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/modules/catalog-import/importer/import-cli.ts', file], {
        env: { ...process.env, DATABASE_URL: shared.url },
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    await expect.poll(async () => [await found(a), await found(b)], { timeout: 5_000 }).toEqual([1, 1]);
  });
});
