import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../src/server/app.js';
import { queryRows, type Database, type Db } from '../src/server/db/client.js';
import { createLocalCatalogChanges, type CatalogChanges } from '../src/server/modules/catalog/catalog-changes.js';
import { benchNow } from './api.bench.js';
import { fmt, heading, openFreshDatabase, percentile, postgresUnreachable, printTable, recordVerdict, timed, type BackendKind } from './support.js';

const sizes = [1_000, 100_000];
const samples = 30;
/** Untimed requests per route first: compiled code and warm database pages, at either size. */
const warmUps = 5;
/** Only the first 50 releases carry this word: a search whose answer is the same at every size. */
const rareWord = 'zephyr';

/** `releases` releases (5 tracks each, one artist per two releases), made by the database itself. */
export async function generateCatalog(db: Db, releases: number): Promise<void> {
  const artists = Math.max(1, Math.floor(releases / 2));
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into artists (id, name)
      select 'gen-artist-' || g, 'Gen Artist ' || g from generate_series(1, ${artists}::int) g`);
    await tx.execute(sql`insert into releases (label_id, upc, catalog_number, title, release_date, type)
      select (array['buildit-records','buildit-tech','buildit-deep'])[1 + g % 3], 'GEN' || g, 'GEN' || g,
             (case when g <= 50 then ${rareWord} || ' ' else '' end) ||
             (array['Night','Pulse','River','Echo','Solar','Drift','Tide','Ember'])[1 + g % 8] || ' ' ||
             (array['Motion','Garden','Signal','Theory','Voyage','Bloom'])[1 + (g / 8) % 6] || ' ' || g,
             date '2000-01-01' + (g % 9000), (array['album','single','compilation'])[1 + g % 3]
        from generate_series(1, ${releases}::int) g`);
    await tx.execute(sql`insert into release_artists (release_id, artist_id, role, position)
      select id, 'gen-artist-' || (1 + substr(upc, 4)::int % ${artists}::int), 'primary', 0 from releases where upc like 'GEN%'`);
    await tx.execute(sql`insert into tracks (release_id, track_number, isrc, title)
      select r.id, n, 'GEN' || substr(r.upc, 4) || '-' || n, r.title || ' ' || n
        from releases r cross join generate_series(1, 5) n where r.upc like 'GEN%'`);
    await tx.execute(sql`insert into track_artists (track_id, artist_id, role, position)
      select t.id, ra.artist_id, 'primary', 0 from tracks t join release_artists ra on ra.release_id = t.release_id
       where t.isrc like 'GEN%'`);
  });
  await db.execute(sql`analyze`);
}

/** SQL statements as drizzle logs them, while `recording` is set. */
const logged: { recording: boolean; statements: { query: string; params: unknown[] }[] } = { recording: false, statements: [] };

/** A logged statement with its parameters written in, for EXPLAIN. */
function withParams(query: string, params: unknown[]): string {
  return query.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

/** EXPLAIN ANALYZE of the page statement (the one with a limit) that `request` runs uncached. */
async function explainPageStatement(db: Db, request: () => Promise<unknown>, changes: CatalogChanges): Promise<string[]> {
  changes.publish();
  logged.statements = [];
  logged.recording = true;
  await request();
  logged.recording = false;
  const page = logged.statements.find((statement) => / limit \$\d+/.test(statement.query));
  if (!page) return ['(no statement with a limit)'];
  const plan = await queryRows<{ 'QUERY PLAN': string }>(db, sql.raw(`explain analyze ${withParams(page.query, page.params)}`));
  return plan.map((row) => row['QUERY PLAN']);
}

interface GeneratedCatalog {
  size: number;
  database: Database;
  app: App;
  changes: CatalogChanges;
  routes: Record<string, string>;
}

async function openGeneratedCatalog(kind: BackendKind, size: number): Promise<GeneratedCatalog> {
  const onQuery = (query: string, params: unknown[]) => {
    if (logged.recording) logged.statements.push({ query, params });
  };
  const database = await openFreshDatabase(kind, { onQuery });
  const generated = await timed(() => generateCatalog(database.db, size));
  console.log(`${kind}: ${size} releases generated in ${fmt(generated.ms / 1000)} s`);
  const [release] = await queryRows<{ id: string }>(database.db, sql`select id from releases where upc = 'GEN7'`);
  const changes = createLocalCatalogChanges();
  const app = await buildApp({ db: database.db, clock: () => benchNow, catalogChanges: changes }, { logger: false });
  const routes: Record<string, string> = {
    'list (first page)': '/api/releases?label=records&limit=20',
    'list (page 10)': '/api/releases?label=records&limit=20&offset=200',
    [`search q=${rareWord}`]: `/api/releases?q=${rareWord}&limit=20`,
    artists: '/api/artists?label=records&limit=20',
    'release by id': `/api/releases/${release!.id}?include_tracks=true&include_artists=true`,
  };
  return { size, database, app, changes, routes };
}

async function timeUncached(catalog: GeneratedCatalog, name: string): Promise<number> {
  const url = catalog.routes[name]!;
  catalog.changes.publish(); // uncached: every request reads the database
  const { ms, value } = await timed(() => catalog.app.inject({ method: 'GET', url }));
  if (value.statusCode !== 200) throw new Error(`GET ${url}: ${value.statusCode} ${value.body.slice(0, 200)}`);
  return ms;
}

/**
 * p95 per route at each size. Both catalogs are open together and their requests alternate, so that
 * whatever else runs on the machine weighs on both sizes alike.
 */
async function measureBoth(small: GeneratedCatalog, large: GeneratedCatalog): Promise<Map<string, [number, number]>> {
  const p95s = new Map<string, [number, number]>();
  for (const name of Object.keys(small.routes)) {
    const times: [number[], number[]] = [[], []];
    for (let i = 0; i < warmUps + samples; i++) {
      const [a, b] = [await timeUncached(small, name), await timeUncached(large, name)];
      if (i < warmUps) continue;
      times[0].push(a);
      times[1].push(b);
    }
    const p95 = (list: number[]) => percentile(list.sort((x, y) => x - y), 95);
    p95s.set(name, [p95(times[0]), p95(times[1])]);
  }
  return p95s;
}

/** EXPLAIN ANALYZE of the search's and the artists list's page statements on the large catalog. */
async function explainLarge(kind: BackendKind, large: GeneratedCatalog): Promise<string[]> {
  const explains: string[] = [];
  for (const [name, url] of [
    ['search', large.routes[`search q=${rareWord}`]!],
    ['artists list', large.routes.artists!],
  ] as const) {
    const plan = await explainPageStatement(large.database.db, () => large.app.inject({ method: 'GET', url }), large.changes);
    explains.push(`${kind}, ${large.size} releases, ${name} (${url}), its page statement:\n  ${plan.join('\n  ')}`);
  }
  return explains;
}

export async function runScaleBench(): Promise<void> {
  heading(`Scale: generated catalogs of ${sizes.join(' and ')} releases (5 tracks each), p95 of ${samples} uncached requests via app.inject, alternating between the sizes`);
  const kinds: BackendKind[] = ['pglite'];
  const unreachable = await postgresUnreachable();
  if (unreachable) console.log(`PostgreSQL skipped: not reachable (${unreachable})`);
  else kinds.push('postgres');
  const table: string[][] = [];
  const explains: string[] = [];
  for (const kind of kinds) {
    const catalogs: GeneratedCatalog[] = [];
    try {
      for (const size of sizes) catalogs.push(await openGeneratedCatalog(kind, size));
      const [small, large] = catalogs as [GeneratedCatalog, GeneratedCatalog];
      for (const [name, [smallP95, largeP95]] of await measureBoth(small, large)) {
        const ratio = largeP95 / smallP95;
        table.push([kind, name, fmt(smallP95), fmt(largeP95), `${fmt(ratio, 2)}x`, ratio <= 1.5 ? 'met' : 'NOT MET']);
        recordVerdict({
          backend: kind,
          figure: `scale: ${name} p95 at ${large.size} / at ${small.size} releases`,
          measured: `${fmt(ratio, 2)}x (${fmt(largeP95)} / ${fmt(smallP95)} ms)`,
          goal: '<= 1.5x',
          met: ratio <= 1.5,
        });
      }
      explains.push(...(await explainLarge(kind, large)));
    } finally {
      for (const catalog of catalogs) {
        await catalog.app.close();
        await catalog.database.close();
      }
    }
  }
  printTable(['backend', 'route', `p95 ms at ${sizes[0]}`, `p95 ms at ${sizes[1]}`, 'ratio', 'goal <= 1.5x'], table);
  for (const explain of explains) console.log(`\n${explain}`);
}
