import { createReadStream, createWriteStream, openAsBlob } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { copyChanged } from './copy-changed.js';
import type { WorkerReply, WorkerRequest, WorkerStart } from './pglite-protocol.js';

// The embedded database's own thread (docs/decisions/0031-pglite-off-the-main-thread.md): PGlite runs
// here, so a heavy query holds this thread and never the server's event loop.

// Drizzle's PGlite driver reads dates, timestamps and intervals as the text PostgreSQL sends.
const asText = (value: string) => value;
const parsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, asText]),
);

const start = workerData as WorkerStart;
const port = parentPort!;
const db = new PGlite({
  dataDir: start.dataDir,
  // Read from its file by PGlite, the one copy of it made.
  loadDataDir: start.loadDataDir ? await openAsBlob(start.loadDataDir) : undefined,
  // In memory, the database's files are pages in this thread's memory already: PostgreSQL's own page
  // cache over them (shared_buffers, 128 MB by default) would copy them, and zeroing it cost each open
  // about half a CPU-second. On disk it stays as PostgreSQL sets it.
  ...(start.dataDir ? {} : { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] }),
  // The trigram indexes of the searches (drizzle/0008) need it on PostgreSQL and PGlite alike.
  extensions: { pg_trgm },
});
const open = new Map<number, { tx: Transaction; finish: (commit: boolean) => void }>();
const rollback = Symbol('rollback');
let nextTx = 1;

function reply(message: WorkerReply): void {
  port.postMessage(message);
}

/** An error as plain data: the message and the fields callers read (code, constraint, detail…). */
function serialise(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) if (value === null || typeof value !== 'object') fields[key] = value;
  return { ...fields, name: err.name, message: err.message };
}

function begin(id: number): void {
  const txId = nextTx++;
  db.transaction(
    (tx) =>
      new Promise<void>((resolve, reject) => {
        open.set(txId, { tx, finish: (commit) => (commit ? resolve() : reject(rollback)) });
        reply({ id, result: txId });
      }),
  ).then(
    () => reply({ id: -txId, result: 'committed' }),
    (err: unknown) => (err === rollback ? reply({ id: -txId, result: 'rolled back' }) : reply({ id: -txId, error: serialise(err) })),
  );
}

async function handle(request: Exclude<WorkerRequest, { op: 'begin' | 'dump' }>): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const target = request.txId === undefined ? db : open.get(request.txId)?.tx;
      if (!target) throw new Error(`no open transaction ${request.txId}`);
      return target.query(request.sql, request.params, { rowMode: request.rowMode, parsers });
    }
    case 'end': {
      const entry = open.get(request.txId);
      open.delete(request.txId);
      entry?.finish(request.commit);
      return undefined;
    }
    case 'close':
      await db.close();
      return undefined;
  }
}

/**
 * A consistent copy of the data directory, written as a gzipped tar to `into/pgdata.tar.gz` (the
 * layout PGlite's `loadDataDir` reads). On disk, in two passes (docs/decisions/0073): every file is
 * copied while queries run (some of them mid-write), then, with no query running (PGlite's own query
 * lock, as its dumpDataDir() takes), the files that changed since are copied again and the ones that
 * went are removed: what the copy holds then is what a crash at that moment would leave, the committed
 * work with its WAL. Readers wait for the second pass alone, which copies what was written during the
 * first. The tar and its compression are made after, with queries running again. In memory, PGlite's
 * dumpDataDir().
 */
async function dumpInto(into: string): Promise<string> {
  const target = join(into, 'pgdata.tar.gz');
  if (!start.dataDir) {
    const tar = new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
    await pipeline(Readable.from([tar]), createGzip(), createWriteStream(target, { mode: 0o600 }));
    return target;
  }
  const dataDir = start.dataDir;
  const copy = join(into, 'pgdata-copy');
  await rm(copy, { recursive: true, force: true });
  // A second before the first pass began: what changed that close to it is copied again in any case.
  const firstPassNs = BigInt(Date.now() - 1000) * 1_000_000n;
  try {
    const firstPass = await copyChanged(dataDir, copy, new Map(), 0n);
    await db._runExclusiveQuery(() => copyChanged(dataDir, copy, firstPass, firstPassNs));
    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), createWriteStream(target, { mode: 0o600 }));
    // Folders too: PostgreSQL needs its empty ones (pg_tblspc, pg_notify…), as PGlite's own dump has them.
    for (const entry of await readdir(copy, { recursive: true, withFileTypes: true })) {
      const path = join(entry.parentPath, entry.name);
      const name = relative(copy, path).split(sep).join('/');
      if (entry.isDirectory()) pack.entry({ name, type: 'directory', mode: 0o700 });
      else if (entry.isFile()) await pipeline(createReadStream(path), pack.entry({ name, size: (await stat(path)).size, mode: 0o600 }));
    }
    pack.finalize();
    await written;
    return target;
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

port.on('message', (request: WorkerRequest) => {
  if (request.op === 'begin') return begin(request.id);
  if (request.op === 'dump') {
    return void dumpInto(request.into).then(
      (file) => reply({ id: request.id, result: file }),
      (err: unknown) => reply({ id: request.id, error: serialise(err) }),
    );
  }
  handle(request).then(
    (result) => request.op !== 'end' && reply({ id: request.id, result }),
    (err: unknown) => reply({ id: request.id, error: serialise(err) }),
  );
});

db.waitReady.then(
  () => reply({ id: 0, result: 'ready' }),
  (err: unknown) => reply({ id: 0, error: serialise(err) }),
);
