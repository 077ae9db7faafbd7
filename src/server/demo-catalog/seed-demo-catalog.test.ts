import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../tests/helpers/test-database.js';
import type { Database } from '../db/client.js';
import { activityLog } from '../db/schema.js';
import { seedDemoCatalogIfEmpty } from './seed-demo-catalog.js';

describe.each(testDatabaseKinds)('the demo catalog at first start on $name', (kind) => {
  let database: Database;
  const at = new Date('2026-11-21T12:00:00Z');

  beforeAll(async () => {
    database = await kind.open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is imported once, and the import is the first line of Recent Activity', async () => {
    const report = await seedDemoCatalogIfEmpty(database.db, () => at);
    expect(report?.totalReleasesImported).toBeGreaterThan(0);
    expect(await seedDemoCatalogIfEmpty(database.db, () => at)).toBeUndefined();
    const entries = await database.db.select().from(activityLog);
    expect(entries.map((e) => [e.kind, e.actor, e.summary, e.occurredAt])).toEqual([
      [
        'catalog.import',
        null,
        `Imported the demo catalog: ${report?.totalReleasesImported} releases, ${report?.totalTracksImported} tracks, ` +
          `${report?.totalArtistsImported} artists, ${report?.rejected.length} rows rejected`,
        at,
      ],
    ]);
  });
});
