import type { FastifyBaseLogger } from 'fastify';
import { loggableError } from '../../logging.js';

/**
 * Runs work once the request's answer has gone (docs/decisions/0095): what only a member's address
 * calls for (rendering and writing a sign-in link) must cost the request nothing, or its time tells
 * who is a member. Work left when the app closes is waited for.
 */
export type AfterAnswer = (work: () => Promise<void>) => void;

export function createAfterAnswer(log: FastifyBaseLogger): { run: AfterAnswer; settled: () => Promise<void> } {
  const running = new Set<Promise<void>>();
  return {
    run: (work) => {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((err: unknown) => log.error({ error: err instanceof Error ? loggableError(err) : String(err) }, 'member work after the answer failed'))
        .finally(() => running.delete(done));
      running.add(done);
    },
    settled: async () => {
      await Promise.all(running);
    },
  };
}
