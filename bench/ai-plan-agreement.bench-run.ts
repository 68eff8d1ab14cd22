/**
 * Is the top hint the best plan? (issue 23: "against the Monte-Carlo player's estimate of the top five
 * plans, plan 1 was the best in 44% (doom2016), 51% (doom2004) and 52% (d20) of 50 positions each").
 *
 * Positions: seeded games of the autopilot (the side a solo player takes) against greedy play, every
 * AGREE_EVERY-th decision of that side where the hints offer two plans or more, AGREE_POSITIONS per
 * scenario (default 50). At each, the hints' top five (default budget) are played out by the flat
 * Monte-Carlo peer's own rollout (src/ai/autopilot/montecarlo.ts: the plan's commands, then random
 * legal commands for every side, 10 deep, on a determinized copy — hidden cards reshuffled, fresh
 * dice; the peer's standing), AGREE_ROLLOUTS times each (default 300), every plan meeting the same
 * determinizations. Printed per scenario: how often plan 1 has the best mean, how often it is within
 * two standard errors of the best (plans that differ only by a space tie within the noise), and the
 * mean rank of plan 1 by that estimate. Issue 39: AGREE_SEATS picks seats of bench/ai-seats.ts (every
 * side), AGREE_PLAYOUT=greedy plays each plan out greedily for every side instead of randomly,
 * AGREE_DEPTH the commands after the plan (default 10).
 */
import { beforeAll, test } from 'vitest';
import { loadCore } from '../src/core/wasm.ts';
import '../src/rules/index.ts';
import { createGame, type Game, type GameState } from '../src/rules/index.ts';
import type { Command, RulesetEngine } from '../src/rules/types.ts';
import type { Scenario } from '../src/scenario/types.ts';
import { greedyPolicy, nextStep, plannerPolicy, type Policy } from '../src/ai/autopilot/index.ts';
import { rollout } from '../src/ai/autopilot/montecarlo.ts';
import { determinize } from '../src/ai/autopilot/determinize.ts';
import { lcg } from '../src/ai/autopilot/policy.ts';
import { rolloutResult, standing } from '../src/ai/autopilot/standing.ts';
import { decidingSide, sideOfCommand } from '../src/ai/autopilot/sides.ts';
import { SEATS } from './ai-seats.ts';
import { hints, type Plan } from '../src/ai/hints/index.ts';
import { rulesetModule } from '../src/rules/registry.ts';
import tutorial from '../src/scenario/bundled/doom2016-tutorial.json';
import skirmish from '../src/scenario/bundled/doom2004-skirmish.json';
import d20 from '../src/scenario/bundled/d20-skirmish.json';

beforeAll(async () => {
  await loadCore();
});

const POSITIONS = Number(process.env.AGREE_POSITIONS ?? 50);
const EVERY = Number(process.env.AGREE_EVERY ?? 5);
const ROLLOUTS = Number(process.env.AGREE_ROLLOUTS ?? 300);
const DEPTH = Number(process.env.AGREE_DEPTH ?? 10);
/** How a plan is played out after its commands (issue 39): random legal commands (the flat peer's rollout, default) or greedy play for every side. */
const PLAYOUT = process.env.AGREE_PLAYOUT === 'greedy' ? 'greedy' : 'random';

// AGREE_SEATS (issue 39: every side): indices into bench/ai-seats.ts; default the three marine-side seats.
const CASES: [string, Scenario, string, string][] = process.env.AGREE_SEATS
  ? process.env.AGREE_SEATS.split(',').map((k) => SEATS[Number(k)])
  : [
    ['doom2016 tutorial', tutorial as unknown as Scenario, 'marines', 'invader'],
    ['doom2004 skirmish', skirmish as unknown as Scenario, 'marines', 'invaders'],
    ['d20 skirmish', d20 as unknown as Scenario, 'alliance', 'empire'],
  ];

/** Positions where `side` decides and its hints offer two plans or more. */
function positions(scenario: Scenario, side: string, other: string): GameState[] {
  const out: GameState[] = [];
  for (let seed = 1; out.length < POSITIONS && seed < 200; seed++) {
    const g = createGame(scenario, { seed }) as Game<GameState>;
    const policies: Record<string, Policy> = { [side]: plannerPolicy(), [other]: greedyPolicy() };
    let seen = 0;
    for (let i = 0; i < 1500 && out.length < POSITIONS; i++) {
      const step = nextStep(g, policies, 40);
      if (!step) break;
      if (step.side === side && hints(g.state, undefined, { limit: 2 }).length >= 2 && seen++ % EVERY === 0) out.push(structuredClone(g.state));
      if (!g.apply(step.command).ok) break;
    }
  }
  return out;
}

/** The peer's estimate of a plan for `side`: mean and standard error over the rollouts; null if the engine refuses its first command. */
function estimate(state: GameState, side: string, plan: Plan): { mean: number; se: number } | null {
  const rules = rulesetModule(state.ruleset)!.rules as RulesetEngine<GameState>;
  const before = standing(rules, state, { toSummon: true });
  const commands: Command[] = plan.commands.at(-1)?.type === 'end' && plan.commands.length > 1 ? plan.commands.slice(0, -1) : plan.commands;
  const values: number[] = [];
  for (let i = 0; i < ROLLOUTS; i++) {
    const s = rules.clone ? rules.clone(state) : structuredClone(state);
    // The same determinization and random play for every plan (common random numbers).
    determinize(s, side, (0x9e3779b1 * (i + 1)) >>> 0);
    let ok = true;
    for (const c of commands.slice(0, -1)) if (!Array.isArray(rules.apply(s, structuredClone(c)))) ok = false;
    if (!ok && i === 0) return null;
    values.push(PLAYOUT === 'greedy' ? greedyPlayout(rules, s, commands.at(-1)!, side, before) : rollout(rules, s, commands.at(-1)!, DEPTH, lcg(1000 + i), side, before));
  }
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, values.length - 1));
  return { mean, se: sd / Math.sqrt(values.length) };
}

/** The plan's last command, then greedy play for every side, DEPTH commands; the peer's standing. */
function greedyPlayout(rules: RulesetEngine<GameState>, s: GameState, last: Command, side: string, before: ReturnType<typeof standing>): number {
  if (!Array.isArray(rules.apply(s, structuredClone(last)))) return rolloutResult(rules, s, side, before, { toSummon: true });
  const players = new Map<string, Policy>();
  for (let n = 0; n < DEPTH && s.winner === null; n++) {
    const legal = rules.legalActions(s);
    if (!legal.length) break;
    const who = decidingSide(s, legal, new Set(legal.map((c) => sideOfCommand(s, c))).size > 1 ? rules.view(s).side : null)!;
    let p = players.get(who);
    if (!p) players.set(who, (p = greedyPolicy()));
    if (!Array.isArray(rules.apply(s, p.choose({ state: s, side: who, legal: legal.filter((c) => sideOfCommand(s, c) === who), budgetMs: 0 })))) break;
  }
  return rolloutResult(rules, s, side, before, { toSummon: true });
}

test('top hint against the Monte-Carlo estimate', () => {
  const rows: string[] = [];
  for (const [name, scenario, side, other] of CASES) {
    const t0 = performance.now();
    const sampled = positions(scenario, side, other);
    let best = 0, close = 0, rankSum = 0, n = 0;
    for (const s of sampled) {
      const plans = hints(s, undefined, { limit: 5 });
      const est = plans.map((p) => estimate(s, side, p));
      if (!est[0] || est.filter((e) => e).length < 2) continue;
      n++;
      const top = Math.max(...est.map((e) => (e ? e.mean : -Infinity)));
      if (est[0].mean >= top) best++;
      const bestOne = est.find((e) => e && e.mean === top)!;
      if (top - est[0].mean <= 2 * Math.hypot(est[0].se, bestOne.se)) close++;
      rankSum += 1 + est.filter((e) => e && e.mean > est[0]!.mean).length;
    }
    const pct = (x: number) => `${((100 * x) / Math.max(1, n)).toFixed(0)}%`;
    rows.push(`| ${name} | ${side} | ${n} | ${best} (${pct(best)}) | ${close} (${pct(close)}) | ${(rankSum / Math.max(1, n)).toFixed(2)} | ${((performance.now() - t0) / 1000).toFixed(0)} s |`);
    console.log(rows.at(-1));
  }
  console.log(`playouts: ${PLAYOUT}, ${ROLLOUTS} a plan, depth ${DEPTH}`);
  console.log(['| scenario | side | positions | plan 1 best | plan 1 within 2 SE of the best | mean rank of plan 1 (of up to 5) | time |', '|---|---|---|---|---|---|---|', ...rows].join('\n'));
}, 60 * 60 * 1000);
