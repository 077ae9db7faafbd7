import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { readFixtureCsv } from '../../../../../tests/helpers/test-app.js';
import { openSameDatabase, testDatabaseKinds } from '../../../../../tests/helpers/test-database.js';
import { queryRows, type Database, type Db } from '../../../db/client.js';
import { releases, tracks } from '../../../db/schema.js';
import { importCatalog } from './catalog-importer.js';

// A catalog number once per label (docs/decisions/0088): what an import does with an export that gives
// one to a second release, on PGlite and PostgreSQL. Line 8 of the fixture is "Lose Minds" (BLDR191),
// line 9 its radio mix (BLDR191A), both on Build It Records; line 2 is "No More" (BLDR192). The export's first 39
// rows (24 releases) hold every case here: an import of them costs a fourteenth of the whole file's.
const fixture = readFixtureCsv().split('\n').slice(0, 40).join('\n');

function editLine(line: number, from: string, to: string): string {
  const lines = fixture.split('\n');
  const current = lines[line - 1] ?? '';
  if (!current.includes(from)) throw new Error(`line ${line} has no ${from}: ${current}`);
  lines[line - 1] = current.replace(from, to);
  return lines.join('\n');
}

const loseMindsRadioMix = '198622817752';
const noMore = '198937087963';

async function releaseByUpc(db: Db, upc: string) {
  const [row] = await db.select({ title: releases.title, catalogNumber: releases.catalogNumber, id: releases.id }).from(releases).where(eq(releases.upc, upc));
  return row;
}

async function trackCount(db: Db, upc: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${tracks} t join ${releases} r on r.id = t.release_id where r.upc = ${upc}`);
  return row?.n ?? 0;
}

async function addHandMade(db: Db, title: string, catalogNumber: string): Promise<void> {
  await db.insert(releases).values({ labelId: 'buildit-records', title, catalogNumber, type: 'single' });
}

describe.each(testDatabaseKinds)('catalog numbers in an import on $name', (kind) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it.each([
    ['in one batch', 250],
    ['in two batches', 7],
  ])('a number twice in one file (%s): the later release is imported with its tracks, without it, and a warning names the first', async (_, rowsPerBatch) => {
    database = await kind.open();
    const report = await importCatalog(database.db, editLine(9, 'BLDR191A', 'bldr191'), { rowsPerBatch });
    const note = { line: 9, reason: 'catalog number bldr191 is already on "Lose Minds" (line 8) in this label: the release is imported without one' };
    expect(report.catalogNumbersNotTaken).toEqual([note]);
    expect(report.warnings).toContainEqual(note);
    expect(report.totalReleasesImported).toBe(24);
    expect(await releaseByUpc(database.db, loseMindsRadioMix)).toMatchObject({ title: 'Lose Minds', catalogNumber: null });
    expect(await trackCount(database.db, loseMindsRadioMix)).toBe(1);
    expect(await releaseByUpc(database.db, '198622817721')).toMatchObject({ catalogNumber: 'BLDR191' });
  });

  it('a number a release made by hand holds: the export\'s release comes in without it; once staff rename, it keeps its own', async () => {
    database = await kind.open();
    await addHandMade(database.db, 'Made By Hand', 'bldr192');
    const first = await importCatalog(database.db, fixture);
    expect(first.warnings).toContainEqual({ line: 2, reason: 'catalog number BLDR192 is already on "Made By Hand" in this label: the release is imported without one' });
    expect(await releaseByUpc(database.db, noMore)).toMatchObject({ catalogNumber: null });
    expect(await trackCount(database.db, noMore)).toBe(4);

    // Staff give the imported release a number of its own: the next import of the same file keeps it.
    await database.db.update(releases).set({ catalogNumber: 'BLDR192-B' }).where(eq(releases.upc, noMore));
    const again = await importCatalog(database.db, fixture);
    expect(again.warnings).toContainEqual({ line: 2, reason: 'catalog number BLDR192 is already on "Made By Hand" in this label: the release keeps BLDR192-B' });
    expect(await releaseByUpc(database.db, noMore)).toMatchObject({ catalogNumber: 'BLDR192-B' });
    expect(again.updated.releases).toBe(0);
  });

  it.runIf(kind.name === 'postgres')(
    'a release made by hand at the same instant takes the number between the look and the write: the import goes on, without it',
    async () => {
      database = await kind.open();
      const db = database.db;
      const staff = await openSameDatabase(database);
      const waiting = async () =>
        (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`))[0]?.n;
      let imported: ReturnType<typeof importCatalog> | undefined;
      try {
        // Staff's release is written, not yet committed: the import does not see it, and its own write waits for it.
        await staff.db.transaction(async (tx) => {
          await addHandMade(tx, 'Made At Once', 'BLDR192');
          imported = importCatalog(db, fixture);
          for (let tries = 0; (await waiting()) !== 1; tries += 1) {
            if (tries > 300) throw new Error('the import never waited for the release made by hand');
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        });
      } finally {
        await staff.close();
      }
      const report = await (imported as ReturnType<typeof importCatalog>);
      expect(report.warnings).toContainEqual({ line: 2, reason: 'catalog number BLDR192 is already on "Made At Once" in this label: the release is imported without one' });
      expect(await releaseByUpc(db, noMore)).toMatchObject({ catalogNumber: null });
      expect(report.totalReleasesImported).toBe(24);
    },
  );
});
