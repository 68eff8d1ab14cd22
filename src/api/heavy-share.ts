/**
 * The heavy-work pool shared between clients: with the rate limit on, one client holds at most
 * HEAVY_PER_CLIENT of its places at once (running or waiting), and a request beyond that is a 429.
 * A review's client filled the pool with hints of a 64-figure game and everyone else was answered
 * 503 for 9 s. Per instance (the pool is the instance's).
 */
import type { Context } from 'hono';
import type { LiveGame } from './games.ts';
import type { HeavyJob, HeavyResult, HeavyWork } from './heavy-work.ts';
import { ApiError } from './problem.ts';

export const HEAVY_PER_CLIENT = 2;

export type RunHeavy = <J extends HeavyJob>(c: Context, job: J, live?: LiveGame) => Promise<HeavyResult<J>>;

/** `heavy.run` with each client's share kept (`clientKey` names the client; `shared` false: no limit). */
export function sharedByClient(heavy: HeavyWork, clientKey: (c: Context) => string, shared: boolean): RunHeavy {
  const held = new Map<string, number>();
  return async (c, job, live) => {
    if (!shared) return heavy.run(job, live);
    const key = clientKey(c);
    const now = held.get(key) ?? 0;
    if (now >= HEAVY_PER_CLIENT) {
      throw new ApiError(429, 'rate-limited', `this client already has ${now} hints, odds or board queries in progress; retry once one is answered (in about 1 s)`, { retryAfter: 1 }, { 'retry-after': '1' });
    }
    held.set(key, now + 1);
    try {
      return await heavy.run(job, live);
    } finally {
      const left = (held.get(key) ?? 1) - 1;
      if (left) held.set(key, left);
      else held.delete(key);
    }
  };
}
