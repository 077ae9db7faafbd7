import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client.js';
import { syncLabels } from '../../src/server/modules/catalog/labels.repo.js';
import { labels } from '../../src/shared/labels.js';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-postgres.js';

// Vitest globalSetup: migrates once per run what every database test starts from. A fresh PGlite
// spends seconds in initdb and a fresh PostgreSQL database in the migrations; a dump loads in under
// one second and CREATE DATABASE … TEMPLATE copies in a fraction of one
// (tests/helpers/test-database.ts opens them).

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of a migrated PGlite data directory with the labels (`dumpDataDir`). */
    pgliteDumpPath: string;
    /** A migrated PostgreSQL database with the labels, to copy; '' without TEST_DATABASE_URL. */
    postgresTemplate: string;
  }
}

async function prepare(database: Database): Promise<void> {
  await database.migrate();
  await syncLabels(database.db, labels);
  await database.close();
}

async function dumpMigratedPglite(folder: string): Promise<string> {
  const dataDir = join(folder, 'pgdata');
  await prepare(await openPglite(dataDir));
  const client = new PGlite(dataDir);
  // Without it, dumpDataDir waits on a promise that nothing keeps alive and Node exits quietly.
  await client.waitReady;
  const dump = await client.dumpDataDir('none');
  await client.close();
  const path = join(folder, 'migrated-pglite.tar');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  rmSync(dataDir, { recursive: true, force: true });
  return path;
}

/** A migrated database on the CI server, named for this run (the server is shared with other runs). */
async function createPostgresTemplate(serverUrl: string): Promise<ScratchDatabase> {
  const template = await createScratchDatabase(serverUrl, { prefix: 'bir_template' });
  await prepare(await openPostgres(template.url));
  return template;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(join(tmpdir(), 'bir-test-databases-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const [pgliteDumpPath, postgresTemplate] = await Promise.all([
    dumpMigratedPglite(folder),
    serverUrl ? createPostgresTemplate(serverUrl) : Promise.resolve(undefined),
  ]);
  project.provide('pgliteDumpPath', pgliteDumpPath);
  project.provide('postgresTemplate', postgresTemplate?.name ?? '');
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    await postgresTemplate?.drop();
  };
}
