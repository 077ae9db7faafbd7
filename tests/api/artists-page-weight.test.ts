import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageRenderer } from '../../src/client/entry-server.js';
import type { Database } from '../../src/server/db/client.js';
import { defaultSiteSettings } from '../../src/shared/api/settings.js';
import { CatalogCache, createLocalCatalogChanges } from '../../src/server/modules/catalog/index.js';
import { createPageDataSource } from '../../src/server/ssr/page-data.js';
import { testNow } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// Issue 37: a page's first HTML does not grow with the catalog. The artists page of a label with
// 6,000 artists is within 20% of the same page with 100: it carries one page of the list, searched
// and paged on the server, never the whole roster.

const template = readFileSync(new URL('../../src/client/index.html', import.meta.url), 'utf8');

/** Artists `from`…`to`, each credited on one release of Build It Records (so listed on it). */
async function addArtists(database: Database, from: number, to: number): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into artists (id, name)
      select 'weight-artist-' || g, 'Roster Artist ' || lpad(g::text, 5, '0') from generate_series(${from}::int, ${to}::int) g`);
    await tx.execute(sql`insert into release_artists (release_id, artist_id, role, position)
      select r.id, 'weight-artist-' || g, 'primary', g from releases r cross join generate_series(${from}::int, ${to}::int) g
       where r.upc = 'WEIGHT-1'`);
  });
}

describe.each(testDatabaseKinds)('the artists page as the roster grows on $name', (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await kind.open();
    await database.db.execute(sql`insert into releases (label_id, upc, catalog_number, title, release_date, type)
      values ('buildit-records', 'WEIGHT-1', 'WEIGHT-1', 'The Whole Roster', date '2020-01-01', 'compilation')`);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** The first HTML of /records/artists, read afresh (a cache of its own). */
  async function firstHtml(): Promise<string> {
    const catalogCache = new CatalogCache(createLocalCatalogChanges(), { now: () => testNow.getTime() });
    const render = createPageRenderer(template);
    const rendered = await render(
      { url: 'http://records.example/records/artists', nonce: 'nonce', themeMode: 'dark', settings: defaultSiteSettings },
      createPageDataSource({ db: database.db, catalogCache, clock: () => testNow }),
    );
    if (rendered.kind !== 'page') throw new Error(`not a page: ${rendered.kind}`);
    expect(rendered.status).toBe(200);
    return rendered.html;
  }

  it('keeps the first HTML of /records/artists within 20% of its size at 100 artists when there are 6,000', async () => {
    await addArtists(database, 1, 100);
    const small = await firstHtml();
    expect(small).toContain('Roster Artist 00001');

    await addArtists(database, 101, 6_000);
    const large = await firstHtml();
    expect(large).toContain('Roster Artist 00001');
    expect(large).not.toContain('Roster Artist 06000');
    const bytes = (html: string) => Buffer.byteLength(html);
    console.log(`first HTML of /records/artists on ${kind.name}: ${bytes(large)} bytes at 6,000 artists, ${bytes(small)} at 100 (${(bytes(large) / bytes(small)).toFixed(3)}x)`);
    expect(large.length / small.length, `${large.length} bytes at 6,000 artists, ${small.length} at 100`).toBeLessThanOrEqual(1.2);
    // 6,000 artists credited through the catalog's triggers take PGlite several seconds on a loaded machine.
  }, 60_000);
});
