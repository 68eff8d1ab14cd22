/**
 * One thread of the heavy-work pool (worker-pool.ts; built as lib/heavy-worker.js): it loads the
 * Wasm grid core itself, says so, then answers one job at a time with the same code the app runs
 * in process (src/api/heavy-jobs.ts). A refusal travels back as the ApiError's parts.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { loadCore } from '../core/index.ts';
import { runJob, type HeavyJob } from '../api/heavy-jobs.ts';
import { ApiError } from '../api/problem.ts';

const port = parentPort!;

// Below the event loop's priority: when the cores are short, the thread answering plain requests
// gets them first and the heavy work waits (Linux sets a nice value per thread: /proc/thread-self
// names this thread's id). Elsewhere the thread keeps the process's priority.
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) setPriority(tid, 10);
} catch {
  // Not Linux, or not allowed: the pool still works, at the same priority.
}

port.on('message', async (m: { id: number; job: HeavyJob }) => {
  try {
    port.postMessage({ id: m.id, value: await runJob(m.job) });
  } catch (e) {
    const error = e instanceof ApiError
      ? { status: e.status, kind: e.kind, message: e.message, extra: e.extra, headers: e.headers }
      : { message: String((e as Error)?.stack ?? e) };
    port.postMessage({ id: m.id, error });
  }
});

await loadCore();
port.postMessage({ ready: true });
