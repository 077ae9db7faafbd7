import { Worker, type WorkerOptions } from 'node:worker_threads';

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
