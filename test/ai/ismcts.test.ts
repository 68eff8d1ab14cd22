/**
 * The tree-search peer (issue 39, src/ai/autopilot/ismcts.ts): it plays only legal commands, the
 * same state, seed and iterations give the same choice (no clock read: issue 44), it never peeks at
 * what its side cannot see (the opponent's hand as it really is, the order of any deck), and it
 * finds the winning attack.
 */
import { beforeAll, expect, test, vi } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, type GameState } from '../../src/rules/index.ts';
import type { Doom2016State } from '../../src/rules/doom2016/types.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { sideOfCommand } from '../../src/ai/autopilot/sides.ts';
import { planTreeSearch, treeSearch, treeSearchPlans, treeSearchPolicy } from '../../src/ai/autopilot/ismcts.ts';
import { plannerPolicy } from '../../src/ai/autopilot/planner.ts';
import { playGame, greedyPolicy } from '../../src/ai/autopilot/index.ts';
import { inActivation } from '../../bench/ai-scenarios.ts';
import { rulesetModule } from '../../src/rules/registry.ts';
import type { RulesetEngine } from '../../src/rules/types.ts';
import tutorial from '../../src/scenario/bundled/doom2016-tutorial.json';
import d20 from '../../src/scenario/bundled/d20-skirmish.json';

beforeAll(async () => {
  await loadCore();
});

const DATA_2016 = {
  units: 'doom2016/sample-units', dice: 'doom2016/dice', actionCards: 'doom2016/sample-action-cards', eventCards: 'doom2016/sample-event-cards',
  invasionCards: 'doom2016/sample-invasion-cards', gloryKillCards: 'doom2016/sample-glory-kill-cards', squadCards: 'doom2016/sample-squad-cards', classCards: 'doom2016/sample-class-cards',
};

/** `side`'s legal commands in a state (set up by hand: no Game around it). */
function legalOf(s: GameState, side: string) {
  const rules = rulesetModule(s.ruleset)!.rules as RulesetEngine<GameState>;
  return rules.legalActions(s).filter((c) => sideOfCommand(s, c) === side);
}

test('the same state, seed and iterations give the same choice, and no clock is read', () => {
  const g = createGame<Doom2016State>(tutorial as unknown as Scenario, { seed: 3 });
  const state = inActivation(g.state, g.state.figures.find((f) => f.side === 'marines')!.id) as GameState;
  const legal = legalOf(state, 'marines');
  expect(legal.length).toBeGreaterThan(1);
  const a = treeSearch(state, 'marines', legal, { iterations: 24, seed: 2 })!;
  const now = vi.spyOn(performance, 'now');
  const date = vi.spyOn(Date, 'now');
  const b = treeSearch(structuredClone(state), 'marines', legal, { iterations: 24, seed: 2 })!;
  expect(now).not.toHaveBeenCalled();
  expect(date).not.toHaveBeenCalled();
  vi.restoreAllMocks();
  expect(b).toEqual(a);
  expect(a.stats.reduce((t, x) => t + x.visits, 0)).toBe(24);
});

test('no peeking: the invader\'s real hand and every deck\'s order do not change the marines\' search', () => {
  const g = createGame<Doom2016State>(tutorial as unknown as Scenario, { seed: 3 });
  const state = inActivation(g.state, g.state.figures.find((f) => f.side === 'marines')!.id);
  const legal = legalOf(state, 'marines');
  expect(legal.length).toBeGreaterThan(1);
  const a = treeSearch(state, 'marines', legal, { iterations: 16, seed: 1 })!;
  const s = structuredClone(state);
  // The same cards hidden, dealt otherwise: hand and deck swapped round, each marine's deck reversed.
  const all = [...s.invader.deck, ...s.invader.hand].reverse();
  s.invader.hand = all.slice(0, s.invader.hand.length);
  s.invader.deck = all.slice(s.invader.hand.length);
  expect(s.invader.hand).not.toEqual(state.invader.hand);
  for (const m of Object.values(s.marines)) m.deck.reverse();
  expect(treeSearch(s, 'marines', legal, { iterations: 16, seed: 1 })).toEqual(a);
});

test('it takes the attack that kills the last marine within reach (the invader\'s win)', () => {
  const M = (id: string, x: number, y: number) => ({ id, side: 'marines', type: 'marine', x, y });
  const D = (id: string, type: string, x: number, y: number) => ({ id, side: 'invader', type, x, y });
  const g = createGame<Doom2016State>({ ruleset: 'doom2016', map: ['......', '......'], edges: [], figures: [M('alpha', 0, 0), D('imp', 'imp', 1, 0)], sides: ['marines', 'invader'], data: DATA_2016, mission: { summon: 'never' } } as unknown as Scenario, { seed: 5 });
  const s = inActivation(g.state, 'imp');
  s.figures.find((f) => f.id === 'alpha')!.damage = s.marines.alpha.health - 1;
  // No movement left: attack, or end and leave the marine to shoot back.
  if (s.active?.kind === 'demons') s.active.mp = 0;
  const legal = legalOf(s, 'invader');
  expect(legal.some((c) => c.type === 'attack')).toBe(true);
  expect(legal.length).toBeGreaterThan(1);
  const r = treeSearch(s, 'invader', legal, { iterations: 40, seed: 1 })!;
  expect(legal[r.index].type).toBe('attack');
});

test('as a policy it plays whole games with legal commands only (d20, a few iterations)', () => {
  const r = playGame(d20 as unknown as Scenario, 1, { empire: treeSearchPolicy({ iterations: 4, maxCommands: 8 }), alliance: greedyPolicy() }, { maxRounds: 3 });
  expect(r.refused).toBe(0);
  expect(r.commands).toBeGreaterThan(10);
});

test('with the planner\'s plans as its root moves: a legal index, the same for the same state, and the planner plays with it', () => {
  const g = createGame<Doom2016State>(tutorial as unknown as Scenario, { seed: 3 });
  const state = inActivation(g.state, 'imp-1') as GameState;
  const legal = legalOf(state, 'invader');
  const candidates = legal.slice(0, 4).map((c) => [c]);
  const a = treeSearchPlans(state, 'invader', candidates, { iterations: 12 });
  expect(a).toBeGreaterThanOrEqual(0);
  expect(a).toBeLessThan(4);
  expect(treeSearchPlans(structuredClone(state), 'invader', candidates, { iterations: 12 })).toBe(a);
  const r = playGame(d20 as unknown as Scenario, 2, { empire: plannerPolicy({ search: planTreeSearch({ iterations: 3, maxCommands: 6 }) }), alliance: greedyPolicy() }, { maxRounds: 2 });
  expect(r.refused).toBe(0);
});
