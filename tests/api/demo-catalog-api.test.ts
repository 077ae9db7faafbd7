import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoCatalogRemovedResponse, DemoCatalogResponse } from '../../src/shared/api/admin-import.js';
import { queryRows } from '../../src/server/db/client.js';
import { importCatalog } from '../../src/server/modules/catalog-import/importer/catalog-importer.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { readFixtureCsv } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

const header = readFixtureCsv().split('\n')[0] as string;

// The first hour with a real catalog: the demo catalog seeded on first start, then the distributor's export
// imported beside it, then the demo catalog removed in one step, on PGlite and PostgreSQL.
describe.each(testDatabaseKinds)('demo catalog removal on $name', (kind) => {
  let t: AdminTestApp;
  /** A demo artist also credited on a real release (a real row names them): they stay. */
  let sharedArtist: string;

  beforeAll(async () => {
    t = await createAdminTestApp(kind, {
      from: 'demo-catalog',
      seed: async (database) => {
        await importCatalog(database.db, readFixtureCsv());
        const [demoArtist] = await queryRows<{ name: string }>(
          database.db,
          sql`select a.name from artists a join release_artists ra on ra.artist_id = a.id join releases r on r.id = ra.release_id
              where r.demo order by a.name limit 1`,
        );
        sharedArtist = (demoArtist as { name: string }).name;
        // One real release credited to that artist, in the export's own columns.
        const row = `"Build It Records",BLDR990,199999999990,"Shared Credit",,${sharedArtist},2026-10-02,Electronic,Mainstage,1,QZZ8B2499990,"Shared Credit","Extended Mix",${sharedArtist},,,05:00,Electronic,Mainstage`;
        await importCatalog(database.db, `${header}\n${row}\n`);
        // A play on a demo track: it goes with its track.
        await database.db.execute(
          sql`insert into plays (track_id, release_id, client_key, address_key, played_at)
              select t.id, t.release_id, 'test', 'test', now() from tracks t join releases r on r.id = t.release_id where r.demo limit 1`,
        );
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function call<T>(method: 'GET' | 'DELETE', url: string, status = 200, headers: Record<string, string> = t.auth): Promise<T> {
    const res = await t.app.inject({ method, url, headers });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json() as T;
  }
  const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(t.database.db, query))[0]?.n;
  const catalogNumbersOf = async (label: string) =>
    (await queryRows<{ catalog_number: string }>(t.database.db, sql`select catalog_number from releases where label_id = ${label} and catalog_number is not null`)).map(
      (r) => r.catalog_number,
    );

  it('refuses both routes without an admin token', async () => {
    await call('GET', '/api/admin/demo-catalog', 401, {});
    await call('DELETE', '/api/admin/demo-catalog', 401, {});
    expect(await count(sql`select count(*)::int as n from releases where demo`)).toBeGreaterThan(0);
  });

  it('keeps catalog numbers of its own, so that no label lists one twice beside a real export', async () => {
    for (const label of ['buildit-records', 'buildit-tech', 'buildit-deep']) {
      const numbers = await catalogNumbersOf(label);
      expect(numbers.length).toBeGreaterThan(0);
      expect(new Set(numbers).size).toBe(numbers.length);
    }
    expect(await count(sql`select count(*)::int as n from releases where demo and catalog_number not like 'DEMO-%'`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from releases where not demo and catalog_number like 'DEMO-%'`)).toBe(0);
  });

  it('says what removing it deletes, then deletes exactly that, and the site shows only the real catalog', async () => {
    const demoReleases = await count(sql`select count(*)::int as n from releases where demo`);
    const demoTracks = await count(sql`select count(*)::int as n from tracks t join releases r on r.id = t.release_id where r.demo`);
    const realReleases = await count(sql`select count(*)::int as n from releases where not demo`);
    const artistsBefore = await count(sql`select count(*)::int as n from artists`);
    const summary = await call<DemoCatalogResponse>('GET', '/api/admin/demo-catalog');
    expect(summary.data).toMatchObject({ releases: demoReleases, tracks: demoTracks });
    expect(summary.data.artists).toBeGreaterThan(0);

    const removed = await call<DemoCatalogRemovedResponse>('DELETE', '/api/admin/demo-catalog');
    expect(removed.data).toEqual(summary.data);
    expect(removed.message).toBe(
      `Removed the demo catalog: ${summary.data.releases} releases, ${summary.data.tracks} tracks, ${summary.data.artists} artists`,
    );

    expect(await count(sql`select count(*)::int as n from releases`)).toBe(realReleases);
    expect(await count(sql`select count(*)::int as n from artists`)).toBe((artistsBefore as number) - summary.data.artists);
    expect(await count(sql`select count(*)::int as n from plays`)).toBe(0);
    // The artist credited on a real release too stays, with that release.
    expect(await count(sql`select count(*)::int as n from artists where name = ${sharedArtist}`)).toBe(1);
    // No artist is left without a credit, and the public site lists only the real catalog.
    expect(
      await count(sql`select count(*)::int as n from artists a where not exists (select 1 from release_artists where artist_id = a.id)
        and not exists (select 1 from track_artists where artist_id = a.id)`),
    ).toBe(0);
    const publicList = (await t.app.inject({ url: '/api/releases?label=buildit-records&limit=100' })).json() as { total: number; data: { catalog_number: string | null }[] };
    expect(publicList.data.some((r) => r.catalog_number?.startsWith('DEMO-'))).toBe(false);
    expect(publicList.total).toBe(await count(sql`select count(*)::int as n from releases where label_id = 'buildit-records' and status <> 'draft'`));

    const [entry] = await queryRows<{ kind: string; actor: string; summary: string }>(
      t.database.db,
      sql`select kind, actor, summary from activity_log where kind = 'catalog.demo-removal'`,
    );
    expect(entry).toEqual({ kind: 'catalog.demo-removal', actor: 'alice', summary: removed.message });
  });

  it('answers all zero once it is removed, and changes nothing', async () => {
    const releasesBefore = await count(sql`select count(*)::int as n from releases`);
    expect((await call<DemoCatalogResponse>('GET', '/api/admin/demo-catalog')).data).toEqual({ releases: 0, tracks: 0, artists: 0 });
    const again = await call<DemoCatalogRemovedResponse>('DELETE', '/api/admin/demo-catalog');
    expect(again).toEqual({ success: true, message: 'There is no demo catalog: nothing was removed.', data: { releases: 0, tracks: 0, artists: 0 } });
    expect(await count(sql`select count(*)::int as n from releases`)).toBe(releasesBefore);
    expect(await count(sql`select count(*)::int as n from activity_log where kind = 'catalog.demo-removal'`)).toBe(1);
  });
});
