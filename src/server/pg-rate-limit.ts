/**
 * Per-client token buckets kept in PostgreSQL, shared by every server instance on the database: a
 * client spreading its requests over N instances gets one allowance, not N. One statement per
 * request takes a token atomically (the row lock orders racing instances), timed by the database's
 * clock, so the instances' clocks do not matter.
 *
 * The table is UNLOGGED and its connections commit without waiting for the disk
 * (synchronous_commit=off): buckets are worth nothing after a crash, and a request must not wait
 * for an fsync to be let in.
 */
import type { ClientLimiter, RateLimitOptions } from '../api/rate-limit.ts';

interface Queryable {
  query<R>(q: { name?: string; text: string; values?: unknown[] }): Promise<{ rows: R[] }>;
}

export const RATE_SCHEMA = `
  CREATE UNLOGGED TABLE IF NOT EXISTS rate_buckets (
    client TEXT PRIMARY KEY,
    tokens DOUBLE PRECISION NOT NULL,
    granted BOOLEAN NOT NULL,
    at TIMESTAMPTZ NOT NULL
  );
`;

const TAKE = {
  name: 'doom-board-rate-take',
  text: `
    INSERT INTO rate_buckets AS b (client, tokens, granted, at) VALUES ($1, $3::float8 - 1, true, now())
    ON CONFLICT (client) DO UPDATE SET
      granted = LEAST($3::float8, b.tokens + EXTRACT(EPOCH FROM now() - b.at) * $2::float8) >= 1,
      tokens = LEAST($3::float8, b.tokens + EXTRACT(EPOCH FROM now() - b.at) * $2::float8)
             - CASE WHEN LEAST($3::float8, b.tokens + EXTRACT(EPOCH FROM now() - b.at) * $2::float8) >= 1 THEN 1 ELSE 0 END,
      at = now()
    RETURNING tokens, granted`,
};
// A bucket untouched for burst / perSecond seconds is full again: the same as no row at all.
const FORGET = { name: 'doom-board-rate-forget', text: 'DELETE FROM rate_buckets WHERE at < now() - make_interval(secs => $1::float8)' };

export class PgRateLimiter implements ClientLimiter {
  private readonly sweeper: ReturnType<typeof setInterval>;
  private complainedAt = 0;

  constructor(private readonly db: Queryable, private readonly o: RateLimitOptions) {
    this.sweeper = setInterval(() => {
      this.db.query({ ...FORGET, values: [o.burst / o.perSecond + 60] }).catch(() => undefined);
    }, 60_000);
    this.sweeper.unref();
  }

  async take(client: string): Promise<number> {
    try {
      const r = await this.db.query<{ tokens: number; granted: boolean }>({ ...TAKE, values: [client.slice(0, 200), this.o.perSecond, this.o.burst] });
      const { tokens, granted } = r.rows[0];
      return granted ? 0 : Math.max(1, Math.ceil((1 - tokens) / this.o.perSecond));
    } catch (e) {
      // The database is unreachable: requests go ahead (each game request fails on its own anyway);
      // said in the log at most once a minute.
      if (Date.now() - this.complainedAt > 60_000) {
        this.complainedAt = Date.now();
        console.error('doom-board: the shared rate limit cannot be read from PostgreSQL; requests are let through:', (e as Error).message);
      }
      return 0;
    }
  }

  stop(): void {
    clearInterval(this.sweeper);
  }
}
