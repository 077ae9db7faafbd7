import type { ResourceLimits } from 'node:worker_threads';
import { startWorker } from '../../../lib/start-worker.js';
import { AudioRefused } from './audio-format.js';
import type { CutResult, PreviewWindow } from './cut-preview.js';

/** What `preview-worker.ts` is asked: the upload's file (a scratch copy the caller removes) and the windows. */
export interface WorkerRequest {
  path: string;
  windows: PreviewWindow[];
}

export type WorkerReply =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'done'; durationMs: number; previews: Uint8Array[] }
  | { kind: 'failed'; message: string; refused: boolean };

/**
 * The preview thread's JavaScript heap (docs/decisions/0087): a cut holds a chunk of the file, a frame and a
 * second of samples per window, and the MP3s; a thread past this is ended, never the server. WebAssembly memory
 * (the decoders', LAME's) and typed arrays' backing stores are outside the V8 heap and these limits.
 */
export const previewThreadLimits: ResourceLimits = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 };

/** The preview thread ended before it answered: out of its memory (`isOutOfMemory`), or crashed. */
export class PreviewThreadDied extends Error {
  constructor(
    message: string,
    readonly isOutOfMemory: boolean,
    cause?: Error,
  ) {
    super(message, { cause });
  }
}

/**
 * Cuts the previews of the file at `path` on a worker thread of its own, limited to `limits` (previewThreadLimits),
 * ended when it answers (or when `signal` aborts). An undecodable or refused file rejects with AudioRefused; a
 * thread that ran out of memory or crashed with PreviewThreadDied.
 */
export function cutPreviewsOffThread(
  path: string,
  windows: PreviewWindow[],
  limits: ResourceLimits,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<CutResult> {
  const worker = startWorker(new URL('./preview-worker.js', import.meta.url), { resourceLimits: limits });
  return new Promise<CutResult>((resolve, reject) => {
    const onAbort = () => reject(signal?.reason as Error);
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (reply: WorkerReply) => {
      if (reply.kind === 'progress') return onProgress(reply.done, reply.total);
      if (reply.kind === 'done') resolve({ durationMs: reply.durationMs, previews: reply.previews.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength)) });
      else reject(reply.refused ? new AudioRefused(reply.message) : new Error(reply.message));
    });
    worker.on('error', (err: NodeJS.ErrnoException) => {
      const isOutOfMemory = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      reject(new PreviewThreadDied(isOutOfMemory ? 'the preview thread ran out of memory' : `the preview thread crashed: ${err.message}`, isOutOfMemory, err));
    });
    worker.on('exit', (code) => reject(new PreviewThreadDied(`the preview thread stopped (exit code ${code})`, false)));
    worker.postMessage({ path, windows } satisfies WorkerRequest);
  }).finally(() => {
    void worker.terminate();
  });
}
