/**
 * doom2004's stronger search (issue 39; opt-in, `STRONG_SEARCHES`): the planner's best plans played
 * out with the planner on both sides (DOOM2004_SEARCH). By default a lighter one plays
 * (DOOM2004_AUTOPILOT_SEARCH: 3 plans, one play-out each); on, the strong one plays legal, repeatable
 * commands, departs from the planner alone where its play-outs say so, and leaves boards larger than
 * its `maxWork` unsearched.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, type GameState } from '../../src/rules/index.ts';
import type { Game } from '../../src/rules/game.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { nextStep, plannerPolicy, rolloutSearch, STRONG_SEARCHES, type Policy } from '../../src/ai/autopilot/index.ts';
import { boardWork, DOOM2004_AUTOPILOT_SEARCH, DOOM2004_SEARCH, rolloutPlanner, withinWork, type PlanSearch } from '../../src/ai/autopilot/search.ts';
import { bigScenario } from '../../bench/ai-scenarios.ts';
import { hints } from '../../src/ai/hints/index.ts';
import skirmish from '../../src/scenario/bundled/doom2004-skirmish.json';

beforeAll(async () => {
  await loadCore();
});

/** The first `steps` commands of a seeded skirmish: `marines` plays the marines, the planner alone the invaders. */
function play(scenario: Scenario, marines: Policy, steps: number): string[] {
  const g = createGame(scenario, { seed: 4 }) as Game<GameState>;
  const policies = { marines, invaders: plannerPolicy({ search: null }) };
  const commands: string[] = [];
  for (let n = 0; n < steps && g.state.winner === null; n++) {
    const step = nextStep(g, policies, 40);
    if (!step) break;
    commands.push(JSON.stringify(step.command));
    expect(g.apply(step.command).ok, commands.at(-1)).toBe(true);
  }
  return commands;
}

describe('doom2004: the stronger search (STRONG_SEARCHES, DOOM2004_SEARCH)', () => {
  test('the rollouts are played by the planner without search (registered by planner.ts)', () => {
    expect(rolloutPlanner().name).toBe(plannerPolicy({ search: null }).name);
    expect(DOOM2004_SEARCH.own).toBe(rolloutPlanner);
    expect(DOOM2004_SEARCH.opponent).toBe(rolloutPlanner);
  });

  test('by default the lighter search (DOOM2004_AUTOPILOT_SEARCH): the autopilot as shipped plays it, not the planner alone\'s game nor the strong one\'s', () => {
    const shipped = play(skirmish as unknown as Scenario, plannerPolicy(), 60);
    expect(shipped.length).toBe(60);
    expect(play(skirmish as unknown as Scenario, plannerPolicy({ search: rolloutSearch(DOOM2004_AUTOPILOT_SEARCH) }), 60)).toEqual(shipped);
    expect(shipped).not.toEqual(play(skirmish as unknown as Scenario, plannerPolicy({ search: null }), 60));
    expect(shipped).not.toEqual(play(skirmish as unknown as Scenario, plannerPolicy({ search: STRONG_SEARCHES() }), 60));
    expect(DOOM2004_AUTOPILOT_SEARCH.own).toBe(rolloutPlanner);
    expect(DOOM2004_AUTOPILOT_SEARCH.opponent).toBe(rolloutPlanner);
    expect(DOOM2004_AUTOPILOT_SEARCH.maxWork).toBe(DOOM2004_SEARCH.maxWork);
  }, 180_000);

  test('on: legal commands, the same game twice from the seed, and not the planner alone\'s game', () => {
    const a = play(skirmish as unknown as Scenario, plannerPolicy({ search: STRONG_SEARCHES() }), 60);
    const b = play(skirmish as unknown as Scenario, plannerPolicy({ search: STRONG_SEARCHES() }), 60);
    expect(a).toEqual(b);
    expect(a).not.toEqual(play(skirmish as unknown as Scenario, plannerPolicy({ search: null }), 60));
  }, 180_000);

  test('only on boards within its work (the default search and the hints too): the skirmish (16×12, 11 figures) is, a 26×26 board with 16 figures is not', () => {
    expect(STRONG_SEARCHES()[1].applies!(createGame(bigScenario('doom2004'), { seed: 1 }).state)).toBe(false);
    const small = createGame(skirmish as unknown as Scenario, { seed: 1 }).state;
    const large = createGame(bigScenario('doom2004'), { seed: 1 }).state;
    expect(boardWork(small)).toBe(16 * 12 * 11);
    expect(withinWork(small, DOOM2004_SEARCH)).toBe(true);
    expect(boardWork(large)).toBe(26 * 26 * 16);
    expect(withinWork(large, DOOM2004_SEARCH)).toBe(false);
    // The default search and the hints keep to the same work: on the large board nothing is played out.
    expect(rolloutSearch(DOOM2004_AUTOPILOT_SEARCH).applies!(large)).toBe(false);
    expect(rolloutSearch(DOOM2004_AUTOPILOT_SEARCH).applies!(small)).toBe(true);
    for (const strength of ['standard', 'strong'] as const) {
      const plans = hints(large, undefined, { strength });
      expect(plans.length).toBeGreaterThan(1);
      expect(plans.every((p) => p.playedOut === undefined)).toBe(true);
    }
    expect(hints(small).some((p) => p.playedOut !== undefined)).toBe(true);
  });

  test('the planner asks each search of a list whether it applies: the first of the game\'s ruleset that does is the one asked to choose', () => {
    const calls: string[] = [];
    const stub = (name: string, rulesets: string[], applies: boolean): PlanSearch => ({
      candidates: 3, rulesets, applies: () => applies,
      best: () => (calls.push(name), 0),
    });
    const decide = (search: PlanSearch[]) => {
      calls.length = 0;
      play(skirmish as unknown as Scenario, plannerPolicy({ search }), 30);
      return [...new Set(calls)];
    };
    expect(decide([stub('doom2016', ['doom2016'], true), stub('doom2004', ['doom2004'], true)])).toEqual(['doom2004']);
    expect(decide([stub('too large', ['doom2004'], false), stub('doom2004', ['doom2004'], true)])).toEqual(['doom2004']);
    expect(decide([stub('too large', ['doom2004'], false)])).toEqual([]);
  }, 60_000);
});
