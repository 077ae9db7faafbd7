import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client.js';
import { syncLabels } from '../../src/server/modules/catalog/labels.repo.js';
import { seedDemoCatalogIfEmpty } from '../../src/server/modules/catalog-import/demo-catalog/seed-demo-catalog.js';
import { importCatalog } from '../../src/server/modules/catalog-import/importer/catalog-importer.js';
import { migrationsDir, projectRoot } from '../../src/server/paths.js';
import { labels } from '../../src/shared/labels.js';
import { distributorExportPath } from './fixtures.js';
import { dropUnusedTemplateDatabases, keepTemplateDatabase } from './scratch-postgres.js';
import { testNow } from './test-now.js';

// The databases test files start from, each made once and kept across runs: a PGlite data directory
// as a tar (`dumpDataDir`) in node_modules/.cache, which a fresh clone or `git clean` does not carry,
// and a template database on the PostgreSQL server. Each is named by a hash of what makes it (the
// migrations, the code that fills it with everything it imports, the data it reads), so a change to
// any of them makes a new one, and no run ever opens one made by other code. Those no run has used
// for a day go. tests/setup/migrated-databases.ts keeps them; test-database.ts opens copies.

export const snapshotNames = ['migrated', 'distributor-catalog', 'demo-catalog'] as const;
export type SnapshotName = (typeof snapshotNames)[number];

interface Recipe {
  /** The snapshot it starts from; without one, an empty database. */
  base?: SnapshotName;
  /** Source files of the code that fills it: they and every file they import are hashed. */
  code: string[];
  /** Files or folders it reads, hashed as they are. */
  data: string[];
  fill(database: Database): Promise<unknown>;
}

const source = (path: string) => join(projectRoot, path);

const recipes: Record<SnapshotName, Recipe> = {
  /** Migrated, with the labels: what every server start makes of an empty database. */
  migrated: {
    code: [source('src/server/modules/catalog/labels.repo.ts'), source('src/shared/labels.ts')],
    data: [migrationsDir],
    fill: async (database) => {
      await database.migrate();
      await syncLabels(database.db, labels);
    },
  },
  /** The distributor's export in tests/fixtures imported: a real label's catalog. */
  'distributor-catalog': {
    base: 'migrated',
    code: [source('src/server/modules/catalog-import/importer/catalog-importer.ts')],
    data: [distributorExportPath],
    fill: (database) => importCatalog(database.db, readFileSync(distributorExportPath, 'utf8')),
  },
  /** The demo catalog as a first start seeds it, at testNow. */
  'demo-catalog': {
    base: 'migrated',
    code: [source('src/server/modules/catalog-import/demo-catalog/seed-demo-catalog.ts'), source('tests/helpers/test-now.ts')],
    data: [],
    fill: (database) => seedDemoCatalogIfEmpty(database.db, () => testNow),
  },
};

const fileOfThisModule = source('tests/helpers/database-snapshots.ts');
const pgliteVersion = (JSON.parse(readFileSync(source('node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
const pgliteCache = source('node_modules/.cache/bir-test-snapshots');
const postgresPrefix = 'bir_snapshot';
const unusedForMs = 24 * 60 * 60 * 1000;

const relativeImport = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** `entries` and every file they import by a relative path, transitively. */
function withImports(entries: string[]): string[] {
  const found = new Set<string>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    found.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(relativeImport)) {
      const path = join(dirname(file), specifier as string);
      // TypeScript sources import each other by their built name (.js).
      visit(existsSync(path) ? path : ([path.replace(/\.js$/, '.ts'), path.replace(/\.js$/, '.tsx')].find((p) => existsSync(p)) ?? path));
    }
  };
  entries.forEach(visit);
  return [...found];
}

function filesIn(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The hash that names a snapshot for a kind of database: PGlite's own files depend on its version. */
function keyOf(name: SnapshotName, engine: string): string {
  const recipe = recipes[name];
  const hash = createHash('sha256').update(engine).update(recipe.base ? keyOf(recipe.base, engine) : '');
  const files = [fileOfThisModule, ...withImports(recipe.code), ...recipe.data.flatMap(filesIn)];
  for (const file of [...new Set(files)].sort()) hash.update(`\0${relative(projectRoot, file)}\0`).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** The snapshot's tar in the cache, made now if it is not there; runs starting at once may both make it, and the last rename wins. */
async function keepPgliteSnapshot(name: SnapshotName, base: string | undefined): Promise<string> {
  const path = join(pgliteCache, `${name}-${keyOf(name, `pglite ${pgliteVersion}`)}.tar`);
  if (!existsSync(path)) {
    const work = mkdtempSync(join(tmpdir(), 'bir-snapshot-'));
    const database = await openPglite(undefined, { loadDataDir: base });
    try {
      await recipes[name].fill(database);
      // Kept uncompressed: every test file loads it, and gunzip would cost each of them.
      const tar = gunzipSync(readFileSync(await (database.dumpDataDir as (into: string) => Promise<string>)(work)));
      const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
      writeFileSync(partial, tar);
      renameSync(partial, path);
    } finally {
      await database.close();
      rmSync(work, { recursive: true, force: true });
    }
  }
  const now = new Date();
  utimesSync(path, now, now);
  return path;
}

async function keepPostgresSnapshot(serverUrl: string, name: SnapshotName, base: string | undefined): Promise<string> {
  const template = `${postgresPrefix}_${name.replaceAll('-', '_')}_${keyOf(name, 'postgres')}`;
  await keepTemplateDatabase(serverUrl, template, {
    template: base,
    fill: async (url) => {
      // Made once, perhaps on a busy machine: the server's 5 s limits are for requests, not for an import.
      const database = await openPostgres(url, { statementTimeoutMs: 300_000 });
      try {
        await recipes[name].fill(database);
      } finally {
        await database.close();
      }
    },
  });
  return template;
}

/** Every snapshot, made by `keep` from its base: the migrated one first, then the others side by side. */
async function keepAll(keep: (name: SnapshotName, base: string | undefined) => Promise<string>): Promise<Record<SnapshotName, string>> {
  const made: Partial<Record<SnapshotName, string>> = {};
  made.migrated = await keep('migrated', undefined);
  await Promise.all(
    snapshotNames
      .filter((name) => name !== 'migrated')
      .map(async (name) => {
        const { base } = recipes[name];
        made[name] = await keep(name, base && made[base]);
      }),
  );
  return made as Record<SnapshotName, string>;
}

function dropUnusedPgliteSnapshots(keep: string[]): void {
  for (const entry of readdirSync(pgliteCache)) {
    const path = join(pgliteCache, entry);
    if (!keep.includes(path) && Date.now() - statSync(path).mtimeMs >= unusedForMs) rmSync(path, { force: true });
  }
}

export interface KeptSnapshots {
  /** The path of each snapshot's PGlite tar. */
  pglite: Record<SnapshotName, string>;
  /** The name of each snapshot's PostgreSQL template; null without a server. */
  postgres: Record<SnapshotName, string> | null;
}

/** Finds or makes every snapshot for PGlite and, given a server (TEST_DATABASE_URL), PostgreSQL; drops those unused for a day. */
export async function keepSnapshots(serverUrl: string | undefined): Promise<KeptSnapshots> {
  mkdirSync(pgliteCache, { recursive: true });
  const [pglite, postgres] = await Promise.all([
    keepAll(keepPgliteSnapshot),
    serverUrl ? keepAll((name, base) => keepPostgresSnapshot(serverUrl, name, base)) : Promise.resolve(null),
  ]);
  dropUnusedPgliteSnapshots(Object.values(pglite));
  if (serverUrl && postgres) await dropUnusedTemplateDatabases(serverUrl, { prefix: postgresPrefix, keep: Object.values(postgres), unusedForMs });
  return { pglite, postgres };
}
