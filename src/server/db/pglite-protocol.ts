// Messages between the server and the embedded database's thread (pglite-worker.ts, pglite-thread.ts).

export interface WorkerStart {
  /** undefined: in memory. */
  dataDir: string | undefined;
  /** The file of a `dumpDataDir()` tar (gzipped or not) to start from. */
  loadDataDir: string | undefined;
}

export type WorkerRequest =
  | { op: 'query'; id: number; sql: string; params: unknown[]; rowMode: 'array' | 'object'; txId?: number }
  /** Opens a transaction; the reply's result is its id. Its outcome comes later, with id = -txId. */
  | { op: 'begin'; id: number }
  /** Commits or rolls back transaction txId; the outcome is the reply with id = -txId. */
  | { op: 'end'; id: number; txId: number; commit: boolean }
  /** A consistent copy of the data directory, a gzipped tar written into the folder `into`; the reply's result is its path. */
  | { op: 'dump'; id: number; into: string }
  | { op: 'close'; id: number };

/** id 0 is the start (ready or failed); a negative id the outcome of transaction -id. */
export type WorkerReply = { id: number; result: unknown; error?: undefined } | { id: number; error: Record<string, unknown> };
