import type { TestProject } from 'vitest/node';
import { keepSnapshots, type SnapshotName } from '../helpers/database-snapshots.js';

// Vitest globalSetup: finds or makes what database tests start from (tests/helpers/database-snapshots.ts).
// A fresh PGlite spends seconds in initdb, a fresh PostgreSQL database in the migrations, and the
// catalogs seconds more in the importer; a dump loads in under one second and CREATE DATABASE …
// TEMPLATE copies in a fraction of one (tests/helpers/test-database.ts opens them). They are kept
// across runs: a run made after no change to what makes them makes none.

declare module 'vitest' {
  export interface ProvidedContext {
    /** Each snapshot's tar of a PGlite data directory (`dumpDataDir`). */
    pgliteSnapshots: Record<SnapshotName, string>;
    /** Each snapshot's PostgreSQL template database; null without TEST_DATABASE_URL. */
    postgresSnapshots: Record<SnapshotName, string> | null;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const kept = await keepSnapshots(process.env.TEST_DATABASE_URL);
  project.provide('pgliteSnapshots', kept.pglite);
  project.provide('postgresSnapshots', kept.postgres);
}
