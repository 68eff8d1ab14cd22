/** Median time per call: repeated samples, each a batch long enough for the clock to resolve. */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** A full collection now, where the bench runs with --expose-gc (bench/vitest.config.ts). */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

export interface Measurement {
  /** Median milliseconds per call. */
  ms: number;
  samples: number;
  callsPerSample: number;
}

export function measure(fn: () => void, { samples = 21, sampleMs = 20, maxMs = 20000 } = {}): Measurement {
  fn(); // warm-up, also lets the JIT see the code once
  collectGarbage();
  let calls = 1;
  for (;;) {
    const t = performance.now();
    for (let i = 0; i < calls; i++) fn();
    const dt = performance.now() - t;
    if (dt >= sampleMs || dt * samples > maxMs) break;
    calls *= 2;
  }
  const times: number[] = [];
  const deadline = performance.now() + maxMs;
  for (let s = 0; s < samples && (s < 3 || performance.now() < deadline); s++) {
    const t = performance.now();
    for (let i = 0; i < calls; i++) fn();
    times.push((performance.now() - t) / calls);
  }
  return { ms: median(times), samples: times.length, callsPerSample: calls };
}

/**
 * Two batch runners (each runs `calls` calls) timed in alternating batches of the same number of
 * calls, the first of each round alternating too, so that the shared machine's drifting speed hits
 * both alike: each side's median per call, and the median of the rounds' ratios b / a (the figure a
 * "≤ k× the other" target is judged on).
 */
export function measurePair(a: (calls: number) => void, b: (calls: number) => void, { rounds = 41, sampleMs = 5 } = {}): { a: number; b: number; ratio: number } {
  a(2);
  b(2);
  collectGarbage();
  let calls = 2;
  for (;;) {
    const t = performance.now();
    a(calls);
    if (performance.now() - t >= sampleMs) break;
    calls *= 2;
  }
  const time = (run: (calls: number) => void) => {
    const t = performance.now();
    run(calls);
    return (performance.now() - t) / calls;
  };
  const ta: number[] = [];
  const tb: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const [x, y] = i % 2 ? [time(b), time(a)] : [time(a), time(b)];
    const [ra, rb] = i % 2 ? [y, x] : [x, y];
    ta.push(ra);
    tb.push(rb);
    ratios.push(rb / ra);
  }
  return { a: median(ta), b: median(tb), ratio: median(ratios) };
}
