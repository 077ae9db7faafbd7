import { answerJob } from '../../../lib/job-process.js';
import { AudioRefused } from './audio-format.js';
import { cutPreviews } from './cut-preview.js';
import type { PreviewDone, PreviewRequest } from './preview-process.js';

// The preview cutter's own process (docs/decisions/0026, 0087, 0111): decoding and encoding hold it for
// seconds, never the server's event loop; its heap is limited (`previewProcessLimits`), so a file that would
// exhaust memory ends this process, never the server.

answerJob<PreviewRequest, PreviewDone>(async (request, onProgress) => {
  const result = await cutPreviews(request.path, request.windows, onProgress);
  return { durationMs: result.durationMs, previews: result.previews.map((p) => new Uint8Array(p)) };
}, (err) => err instanceof AudioRefused);
