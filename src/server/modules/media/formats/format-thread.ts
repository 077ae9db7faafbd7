import type { ResourceLimits } from 'node:worker_threads';
import type { DownloadFormat } from '../../../../shared/download-formats.js';
import { startWorker } from '../../../lib/start-worker.js';
import { AudioRefused } from '../audio/audio-format.js';
import { PreviewThreadDied } from '../audio/preview-thread.js';
import type { DownloadTags } from './download-tags.js';

/** What `format-worker.ts` is asked: the master's scratch file, where to write, the format and its tags. */
export interface FormatRequest {
  masterPath: string;
  outPath: string;
  format: DownloadFormat;
  tags: DownloadTags;
}

export type FormatReply =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'done' }
  | { kind: 'failed'; message: string; refused: boolean };

/**
 * The format thread's JavaScript heap (docs/decisions/0103): a block of the master, its samples as floats and
 * as the format's integers, the tags and cover; a thread past this is ended, never the server. WebAssembly
 * memory (the decoders', libFLAC's, LAME's) is outside it, bounded by the block-at-a-time design.
 */
export const formatThreadLimits: ResourceLimits = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32 };

/**
 * Makes `request.format` on a worker thread of its own, limited to `limits`, ended when it answers (or when
 * `signal` aborts). A master the decoders refuse rejects with AudioRefused; a thread that ran out of memory or
 * crashed with PreviewThreadDied (the same death as the preview cutter's thread).
 */
export function makeFormatOffThread(request: FormatRequest, limits: ResourceLimits, onProgress: (done: number, total: number) => void, signal?: AbortSignal): Promise<void> {
  const worker = startWorker(new URL('./format-worker.js', import.meta.url), { resourceLimits: limits });
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal?.reason as Error);
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (reply: FormatReply) => {
      if (reply.kind === 'progress') return onProgress(reply.done, reply.total);
      if (reply.kind === 'done') resolve();
      else reject(reply.refused ? new AudioRefused(reply.message) : new Error(reply.message));
    });
    worker.on('error', (err: NodeJS.ErrnoException) => {
      const isOutOfMemory = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      reject(new PreviewThreadDied(isOutOfMemory ? 'the format thread ran out of memory' : `the format thread crashed: ${err.message}`, isOutOfMemory, err));
    });
    worker.on('exit', (code) => reject(new PreviewThreadDied(`the format thread stopped (exit code ${code})`, false)));
    worker.postMessage(request satisfies FormatRequest);
  }).finally(() => {
    void worker.terminate();
  });
}
