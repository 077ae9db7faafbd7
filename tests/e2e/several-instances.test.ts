import { randomBytes, randomInt } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Release, Track } from '../../src/shared/api/catalog.js';
import { labels } from '../../src/shared/labels.js';
import { openPostgres } from '../../src/server/db/client.js';
import { importCatalog } from '../../src/server/import/catalog-importer.js';
import { syncLabels } from '../../src/server/modules/labels/labels.repo.js';
import { readFixtureCsv, type PagedList } from '../helpers/test-app.js';
import { testRedisUrl } from '../helpers/test-redis.js';
import { e2eAdmin, e2eAdminEnv } from './admin-session.js';
import { startProductionServer, type RunningServer } from './production-server.js';

// Two production servers (`npm start`) behind one proxy address, on one PostgreSQL database and one
// Redis, as the README's several instances: what main.ts wires from DATABASE_URL, REDIS_URL and
// TRUST_PROXY (docs/decisions/0055, 0056).

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl || !testRedisUrl)('two instances on one PostgreSQL database and one Redis', () => {
  const name = `bir_e2e_${randomBytes(6).toString('hex')}`;
  let a: RunningServer | undefined;
  let b: RunningServer | undefined;

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
    await onServer(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    // The fixture catalog, imported before the servers start (the demo catalog takes longer to seed).
    const seeding = await openPostgres(url.toString());
    await seeding.migrate();
    await syncLabels(seeding.db, labels);
    await importCatalog(seeding.db, readFixtureCsv());
    await seeding.close();
    const env = {
      ...e2eAdminEnv,
      DATABASE_URL: url.toString(),
      JWT_SECRET: randomBytes(32).toString('hex'),
      REDIS_URL: testRedisUrl!,
      SEED_DEMO_CATALOG: 'false',
      // The test is the proxy: its requests come from 127.0.0.1 and name the visitor.
      TRUST_PROXY: '127.0.0.1',
    };
    a = await startProductionServer(env);
    b = await startProductionServer(env);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await onServer(`drop database if exists ${name} with (force)`);
  });

  /** A visitor's address of this run's own (Redis is shared with other runs; counts expire in minutes). */
  const visitor = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

  const logIn = (server: RunningServer, password: string, forwardedFor: string) =>
    fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
      body: JSON.stringify({ username: e2eAdmin.username, password }),
    });

  it("counts failed logins together, per visitor the proxy names: the 6th on one server after 5 on the other is refused", async () => {
    const guesser = visitor();
    const statuses: number[] = [];
    for (const server of [a!, b!, a!, b!, a!, b!]) statuses.push((await logIn(server, 'wrong password', guesser)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const refused = (await (await logIn(a!, e2eAdmin.password, guesser)).json()) as { message: string };
    expect(refused.message).toBe('Too many failed login attempts. Please try again in 15 minutes.');
    // Another visitor behind the same proxy is counted apart.
    expect((await logIn(b!, e2eAdmin.password, visitor())).status).toBe(200);
  });

  it("shows an admin edit made on one server on the other's cached answer", async () => {
    const { token } = (await (await logIn(a!, e2eAdmin.password, visitor())).json()) as { token: string };
    const tracks = (await (await fetch(`${b!.url}/api/tracks?q=Saoul&limit=1`)).json()) as PagedList<Track>;
    const track = tracks.data[0]!;
    const releaseUrl = `${b!.url}/api/releases/${track.release_id}?include_tracks=true`;
    const titles = async () => ((await (await fetch(releaseUrl)).json()) as { data: Release }).data.tracks!.map((t) => t.title);
    expect(await titles()).not.toContain('Renamed On The Other Server');

    const edit = await fetch(`${a!.url}/api/admin/tracks/${track.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: 'Renamed On The Other Server' }),
    });
    expect(edit.status).toBe(200);
    await expect.poll(titles, { timeout: 5_000 }).toContain('Renamed On The Other Server');
  });
});
