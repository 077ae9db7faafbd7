import { answerJob } from '../../src/server/lib/job-process.js';

// A job for src/server/lib/job-process.test.ts, run as the media jobs are: it answers with the names of its
// environment's variables, refuses or fails when told to, or keeps what it allocates until its heap is exhausted.

answerJob<{ ask: 'env' | 'refuse' | 'fail' | 'exhaust' }, { envNames: string[] }>(
  async ({ ask }, onProgress) => {
    if (ask === 'refuse') throw new Error('refused: told to');
    if (ask === 'fail') throw new Error('broken');
    if (ask === 'exhaust') {
      const kept: number[][] = [];
      for (;;) {
        kept.push(Array.from({ length: 10_000 }, (_, i) => i + kept.length));
        if (kept.length % 100 === 0) onProgress(kept.length, 0);
      }
    }
    return { envNames: Object.keys(process.env) };
  },
  (err) => err instanceof Error && err.message.startsWith('refused'),
);
