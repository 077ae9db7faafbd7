import { PgliteThread } from '../../src/server/db/pglite-thread.js';

// Opening PGlite from a snapshot costs a test file 1–2 CPU-seconds (a thread, the WebAssembly, the tar
// unpacked, PostgreSQL started), and the node tier opens about a hundred per run. A thread a file has
// closed is kept for the worker's next file instead, and put back as the snapshot was before it is handed
// out: its rows copied back from a copy kept beside them, its sequences set back, the session discarded.
// A file that changed the schema (a table, a column or an index) gets its thread closed, not kept.

/** Where the snapshot's rows are kept inside each pooled database; outside the schemas the app uses. */
const keptSchema = 'bir_test_snapshot';
/** Idle threads kept per snapshot and worker. */
const idlePerSnapshot = 2;

interface Table {
  name: string;
  /** The columns a row is written with (not the generated ones). */
  columns: string;
  /** Rows in the snapshot: only those tables are copied back. */
  hasRows: boolean;
}

interface Snapshot {
  tables: Table[];
  sequences: { name: string; lastValue: string | null }[];
  schema: string;
}

interface Pooled {
  thread: PgliteThread;
  snapshot: Snapshot;
}

const idle = new Map<string, Pooled[]>();

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const ownSchemas = `table_schema not in ('pg_catalog', 'information_schema', '${keptSchema}')`;

async function rows<T>(thread: PgliteThread, sql: string): Promise<T[]> {
  return ((await thread.query(sql)) as { rows: T[] }).rows;
}

/** The shape of the schema: tables, columns and indexes. */
async function schemaOf(thread: PgliteThread): Promise<string> {
  const [shape] = await rows<{ columns: string; indexes: string }>(
    thread,
    `select (select string_agg(concat_ws('.', table_schema, table_name, column_name, data_type, column_default, is_nullable), ',' order by 1) from information_schema.columns where ${ownSchemas}) as columns,
            (select string_agg(indexdef, ',' order by indexdef) from pg_indexes where schemaname not in ('pg_catalog', '${keptSchema}')) as indexes`,
  );
  return `${shape?.columns}|${shape?.indexes}`;
}

/** Keeps a copy of every table's rows beside them, and the sequences' values, as opened from the snapshot. */
async function keepSnapshot(thread: PgliteThread): Promise<Snapshot> {
  const found = await rows<{ table_schema: string; table_name: string }>(
    thread,
    `select table_schema, table_name from information_schema.tables where table_type = 'BASE TABLE' and ${ownSchemas} order by 1, 2`,
  );
  await thread.query(`create schema ${keptSchema}`);
  const tables: Table[] = [];
  for (const { table_schema, table_name } of found) {
    const name = `${quoted(table_schema)}.${quoted(table_name)}`;
    const columns = await rows<{ column_name: string }>(
      thread,
      `select column_name from information_schema.columns where table_schema = '${table_schema}' and table_name = '${table_name}' and is_generated = 'NEVER' order by ordinal_position`,
    );
    const [{ any } = { any: false }] = await rows<{ any: boolean }>(thread, `select exists (select from ${name}) as any`);
    if (any) await thread.query(`create table ${keptSchema}.${quoted(`${table_schema}.${table_name}`)} as table ${name}`);
    tables.push({ name, columns: columns.map(({ column_name }) => quoted(column_name)).join(', '), hasRows: any });
  }
  const sequences = await rows<{ name: string; last_value: string | null }>(
    thread,
    `select format('%I.%I', schemaname, sequencename) as name, last_value::text from pg_sequences where schemaname <> '${keptSchema}'`,
  );
  return { tables, sequences: sequences.map(({ name, last_value }) => ({ name, lastValue: last_value })), schema: await schemaOf(thread) };
}

/** Puts the database back as the snapshot was; false when the file changed its schema (the thread is then of no more use). */
async function putBack(thread: PgliteThread, snapshot: Snapshot): Promise<boolean> {
  await thread.query('discard all');
  if ((await schemaOf(thread)) !== snapshot.schema) return false;
  // Rows go back as they were, past the foreign keys' and the tables' own triggers.
  await thread.query('set session_replication_role = replica');
  await thread.query(`truncate ${snapshot.tables.map(({ name }) => name).join(', ')}`);
  for (const { name, columns, hasRows } of snapshot.tables) {
    if (!hasRows) continue;
    const kept = `${keptSchema}.${quoted(name.replaceAll('"', ''))}`;
    await thread.query(`insert into ${name} (${columns}) overriding system value select ${columns} from ${kept}`);
  }
  for (const { name, lastValue } of snapshot.sequences) {
    await thread.query(lastValue === null ? `select setval('${name}', 1, false)` : `select setval('${name}', ${lastValue})`);
  }
  await thread.query('discard all');
  return true;
}

/**
 * A PGlite thread as the snapshot `key` names it (`snapshot` is the file of its tar); closing it hands it back
 * for the worker's next file. Work a file left running past its close (a worker of an app it never closed)
 * cannot reach the next file's database: it is refused. What the file gets is the thread itself to the app
 * (an instance of PgliteThread, whose `isHeld` and `unanswered` the app reads: src/server/db/client.ts), with
 * its own query, transaction, dump and close in front.
 */
export async function takePglite(key: string, snapshot: string): Promise<PgliteThread> {
  let pooled: Pooled | undefined;
  for (let waiting = idle.get(key)?.pop(); waiting && !pooled; waiting = idle.get(key)?.pop()) {
    if (await putBack(waiting.thread, waiting.snapshot).catch(() => false)) pooled = waiting;
    else await waiting.thread.close().catch(() => undefined);
  }
  if (!pooled) {
    const thread = await PgliteThread.open(undefined, snapshot);
    pooled = { thread, snapshot: await keepSnapshot(thread) };
  }
  const { thread } = pooled;
  const taken = pooled;
  let released = false;
  const open = () => (released ? Promise.reject(new Error('the test database is closed')) : Promise.resolve(thread));
  const lease: PgliteThread = Object.create(thread);
  lease.query = async (...args) => (await open()).query(...args);
  lease.transaction = async (fn) => (await open()).transaction(fn);
  lease.dumpDataDir = async (into) => (await open()).dumpDataDir(into);
  lease.close = async () => {
    if (released) return;
    released = true;
    const waiting = idle.get(key) ?? [];
    idle.set(key, waiting);
    if (waiting.length < idlePerSnapshot) waiting.push(taken);
    else await thread.close();
  };
  return lease;
}
