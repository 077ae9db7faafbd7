import { parentPort } from 'node:worker_threads';
import { AudioRefused } from './audio-format.js';
import { cutPreviews } from './cut-preview.js';
import type { WorkerReply, WorkerRequest } from './preview-thread.js';

// The preview cutter's own thread (docs/decisions/0026): decoding and encoding hold this thread for
// seconds, never the server's event loop.

const port = parentPort!;
const reply = (message: WorkerReply) => port.postMessage(message);

async function cut(request: WorkerRequest): Promise<void> {
  try {
    const result = await cutPreviews(Buffer.from(request.bytes), request.windows, (done, total) => reply({ kind: 'progress', done, total }));
    reply({ kind: 'done', durationMs: result.durationMs, previews: result.previews.map((p) => new Uint8Array(p)) });
  } catch (err) {
    reply({ kind: 'failed', message: err instanceof AudioRefused ? err.message : String((err as Error).message ?? err), refused: err instanceof AudioRefused });
  }
}

port.once('message', (request: WorkerRequest) => void cut(request));
