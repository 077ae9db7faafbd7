/** How many failed logins a client address, or a username, may have in a window. */
export interface LoginThrottleLimit {
  maxFailures: number;
  windowMs: number;
}

export const defaultLoginThrottleLimit: LoginThrottleLimit = { maxFailures: 5, windowMs: 15 * 60_000 };

export function tooManyLoginsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * Failed logins per client address and per username. Kept in this process's memory: behind a load
 * balancer each instance counts on its own, and a restart forgets the count (see README).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly limit: LoginThrottleLimit = defaultLoginThrottleLimit) {}

  /** Milliseconds until the client may try again, or 0 when neither its address nor the username is blocked. */
  retryAfterMs(ip: string, username: string, now: Date): number {
    return Math.max(this.blockedFor(ipKey(ip), now), this.blockedFor(userKey(username), now));
  }

  recordFailure(ip: string, username: string, now: Date): void {
    if (this.failures.size > 50_000) this.forgetExpired(now);
    for (const key of [ipKey(ip), userKey(username)]) {
      this.failures.set(key, [...this.recent(key, now), now.getTime()]);
    }
  }

  /** A correct password clears the username's count; the address keeps its own. */
  recordSuccess(username: string): void {
    this.failures.delete(userKey(username));
  }

  private blockedFor(key: string, now: Date): number {
    const recent = this.recent(key, now);
    if (recent.length < this.limit.maxFailures) return 0;
    // Blocked until enough failures have left the window to fall below the limit.
    const freeing = recent[recent.length - this.limit.maxFailures] as number;
    return Math.max(1, freeing + this.limit.windowMs - now.getTime());
  }

  private recent(key: string, now: Date): number[] {
    const since = now.getTime() - this.limit.windowMs;
    return (this.failures.get(key) ?? []).filter((t) => t > since);
  }

  private forgetExpired(now: Date): void {
    for (const key of [...this.failures.keys()]) {
      const recent = this.recent(key, now);
      if (recent.length === 0) this.failures.delete(key);
      else this.failures.set(key, recent);
    }
  }
}

const ipKey = (ip: string) => `ip:${ip}`;
const userKey = (username: string) => `user:${username.trim().toLowerCase()}`;
