/**
 * The exact odds (src/ai/odds) against 200,000 seeded trials of the real rules engine per case
 * (test/ai/engine-mc.ts): every statistic must lie within 4 standard errors. `AI_MC_TRIALS`
 * overrides the count, `AI_MC_CASES` picks cases by index. Prints a Markdown table for bench/RESULTS.md.
 */
import { beforeAll, expect, test } from 'vitest';
import { loadCore } from '../src/core/wasm.ts';
import { ALL_CASES, compare } from '../test/ai/engine-mc.ts';

beforeAll(async () => {
  await loadCore();
});

// About 20 minutes: only on request (AI_MC_TRIALS=200000, or AI_BENCH_ALL=1).
test.skipIf(!process.env.AI_MC_TRIALS && !process.env.AI_BENCH_ALL)('exact odds vs 200,000 engine trials per case', () => {
  const trials = Number(process.env.AI_MC_TRIALS ?? 200_000);
  const rows: string[] = ['| case | trials | P(hit) exact / engine | E[damage] exact / engine | P(kill) exact / engine | worst z | s |', '|---|---|---|---|---|---|---|'];
  const pick = process.env.AI_MC_CASES?.split(',').map(Number);
  const results = ALL_CASES.filter((_, i) => !pick || pick.includes(i)).map((mk) => compare(mk(), trials));
  for (const r of results) {
    rows.push(`| ${r.name} | ${r.trials} | ${r.exact.hit.toFixed(4)} / ${r.mc.hit.toFixed(4)} | ${r.exact.expected.toFixed(4)} / ${r.mc.expected.toFixed(4)} | ${r.exact.kill.toFixed(4)} / ${r.mc.kill.toFixed(4)} | ${r.worstZ.toFixed(2)} | ${(r.ms / 1000).toFixed(0)} |`);
  }
  console.log(rows.join('\n'));
  for (const r of results) expect(r.worstZ, `${r.name}: ${r.worst}`).toBeLessThanOrEqual(4);
});
