/**
 * This tree's AI time per decision against an earlier commit's, in the same process (issue 39,
 * speed): the games of ai-decisions.bench-run.ts (the autopilot unsearched against greedy, every
 * bundled seat), and at every decision of the autopilot's side `hints()` and a fresh planner's
 * decision (every decision plans; no plan in progress) timed for both trees one after the other,
 * the order alternating, with the answers compared (they must be the same: the speed work keeps
 * every plan). On a loaded machine the absolute times read high, but both trees meet the same load
 * at the same moment: the ratio of their p95s is what the run measures.
 *
 * AI_BASE_TREE: a checkout of the earlier commit with its grid core built, e.g.
 *   git worktree add --detach ../base <commit> && cp build/core.wasm ../base/build/ (same assembly/)
 * AI_DECISION_GAMES games per scenario and side (default 2), AI_MAX_ROUNDS (default 60);
 * AI_AB_RULESETS: only these rulesets (comma-separated; default all).
 * AI_AB_SEARCHED=1: `hints()` and the decision with the search as shipped (where it searches:
 * doom2016), its rollouts included, instead of unsearched.
 */
import { loadavg } from 'node:os';
import { beforeAll, test } from 'vitest';
import { loadCore } from '../src/core/wasm.ts';
import { createGame, type GameState } from '../src/rules/index.ts';
import type { Game } from '../src/rules/game.ts';
import { greedyPolicy, nextStep, plannerPolicy, type Policy } from '../src/ai/autopilot/index.ts';
import { sideOfCommand } from '../src/ai/autopilot/sides.ts';
import { hints } from '../src/ai/hints/index.ts';
import { SEATS } from './ai-seats.ts';
import { cpu, pct } from './ai-stats.ts';

const BASE = process.env.AI_BASE_TREE;
const GAMES = Number(process.env.AI_DECISION_GAMES ?? 2);
const MAX_ROUNDS = Number(process.env.AI_MAX_ROUNDS ?? 60);
const RULESETS = process.env.AI_AB_RULESETS?.split(',');
const SEARCHED = process.env.AI_AB_SEARCHED === '1';

type Ai = { hints: typeof hints; plannerPolicy: typeof plannerPolicy };
let base: Ai;

beforeAll(async () => {
  if (!BASE) return;
  await loadCore();
  // The earlier tree's own core and rules (its registry serves its hints' lookahead).
  await (await import(/* @vite-ignore */ `${BASE}/src/core/wasm.ts`)).loadCore();
  await import(/* @vite-ignore */ `${BASE}/src/rules/index.ts`);
  base = {
    hints: (await import(/* @vite-ignore */ `${BASE}/src/ai/hints/index.ts`)).hints,
    plannerPolicy: (await import(/* @vite-ignore */ `${BASE}/src/ai/autopilot/index.ts`)).plannerPolicy,
  };
});


test.skipIf(!BASE)('AI time per decision: this tree against AI_BASE_TREE', () => {
  const trees: Record<'base' | 'now', Ai> = { base, now: { hints, plannerPolicy } };
  const by = new Map<string, { base: { hints: number[]; plan: number[] }; now: { hints: number[]; plan: number[] }; load: number[]; differ: number }>();
  let turn = 0;
  for (const [, scenario, me, them] of SEATS) {
    if (RULESETS && !RULESETS.includes(scenario.ruleset)) continue;
    const acc = by.get(scenario.ruleset) ?? { base: { hints: [], plan: [] }, now: { hints: [], plan: [] }, load: [], differ: 0 };
    by.set(scenario.ruleset, acc);
    for (let seed = 1; seed <= GAMES; seed++) {
      const g = createGame(scenario, { seed }) as Game<GameState>;
      const policies: Record<string, Policy> = { [me]: plannerPolicy({ search: null }), [them]: greedyPolicy() };
      for (let n = 0; n < 3000 && g.state.winner === null && g.state.round <= MAX_ROUNDS; n++) {
        const step = nextStep(g, policies, 40);
        if (!step) break;
        if (step.side === me) {
          const state = g.state;
          const legal = g.legalActions().filter((c) => sideOfCommand(state, c) === me);
          const answers: Record<string, string> = {};
          const order = turn++ % 2 ? (['base', 'now'] as const) : (['now', 'base'] as const);
          for (const tree of order) {
            const ai = trees[tree];
            const t0 = cpu();
            const h = ai.hints(state, undefined, { search: SEARCHED });
            const t1 = cpu();
            const c = ai.plannerPolicy(SEARCHED ? {} : { search: null }).choose({ state, side: me, legal, budgetMs: 40 });
            const t2 = cpu();
            acc[tree].hints.push(t1 - t0);
            acc[tree].plan.push(t2 - t1);
            answers[tree] = JSON.stringify([h, c]);
          }
          if (answers.base !== answers.now) acc.differ++;
        }
        if (!g.apply(step.command).ok) break;
      }
      acc.load.push(loadavg()[0]);
    }
  }
  if (SEARCHED) console.log('hints() and decisions with the search as shipped');
  const rows = ['| ruleset | decisions | answers differing | hints() CPU p95, before → now (ms) | ratio | planning decision CPU p95, before → now (ms) | ratio | load (1 min) |', '|---|---|---|---|---|---|---|---|'];
  for (const [ruleset, a] of by) {
    const p = (xs: number[]) => pct(xs, 0.95);
    const h = [p(a.base.hints), p(a.now.hints)];
    const d = [p(a.base.plan), p(a.now.plan)];
    rows.push(`| ${ruleset} | ${a.now.hints.length} | ${a.differ} | ${h[0].toFixed(1)} → ${h[1].toFixed(1)} | ${(h[1] / h[0]).toFixed(2)} | ${d[0].toFixed(1)} → ${d[1].toFixed(1)} | ${(d[1] / d[0]).toFixed(2)} | ${(a.load.reduce((x, y) => x + y, 0) / a.load.length).toFixed(1)} |`);
  }
  console.log(rows.join('\n'));
}, 6 * 3600 * 1000);
