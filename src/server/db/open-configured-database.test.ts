import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Gate } from '../../../tests/helpers/gate.js';
import { createScratchDatabase, type ScratchDatabase } from '../../../tests/helpers/scratch-postgres.js';
import { labels } from '../../shared/labels.js';
import { parseConfig } from '../config.js';
import { seedDemoCatalogIfEmpty } from '../modules/catalog-import/index.js';
import { queryRows, type Database } from './client.js';
import { openConfiguredDatabase } from './open-configured-database.js';
import { releases } from './schema.js';

const serverUrl = process.env.TEST_DATABASE_URL;

// Several instances deployed together start at once on one empty PostgreSQL database: without the
// startup lock, their migrations run side by side (one fails on a table the other created) and
// each seeds its own demo catalog.
describe.skipIf(!serverUrl)('several servers starting at once on an empty PostgreSQL database', () => {
  let scratch: ScratchDatabase;
  const opened: Database[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl as string, { prefix: 'bir_startup' });
  });
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
    await scratch?.drop();
  });

  it('migrate once, and one of them seeds the demo catalog', async () => {
    const config = parseConfig({ DATABASE_URL: scratch.url, JWT_SECRET: 'x'.repeat(32) });
    const starts = await Promise.all([1, 2, 3].map(() => openConfiguredDatabase(config)));
    opened.push(...starts);
    const now = () => new Date('2026-11-25T12:00:00Z');
    const reports = await Promise.all(starts.map((database) => database.exclusively(() => seedDemoCatalogIfEmpty(database.db, now))));

    const seeded = reports.filter((report) => report !== undefined);
    expect(seeded).toHaveLength(1);
    const [first] = starts as [Database];
    expect(await first.db.$count(releases)).toBe(seeded[0]?.totalReleasesImported);
    const labelRows = await first.db.query.labels.findMany();
    expect(labelRows.map((label) => label.id).sort()).toEqual(labels.map((label) => label.id).sort());
  });

  it('start while another holds the stripe lock (waiting on Stripe): the startup lock is another, and a second stripe job waits its turn', async () => {
    const [first, second] = opened as [Database, Database];
    const gate = new Gate();
    gate.close();
    let holding = () => {};
    const held = new Promise<void>((resolve) => (holding = resolve));
    const check = first.exclusively(async () => {
      holding();
      await gate.pass();
      return 'first check';
    }, 'stripe');
    await held;
    expect(await second.exclusively(async () => 'started')).toBe('started');
    let secondCheckRan = false;
    const secondCheck = second.exclusively(async () => {
      secondCheckRan = true;
      return 'second check';
    }, 'stripe');
    // Its lock waits in PostgreSQL for the first's.
    const waiting = async () =>
      (await queryRows<{ n: number }>(second.db, sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`))[0]?.n;
    await expect.poll(waiting).toBe(1);
    expect(secondCheckRan).toBe(false);
    gate.open();
    expect(await Promise.all([check, secondCheck])).toEqual(['first check', 'second check']);
  });
});
