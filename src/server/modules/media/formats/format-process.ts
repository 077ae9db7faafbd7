import type { DownloadFormat } from '../../../../shared/download-formats.js';
import { type JobMemoryLimits, runJobProcess } from '../../../lib/job-process.js';
import { AudioRefused } from '../audio/audio-format.js';
import type { DownloadTags } from './download-tags.js';

/** What `format-worker.ts` is asked: the master's scratch file, where to write, the format and its tags. */
export interface FormatRequest {
  masterPath: string;
  outPath: string;
  format: DownloadFormat;
  tags: DownloadTags;
}

/**
 * The format process's JavaScript heap (docs/decisions/0103, 0111): a block of the master, its samples as floats
 * and as the format's integers, the tags and cover; a process past this is ended, never the server. WebAssembly
 * memory (the decoders', libFLAC's, LAME's) is outside it, bounded by the block-at-a-time design.
 */
export const formatProcessLimits: JobMemoryLimits = { oldSpaceMb: 128, semiSpaceMb: 16 };

/**
 * Makes `request.format` in a process of its own, limited to `limits`, ended when it answers (or when `signal`
 * aborts). A master the decoders refuse rejects with AudioRefused; a process that ran out of memory or crashed
 * with JobProcessDied.
 */
export async function makeFormatApart(request: FormatRequest, limits: JobMemoryLimits, onProgress: (done: number, total: number) => void, signal?: AbortSignal): Promise<void> {
  await runJobProcess<FormatRequest, object>(new URL('./format-worker.js', import.meta.url), request, limits, {
    name: 'format',
    refused: (message) => new AudioRefused(message),
    onProgress,
    signal,
  });
}
