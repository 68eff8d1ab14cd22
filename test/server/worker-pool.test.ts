/**
 * The heavy-work pool's own promises (src/server/worker-pool.ts), with small stand-in workers (the
 * real one, lib/heavy-worker.js, is tested through the built server in test/api/heavy-work.test.ts):
 * a bounded queue (503 with Retry-After beyond it), a thread that dies fails only its own job and is
 * replaced, and threads that cannot start are named by readiness instead of restarted forever.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/problem.ts';
import type { HeavyJob } from '../../src/api/heavy-work.ts';
import { WorkerPool } from '../../src/server/worker-pool.ts';

const dir = mkdtempSync(join(tmpdir(), 'doom-board-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A worker that answers each job after `ms`, dies on figure "die", and refuses figure "bad" with a 422. */
const worker = (name: string, source: string) => {
  const file = join(dir, name);
  writeFileSync(file, source);
  return file;
};
const sleeper = worker('sleeper.mjs', `
import { parentPort } from 'node:worker_threads';
parentPort.on('message', ({ id, job }) => {
  if (job.figure === 'die') process.exit(3);
  if (job.figure === 'bad') return parentPort.postMessage({ id, error: { status: 422, kind: 'invalid-query', message: 'no figure bad', extra: { rule: 'board' } } });
  setTimeout(() => parentPort.postMessage({ id, value: { figure: job.figure } }), 100);
});
parentPort.postMessage({ ready: true });
`);
const broken = worker('broken.mjs', `throw new Error('the grid core did not load');`);

const job = (figure: string) => ({ kind: 'sight-map', scenario: {} as never, figure }) as HeavyJob;

describe('WorkerPool', () => {
  it('runs jobs on its threads; beyond the running ones and the queue a job is a 503 ApiError with Retry-After', async () => {
    const pool = new WorkerPool({ size: 2, queueLimit: 1, workerFile: sleeper });
    try {
      const runs = ['a', 'b', 'c', 'd', 'e'].map((f) => pool.run(job(f)).then((v) => v, (e: unknown) => e));
      const answers = await Promise.all(runs);
      // Two threads (one of them may still be starting: it holds its place) and one waiting place.
      expect(answers.slice(0, 3)).toEqual([{ figure: 'a' }, { figure: 'b' }, { figure: 'c' }]);
      for (const e of answers.slice(3)) {
        expect(e).toBeInstanceOf(ApiError);
        expect((e as ApiError).status).toBe(503);
        expect((e as ApiError).headers['retry-after']).toMatch(/^[1-9]\d*$/);
      }
      expect(await pool.run(job('f'))).toEqual({ figure: 'f' });
    } finally {
      await pool.close();
    }
  });

  it('a refusal comes back as the same ApiError; a thread that dies fails its job alone and is replaced', async () => {
    const pool = new WorkerPool({ size: 1, queueLimit: 4, workerFile: sleeper });
    try {
      const bad = await pool.run(job('bad')).catch((e: unknown) => e);
      expect(bad).toBeInstanceOf(ApiError);
      expect(bad).toMatchObject({ status: 422, kind: 'invalid-query', message: 'no figure bad', extra: { rule: 'board' } });
      const [died, after] = await Promise.all([pool.run(job('die')).catch((e: Error) => e), pool.run(job('after'))]);
      expect((died as Error).message).toMatch(/heavy-work thread stopped \(exit code 3\)/);
      expect(after).toEqual({ figure: 'after' });
      expect(pool.notReady()).toBeNull();
    } finally {
      await pool.close();
    }
  });

  it('threads that cannot start: jobs fail with the reason and readiness names it (no restart loop)', async () => {
    const pool = new WorkerPool({ size: 1, workerFile: broken });
    try {
      const e = await pool.run(job('x')).catch((err: Error) => err);
      expect((e as Error).message).toMatch(/the grid core did not load/);
      expect(pool.notReady()).toMatch(/heavy-work threads cannot start: .*the grid core did not load/);
      await expect(pool.run(job('y'))).rejects.toThrow(/cannot start/);
    } finally {
      await pool.close();
    }
  });

  it('not ready while its threads start (naming them), then ready', async () => {
    const pool = new WorkerPool({ size: 2, workerFile: sleeper });
    try {
      expect(pool.notReady()).toBe('2 of 2 heavy-work threads are still loading the grid core');
      await pool.ready();
      expect(pool.notReady()).toBeNull();
    } finally {
      await pool.close();
    }
  });

  it('after close, a job is a 503 (the server is shutting down)', async () => {
    const pool = new WorkerPool({ size: 1, workerFile: sleeper });
    await pool.close();
    await expect(pool.run(job('z'))).rejects.toMatchObject({ status: 503 });
  });
});
