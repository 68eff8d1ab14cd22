/**
 * Heavy work: the requests whose answer costs tens to hundreds of milliseconds of CPU (hints, the
 * exact odds of an attack, sight maps and reach on large boards). The app asks a HeavyWork for
 * them instead of computing them on the request path, so the Node server can run them in a pool
 * of worker threads (src/server/worker-pool.ts) while its event loop keeps answering everyone
 * else. msw and the browser have no worker threads: they use `inProcessWork`, which computes the
 * same answers right here (heavy-jobs.ts holds the one implementation both call).
 */
import type { LiveGame } from './games.ts';
import { runJob, type HeavyJob, type HeavyResult } from './heavy-jobs.ts';

export type { HeavyJob, HeavyResult } from './heavy-jobs.ts';

export interface HeavyWork {
  /**
   * The answer to `job`. Rejects with the ApiError the job raised (e.g. 422), or with a 503 ApiError
   * carrying `Retry-After` when too much heavy work is already waiting. `live` is the live game of a
   * hints job: in-process work reads it directly, a pool sends the game's record and log instead.
   */
  run<J extends HeavyJob>(job: J, live?: LiveGame): Promise<HeavyResult<J>>;
  /** Null when ready to take work, else why not (e.g. the workers are still loading the grid core). */
  notReady(): string | null;
  close(): Promise<void>;
}

/** Heavy work computed on the caller's thread (msw, the browser, tests of the app alone). */
export const inProcessWork: HeavyWork = {
  run: (job, live) => runJob(job, live),
  notReady: () => null,
  close: async () => {},
};
