/**
 * The AI speed cases (issue 13), as one function that runs anywhere: bench/ai-speed.bench-run.ts
 * times them in Node; bench/ai-browser.mjs bundles this file with Vite (Wasm core inlined) and runs
 * the same bundle in Node and in Chromium, so both columns of its table time the same code on the
 * same positions.
 */
import { loadCore } from '../src/core/wasm.ts';
import { createGame, loadRuleset } from '../src/rules/index.ts';
import type { Doom2016State } from '../src/rules/doom2016/types.ts';
import type { D4State } from '../src/rules/doom2004/state.ts';
import { dataOf } from '../src/rules/doom2004/state.ts';
import { doom2004Odds, doom2016Odds } from '../src/ai/odds/index.ts';
import { hints } from '../src/ai/hints/index.ts';
import { nextStep, plannerPolicy } from '../src/ai/autopilot/index.ts';
import type { DecisionContext } from '../src/ai/autopilot/policy.ts';
import { sideOfCommand } from '../src/ai/autopilot/sides.ts';
import type { GameState } from '../src/rules/engine.ts';
import type { Game } from '../src/rules/game.ts';
import type { Scenario } from '../src/scenario/types.ts';
import tutorial from '../src/scenario/bundled/doom2016-tutorial.json';
import skirmish2004 from '../src/scenario/bundled/doom2004-skirmish.json';
import skirmishD20 from '../src/scenario/bundled/d20-skirmish.json';
import { doom2016Module } from '../src/rules/doom2016/index.ts';
import { bigScenario, inActivation } from './ai-scenarios.ts';
import { measure } from './measure.ts';
import { ASKED_PER_SHOWN } from '../components/ai/hint-provider.ts';

export interface CaseInfo {
  id: string;
  name: string;
  /** The target (ms). */
  target: number;
}

export interface CaseResult extends CaseInfo {
  /** Median ms per call. */
  ms: number;
  samples: number;
}

const cases = new Map<string, CaseInfo & { fn: () => void; samples?: number }>();

/** Time one case (after `setupAiCases`): the median ms per call. */
export function runAiCase(id: string): CaseResult {
  const c = cases.get(id);
  if (!c) throw new Error(`no AI bench case ${id}`);
  const m = measure(c.fn, c.samples ? { samples: c.samples } : {});
  return { id: c.id, name: c.name, target: c.target, ms: m.ms, samples: m.samples };
}

/** Build every case's position (the Wasm core and the rules loaded); returns them in table order. */
export async function setupAiCases(): Promise<CaseInfo[]> {
  await Promise.all([loadCore(), loadRuleset('doom2016'), loadRuleset('doom2004'), loadRuleset('d20')]);
  cases.clear();
  const time = (id: string, name: string, target: number, fn: () => void, samples?: number) => {
    cases.set(id, { id, name, target, fn, samples });
  };

  const d4 = createGame<D4State>(bigScenario('doom2004'), { seed: 1 }).state;
  const dice = dataOf(d4).dice;
  const colours = ['red', 'blue', 'green', 'yellow'];
  const twelve = Array.from({ length: 12 }, (_, i) => ({ colour: colours[i % 4], faces: dice[colours[i % 4]].faces }));
  const aim = { dice: twelve, range: 14, targets: [{ armor: 2, left: 6 }], reroll: 'aim' as const };
  time('odds-reroll', 'doom2004 exact odds, 12 dice, aim re-roll policy computed', 5, () => doom2004Odds(aim));
  time('odds-plain', 'doom2004 exact odds, 12 dice, no re-roll', 5, () => doom2004Odds({ ...aim, reroll: null }));
  const faces = [[0, 1, 1, 1, 2, 2], [1, 1, 2, 2, 2, 3]];
  const deck = Array.from({ length: 18 }, (_, i) => ({ shields: i % 3, dodge: i % 6 === 5 }));
  time('odds-2016', 'doom2016 exact odds, 12 dice, 18-card deck, cover (second-card choice)', 5,
    () => doom2016Odds({ dice: Array.from({ length: 12 }, (_, i) => faces[i % 2]), deck, cover: true, left: 10 }));

  const g16 = createGame<Doom2016State>(bigScenario('doom2016'), { seed: 1 });
  const demon = inActivation(g16.state, 'd1');
  const marine = inActivation(g16.state, 'm1');
  time('hints-demon', 'hints, doom2016 demon (imp), 26×26, 16 figures', 16, () => hints(demon, undefined, {}), 11);
  time('hints-marine', 'hints, doom2016 marine (3 cards in hand), 26×26, 16 figures', 16, () => hints(marine, undefined, {}), 11);
  const g4 = createGame<D4State>(bigScenario('doom2004'), { seed: 1 }).state;
  g4.phase = 'invaders';
  // The same work in both: every returned plan refined exactly (no budget cut-off).
  time('hints-demon-all', 'hints, doom2016 demon (imp), 26×26, every plan refined (no budget)', 16, () => hints(demon, undefined, { budgetMs: Infinity }), 11);
  time('hints-2004', 'hints, doom2004 invader (activate + move + attack), 26×26, 16 figures', 16, () => hints(g4, 'd1', {}), 11);
  const gd = createGame(bigScenario('d20'), { seed: 1 }).state;
  time('hints-d20', 'hints, d20 trooper, 26×26, 16 figures', 16, () => hints(gd, 'm1', {}), 11);
  time('hints-d20-all', 'hints, d20 trooper, 26×26, every plan refined (no budget)', 16, () => hints(gd, 'm1', { budgetMs: Infinity }), 11);

  // Autopilot: which demon card to exhaust with a group of 6 imps (plans every imp), then the first
  // imp's move and attack.
  const six = createGame<Doom2016State>(bigScenario('doom2016', 3, 26, 8, 6, 'imp'), { seed: 1 }).state;
  six.phase = 'activation';
  six.active = { kind: 'demons', card: 'init', type: null, queue: [], figure: null, mp: 0, attacked: false };
  const legalSix = [{ type: 'activate-demons', demon: 'imp' }];
  time('autopilot-group', 'autopilot: choose the demon card, group of 6 imps (plans all 6), 26×26', 50,
    () => plannerPolicy().choose({ state: six, side: 'invader', legal: legalSix, budgetMs: 40 }), 11);
  const first = inActivation(structuredClone(six), 'd1');
  const legalFirst = doom2016Module.rules.legalActions(first, 'd1');
  time('autopilot-one', 'autopilot: one imp\'s move + attack decision (of the 6), 26×26', 50,
    () => plannerPolicy().choose({ state: first, side: 'invader', legal: legalFirst, budgetMs: 40 }), 11);
  return [...cases.values()].map(({ id, name, target }) => ({ id, name, target }));
}

// ------------------------------------------------------------------ hints over whole bundled games

export interface SpreadInfo {
  id: string;
  name: string;
  /** The target for the p95 (ms). */
  target: number;
  positions: number;
}

export interface SpreadResult extends SpreadInfo {
  p50: number;
  p95: number;
  max: number;
  calls: number;
}

const spreads = new Map<string, SpreadInfo & { states: GameState[]; decisions: Omit<DecisionContext, 'budgetMs'>[] }>();
/** Positions kept per scenario (spread evenly over the games' decisions). */
const POSITIONS = 60;

/**
 * The positions where a solo player asks for a hint (issue 23: "hints p95 ≤ 16 ms in Chromium on the
 * busiest bundled positions"): every decision of the autopilot against itself in seeded games of each
 * bundled game scenario at which a figure has plans, POSITIONS of them spread over the games.
 */
export async function setupHintSpreads(): Promise<SpreadInfo[]> {
  await Promise.all([loadCore(), loadRuleset('doom2016'), loadRuleset('doom2004'), loadRuleset('d20')]);
  spreads.clear();
  const games: [string, string, unknown][] = [
    ['spread-2016', 'doom2016 tutorial', tutorial],
    ['spread-2004', 'doom2004 skirmish', skirmish2004],
    ['spread-d20', 'd20 skirmish', skirmishD20],
  ];
  for (const [id, name, scenario] of games) {
    const all: GameState[] = [];
    // The same positions' decisions: the side the autopilot chose for and its legal commands there.
    const allDecisions: Omit<DecisionContext, 'budgetMs'>[] = [];
    for (const seed of [1, 2]) {
      const game = createGame(scenario as Scenario, { seed }) as Game<GameState>;
      const sides = game.state.figures.map((f) => f.side).filter((x, i, a) => a.indexOf(x) === i);
      const policies = Object.fromEntries(sides.map((side) => [side, plannerPolicy()]));
      for (let n = 0; n < 3000 && game.state.winner === null && game.state.round <= 60; n++) {
        const state = game.state;
        const planned = hints(state, undefined, { limit: 1 }).length > 0;
        const legal = game.legalActions();
        const step = nextStep(game, policies, 40);
        if (step && planned) {
          all.push(state);
          allDecisions.push({ state, side: step.side, legal: legal.filter((c) => sideOfCommand(state, c) === step.side) });
        }
        if (!step || !game.apply(step.command).ok) break;
      }
    }
    const every = Math.max(1, all.length / POSITIONS);
    const picked = Array.from({ length: Math.min(POSITIONS, all.length) }, (_, i) => Math.floor(i * every));
    const states = picked.map((i) => all[i]);
    const decisions = picked.map((i) => allDecisions[i]);
    spreads.set(id, { id, name: `${name}: ${states.length} positions of two autopilot games`, target: 16, positions: states.length, states, decisions });
  }
  return [...spreads.values()].map(({ states: _, decisions: __, ...info }) => info);
}

/** The options `<doom-board>` asks hints with (components/ai/hint-provider.ts: 3 shown, of 3 × ASKED_PER_SHOWN plans). */
const ELEMENT_HINTS = { budgetMs: 12, limit: 3 * ASKED_PER_SHOWN };

/**
 * Each position's hints (the element's call) timed once per pass, `passes` passes, no collection
 * forced: the spread a player meets, not a warmed-up median.
 */
export function runHintSpread(id: string, passes = 3, search = true): SpreadResult {
  const c = spreadNamed(id);
  return spreadOf(c, timedPasses(c.states, passes, (state) => () => hints(state, undefined, { ...ELEMENT_HINTS, search })));
}

/**
 * The autopilot's decision at the same positions (issue 39): without search (`searched` false: "p95
 * ≤ 16 ms in all three rulesets"), or as shipped (`searched`: the doom2016 rollout search, "every
 * answer within its budget, ≤ 50 ms"): a fresh planner each time (every decision plans, no plan in
 * progress), timed once per position per pass, `passes` passes, no collection forced.
 */
export function runDecisionSpread(id: string, passes = 3, searched = false): SpreadResult {
  const c = spreadNamed(id);
  return spreadOf(c, timedPasses(c.decisions, passes, (ctx) => {
    const planner = plannerPolicy(searched ? {} : { search: null });
    return () => planner.choose({ ...ctx, budgetMs: 40 });
  }));
}

function spreadNamed(id: string) {
  const c = spreads.get(id);
  if (!c) throw new Error(`no spread ${id}`);
  return c;
}

/** ms of each call, `passes` passes over `items`; what `prepare` does before returning the call is not timed. */
function timedPasses<T>(items: readonly T[], passes: number, prepare: (item: T) => () => unknown): number[] {
  const ms: number[] = [];
  for (let k = 0; k < passes; k++) {
    for (const item of items) {
      const call = prepare(item);
      const t = performance.now();
      call();
      ms.push(performance.now() - t);
    }
  }
  return ms;
}

function spreadOf({ states: _, decisions: __, ...info }: SpreadInfo & { states: unknown; decisions: unknown }, ms: number[]): SpreadResult {
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)];
  return { ...info, p50: at(0.5), p95: at(0.95), max: ms[ms.length - 1], calls: ms.length };
}
