import { answerJob } from '../../../lib/job-process.js';
import { AudioRefused } from '../audio/audio-format.js';
import type { FormatRequest } from './format-process.js';
import { makeFormat } from './make-format.js';

// The format maker's own process (docs/decisions/0103, 0111): decoding and encoding a whole track hold it for
// seconds, never the server's event loop; its heap is limited (`formatProcessLimits`).

answerJob<FormatRequest, object>(async (request, onProgress) => {
  let reported = 0;
  await makeFormat(request.masterPath, request.outPath, request.format, request.tags, (done, total) => {
    // A progress message every 1% or so: each one is copied to the server.
    if (done - reported < total / 100 && done < total) return;
    reported = done;
    onProgress(done, total);
  });
  return {};
}, (err) => err instanceof AudioRefused);
