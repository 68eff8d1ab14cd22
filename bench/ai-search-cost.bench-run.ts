/**
 * What a doom2004 search costs a decision (issue 39): seeded skirmish games (seeds 1–3, each seat in
 * turn) of the planner with doom2004's search changed by a spec against the planner alone, played
 * twice over (the first pass warms V8's code; the second is timed). Prints per spec the CPU-bound
 * wall time of the searching side's decisions: p50 / p90 / p95 / p99 / max and how many took over
 * 50 ms. Specs: `AI_SEARCH_SPECS` — `|`-separated, each `key=value;…` over DOOM2004_SEARCH (search.ts
 * SearchOptions: candidates, rollouts, rounds, maxCommands, steps); an empty spec is the strong search
 * as shipped, `shipped` the default autopilot's (DOOM2004_AUTOPILOT_SEARCH).
 * Run: `AI_SEARCH_SPECS='|shipped|candidates=4;rollouts=1' npx vitest run --config bench/vitest.config.ts bench/ai-search-cost.bench-run.ts`.
 */
import { loadavg } from 'node:os';
import { beforeAll, test } from 'vitest';
import { loadCore } from '../src/core/wasm.ts';
import '../src/rules/index.ts';
import { AUTOPILOT_SEARCH, DOOM2004_AUTOPILOT_SEARCH, DOOM2004_SEARCH, playGame, plannerPolicy, rolloutSearch, type Policy } from '../src/ai/autopilot/index.ts';
import type { Scenario } from '../src/scenario/types.ts';
import skirmish from '../src/scenario/bundled/doom2004-skirmish.json';
import { pct } from './ai-stats.ts';

beforeAll(async () => {
  await loadCore();
});

const timed = (p: Policy, out: number[]): Policy => ({
  ...p,
  choose: (x) => {
    const t0 = performance.now();
    const c = p.choose(x);
    out.push(performance.now() - t0);
    return c;
  },
});

function search(spec: string) {
  if (spec === 'shipped') return DOOM2004_AUTOPILOT_SEARCH;
  const o: Record<string, number> = {};
  for (const kv of spec.split(';').filter(Boolean)) {
    const [k, v] = kv.split('=');
    if (!['candidates', 'rollouts', 'rounds', 'maxCommands', 'steps'].includes(k) || !Number.isInteger(Number(v))) throw new Error(`AI_SEARCH_SPECS: ${kv} is not one of candidates, rollouts, rounds, maxCommands, steps = a whole number`);
    o[k] = Number(v);
  }
  return { ...DOOM2004_SEARCH, ...o };
}

test.skipIf(process.env.AI_SEARCH_SPECS === undefined)('doom2004 search cost per decision', () => {
  console.log(`load ${loadavg().map((x) => x.toFixed(1)).join(' / ')} before`);
  for (const spec of process.env.AI_SEARCH_SPECS!.split('|')) {
    const searches = [rolloutSearch(AUTOPILOT_SEARCH), rolloutSearch(search(spec))];
    let ms: number[] = [];
    for (let pass = 0; pass < 2; pass++) {
      ms = [];
      for (const seed of [1, 2, 3]) {
        for (const [seat, other] of [['marines', 'invaders'], ['invaders', 'marines']]) {
          playGame(skirmish as unknown as Scenario, seed, { [seat]: timed(plannerPolicy({ search: searches }), ms), [other]: plannerPolicy({ search: null }) }, { maxRounds: 60 });
        }
      }
    }
    const f = (p: number) => pct(ms, p).toFixed(1);
    console.log(`| ${spec || 'strong (DOOM2004_SEARCH)'} | ${ms.length} | ${f(0.5)} / ${f(0.9)} / ${f(0.95)} / ${f(0.99)} / ${Math.max(...ms).toFixed(1)} | ${ms.filter((x) => x > 50).length} |`);
  }
  console.log(`load ${loadavg().map((x) => x.toFixed(1)).join(' / ')} after`);
}, 3_600_000);
