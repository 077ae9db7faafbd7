import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client.js';
import { syncLabels } from '../../src/server/modules/catalog/labels.repo.js';
import { labels } from '../../src/shared/labels.js';

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

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A migrated database on the CI server, named for this run (the server is shared with other runs). */
async function createPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `bir_template_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await prepare(await openPostgres(url.toString()));
  return name;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(join(tmpdir(), 'bir-test-databases-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const [pgliteDumpPath, postgresTemplate] = await Promise.all([
    dumpMigratedPglite(folder),
    serverUrl ? createPostgresTemplate(serverUrl) : Promise.resolve(''),
  ]);
  project.provide('pgliteDumpPath', pgliteDumpPath);
  project.provide('postgresTemplate', postgresTemplate);
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (serverUrl && postgresTemplate) {
      await onServer(serverUrl, (client) => client.query(`drop database if exists ${postgresTemplate} with (force)`));
    }
  };
}
