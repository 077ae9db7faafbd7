import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { buildApp, type App } from '../src/server/app.js';
import type { Db } from '../src/server/db/client.js';
import * as schema from '../src/server/db/schema.js';
import { importCatalog } from '../src/server/modules/catalog-import/importer/catalog-importer.js';
import { syncLabels } from '../src/server/modules/catalog/labels.repo.js';
import { migrationsDir } from '../src/server/paths.js';
import { labels } from '../src/shared/labels.js';
import { benchNow, getOk } from './api.bench.js';
import { createPostgresDatabase, demoCsv, fmt, heading, postgresUnreachable, printTable, timed } from './support.js';

const targetReleases = 20_000;

interface Captured {
  call: string;
  sql: string;
  params: unknown[];
}

/** One node of `EXPLAIN (FORMAT JSON)`, as far as this benchmark reads it. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Sort Key'?: string[];
  'Presorted Key'?: string[];
  'Subplan Name'?: string;
  'Total Cost'?: number;
  Plans?: PlanNode[];
}

/** Copies every release (with its tracks, credits and artists) until the catalog has about 20k releases. */
async function scaleUp(client: pg.PoolClient): Promise<{ copies: number }> {
  const [row] = (await client.query<{ n: number }>('select count(*)::int as n from releases')).rows;
  const base = row?.n ?? 0;
  const copies = Math.max(0, Math.ceil(targetReleases / Math.max(base, 1)) - 1);
  if (copies === 0) return { copies };
  await client.query('begin');
  await client.query(`
    create temp table release_copies on commit drop as
      select r.id as old_id, gen_random_uuid() as new_id, g.n
        from releases r cross join generate_series(1, ${copies}) g(n)`);
  await client.query(`
    insert into releases (id, label_id, upc, catalog_number, title, version, release_date, type, genres, artwork_url,
                          popularity, stream_count, pinned)
      select c.new_id, r.label_id, r.upc || '-' || c.n, r.catalog_number || '-' || c.n, r.title || ' ' || c.n,
             r.version, r.release_date - c.n * 7, r.type, r.genres, r.artwork_url, r.popularity, r.stream_count, false
        from release_copies c join releases r on r.id = c.old_id`);
  await client.query(`
    insert into artists (id, name, looks_like_sample_pack, image_url, bio, genres, followers, popularity)
      select a.id || '-' || g.n, a.name || ' ' || g.n, a.looks_like_sample_pack,
             a.image_url, a.bio, a.genres, a.followers, a.popularity
        from artists a cross join generate_series(1, ${copies}) g(n)`);
  await client.query(`
    insert into release_artists (release_id, artist_id, role, position)
      select c.new_id, ra.artist_id || '-' || c.n, ra.role, ra.position
        from release_artists ra join release_copies c on c.old_id = ra.release_id`);
  await client.query(`
    create temp table track_copies on commit drop as
      select t.id as old_id, gen_random_uuid() as new_id, c.new_id as release_id, c.n
        from tracks t join release_copies c on c.old_id = t.release_id`);
  await client.query(`
    insert into tracks (id, release_id, disc_number, track_number, isrc, title, mix_version, duration_ms, genres,
                        preview_url)
      select tc.new_id, tc.release_id, t.disc_number, t.track_number, t.isrc, t.title, t.mix_version, t.duration_ms,
             t.genres, t.preview_url
        from track_copies tc join tracks t on t.id = tc.old_id`);
  await client.query(`
    insert into track_artists (track_id, artist_id, role, position)
      select tc.new_id, ta.artist_id || '-' || tc.n, ta.role, ta.position
        from track_artists ta join track_copies tc on tc.old_id = ta.track_id`);
  await client.query('commit');
  await client.query('analyze');
  return { copies };
}

/** Index of `needle` at parenthesis depth 0 of the SQL text, or -1. */
function topLevelIndexOf(text: string, needle: RegExp): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && needle.test(text.slice(i, i + 40))) return i;
  }
  return -1;
}

/** A short name for a statement: its main table, count or not, and its ORDER BY. */
function describe(sqlText: string): string {
  const text = sqlText.replace(/\s+/g, ' ').trim();
  const fromAt = topLevelIndexOf(text, /^ from /i);
  const table = fromAt >= 0 ? (/^ from ("?[\w]+"?|\()/i.exec(text.slice(fromAt))?.[1] ?? '?') : '?';
  const what = /^select count\(/i.test(text) ? 'count' : 'rows';
  const orderAt = topLevelIndexOf(text, /^ order by /i);
  let order = '';
  if (orderAt >= 0) {
    order = text.slice(orderAt + ' order by '.length).replace(/ (limit|offset) .*$/i, '');
    order = ` order by ${order.replace(/"\w+"\./g, '').replace(/"/g, '')}`;
  }
  const source = table === '(' ? 'subquery' : table.replace(/"/g, '');
  return `${what} from ${source}${order}`;
}

function walk(node: PlanNode, visit: (node: PlanNode, depth: number) => void, depth = 0): void {
  visit(node, depth);
  for (const child of node.Plans ?? []) walk(child, visit, depth + 1);
}

function summarize(plan: PlanNode) {
  const indexes: string[] = [];
  const seqScans: string[] = [];
  const sorts: string[] = [];
  walk(plan, (node) => {
    const type = node['Node Type'];
    if (node['Index Name']) indexes.push(`${node['Index Name']}${type === 'Index Only Scan' ? ' (only)' : type === 'Bitmap Index Scan' ? ' (bitmap)' : ''}`);
    if (type === 'Seq Scan') seqScans.push(node['Relation Name'] ?? '?');
    if (type === 'Sort' || type === 'Incremental Sort') {
      const keys = (node['Sort Key'] ?? []).map((k) => k.replace(/\b\w+\./g, '')).join(', ');
      sorts.push(`${type === 'Incremental Sort' ? 'Incremental ' : ''}Sort(${keys})`);
    }
  });
  return { indexes: [...new Set(indexes)], seqScans: [...new Set(seqScans)], sorts };
}

function planTree(plan: PlanNode): string[] {
  const lines: string[] = [];
  walk(plan, (node, depth) => {
    const parts = [node['Node Type']];
    if (node['Subplan Name']) parts.unshift(`[${node['Subplan Name']}]`);
    if (node['Relation Name']) parts.push(`on ${node['Relation Name']}`);
    if (node['Index Name']) parts.push(`using ${node['Index Name']}`);
    if (node['Sort Key']) parts.push(`by ${node['Sort Key'].join(', ')}`);
    if (node['Presorted Key']) parts.push(`(presorted ${node['Presorted Key'].join(', ')})`);
    lines.push(`${'  '.repeat(depth + 3)}${parts.join(' ')}`);
  });
  return lines;
}

function literal(client: pg.PoolClient, value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  return client.escapeLiteral(String(value));
}

/** Planner settings for one EXPLAIN; each is reset afterwards. */
type Settings = Record<string, 'on' | 'off'>;

/**
 * PREPAREs the captured statement and EXPLAINs its execution with the captured parameters
 * (PostgreSQL 15 has no EXPLAIN (GENERIC_PLAN)); with analyze, it runs too and reports its time.
 */
async function explain(
  client: pg.PoolClient,
  statement: Captured,
  settings: Settings,
  analyze: boolean,
): Promise<{ plan: PlanNode; ms?: number }> {
  for (const [name, value] of Object.entries(settings)) await client.query(`set ${name} = ${value}`);
  await client.query(`prepare bench_stmt as ${statement.sql}`);
  try {
    const args = statement.params.length > 0 ? `(${statement.params.map((p) => literal(client, p)).join(', ')})` : '';
    const options = analyze ? 'analyze, format json' : 'format json';
    const result = await client.query<{ 'QUERY PLAN': { Plan: PlanNode; 'Execution Time'?: number }[] }>(
      `explain (${options}) execute bench_stmt${args}`,
    );
    const [top] = result.rows[0]?.['QUERY PLAN'] ?? [];
    if (!top) throw new Error('no plan');
    return { plan: top.Plan, ms: top['Execution Time'] };
  } finally {
    await client.query('deallocate bench_stmt');
    for (const name of Object.keys(settings)) await client.query(`reset ${name}`);
  }
}

const seqscanOff: Settings = { enable_seqscan: 'off' };
/** With these a Sort that remains is one no index can give; one that goes was the planner's (cheaper) choice. */
const sortOff: Settings = { enable_seqscan: 'off', enable_bitmapscan: 'off', enable_sort: 'off', enable_incremental_sort: 'off' };

/** `$1, $2, …, $50` as `$1..$50`, whitespace collapsed, cut to a readable length. */
function compactSql(text: string, max = 700): string {
  const compact = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\$(\d+)(?:, \$(\d+))+/g, (m, first: string) => `$${first}..$${/(\d+)$/.exec(m)?.[1] ?? ''}`);
  return compact.length > max ? `${compact.slice(0, max)}…` : compact;
}

function compactParams(params: unknown[]): string {
  const shown = params.slice(0, 4).map((p) => JSON.stringify(p));
  return `[${shown.join(', ')}${params.length > 4 ? `, … ${params.length} in all` : ''}]`;
}

async function captureCalls(app: App, current: { call: string }): Promise<string[]> {
  const calls = [
    '/api/releases?label=records&limit=10',
    '/api/releases?label=records&type=album&limit=10',
    '/api/releases?limit=10',
    '/api/releases?label=records&include_tracks=true&include_artists=true&limit=50',
    '/api/releases?q=rhythm&limit=10',
    '/api/labels/records/top-releases?limit=10',
    '/api/tracks?label=records&limit=50',
    '/api/artists?label=records&limit=50',
  ];
  const done: string[] = [];
  for (const call of calls) {
    current.call = call;
    const body = await getOk(app, call);
    done.push(call);
    if (call.startsWith('/api/releases?label=records&limit=10')) {
      const first = body.data?.[0] as { id: string } | undefined;
      if (first) {
        current.call = `/api/tracks?release_id=<id>`;
        await getOk(app, `/api/tracks?release_id=${first.id}`);
      }
    }
    if (call.startsWith('/api/artists')) {
      const first = body.data?.[0] as { id: string } | undefined;
      if (first) {
        current.call = `/api/artist-releases/<id>`;
        await getOk(app, `/api/artist-releases/${encodeURIComponent(first.id)}?limit=10`);
      }
    }
  }
  current.call = '';
  return done;
}

export async function runExplainBench(): Promise<void> {
  heading(`EXPLAIN of the API's list queries on PostgreSQL (~${targetReleases / 1000}k releases, enable_seqscan = off)`);
  const unreachable = await postgresUnreachable();
  if (unreachable) {
    console.log(`PostgreSQL skipped: not reachable (${unreachable})`);
    return;
  }

  const created = await createPostgresDatabase();
  const pool = new pg.Pool({ connectionString: created.url, max: 10 });
  const captured: Captured[] = [];
  const current = { call: '' };
  try {
    const db = drizzle(pool, {
      schema,
      logger: {
        logQuery(query: string, params: unknown[]) {
          if (current.call) captured.push({ call: current.call, sql: query, params });
        },
      },
    });
    await migrate(db, { migrationsFolder: migrationsDir });
    await syncLabels(db as unknown as Db, labels);
    await importCatalog(db as unknown as Db, demoCsv());

    const client = await pool.connect();
    try {
      const scaled = await timed(() => scaleUp(client));
      const counts = (
        await client.query<{ releases: number; tracks: number; artists: number; ra: number; ta: number }>(`
          select (select count(*)::int from releases) as releases, (select count(*)::int from tracks) as tracks,
                 (select count(*)::int from artists) as artists, (select count(*)::int from release_artists) as ra,
                 (select count(*)::int from track_artists) as ta`)
      ).rows[0];
      console.log(
        `Demo catalog plus ${scaled.value.copies} copies of each release (${fmt(scaled.ms / 1000, 1)} s, then ANALYZE): ` +
          `${counts?.releases} releases, ${counts?.tracks} tracks, ${counts?.artists} artists, ` +
          `${counts?.ra} release_artists, ${counts?.ta} track_artists.`,
      );

      const app = await buildApp({ db: db as unknown as Db, clock: () => benchNow }, { logger: false });
      try {
        await app.ready();
        await captureCalls(app, current);
      } finally {
        await app.close();
      }

      const seen = new Set<string>();
      const statements = captured.filter((s) => /^\s*select/i.test(s.sql) && !seen.has(s.sql) && seen.add(s.sql));
      const calls = [...new Set(statements.map((s) => s.call))];
      const callId = (call: string) => `C${calls.indexOf(call) + 1}`;
      console.log('\nAPI calls whose statements are explained:');
      for (const call of calls) console.log(`  ${callId(call)}  GET ${call}`);

      const table: string[][] = [];
      const flagged: { id: string; statement: Captured; tree: string[]; why: string; sortVerdict: string }[] = [];
      for (const [i, statement] of statements.entries()) {
        const id = `Q${i + 1}`;
        const forced = await explain(client, statement, seqscanOff, true);
        const actual = await explain(client, statement, {}, true);
        const { indexes, seqScans, sorts } = summarize(forced.plan);
        const defaults = summarize(actual.plan);
        let sortVerdict = '';
        if (sorts.length > 0) {
          const unsorted = summarize((await explain(client, statement, sortOff, false)).plan);
          sortVerdict =
            unsorted.sorts.length < sorts.length
              ? 'an existing index can give the order (the planner chose to sort as cheaper)'
              : 'no index gives this order';
        }
        table.push([
          id,
          callId(statement.call),
          describe(statement.sql).slice(0, 80),
          indexes.join(', ') || '-',
          seqScans.join(', ') || '-',
          sorts.length === 0 ? '-' : sorts.map((x) => x.slice(0, 60)).join('; '),
          fmt(forced.ms ?? Number.NaN, 2),
          fmt(actual.ms ?? Number.NaN, 2),
          defaults.seqScans.join(', ') || '-',
        ]);
        const why = [seqScans.length > 0 ? 'Seq Scan' : '', sorts.length > 0 ? 'Sort' : ''].filter(Boolean).join(' + ');
        if (why) flagged.push({ id, statement, tree: planTree(forced.plan), why, sortVerdict });
      }
      console.log('');
      printTable(
        [
          'id',
          'call',
          'statement',
          'indexes used (seqscan off)',
          'Seq Scan (seqscan off)',
          'separate Sort (seqscan off)',
          'ms (seqscan off)',
          'ms (default)',
          'Seq Scan (default plan)',
        ],
        table,
      );
      if (flagged.length === 0) console.log('\nNo statement needs a Seq Scan or a separate Sort.');
      else {
        console.log('\nStatements with a Seq Scan or a separate Sort with enable_seqscan = off (plan, then SQL):');
        for (const f of flagged) {
          console.log(`\n  ${f.id} [${f.why}] ${callId(f.statement.call)} ${describe(f.statement.sql)}`);
          if (f.sortVerdict) console.log(`      Sort: ${f.sortVerdict}`);
          for (const line of f.tree) console.log(line);
          console.log(`      SQL: ${compactSql(f.statement.sql)}`);
          console.log(`      params: ${compactParams(f.statement.params)}`);
        }
      }
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
    await created.drop();
  }
}
