import { startWorker } from '../../../lib/start-worker.js';
import { AudioRefused } from './audio-format.js';
import type { CutResult, PreviewWindow } from './cut-preview.js';

/** What `preview-worker.ts` is asked: the upload's bytes (moved to the thread, not copied) and the windows. */
export interface WorkerRequest {
  bytes: Uint8Array;
  windows: PreviewWindow[];
}

export type WorkerReply =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'done'; durationMs: number; previews: Uint8Array[] }
  | { kind: 'failed'; message: string; refused: boolean };

/**
 * Cuts the previews on a worker thread of its own, ended when it answers (or when `signal` aborts).
 * An undecodable file rejects with AudioRefused; a crash of the thread with its error.
 */
export function cutPreviewsOffThread(
  bytes: Buffer,
  windows: PreviewWindow[],
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<CutResult> {
  const worker = startWorker(new URL('./preview-worker.js', import.meta.url));
  return new Promise<CutResult>((resolve, reject) => {
    const onAbort = () => reject(signal?.reason as Error);
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (reply: WorkerReply) => {
      if (reply.kind === 'progress') return onProgress(reply.done, reply.total);
      if (reply.kind === 'done') resolve({ durationMs: reply.durationMs, previews: reply.previews.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength)) });
      else reject(reply.refused ? new AudioRefused(reply.message) : new Error(reply.message));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`the preview thread stopped (exit code ${code})`)));
    const copy = new Uint8Array(bytes);
    worker.postMessage({ bytes: copy, windows } satisfies WorkerRequest, [copy.buffer]);
  }).finally(() => {
    void worker.terminate();
  });
}
