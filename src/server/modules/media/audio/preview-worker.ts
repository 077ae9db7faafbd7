import { parentPort } from 'node:worker_threads';
import { AudioRefused } from './audio-format.js';
import { cutPreviews } from './cut-preview.js';
import type { WorkerReply, WorkerRequest } from './preview-thread.js';

// The preview cutter's own thread (docs/decisions/0026, 0087): decoding and encoding hold this thread for
// seconds, never the server's event loop; its heap is limited (`previewThreadLimits`), so a file that would
// exhaust memory ends this thread, never the server.

const port = parentPort!;
const reply = (message: WorkerReply) => port.postMessage(message);

async function cut(request: WorkerRequest): Promise<void> {
  try {
    const result = await cutPreviews(request.path, request.windows, (done, total) => reply({ kind: 'progress', done, total }));
    reply({ kind: 'done', durationMs: result.durationMs, previews: result.previews.map((p) => new Uint8Array(p)) });
  } catch (err) {
    reply({ kind: 'failed', message: err instanceof AudioRefused ? err.message : String((err as Error).message ?? err), refused: err instanceof AudioRefused });
  }
}

port.once('message', (request: WorkerRequest) => void cut(request));
