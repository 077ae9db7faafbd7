import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The V8 heap a job's process may hold (`--max-old-space-size`, `--max-semi-space-size`): past it, V8 ends
 * that process, never the server. WebAssembly memory and typed arrays' backing stores are outside it.
 */
export interface JobMemoryLimits {
  oldSpaceMb: number;
  semiSpaceMb: number;
}

/** What a job's process sends back: progress, then its answer or why it failed (`refused`: the input's fault). */
export type JobReply<Done extends object> = { kind: 'progress'; done: number; total: number } | ({ kind: 'done' } & Done) | { kind: 'failed'; message: string; refused: boolean };

/** A job's process ended before it answered: out of its memory (`isOutOfMemory`), or crashed. */
export class JobProcessDied extends Error {
  constructor(
    message: string,
    readonly isOutOfMemory: boolean,
  ) {
    super(message);
  }
}

/** V8's last words, on the process's stderr, when its heap passed its limit. */
const outOfMemory = /JavaScript heap out of memory|Fatal process out of memory/;

/**
 * Runs one media job (docs/decisions/0111) in a Node process of its own: the module at `moduleUrl` (a sibling
 * given as `new URL('./x.js', import.meta.url)`; from the sources, under tsx or vitest, its `.ts` through tsx's
 * loader) is sent `request` and answers with JobReply messages. The process is limited to `limits` and ended
 * when it answers, when `signal` aborts, or when it dies: whatever it met (a heap past its limit, which V8 may
 * answer by aborting the whole process; WebAssembly's memory; a crash), the server only reads that it ended.
 * A `failed` answer rejects with `refused(message)` when the input was at fault, an Error otherwise.
 */
export function runJobProcess<Request, Done extends object>(
  moduleUrl: URL,
  request: Request,
  limits: JobMemoryLimits,
  job: { name: string; refused: (message: string) => Error; onProgress: (done: number, total: number) => void; signal?: AbortSignal },
): Promise<Done> {
  const fromSource = import.meta.url.endsWith('.ts');
  const child = fork(fileURLToPath(fromSource ? new URL(moduleUrl.href.replace(/\.js$/, '.ts')) : moduleUrl), [], {
    execArgv: [...(fromSource ? ['--import', 'tsx'] : []), `--max-old-space-size=${limits.oldSpaceMb}`, `--max-semi-space-size=${limits.semiSpaceMb}`],
    // None of the server's environment (its database address, secrets and keys): a job reads only the files it is
    // named, and it is where untrusted uploads are decoded.
    env: {},
    // Structured clone: the answer's bytes (previews) arrive as typed arrays, not as JSON arrays of numbers.
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let lastWords = '';
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    lastWords = (lastWords + text).slice(-8_192);
  });
  const { signal } = job;
  let onAbort = () => {};
  return new Promise<Done>((resolve, reject) => {
    onAbort = () => {
      reject(signal?.reason as Error);
      child.kill('SIGKILL');
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('message', (reply: JobReply<Done>) => {
      if (reply.kind === 'progress') job.onProgress(reply.done, reply.total);
      else if (reply.kind === 'done') resolve(reply);
      else reject(reply.refused ? job.refused(reply.message) : new Error(reply.message));
    });
    child.on('error', (err) => reject(new JobProcessDied(`the ${job.name} process could not run: ${err.message}`, false)));
    // 'close' comes once the process's stderr has been read to its end.
    child.on('close', (code, killedBy) => {
      const isOutOfMemory = outOfMemory.test(lastWords);
      reject(new JobProcessDied(isOutOfMemory ? `the ${job.name} process ran out of memory` : `the ${job.name} process stopped (${killedBy ?? `exit code ${code}`})`, isOutOfMemory));
    });
    child.send(request as object);
  }).finally(() => {
    signal?.removeEventListener('abort', onAbort);
    child.kill('SIGKILL');
  });
}

/**
 * The job process's side: does the one request it is sent with `work` (which reports progress) and answers;
 * an error `isRefusal` says is the input's fault is answered as refused. It ends with the server that started it.
 */
export function answerJob<Request, Done extends object>(work: (request: Request, onProgress: (done: number, total: number) => void) => Promise<Done>, isRefusal: (err: unknown) => boolean): void {
  const reply = (message: JobReply<Done>) => process.send?.(message);
  process.once('message', (request: Request) => {
    work(request, (done, total) => reply({ kind: 'progress', done, total })).then(
      (done) => reply({ kind: 'done', ...done }),
      (err: unknown) => reply({ kind: 'failed', message: String((err as Error)?.message ?? err), refused: isRefusal(err) }),
    );
  });
  // The server ended (or killed this job): nothing would read the answer.
  process.once('disconnect', () => process.exit(1));
}
