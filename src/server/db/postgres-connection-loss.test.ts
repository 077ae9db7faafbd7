import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../../../tests/helpers/test-database.js';
import type { ScratchDatabase } from '../../../tests/helpers/scratch-postgres.js';
import { isConnectionLost, openPostgres, queryRows, type Database } from './client.js';

// PostgreSQL ends connections under the server (a restart, a failover, pg_terminate_backend). An
// 'error' event nobody listens to ends the process: vitest reports it as an unhandled error and
// fails the run, so each test here fails without its listener.
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL connections ended under the server', () => {
  let created: ScratchDatabase;
  let database: Database;

  beforeAll(async () => {
    created = await createPostgresTestDatabase();
    database = await openPostgres(created.url);
  });
  afterAll(async () => {
    await database?.close();
    await created?.drop();
  });

  /** Ends the session holding the startup lock, as a PostgreSQL restart would. */
  const endLockHolder = () =>
    queryRows(
      database.db,
      sql`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())`,
    );

  it('keeps the work of the startup lock when the lock holder\'s connection is ended while it runs', async () => {
    const answer = await database.exclusively(async () => {
      await endLockHolder();
      return 'migrated';
    });
    expect(answer).toBe('migrated');
    // The lock went with the session: the next holder takes it at once.
    expect(await database.exclusively(async () => 'again')).toBe('again');
  });

  it('fails a transaction whose connection is ended, as a lost connection, and answers the next query on a new one', async () => {
    const failure = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
      })
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(Error);
    // What an import job tells apart from its own failures (it runs again rather than fail).
    expect(isConnectionLost(failure)).toBe(true);
    expect(isConnectionLost(await database.db.execute(sql`select 1/0`).catch((err: unknown) => err))).toBe(false);
    expect(await queryRows<{ answer: number }>(database.db, sql`select 1 as answer`)).toEqual([{ answer: 1 }]);
  });
});
