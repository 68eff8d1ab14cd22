/**
 * Issue 23, the hints use the search (src/ai/hints/searched.ts): in doom2016 the best three plans by
 * the exact odds are played out on determinized copies, and the best of them is listed first. The
 * order is the search's, the numbers stay the exact odds of each plan; `search: false` gives the
 * odds' order alone; the other rulesets are not searched.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, type GameState } from '../../src/rules/index.ts';
import { Game } from '../../src/rules/game.ts';
import { rulesetModule } from '../../src/rules/registry.ts';
import type { RulesetEngine } from '../../src/rules/types.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { dominated } from '../../src/ai/hints/dominance.ts';
import { HINT_SEARCH, hints, situationOf, type Plan } from '../../src/ai/hints/index.ts';
import { rolloutMeans } from '../../src/ai/autopilot/search.ts';
import { nextStep, plannerPolicy } from '../../src/ai/autopilot/index.ts';
import tutorial from '../../src/scenario/bundled/doom2016-tutorial.json';
import d20 from '../../src/scenario/bundled/d20-skirmish.json';

beforeAll(async () => {
  await loadCore();
});

/** Positions of an autopilot game (both sides) where the figure acting has two plans or more. */
function positions(scenario: unknown, seed: number, max: number): GameState[] {
  const g = createGame(scenario as Scenario, { seed }) as Game<GameState>;
  const sides = (scenario as Scenario).sides as string[];
  const policies = Object.fromEntries(sides.map((s) => [s, plannerPolicy()]));
  const out: GameState[] = [];
  for (let n = 0; n < 2000 && out.length < max && g.state.winner === null; n++) {
    // Activations (the searched plans), not the defender's choices.
    if (situationOf(g.state) && hints(g.state, undefined, { search: false, limit: 2 }).length > 1) out.push(g.state);
    const step = nextStep(g, policies, 40);
    if (!step || !g.apply(step.command).ok) break;
  }
  return out;
}

const key = (p: Plan) => JSON.stringify(p.commands);
const sideOf = (s: GameState, id: string) => s.figures.find((f) => f.id === id)!.side;

describe('doom2016: the hints play the best plans out', () => {
  let states: GameState[] = [];
  beforeAll(() => {
    states = positions(tutorial, 1, 40);
  }, 120_000);

  test('the best three by the odds carry their played-out result, the best of them first; the rest keep the odds\' order', () => {
    expect(states.length).toBe(40);
    let played = 0;
    let notes = 0;
    for (const s of states) {
      const plain = hints(s, undefined, { search: false });
      const searched = hints(s);
      // A first plan that works on the mission (a door, a pick-up) stays first, unsearched
      // (test/ai/marines.test.ts has the position where it must open the door).
      if (plain[0].arrive?.length) {
        expect(searched).toEqual(plain);
        continue;
      }
      played++;
      const top = plain.slice(0, HINT_SEARCH.candidates);
      // The same plans: the searched one moved to the front, the others in the odds' order.
      const first = searched[0];
      expect(top.map(key)).toContain(key(first));
      expect(searched.slice(1).map(key)).toEqual(plain.filter((p) => key(p) !== key(first)).map(key));
      // The played-out means are the search's, for the figure's side, and the first is the best.
      const means = rolloutMeans(s, sideOf(s, first.figure), top.map((p) => p.commands), HINT_SEARCH)!;
      const byKey = new Map(top.map((p, i) => [key(p), means[i]]));
      for (const p of searched) expect(p.playedOut).toBe(byKey.has(key(p)) ? byKey.get(key(p)) ?? undefined : undefined);
      // …of the plans no other of the top dominates (the same without an attack that can hurt: never first).
      const topSearched = searched.filter((p) => p.playedOut !== undefined);
      expect(dominated(first, topSearched)).toBe(false);
      for (const p of topSearched) if (!dominated(p, topSearched)) expect(first.playedOut!).toBeGreaterThanOrEqual(p.playedOut!);
      // The reason says so when it played out strictly best; among equals the odds' order stands.
      const alone = searched.slice(1).every((p) => p.playedOut === undefined || p.playedOut < first.playedOut!);
      if (alone) expect(first.reason).toMatch(/; the best of the top \d when each is played out once$/);
      else expect(first.reason).toBe(plain.find((p) => key(p) === key(first))!.reason);
      notes += alone ? 1 : 0;
      // The numbers shown are the plan's own exact odds, whatever its place.
      const same = plain.find((p) => key(p) === key(first))!;
      expect(first.odds).toEqual(same.odds);
      expect(first.score).toBe(same.score);
    }
    expect(played).toBeGreaterThan(20);
    expect(notes).toBeGreaterThan(0);
  });

  test('the search changes the advice somewhere in a game, and sides with what plays out better', () => {
    const changed = states.filter((s) => key(hints(s)[0]) !== key(hints(s, undefined, { search: false })[0]));
    expect(changed.length).toBeGreaterThan(0);
    for (const s of changed) {
      const [first, ...rest] = hints(s);
      const displaced = rest.filter((p) => p.playedOut !== undefined);
      expect(displaced.length).toBeGreaterThan(0);
      for (const p of displaced) expect(first.playedOut!).toBeGreaterThanOrEqual(p.playedOut!);
      // The odds' first gave way only to a plan that played out strictly better (ties keep the odds' order).
      const oddsFirst = rest.find((p) => key(p) === key(hints(s, undefined, { search: false })[0]))!;
      expect(first.playedOut!).toBeGreaterThan(oddsFirst.playedOut!);
    }
  });

  test('every searched hint is playable: its commands are legal in the real engine, in order', () => {
    for (const s of states.slice(0, 15)) {
      const [first] = hints(s);
      const g = new Game(rulesetModule('doom2016')!.rules as RulesetEngine<GameState>, s);
      for (const c of first.commands) expect(g.apply(c).ok, JSON.stringify(c)).toBe(true);
    }
  });
});

test('d20 hints are not searched: the odds\' order, with no played-out result (doom2004\'s are the autopilot\'s search: test/ai/strength.test.ts)', () => {
  for (const s of positions(d20, 1, 5)) {
    const plans = hints(s);
    expect(plans).toEqual(hints(s, undefined, { search: false }));
    expect(plans.every((p) => p.playedOut === undefined)).toBe(true);
  }
});
