/**
 * Issue 23, deterministic hints: the same state gives the same hints (the same plans, numbers and
 * words, the search's order) on a fast machine and on one five times slower, with the default budget; the autopilot
 * plays the same game from the same seed on both. The budget is a safety cap, not what decides.
 */
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, type Game, type GameState } from '../../src/rules/index.ts';
import type { Command } from '../../src/rules/types.ts';
import type { Doom2016State } from '../../src/rules/doom2016/types.ts';
import type { D4State } from '../../src/rules/doom2004/state.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { hints } from '../../src/ai/hints/index.ts';
import { nextStep, plannerPolicy, randomPolicy } from '../../src/ai/autopilot/index.ts';
import { bigScenario, inActivation } from '../../bench/ai-scenarios.ts';
import tutorial from '../../src/scenario/bundled/doom2016-tutorial.json';
import skirmish from '../../src/scenario/bundled/doom2004-skirmish.json';
import d20 from '../../src/scenario/bundled/d20-skirmish.json';

beforeAll(async () => {
  await loadCore();
});

/** A clock that runs `factor` times as fast as the real one: the machine seems that much slower. */
function throttle(factor: number) {
  const real = performance.now.bind(performance);
  const start = real();
  return vi.spyOn(performance, 'now').mockImplementation(() => start + (real() - start) * factor);
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** The busiest benchmark positions of every ruleset (bench/ai-browser-cases.ts) and the bundled openings. */
function busiest(): [string, GameState, string | undefined][] {
  const g16 = createGame<Doom2016State>(bigScenario('doom2016'), { seed: 1 });
  const g4 = createGame<D4State>(bigScenario('doom2004'), { seed: 1 }).state;
  g4.phase = 'invaders';
  return [
    ['doom2016 demon, 26×26', inActivation(structuredClone(g16.state), 'd1'), undefined],
    ['doom2016 marine, 26×26', inActivation(structuredClone(g16.state), 'm1'), undefined],
    ['doom2004 invader, 26×26', g4, 'd1'],
    ['d20 trooper, 26×26', createGame(bigScenario('d20'), { seed: 1 }).state, 'm1'],
    ['d20 skirmish opening', createGame(d20 as unknown as Scenario, { seed: 1 }).state, undefined],
  ];
}

describe('the same state gives the same hints', () => {
  for (const [name, state, figure] of busiest()) {
    test(`${name}: pressing Hint twice, and on a 5× slower clock`, () => {
      const first = hints(state, figure);
      expect(first.length).toBeGreaterThan(0);
      // doom2016 hints are searched (hints/searched.ts): its rollouts too must not depend on the clock.
      expect(first.some((p) => p.playedOut !== undefined)).toBe(state.ruleset === 'doom2016');
      expect(hints(structuredClone(state), figure)).toEqual(first);
      throttle(5);
      expect(hints(structuredClone(state), figure)).toEqual(first);
    });
  }
});

/** The commands of `n` steps of a seeded game with the autopilot's default budget (40 ms). */
function game(scenario: Scenario, seed: number, n: number): Command[] {
  const g = createGame(scenario, { seed }) as Game<GameState>;
  const sides = scenario.sides as string[];
  const policies = { [sides[0]]: plannerPolicy(), [sides[1]]: plannerPolicy() };
  const out: Command[] = [];
  for (let i = 0; i < n; i++) {
    const step = nextStep(g, policies, 40);
    if (!step) break;
    out.push(step.command);
    if (!g.apply(step.command).ok) break;
  }
  return out;
}

describe('the autopilot replays the same game from the same seed, on a fast and a 5× slower clock', () => {
  for (const [name, scenario] of [['doom2016 tutorial', tutorial], ['doom2004 skirmish', skirmish], ['d20 skirmish', d20]] as const) {
    test(name, () => {
      const fast = game(scenario as unknown as Scenario, 2, 120);
      throttle(5);
      expect(game(scenario as unknown as Scenario, 2, 120)).toEqual(fast);
    }, 120_000);
  }
  void randomPolicy;
});

test('numbers not checked exactly are labelled as estimates in the reason (a call cut short by the safety cap)', () => {
  const s = inActivation(createGame<Doom2016State>(bigScenario('doom2016'), { seed: 1 }).state, 'd1');
  const quick = hints(s, undefined, { budgetMs: 0 });
  const unchecked = quick.filter((p) => p.odds && !p.exact);
  expect(unchecked.length).toBeGreaterThan(0);
  for (const p of unchecked) expect(p.reason).toMatch(/\(estimated/);
  for (const p of hints(s).filter((q) => q.exact)) expect(p.reason).not.toMatch(/estimated/);
});
