import type { FastifyInstance } from 'fastify';
import { loggableError } from '../../logging.js';

/**
 * Runs work once the request's answer has gone (docs/decisions/0095): what only a member's (or a
 * buyer's) address calls for (rendering and writing a sign-in link, a buyer's order links) must cost
 * the request nothing, or its time tells who is a member or bought here. Work left when the app
 * closes is waited for.
 */
export type AfterAnswer = (work: () => Promise<void>) => void;

/** The app's `afterAnswer` when it was handed one (tests wait for it), else the plugin's own, waited for when the app closes. */
export function useAfterAnswer(app: FastifyInstance, given: AfterAnswer | undefined): AfterAnswer {
  if (given) return given;
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.all(running);
  });
  return (work) => {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => app.log.error({ error: err instanceof Error ? loggableError(err) : String(err) }, 'work after the answer failed'))
      .finally(() => running.delete(done));
    running.add(done);
  };
}
