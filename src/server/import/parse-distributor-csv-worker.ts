import { parentPort, workerData } from 'node:worker_threads';
import { CatalogFormatError, parseDistributorCsv } from './parse-distributor-csv.js';

// Parses an uploaded export on its own thread (parse-in-worker.ts): a large file never holds up the
// server's event loop.
const { text, label } = workerData as { text: string; label?: string };
try {
  parentPort!.postMessage({ parsed: parseDistributorCsv(text, { label }) });
} catch (err) {
  parentPort!.postMessage({ error: (err as Error).message, isFormatError: err instanceof CatalogFormatError });
}
