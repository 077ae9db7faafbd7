import { readFileSync } from 'node:fs';
import type { AppDeps } from '../../src/server/app-deps.js';
import { buildApp, type App } from '../../src/server/app.js';
import type { AfterAnswer } from '../../src/server/modules/membership/index.js';
import type { Database } from '../../src/server/db/client.js';
import { createLocalCatalogChanges, type CatalogChanges } from '../../src/server/modules/catalog/catalog-changes.js';
import { distributorExportPath } from './fixtures.js';
import type { TestDatabaseKind, TestDatabaseOpenOptions } from './test-database.js';
import { testNow } from './test-now.js';

export { testNow };

export function readFixtureCsv(): string {
  return readFileSync(distributorExportPath, 'utf8');
}

/** The body of a paged list answer (`listResponse` in src/shared/api/common.ts). */
export interface PagedList<T> {
  success: true;
  data: T[];
  total: number;
  offset: number;
  limit: number;
}

export interface TestApp {
  app: App;
  database: Database;
  /** The app's catalog changes: a test that writes the catalog in SQL, past every write path, publishes here. */
  catalogChanges: CatalogChanges;
  /** Moves the app's clock (cached answers age by it). */
  setNow(now: Date): void;
  /**
   * Waits for the work VIP requests left for after their answer (a member's sign-in link email:
   * docs/decisions/0095), and throws its failure. Without `deps.afterAnswer` given, the app's is this one.
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** The snapshot the database is a copy of (tests/helpers/database-snapshots.ts): 'migrated' unless told. */
  from?: TestDatabaseOpenOptions['from'];
  /** Fills it further, before the app starts. */
  seed?: (database: Database) => Promise<void>;
  now?: Date;
  onQuery?: (query: string) => void;
  /** More dependencies (rate limits, payment provider…). */
  deps?: Partial<Omit<AppDeps, 'db' | 'clock'>>;
}

/** The app on a fresh database of the given kind, optionally filled by `seed`, at a fixed time. */
export async function createTestApp(kind: TestDatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await kind.open({ from: options.from, onQuery: options.onQuery });
  await options.seed?.(database);
  let now = options.now ?? testNow;
  const catalogChanges = options.deps?.catalogChanges ?? createLocalCatalogChanges();
  // After the answer, as the app's own does; a test waits for it with settled().
  const afterAnswerRuns = new Set<Promise<void>>();
  const afterAnswer: AfterAnswer = (work) => {
    const done = new Promise<void>((resolve) => setImmediate(resolve)).then(work);
    afterAnswerRuns.add(done);
  };
  const app = await buildApp({ afterAnswer, ...options.deps, catalogChanges, db: database.db, databaseKind: database.kind, clock: () => now }, { logger: false });
  await app.ready();
  return {
    app,
    database,
    catalogChanges,
    setNow: (moved) => {
      now = moved;
    },
    settled: async () => {
      const runs = [...afterAnswerRuns];
      afterAnswerRuns.clear();
      await Promise.all(runs);
    },
    close: async () => {
      await Promise.allSettled(afterAnswerRuns);
      await app.close();
      await database.close();
    },
  };
}
