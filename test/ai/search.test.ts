/**
 * The flat Monte-Carlo peer and the autopilot's search (issue 23): their guesses at hidden cards
 * never peek, and they play legal, repeatable commands.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, type GameState } from '../../src/rules/index.ts';
import type { Doom2016State } from '../../src/rules/doom2016/types.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { determinize } from '../../src/ai/autopilot/determinize.ts';
import { monteCarloPolicy } from '../../src/ai/autopilot/montecarlo.ts';
import { nextStep, playGame, plannerPolicy, randomPolicy, sameCommand, sideOfCommand, sidesOf, type Policy } from '../../src/ai/autopilot/index.ts';
import { AUTOPILOT_SEARCH, bestByRollouts, rolloutMeans, rolloutSearch } from '../../src/ai/autopilot/search.ts';
import { rolloutResult, standing } from '../../src/ai/autopilot/standing.ts';
import { rulesetModule } from '../../src/rules/registry.ts';
import type { Command, RulesetEngine } from '../../src/rules/types.ts';
import type { Game } from '../../src/rules/game.ts';
import issue302 from './positions/doom2016-tutorial-seed1-302.json';
import tutorial from '../../src/scenario/bundled/doom2016-tutorial.json';
import skirmish from '../../src/scenario/bundled/doom2004-skirmish.json';
import d20 from '../../src/scenario/bundled/d20-skirmish.json';

beforeAll(async () => {
  await loadCore();
});

const sorted = (a: string[]) => [...a].sort();

/** The tutorial after the status phase: hands dealt, decks and the invader's hand hidden. */
function dealt(): Doom2016State {
  const g = createGame<Doom2016State>(tutorial as unknown as Scenario, { seed: 3 });
  const s = g.state;
  expect(s.invader.hand.length).toBeGreaterThan(0);
  expect(Object.values(s.marines).some((m) => m.hand.length > 0 && m.deck.length > 0)).toBe(true);
  return s;
}

describe('determinize (doom2016)', () => {
  test('the marines keep their own hands; the invader hand is redealt from the same cards, same size', () => {
    const s = dealt();
    const copy = structuredClone(s);
    determinize(copy, s.marineSide, 42);
    for (const [id, m] of Object.entries(s.marines)) {
      expect(copy.marines[id].hand).toEqual(m.hand);
      expect(sorted(copy.marines[id].deck)).toEqual(sorted(m.deck));
    }
    expect(copy.invader.hand.length).toBe(s.invader.hand.length);
    expect(sorted([...copy.invader.hand, ...copy.invader.deck])).toEqual(sorted([...s.invader.hand, ...s.invader.deck]));
    expect(sorted(copy.glory.deck)).toEqual(sorted(s.glory.deck));
    expect(copy.rng).not.toEqual(s.rng);
  });

  test('the invader keeps its hand; each marine hand is redealt from that marine\'s hand and deck', () => {
    const s = dealt();
    const copy = structuredClone(s);
    determinize(copy, s.invaderSide, 42);
    expect(copy.invader.hand).toEqual(s.invader.hand);
    for (const [id, m] of Object.entries(s.marines)) {
      expect(copy.marines[id].hand.length).toBe(m.hand.length);
      expect(sorted([...copy.marines[id].hand, ...copy.marines[id].deck])).toEqual(sorted([...m.hand, ...m.deck]));
    }
  });

  test('no peeking: the real order of hidden cards does not change the guess', () => {
    const s = dealt();
    const other = structuredClone(s);
    // The same hidden cards in another real order (the invader's hand swapped with its deck's top).
    const all = [...other.invader.deck, ...other.invader.hand].reverse();
    other.invader.hand = all.slice(0, s.invader.hand.length);
    other.invader.deck = all.slice(s.invader.hand.length);
    other.glory.deck.reverse();
    expect(other.invader.hand).not.toEqual(s.invader.hand);
    const a = structuredClone(s);
    const b = other;
    determinize(a, s.marineSide, 9);
    determinize(b, s.marineSide, 9);
    expect(b.invader.hand).toEqual(a.invader.hand);
    expect(b.invader.deck).toEqual(a.invader.deck);
    expect(b.glory.deck).toEqual(a.glory.deck);
  });

  test('different seeds give different guesses', () => {
    const s = dealt();
    const guesses = new Set([1, 2, 3, 4, 5, 6].map((seed) => {
      const c = structuredClone(s);
      determinize(c, s.marineSide, seed);
      return c.invader.hand.join();
    }));
    expect(guesses.size).toBeGreaterThan(1);
  });
});

describe('monteCarloPolicy', () => {
  const cases: [string, Scenario][] = [
    ['doom2016', tutorial as unknown as Scenario],
    ['doom2004', skirmish as unknown as Scenario],
    ['d20', d20 as unknown as Scenario],
  ];
  test.each(cases)('%s: it chooses one of the legal commands, and the same one again for the same seed and state', (_, scenario) => {
    const g = createGame<GameState>(scenario, { seed: 5 });
    const random = randomPolicy(5);
    // Walk some random steps into the game, then ask.
    for (let i = 0; i < 15; i++) {
      const st = nextStep(g, { [sidesOf(g.state)[0]]: random, [sidesOf(g.state)[1]]: random }, 40);
      if (!st || !g.apply(st.command).ok) break;
    }
    const legal = g.legalActions();
    const side = nextStep(g, { [sidesOf(g.state)[0]]: random, [sidesOf(g.state)[1]]: random }, 40)!.side;
    const mine = legal.filter((c) => sideOfCommand(g.state, c) === side);
    const ask = () => monteCarloPolicy({ seed: 3, depth: 6 }).choose({ state: g.state, side, legal: mine, budgetMs: 40 });
    const a = ask();
    expect(mine.some((c) => sameCommand(c, a))).toBe(true);
    expect(sameCommand(ask(), a)).toBe(true);
  });

  test('a doom2016 game against random legal play replays command for command from the same seeds', () => {
    const play = () => {
      const log: unknown[] = [];
      const mc = monteCarloPolicy({ seed: 2, depth: 4 });
      const logged = { ...mc, choose: (ctx: Parameters<typeof mc.choose>[0]) => { const c = mc.choose(ctx); log.push(c); return c; } };
      playGame(tutorial as unknown as Scenario, 2, { marines: logged, invader: randomPolicy(2) }, { maxCommands: 60 });
      return log;
    };
    const a = play();
    expect(a.length).toBeGreaterThan(10);
    expect(play()).toEqual(a);
  }, 60_000);
});

test('the peer\'s standing counts the demons a door will summon as the invader\'s already: opening the door is no loss in itself', () => {
  // The issue's position (no demon left, the door closed); the autopilot plays on until a marine has
  // opened the door and the portals have summoned. `before`: the state when the door is opened (the
  // squad gathers at the door first, and may heal on the way).
  const g = createGame(tutorial as unknown as Scenario, { seed: 1 }) as Game<GameState>;
  for (const c of issue302 as Command[]) expect(g.apply(c).ok).toBe(true);
  const rules = rulesetModule('doom2016')!.rules as RulesetEngine<GameState>;
  expect(g.state.figures.filter((f) => f.side === 'invader')).toEqual([]);
  const policies = { marines: plannerPolicy(), invader: plannerPolicy() };
  let before: Doom2016State | null = null;
  for (let n = 0; n < 300; n++) {
    const s = g.state as Doom2016State;
    if (s.doorsOpened > 0 && s.pending === null) break;
    const step = nextStep(g, policies, 40)!;
    if (step.command.type === 'open-door') before = s;
    expect(g.apply(step.command).ok).toBe(true);
  }
  expect(before).not.toBeNull();
  // The largest group of each portal's colour: blue 2 possessed soldiers, yellow 2 imps and 2 cacodemons.
  expect((standing(rules, before!, { toSummon: true }).get('invader') ?? 0) - (standing(rules, before!).get('invader') ?? 0)).toBe(6);
  const after = g.state as Doom2016State;
  expect(after.doorsOpened).toBe(1);
  expect(after.figures.filter((f) => f.side === 'invader').length).toBe(6);
  // Counted for the peer, the six summoned demons were already there: an even result for the marines.
  const peer = { toSummon: true };
  expect(rolloutResult(rules, after, 'marines', standing(rules, before!, peer), peer)).toBeCloseTo(0.5, 12);
  // Uncounted (the autopilot's search), the summon reads as a loss of six figures.
  expect(rolloutResult(rules, after, 'marines', standing(rules, before!))).toBeLessThan(0.1);
});

describe('the autopilot\'s search (bestByRollouts)', () => {
  test('a candidate whose first command is refused is never chosen; the same state gives the same choice', () => {
    const g = createGame<GameState>(d20 as unknown as Scenario, { seed: 4 });
    const side = (g.state as { sides: string[] }).sides[0];
    const legal = g.legalActions().filter((c) => sideOfCommand(g.state, c) === side);
    expect(legal.length).toBeGreaterThan(1);
    const refused = { type: 'attack', figure: 'nobody', target: 'nobody' };
    const candidates = [[refused], [legal[0]], [legal[legal.length - 1]]];
    const at = bestByRollouts(g.state, side, candidates, { rollouts: 2, maxCommands: 20 });
    expect(at).toBeGreaterThan(0);
    expect(bestByRollouts(g.state, side, candidates, { rollouts: 2, maxCommands: 20 })).toBe(at);
    expect(bestByRollouts(g.state, side, [[refused]], { rollouts: 2 })).toBe(-1);
  });

  test('the rollouts play the searching side by `own` and every other side by `opponent`, each given only its own commands', () => {
    const g = createGame<GameState>(d20 as unknown as Scenario, { seed: 4 });
    const side = (g.state as { sides: string[] }).sides[0];
    const legal = g.legalActions().filter((c) => sideOfCommand(g.state, c) === side);
    const asked = { own: new Set<string>(), opponent: new Set<string>() };
    const spy = (who: keyof typeof asked): (() => Policy) => () => {
      const r = randomPolicy(5);
      return {
        name: who,
        choose(ctx) {
          asked[who].add(ctx.side);
          expect(ctx.legal.every((c) => sideOfCommand(ctx.state, c) === ctx.side)).toBe(true);
          return r.choose(ctx);
        },
      };
    };
    bestByRollouts(g.state, side, [[legal[0]], [legal[legal.length - 1]]], { rollouts: 2, rounds: 1, maxCommands: 60, own: spy('own'), opponent: spy('opponent') });
    expect([...asked.own]).toEqual([side]);
    expect(asked.opponent.size).toBeGreaterThan(0);
    expect(asked.opponent.has(side)).toBe(false);
  });

  test('a work budget in rollout steps (issue 39): whole rounds only, counted not timed, the same means as that many rollouts', () => {
    const g = createGame<GameState>(tutorial as unknown as Scenario, { seed: 2 });
    for (let n = 0; n < 12; n++) g.apply(g.legalActions()[0]);
    const side = sideOfCommand(g.state, g.legalActions()[0])!;
    const legal = g.legalActions().filter((c) => sideOfCommand(g.state, c) === side);
    const candidates = [[legal[0]], [legal[legal.length - 1]], [legal[Math.floor(legal.length / 2)]]];
    const o = { rollouts: 4, maxCommands: 12 };
    const rounds = (k: number) => rolloutMeans(g.state, side, candidates, { ...o, rollouts: k })!;
    // A budget no search reaches changes nothing; none at all (0) still plays the first round.
    expect(rolloutMeans(g.state, side, candidates, { ...o, steps: 1e6 })).toEqual(rounds(4));
    expect(rolloutMeans(g.state, side, candidates, { ...o, steps: 0 })).toEqual(rounds(1));
    // A budget between: the rounds stop where the steps so far reach it, with every candidate's
    // mean over the same rounds (one of 1–3 rollout counts, the same answer each time).
    const mid = rolloutMeans(g.state, side, candidates, { ...o, steps: 20 });
    expect([rounds(1), rounds(2), rounds(3)]).toContainEqual(mid);
    expect(rolloutMeans(g.state, side, candidates, { ...o, steps: 20 })).toEqual(mid);
    expect(() => rolloutSearch({ steps: -1 })).toThrow(/steps must be an integer ≥ 0/);
    expect(AUTOPILOT_SEARCH.steps).toBe(100);
  }, 60_000);

  test('the default autopilot searches in doom2016 only (AUTOPILOT_SEARCH)', () => {
    expect(AUTOPILOT_SEARCH.rulesets).toEqual(['doom2016']);
    const asked: string[] = [];
    const spy = { candidates: 3, rulesets: AUTOPILOT_SEARCH.rulesets, best: (state: GameState) => (asked.push(state.ruleset), -1) };
    for (const [scenario, seed] of [[tutorial, 1], [skirmish, 1], [d20, 1]] as const) {
      const sides = (scenario as unknown as Scenario).sides as string[];
      playGame(scenario as unknown as Scenario, seed, { [sides[0]]: plannerPolicy({ search: spy }), [sides[1]]: plannerPolicy({ search: spy }) }, { maxCommands: 60 });
    }
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked)).toEqual(new Set(['doom2016']));
  }, 60_000);

  test('the autopilot with search plays legal commands and the same game from the same seed', () => {
    const play = () => {
      const log: unknown[] = [];
      const p = plannerPolicy({ search: rolloutSearch({ candidates: 2, rollouts: 1, maxCommands: 15 }) });
      const logged = { ...p, choose: (ctx: Parameters<typeof p.choose>[0]) => { const c = p.choose(ctx); log.push(c); return c; } };
      const r = playGame(skirmish as unknown as Scenario, 3, { invaders: logged, marines: randomPolicy(3) }, { maxCommands: 80 });
      return { log, refused: r.refused };
    };
    const a = play();
    expect(a.refused).toBe(0);
    expect(a.log.length).toBeGreaterThan(10);
    expect(play().log).toEqual(a.log);
  }, 60_000);
});

test('the rollout players refuse counts that are not whole numbers ≥ their minimum, naming the option', () => {
  expect(() => monteCarloPolicy({ rollouts: 0 })).toThrow(/rollouts must be an integer ≥ 1, not 0/);
  expect(() => monteCarloPolicy({ depth: 2.5 })).toThrow(/depth must be an integer ≥ 0, not 2.5/);
  expect(() => rolloutSearch({ candidates: -1 })).toThrow(/candidates must be an integer ≥ 1/);
  expect(() => rolloutSearch({ rollouts: Number.NaN })).toThrow(/rollouts must be an integer/);
  expect(() => rolloutSearch({ maxWork: 1.5 })).toThrow(/maxWork must be an integer ≥ 0, not 1.5/);
  expect(() => monteCarloPolicy({ rollouts: 2, depth: 0 })).not.toThrow();
});

test('after reset (a new game) the Monte-Carlo player makes the same choices again', () => {
  const mc = monteCarloPolicy({ seed: 7, depth: 3 });
  const game = () => playGame(tutorial as unknown as Scenario, 4, { marines: logOf(mc), invader: randomPolicy(4) }, { maxCommands: 40 });
  const first = (seen.length = 0, game(), [...seen]);
  const second = (seen.length = 0, game(), [...seen]);
  expect(first.length).toBeGreaterThan(5);
  expect(second).toEqual(first);
}, 60_000);

const seen: unknown[] = [];
const logOf = (p: Policy): Policy => ({ ...p, choose: (ctx) => { const c = p.choose(ctx); seen.push(c); return c; } });
