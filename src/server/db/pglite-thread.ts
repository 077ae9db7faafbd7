import type { Worker } from 'node:worker_threads';
import { startWorker } from '../lib/start-worker.js';
import type { WorkerReply, WorkerRequest, WorkerStart } from './pglite-protocol.js';

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };
type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

interface QueryOptions {
  rowMode?: 'array' | 'object';
}

/** What drizzle's PGlite driver calls on its client: query, and transaction with a client of the same kind. */
export interface PgliteQueryable {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<unknown>;
  transaction<T>(fn: (tx: PgliteQueryable) => Promise<T>): Promise<T>;
}

function toError(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message)), fields);
}

/**
 * PGlite in a worker thread, driven from the server's thread: the database's work never blocks the
 * event loop. Queries queue in PGlite as before; a transaction holds PGlite's transaction lock until
 * its callback settles, as PGlite's own transaction() does.
 */
export class PgliteThread implements PgliteQueryable {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private openTransactions = 0;

  private constructor(start: WorkerStart) {
    this.worker = startWorker(new URL('./pglite-worker.js', import.meta.url), { workerData: start });
    this.worker.on('message', (message: WorkerReply) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error) waiting.reject(toError(message.error));
      else waiting.resolve(message.result);
    });
    this.worker.on('error', (err) => this.failAll(err));
    this.worker.on('exit', (code) => this.failAll(new Error(`the embedded database's thread exited (${code})`)));
  }

  /** Opens PGlite in `dataDir` (undefined: in memory), optionally from the file of a `dumpDataDir()` copy. */
  static async open(dataDir: string | undefined, loadDataDir?: string): Promise<PgliteThread> {
    const thread = new PgliteThread({ dataDir, loadDataDir });
    try {
      await thread.expect(0);
    } catch (err) {
      await thread.worker.terminate();
      throw err;
    }
    return thread;
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}, txId?: number): Promise<unknown> {
    return this.call({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object', txId });
  }

  /** Calls sent to the thread and not yet answered: the one running and those queued behind it (metrics). */
  get unanswered(): number {
    return this.pending.size;
  }

  /** True while a transaction holds the only connection: every other query waits for it to end. */
  get isHeld(): boolean {
    return this.openTransactions > 0;
  }

  async transaction<T>(fn: (tx: PgliteQueryable) => Promise<T>): Promise<T> {
    this.openTransactions++;
    try {
      return await this.transactionOnce(fn);
    } finally {
      this.openTransactions--;
    }
  }

  private async transactionOnce<T>(fn: (tx: PgliteQueryable) => Promise<T>): Promise<T> {
    const txId = (await this.call({ op: 'begin' })) as number;
    const outcome = this.expect(-txId);
    const tx: PgliteQueryable = {
      query: (sql, params, options) => this.query(sql, params, options, txId),
      // Drizzle's nested transactions are savepoints run through query(); PGlite has no nested transaction().
      transaction: () => Promise.reject(new Error('nested transaction')),
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      this.post({ op: 'end', id: 0, txId, commit: false });
      await outcome.catch(() => undefined);
      throw err;
    }
    this.post({ op: 'end', id: 0, txId, commit: true });
    await outcome;
    return result;
  }

  /** A consistent copy of the data directory, taken between two queries, as a gzipped tar written into the folder `into`; its path. */
  async dumpDataDir(into: string): Promise<string> {
    return (await this.call({ op: 'dump', into })) as string;
  }

  async close(): Promise<void> {
    await this.call({ op: 'close' });
    await this.worker.terminate();
  }

  private call(request: Request): Promise<unknown> {
    const id = this.nextId++;
    const reply = this.expect(id);
    this.post({ ...request, id } as WorkerRequest);
    return reply;
  }

  private expect(id: number): Promise<unknown> {
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  private post(request: WorkerRequest): void {
    this.worker.postMessage(request);
  }

  private failAll(err: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(err);
    this.pending.clear();
  }
}
