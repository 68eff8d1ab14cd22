/** Statistics shared by the AI benches. */
import { readFileSync } from 'node:fs';

/** The 95% Wilson score interval of k successes in n trials, in percent. */
export function wilson(k: number, n: number): [number, number] {
  const z = 1.959964;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [100 * Math.max(0, c - h), 100 * Math.min(1, c + h)];
}

/** The process's CPU time (ms): on a loaded machine wall time counts the waits for a core too. */
export const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * The calling thread's CPU time (ms; Linux: /proc/thread-self/schedstat, nanoseconds on a core), or
 * null where that file is missing. Unlike `cpu()` it leaves out V8's helper threads (compiling
 * optimised code, collecting garbage concurrently), which run beside the decision on another core:
 * the time a user waits for an answer is the main thread's.
 */
export const threadCpu = (): number | null => {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ', 1)[0]) / 1e6;
  } catch {
    return null;
  }
};

/** The p-quantile (0–1) of xs, nearest rank; NaN when empty. */
export const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
};
