import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectionUse, queryRows } from '../../src/server/db/client.js';
import { testDatabaseKinds } from './test-database.js';

// The pool of PGlite threads test files share (pglite-pool.ts): a file's database is the snapshot as it
// was, whatever the file before it did to its own, and no two open databases are one.

const pglite = testDatabaseKinds.find((kind) => kind.name === 'pglite')!;

const labelNames = async (database: Awaited<ReturnType<typeof pglite.open>>) =>
  (await queryRows<{ name: string }>(database.db, sql`select name from labels order by id`)).map(({ name }) => name);

describe("PGlite's pool of snapshot databases", () => {
  // Opens up to five databases from the snapshot, 1–2 CPU-seconds each: 14–15 s beside other work.
  it('hands the next file the snapshot as it was (rows, sequences and session back, a changed schema never), and refuses the last file what it sends after its close', { timeout: 60_000 }, async () => {
    const first = await pglite.open();
    const labels = await labelNames(first);
    expect(labels.length).toBeGreaterThan(0);
    await first.db.execute(sql`delete from labels`);
    await first.db.execute(sql`insert into site_settings_changes (at, by, before, after) values (now(), 'a file before', '{}', '{}')`);
    const [{ id: firstId } = { id: 0 }] = await queryRows<{ id: number }>(first.db, sql`select max(id) as id from site_settings_changes`);
    await first.db.execute(sql`set time zone 'Pacific/Chatham'`);
    await first.close();
    // What a file left running past its close is refused: it never reaches the next file's database.
    await expect(first.db.execute(sql`select 1`)).rejects.toMatchObject({ cause: { message: 'the test database is closed' } });

    const second = await pglite.open();
    // The app still sees PGlite's one connection (its metrics, and its 503s while an import holds it).
    expect(connectionUse(second.db)).toEqual({ open: 1, idle: 1, waiting: 0 });
    expect(await labelNames(second)).toEqual(labels);
    expect(await queryRows(second.db, sql`select * from site_settings_changes`)).toEqual([]);
    await second.db.execute(sql`insert into site_settings_changes (at, by, before, after) values (now(), 'the next file', '{}', '{}')`);
    expect(await queryRows(second.db, sql`select id from site_settings_changes`)).toEqual([{ id: firstId }]);
    expect(await queryRows(second.db, sql`show time zone`)).not.toEqual([{ TimeZone: 'Pacific/Chatham' }]);

    // Open at once, two files' databases are two.
    const third = await pglite.open();
    expect(await queryRows(third.db, sql`select * from site_settings_changes`)).toEqual([]);
    await second.db.execute(sql`alter table labels add column painted_by text`);
    await second.close();
    await third.close();

    // The one whose schema changed is not handed out again.
    for (const database of [await pglite.open(), await pglite.open()]) {
      expect(await queryRows(database.db, sql`select column_name from information_schema.columns where table_name = 'labels' and column_name = 'painted_by'`)).toEqual([]);
      expect(await labelNames(database)).toEqual(labels);
      await database.close();
    }
  });
});
