import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

const client = new AsyncLocalStorage<string>();

/** Who asked, for work that runs deep under a request without its `request` (uncached catalog loads): its client address. */
export function currentClient(): string {
  return client.getStore() ?? 'server';
}

/** Runs `work` as asked by `address` (a request's hook does it for every request). */
export function runAsClient<T>(address: string, work: () => T): T {
  return client.run(address, work);
}

/**
 * Runs every request (its hooks, handler and whatever they start) knowing its client address,
 * `request.ip`: what the rate limits key on, never anything the client writes (a cookie or header),
 * unless TRUST_PROXY names the proxy that sets it.
 */
export function registerRequestClient(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => runAsClient(request.ip, done));
}
