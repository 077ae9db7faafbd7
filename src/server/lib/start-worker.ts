import { setFlagsFromString } from 'node:v8';
import { Worker, type WorkerOptions } from 'node:worker_threads';

// Every thread started here runs WebAssembly (the embedded database), and V8 shares
// a process's wasm code between its threads. Node 24's V8 (13.6) can free a shared wasm-to-JS wrapper
// twice when its wasm code collector runs while another thread tiers that wrapper up: the process dies
// on `Check failed: jit_page_->allocations_.erase(addr) == 1` or a segmentation fault (nodejs/node#64500,
// fixed in V8 by 9b8ca54d5a, not in Node 24). It met a vitest worker opening and closing embedded
// databases. (Audio jobs run in processes of their own: docs/decisions/0111.)
// Without the collector, code a thread no longer runs stays until its module is freed whole.
// docs/decisions/0107 gives the measurement.
setFlagsFromString('--no-wasm-code-gc');

/**
 * A worker thread running `moduleUrl` (a sibling module given as `new URL('./x.js', import.meta.url)`
 * by its caller). Built, the module is JavaScript. From the sources (tsx, vitest) it is TypeScript: a
 * small script registers tsx's loader in the thread first (a worker's execArgv cannot take --import).
 */
export function startWorker(moduleUrl: URL, options: WorkerOptions = {}): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  if (!fromSource) return new Worker(moduleUrl, options);
  const source = new URL(moduleUrl.href.replace(/\.js$/, '.ts'));
  const script = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); })`;
  return new Worker(script, { ...options, eval: true });
}
