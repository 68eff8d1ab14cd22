/** Median time per call: repeated samples, each a batch long enough for the clock to resolve. */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export interface Measurement {
  /** Median milliseconds per call. */
  ms: number;
  samples: number;
  callsPerSample: number;
}

export function measure(fn: () => void, { samples = 21, sampleMs = 20, maxMs = 20000 } = {}): Measurement {
  fn(); // warm-up, also lets the JIT see the code once
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
