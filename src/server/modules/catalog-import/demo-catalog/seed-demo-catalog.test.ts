import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../../../tests/helpers/test-database.js';
import type { Database } from '../../../db/client.js';
import { activityLog, importJobs } from '../../../db/schema.js';
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

  it('is imported once, credited to the system, in Recent Activity and in Recent imports', async () => {
    const report = await seedDemoCatalogIfEmpty(database.db, () => at);
    expect(report?.totalReleasesImported).toBeGreaterThan(0);
    expect(await seedDemoCatalogIfEmpty(database.db, () => at)).toBeUndefined();
    const entries = await database.db.select().from(activityLog);
    expect(entries.map((e) => [e.kind, e.actor, e.summary, e.occurredAt])).toEqual([
      [
        'catalog.import',
        // Issue 15: the admin showed 'Visitor' for the first-start import.
        'System',
        `Imported the demo catalog: ${report?.totalReleasesImported} releases, ${report?.totalTracksImported} tracks, ` +
          `${report?.totalArtistsImported} artists, ${report?.rejected.length} rows rejected`,
        at,
      ],
    ]);
    // Issue 15: the Labels tab said 'No imports yet.' while Overview listed this import.
    const jobs = await database.db.select().from(importJobs);
    expect(jobs.map((j) => [j.kind, j.status, j.actor, j.fileName, j.done, j.finishedAt])).toEqual([
      ['catalog-csv', 'succeeded', 'System', 'demo catalog (first start)', report?.rows, at],
    ]);
    expect(entries[0]?.subjectId).toBe(jobs[0]?.id);
  });
});
