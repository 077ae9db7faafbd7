import { startWorker } from '../lib/start-worker.js';
import { CatalogFormatError, type ParsedCatalog } from './parse-distributor-csv.js';

type Outcome = { parsed: ParsedCatalog } | { error: string; isFormatError: boolean };

/** parseDistributorCsv on a worker thread of its own, for uploads parsed while the server answers. */
export function parseDistributorCsvInWorker(text: string, options: { label?: string } = {}): Promise<ParsedCatalog> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(new URL('./parse-distributor-csv-worker.js', import.meta.url), { workerData: { text, label: options.label } });
    worker.once('message', (outcome: Outcome) => {
      if ('parsed' in outcome) resolve(outcome.parsed);
      else reject(outcome.isFormatError ? new CatalogFormatError(outcome.error) : new Error(outcome.error));
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the CSV parser's thread exited (${code})`)));
  });
}
