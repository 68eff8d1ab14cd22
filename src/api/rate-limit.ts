/**
 * Per-client token buckets: `burst` requests at once, refilled at `perSecond`. A refused request
 * learns how many whole seconds until a token is back (Retry-After).
 */
export interface RateLimitOptions {
  perSecond: number;
  burst: number;
  /** Buckets kept at most (the oldest are forgotten first). */
  maxClients?: number;
}

/**
 * What the API asks before each request: 0 to go ahead, else the seconds to wait. In one process a
 * RateLimiter; several instances on one PostgreSQL share their buckets there (pg-rate-limit.ts), so
 * a client's allowance does not grow with the number of instances.
 */
export interface ClientLimiter {
  take(client: string): number | Promise<number>;
}

export class RateLimiter implements ClientLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly o: RateLimitOptions, private readonly now: () => number = () => Date.now()) {}

  /** 0 when the request may go ahead, else the seconds to wait. */
  take(client: string): number {
    const t = this.now();
    let b = this.buckets.get(client);
    if (b) {
      this.buckets.delete(client);
      b.tokens = Math.min(this.o.burst, b.tokens + ((t - b.at) / 1000) * this.o.perSecond);
      b.at = t;
    } else b = { tokens: this.o.burst, at: t };
    this.buckets.set(client, b);
    if (this.buckets.size > (this.o.maxClients ?? 10_000)) this.buckets.delete(this.buckets.keys().next().value!);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / this.o.perSecond));
  }
}
