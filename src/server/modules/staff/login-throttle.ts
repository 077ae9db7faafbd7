import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { defaultLimits } from '../../config.js';
import { AppError } from '../../errors.js';
import { clientAddressKey } from '../../lib/client-address.js';
import { memoryLimitStore, type LimitStore } from '../../lib/limit-store.js';

/** How many failed logins a client address, or a username from one address, may have in a window. */
export interface LoginThrottleLimit {
  maxFailures: number;
  windowMs: number;
}

export function tooManyLoginsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** What `attempt` hands back: say how the password check went, once. */
export interface LoginAttempt {
  /** The password was right: this attempt no longer counts against the username from this address. */
  succeeded(): Promise<void>;
}

export class TooManyLoginsError extends AppError {
  constructor(readonly retryAfterMs: number) {
    super(429, tooManyLoginsMessage(retryAfterMs));
  }
}

/**
 * Failed logins per client address and per username from that address. Every attempt is counted
 * before the password is checked, atomically in the store, so concurrent guesses cannot slip past the
 * limit while a hash is computed; a right password gives its attempt back. There is deliberately no
 * username-wide lock: anyone could then lock the admin out from everywhere by guessing from elsewhere.
 */
export class LoginThrottle {
  private readonly byAddress: RateLimiterAbstract;
  private readonly byUserAndAddress: RateLimiterAbstract;

  /** `store`: this process's memory by default; Redis gives several instances one count (docs/decisions/0055). */
  constructor(limit: LoginThrottleLimit = defaultLimits.login, store: LimitStore = memoryLimitStore) {
    const window = { points: limit.maxFailures, duration: Math.ceil(limit.windowMs / 1000) };
    this.byAddress = store({ keyPrefix: 'login-ip', ...window });
    this.byUserAndAddress = store({ keyPrefix: 'login-user-ip', ...window });
  }

  /** Counts one attempt from `ip` (an IPv6 address by its /64); throws TooManyLoginsError when the address or the username from it is out of tries. */
  async attempt(ip: string, username: string): Promise<LoginAttempt> {
    const address = clientAddressKey(ip);
    const userKey = `${username.trim().toLowerCase()}|${address}`;
    const counted = await Promise.allSettled([this.byAddress.consume(address), this.byUserAndAddress.consume(userKey)]);
    const refused = counted.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    if (refused.length > 0) {
      for (const reason of refused) if (!(reason instanceof RateLimiterRes)) throw reason;
      throw new TooManyLoginsError(Math.max(1, ...refused.map((r) => (r as RateLimiterRes).msBeforeNext)));
    }
    return {
      succeeded: async () => {
        await Promise.all([this.byAddress.reward(address), this.byUserAndAddress.delete(userKey)]);
      },
    };
  }
}
