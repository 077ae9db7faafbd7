import { promisify } from 'node:util';
import { parentPort, workerData } from 'node:worker_threads';
import { gzip } from 'node:zlib';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { WorkerReply, WorkerRequest, WorkerStart } from './pglite-protocol.js';

// The embedded database's own thread (docs/decisions/0031-pglite-off-the-main-thread.md): PGlite runs
// here, so a heavy query holds this thread and never the server's event loop.

// Drizzle's PGlite driver reads dates, timestamps and intervals as the text PostgreSQL sends.
const asText = (value: string) => value;
const parsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, asText]),
);

const gzipAsync = promisify(gzip);
const start = workerData as WorkerStart;
const port = parentPort!;
const db = new PGlite({
  dataDir: start.dataDir,
  loadDataDir: start.loadDataDir ? new Blob([start.loadDataDir]) : undefined,
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
 * The copy runs between queries, as PGlite's own dumpDataDir() does; it is compressed after, with
 * queries running again (zlib works on libuv's threads), so readers wait for the copy alone. Its
 * bytes move to the server's thread, not copied.
 */
function dump(id: number): void {
  db.dumpDataDir('none')
    .then((tar) => tar.arrayBuffer())
    .then((tar) => gzipAsync(new Uint8Array(tar)))
    .then((gzipped) => gzipped.buffer.slice(gzipped.byteOffset, gzipped.byteOffset + gzipped.byteLength))
    .then(
      (bytes) => port.postMessage({ id, result: bytes } satisfies WorkerReply, [bytes]),
      (err: unknown) => reply({ id, error: serialise(err) }),
    );
}

port.on('message', (request: WorkerRequest) => {
  if (request.op === 'begin') return begin(request.id);
  if (request.op === 'dump') return dump(request.id);
  handle(request).then(
    (result) => request.op !== 'end' && reply({ id: request.id, result }),
    (err: unknown) => reply({ id: request.id, error: serialise(err) }),
  );
});

db.waitReady.then(
  () => reply({ id: 0, result: 'ready' }),
  (err: unknown) => reply({ id: 0, error: serialise(err) }),
);
