import { type JobMemoryLimits, runJobProcess } from '../../../lib/job-process.js';
import { AudioRefused } from './audio-format.js';
import type { CutResult, PreviewWindow } from './cut-preview.js';

/** What `preview-worker.ts` is asked: the upload's file (a scratch copy the caller removes) and the windows. */
export interface PreviewRequest {
  path: string;
  windows: PreviewWindow[];
}

/** What it answers with: the track's length and one MP3 per window. */
export interface PreviewDone {
  durationMs: number;
  previews: Uint8Array[];
}

/**
 * The preview process's JavaScript heap (docs/decisions/0087, 0111): a cut holds a chunk of the file, a frame and a
 * second of samples per window, and the MP3s; a process past this is ended, never the server. WebAssembly memory
 * (the decoders', LAME's) and typed arrays' backing stores are outside the V8 heap and these limits.
 */
export const previewProcessLimits: JobMemoryLimits = { oldSpaceMb: 256, semiSpaceMb: 16 };

/**
 * Cuts the previews of the file at `path` in a process of its own, limited to `limits` (previewProcessLimits),
 * ended when it answers (or when `signal` aborts). An undecodable or refused file rejects with AudioRefused; a
 * process that ran out of memory or crashed with JobProcessDied.
 */
export async function cutPreviewsApart(
  path: string,
  windows: PreviewWindow[],
  limits: JobMemoryLimits,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<CutResult> {
  const done = await runJobProcess<PreviewRequest, PreviewDone>(new URL('./preview-worker.js', import.meta.url), { path, windows }, limits, {
    name: 'preview',
    refused: (message) => new AudioRefused(message),
    onProgress,
    signal,
  });
  return { durationMs: done.durationMs, previews: done.previews.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength)) };
}
