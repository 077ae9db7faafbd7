import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabaseMigratedTo } from '../../../tests/helpers/migrated-to.js';
import { testDatabaseKinds } from '../../../tests/helpers/test-database.js';
import { labels } from '../../shared/labels.js';
import { syncLabels } from '../modules/catalog/index.js';
import { isUniqueViolation, queryRows, type Database } from './client.js';

// Migration 0026 (docs/decisions/0088) on a database as the version before it left it: catalog numbers
// on several releases of a label, in other cases, with spaces, blank, and the demo catalog's numbers
// from before its DEMO- prefix. The migration must go through and leave one release per number.

interface Seeded {
  title: string;
  label?: string;
  number: string | null;
  /** Days after 2024-01-01 it was made: the oldest keeps a number. */
  day: number;
  demo?: boolean;
}

const before: Seeded[] = [
  { title: 'No More', number: 'BLDR192', day: 10 },
  { title: 'No More (Copy)', number: 'bldr192', day: 20 },
  { title: 'No More (Spaced)', number: ' BLDR192 ', day: 30 },
  // The demo seeded first, with the numbers the demo catalog had before its DEMO- prefix.
  { title: 'Demo Rise', number: 'BLDR192', day: 1, demo: true },
  { title: 'Demo Twin A', number: 'BLDR050', day: 2, demo: true },
  { title: 'Demo Twin B', number: 'BLDR050', day: 3, demo: true },
  // A real release may hold what a demo number becomes: the real one keeps it, though made later.
  { title: 'Demo Seven', number: 'BLDR007', day: 4, demo: true },
  { title: 'Real Seven', number: 'DEMO-BLDR007', day: 40 },
  // "(duplicate 2)" is taken already: the next free one is used.
  { title: 'Three Hundred', number: 'BLDR300', day: 50 },
  { title: 'Three Hundred Again', number: 'BLDR300', day: 60 },
  { title: 'Oddly Numbered', number: 'BLDR300 (duplicate 2)', day: 55 },
  // None, as often as wanted.
  { title: 'Blank', number: '', day: 70 },
  { title: 'Spaces', number: '   ', day: 71 },
  { title: 'None', number: null, day: 72 },
  { title: 'None Either', number: null, day: 73 },
  // Another label has a number of its own.
  { title: 'Tech No More', label: 'buildit-tech', number: 'BLDR192', day: 80 },
];

describe.each(testDatabaseKinds)('migration 0026 (unique catalog numbers) on $name', ({ name }) => {
  let database: Database;
  const numberOf = async (title: string) =>
    (await queryRows<{ catalog_number: string | null }>(database.db, sql`select catalog_number from releases where title = ${title}`))[0]?.catalog_number;

  beforeAll(async () => {
    database = await openDatabaseMigratedTo(name, '0025_stripe_prices');
    await syncLabels(database.db, labels);
    for (const release of before) {
      const at = new Date(Date.UTC(2024, 0, 1 + release.day)).toISOString();
      await database.db.execute(sql`
        insert into releases (label_id, catalog_number, title, type, demo, created_at, updated_at)
        values (${release.label ?? 'buildit-records'}, ${release.number}, ${release.title}, 'single', ${release.demo ?? false}, ${at}, ${at})`);
    }
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps the oldest real release on each number and gives the others a visible suffix', async () => {
    const after = Object.fromEntries(await Promise.all(before.map(async ({ title }) => [title, await numberOf(title)] as const)));
    expect(after).toEqual({
      'No More': 'BLDR192',
      'No More (Copy)': 'bldr192 (duplicate 2)',
      'No More (Spaced)': 'BLDR192 (duplicate 3)',
      'Demo Rise': 'DEMO-BLDR192',
      'Demo Twin A': 'DEMO-BLDR050',
      'Demo Twin B': 'DEMO-BLDR050 (duplicate 2)',
      'Demo Seven': 'DEMO-BLDR007 (duplicate 2)',
      'Real Seven': 'DEMO-BLDR007',
      'Three Hundred': 'BLDR300',
      'Three Hundred Again': 'BLDR300 (duplicate 3)',
      'Oddly Numbered': 'BLDR300 (duplicate 2)',
      Blank: null,
      Spaces: null,
      None: null,
      'None Either': null,
      'Tech No More': 'BLDR192',
    });
  });

  it('records each rename in the activity log as an edit by the System, naming the release that kept the number', async () => {
    const entries = await queryRows<{ kind: string; actor: string; summary: string; title: string; details: { fields: string[]; kept_by: string } }>(
      database.db,
      sql`select a.kind, a.actor, a.summary, r.title, a.details from activity_log a join releases r on r.id::text = a.subject_id order by a.summary`,
    );
    expect(entries.map((e) => e.title).sort()).toEqual(['Demo Seven', 'Demo Twin B', 'No More (Copy)', 'No More (Spaced)', 'Three Hundred Again']);
    expect(entries.every((e) => e.kind === 'release.edit' && e.actor === 'System')).toBe(true);
    const copy = entries.find((e) => e.title === 'No More (Copy)');
    expect(copy?.summary).toBe('Catalog number bldr192 of "No More (Copy)" renamed to bldr192 (duplicate 2): it stays on "No More"');
    const [kept] = await queryRows<{ id: string }>(database.db, sql`select id from releases where title = 'No More'`);
    expect(copy?.details).toMatchObject({ fields: ['catalog_number'], catalog_number: { from: 'bldr192', to: 'bldr192 (duplicate 2)' }, kept_by: kept?.id });
  });

  it('refuses a second release with a number of its label in any case, and a number with spaces around it', async () => {
    const insert = (number: string | null, label = 'buildit-records') =>
      database.db.execute(sql`insert into releases (label_id, catalog_number, title, type) values (${label}, ${number}, 'Later', 'single')`);
    const refusal = await insert('Bldr192').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isUniqueViolation(refusal, 'releases_label_catalog_number_uq')).toBe(true);
    await expect(insert(' BLDR999')).rejects.toThrow();
    await expect(insert('')).rejects.toThrow();
    await insert(null);
    await insert(null);
    await insert('BLDR050', 'buildit-deep');
  });
});
