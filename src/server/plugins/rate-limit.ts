import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../errors.js';
import { clientAddressKey } from '../lib/client-address.js';
import type { LimitStore } from '../lib/limit-store.js';
import { errorBody } from './error-handler.js';

/** How many requests one client address may make in a window. */
export interface RateLimit {
  max: number;
  timeWindowMs: number;
}

/** The read limit, whose refusals may be held (docs/decisions/0108). */
export interface ReadLimit extends RateLimit {
  /**
   * Each refused read of an address over the limit is answered `ms` after it came (never past the end of
   * its window), while fewer than `max` are held in all; past that, at once. Without it, at once.
   */
  holdRefusals?: { ms: number; max: number };
}

function inMinutes(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function tooManySubmissionsMessage(retryAfterMs: number): string {
  return `Too many submissions from this address. Please try again in ${inMinutes(retryAfterMs)}.`;
}

export function tooManyRequestsMessage(retryAfterMs: number): string {
  return `Too many requests from this address. Please try again in ${inMinutes(retryAfterMs)}.`;
}

/** What @fastify/rate-limit hands a store: the app's limit, or a route's merged with it. */
interface StoreParams {
  max: number;
  timeWindow: number;
  routeInfo?: { method: string | string[]; url: string };
}

/** Hashed assets are never counted: the browser caches them for a year. */
function isAsset(request: FastifyRequest): boolean {
  return request.url.startsWith('/assets/');
}

/** Whether the read limit counts this request: every route without a limit of its own, and every unknown path (the pages). */
function countsAsRead(request: FastifyRequest): boolean {
  return !isAsset(request) && (request.is404 || request.routeOptions.config.rateLimit === undefined);
}

/** Fewer addresses refused at once than this are remembered; past it, the longest-remembered go first. */
const maxRefusedAddresses = 10_000;

/**
 * The client addresses over the read limit, and until when (issue 37). The limit's store says so once,
 * when an address goes over; from then until its window ends, the app's first hook refuses that
 * address's reads from here, synchronously: no store is asked, no error is thrown and caught, no page is
 * looked up or rendered, and nothing is logged per refusal (one warning when the address goes over).
 */
export class ReadRefusals {
  private readonly until = new Map<string, number>();
  /** The requests refused from here, logged as refusals even when their window ends while they are held. */
  private readonly refused = new WeakSet<FastifyRequest>();
  /** What ends each held refusal's wait. */
  private readonly held = new Set<() => void>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The store found `key` over the limit, with `msLeft` of its window to go. Returns whether it is news. */
  mark(key: string, msLeft: number): boolean {
    const isNew = !this.until.has(key);
    this.until.delete(key);
    this.until.set(key, this.now() + msLeft);
    if (this.until.size > maxRefusedAddresses) {
      for (const [address, ends] of this.until) if (ends <= this.now()) this.until.delete(address);
      for (const address of this.until.keys()) {
        if (this.until.size <= maxRefusedAddresses) break;
        this.until.delete(address);
      }
    }
    return isNew;
  }

  /** Milliseconds until this request's address may read again, if it is refused now. */
  msLeft(request: FastifyRequest): number | undefined {
    if (!countsAsRead(request)) return undefined;
    const key = clientAddressKey(request.ip);
    const ends = this.until.get(key);
    if (ends === undefined) return undefined;
    const left = ends - this.now();
    if (left > 0) return left;
    this.until.delete(key);
    return undefined;
  }

  /**
   * Refuses `request`, over the limit with `msLeft` of its window to go: after a wait of `hold.ms` (at most
   * the window's end) while fewer than `hold.max` refusals wait, else at once. Resolves to the time left then.
   */
  async refuse(request: FastifyRequest, msLeft: number, hold: ReadLimit['holdRefusals']): Promise<number> {
    this.refused.add(request);
    if (hold === undefined || this.held.size >= hold.max) return msLeft;
    const waitMs = Math.min(hold.ms, msLeft);
    await new Promise<void>((resolve) => {
      const release = () => {
        clearTimeout(timer);
        this.held.delete(release);
        resolve();
      };
      const timer = setTimeout(release, waitMs);
      this.held.add(release);
    });
    return msLeft - waitMs;
  }

  /** Every held refusal answered now (the server is stopping). */
  releaseHeld(): void {
    for (const release of [...this.held]) release();
  }

  /** Fastify's request log lines, but none for a read refused from here (a flood would write two lines a request). */
  logController(): LogController {
    return new LogController({
      disableRequestLogging: (request) => this.refused.has(request as FastifyRequest) || this.msLeft(request as FastifyRequest) !== undefined,
    });
  }
}

/**
 * @fastify/rate-limit's store interface over our `LimitStore`, so that the HTTP limits count where the
 * login throttle does (memory, or Redis with memory while it is down): one counter for the app's limit
 * and one per route with a limit of its own. The app's limit tells `refusals` of an address over it.
 */
function countIn(limits: LimitStore, onReadsOver: (key: string, msLeft: number) => void): FastifyRateLimitStoreCtor {
  class CountingStore implements FastifyRateLimitStore {
    private readonly counter: RateLimiterAbstract;
    private readonly isReads: boolean;

    constructor(private readonly params: StoreParams) {
      this.isReads = params.routeInfo === undefined;
      const route = params.routeInfo ? `${String(params.routeInfo.method)} ${params.routeInfo.url}` : 'reads';
      this.counter = limits({ keyPrefix: `http ${route}`, points: params.max, duration: Math.ceil(params.timeWindow / 1000) });
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      const counted = (res: RateLimiterRes) => {
        if (this.isReads && res.consumedPoints > this.params.max) onReadsOver(key, res.msBeforeNext);
        callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext });
      };
      // A refused request rejects with the counts too; anything else is an error of the store.
      this.counter.consume(key).then(counted, (err: unknown) => (err instanceof RateLimiterRes ? counted(err) : callback(err as Error)));
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      return new CountingStore(routeOptions as StoreParams);
    }
  }
  return CountingStore as unknown as FastifyRateLimitStoreCtor;
}

/** The answer to a request over its limit: our error body, Retry-After and the limit's headers, as @fastify/rate-limit sends them. */
function refuse(request: FastifyRequest, reply: FastifyReply, max: number, msLeft: number): FastifyReply {
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  const seconds = String(Math.max(1, Math.ceil(msLeft / 1000)));
  return reply
    .code(429)
    .header('x-ratelimit-limit', String(max))
    .header('x-ratelimit-remaining', '0')
    .header('x-ratelimit-reset', seconds)
    .header('retry-after', seconds)
    .send(errorBody(request.id, (isRead ? tooManyRequestsMessage : tooManySubmissionsMessage)(msLeft)));
}

/**
 * Per-client-address limits, registered once for the whole app: `reads` for every route without a
 * limit of its own and every page (hashed /assets excepted: the browser caches them for a year), and a
 * route's own with `config: { rateLimit: routeRateLimit(limit) }`. A 429 is our error body with
 * Retry-After. They count in `limits`: this process's memory, or Redis shared by every instance;
 * TRUST_PROXY must be set behind a load balancer for `request.ip` to be the client's address
 * (docs/decisions/0015, 0055). Refusing is cheap (docs/decisions/0100): registered before every other
 * request hook, an address over `reads` is refused from `refusals` before anything else runs, and a
 * page (an unknown path, rendered by the client app) is counted in that first hook too, before its
 * request is read further. Those refusals are held as `reads.holdRefusals` says, so that a flood's
 * connections wait instead of asking again at once (docs/decisions/0108); a stopping server answers them.
 */
export async function registerRateLimit(app: FastifyInstance, reads: ReadLimit, limits: LimitStore, refusals: ReadRefusals): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: reads.max,
    timeWindow: reads.timeWindowMs,
    store: countIn(limits, (key, msLeft) => {
      if (refusals.mark(key, msLeft)) app.log.warn({ client: key, refusedForMs: msLeft }, 'client over its read limit: refused without a log line each until its window ends');
    }),
    // One key for every limit, the login throttle's and the plays' too: an IPv6 client by its /64.
    keyGenerator: (request) => clientAddressKey(request.ip),
    allowList: (request) => isAsset(request),
    errorResponseBuilder: (request, context) => {
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      return new AppError(context.statusCode, (isRead ? tooManyRequestsMessage : tooManySubmissionsMessage)(context.ttl));
    },
  });
  const countPage = app.rateLimit();
  app.addHook('preClose', (done) => {
    refusals.releaseHeld();
    done();
  });
  // Before the plugin's own hook, which each route adds to its own (route hooks run after the app's).
  app.addHook('onRequest', async (request, reply) => {
    const msLeft = refusals.msLeft(request);
    if (msLeft !== undefined) return refuse(request, reply, reads.max, await refusals.refuse(request, msLeft, reads.holdRefusals));
    if (request.is404 && !isAsset(request)) await countPage.call(app, request, reply);
  });
}

export function routeRateLimit(limit: RateLimit) {
  return { max: limit.max, timeWindow: limit.timeWindowMs };
}
