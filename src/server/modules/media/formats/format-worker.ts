import { parentPort } from 'node:worker_threads';
import { AudioRefused } from '../audio/audio-format.js';
import { makeFormat } from './make-format.js';
import type { FormatReply, FormatRequest } from './format-thread.js';

// The format maker's own thread (docs/decisions/0103): decoding and encoding a whole track hold it for
// seconds, never the server's event loop; its heap is limited (`formatThreadLimits`).

const port = parentPort!;
const reply = (message: FormatReply) => port.postMessage(message);
let reported = 0;

async function make(request: FormatRequest): Promise<void> {
  try {
    await makeFormat(request.masterPath, request.outPath, request.format, request.tags, (done, total) => {
      // A progress message every 1% or so: each one is copied to the main thread.
      if (done - reported < total / 100 && done < total) return;
      reported = done;
      reply({ kind: 'progress', done, total });
    });
    reply({ kind: 'done' });
  } catch (err) {
    reply({ kind: 'failed', message: err instanceof AudioRefused ? err.message : String((err as Error).message ?? err), refused: err instanceof AudioRefused });
  }
}

port.once('message', (request: FormatRequest) => void make(request));
