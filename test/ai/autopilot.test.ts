/**
 * The autopilot (src/ai/autopilot): every command it sends is legal, games replay exactly, the
 * side that decides is the right one, and its small choices follow the documented rules.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, replay, type Game, type GameState } from '../../src/rules/index.ts';
import type { Command } from '../../src/rules/types.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { decidingSide, greedyPolicy, sameCommand, nextStep, playGame, plannerPolicy, randomPolicy, sideOfCommand, type Policy } from '../../src/ai/autopilot/index.ts';
import tutorial from '../../src/scenario/bundled/doom2016-tutorial.json';
import skirmish from '../../src/scenario/bundled/doom2004-skirmish.json';
import d20 from '../../src/scenario/bundled/d20-skirmish.json';

beforeAll(async () => {
  await loadCore();
});

const same = sameCommand;

/** Play `n` steps; every command a policy sends must be in legalActions of its side. */
function playLegal(game: Game<GameState>, policies: Record<string, Policy>, n: number): { side: string; command: Command }[] {
  const sent: { side: string; command: Command }[] = [];
  for (let i = 0; i < n; i++) {
    const step = nextStep(game, policies, 4);
    if (!step) break;
    const legal = game.legalActions();
    // d20 combined-fire helpers are an addition the legal list does not spell out (RULES §4); the
    // engine checks them when the command is applied below.
    const { helpers, ...plain } = step.command;
    if (helpers !== undefined) expect(game.state.ruleset).toBe('d20');
    expect(legal.some((c) => same(c, plain as Command)), JSON.stringify(step.command)).toBe(true);
    expect(sideOfCommand(game.state, step.command)).toBe(step.side);
    const r = game.apply(step.command);
    expect(r.ok, r.ok ? '' : r.refusal.message).toBe(true);
    sent.push(step);
  }
  return sent;
}

/** The autopilot's sides in the matchups: name, scenario, its side, the opponent's side. */
const MATCHUPS: [string, Scenario, string, string][] = [
  ['doom2016 tutorial invader', tutorial as unknown as Scenario, 'invader', 'marines'],
  ['doom2004 skirmish invaders', skirmish as unknown as Scenario, 'invaders', 'marines'],
  ['d20 empire', d20 as unknown as Scenario, 'empire', 'alliance'],
  ['d20 alliance', d20 as unknown as Scenario, 'alliance', 'empire'],
];

describe('legal commands only, every ruleset', () => {
  for (const [name, scenario, me, them] of MATCHUPS) {
    test(`${name} against random and greedy`, () => {
      for (const opp of [randomPolicy(3), greedyPolicy()]) {
        const game = createGame(scenario, { seed: 11 }) as Game<GameState>;
        const sent = playLegal(game, { [me]: plannerPolicy(), [them]: opp }, 60);
        expect(sent.filter((x) => x.side === me).length).toBeGreaterThan(5);
        // The game replays exactly from its seed and commands.
        expect(replay(scenario, 11, game.history).state).toEqual(game.state);
      }
    });
  }
});

test('deterministic: the same seed gives the same game', () => {
  const a = playGame(d20 as unknown as Scenario, 5, { empire: plannerPolicy(), alliance: randomPolicy(5) }, { budgetMs: Infinity, maxRounds: 6 });
  const b = playGame(d20 as unknown as Scenario, 5, { empire: plannerPolicy(), alliance: randomPolicy(5) }, { budgetMs: Infinity, maxRounds: 6 });
  expect({ ...a, thinking: null }).toEqual({ ...b, thinking: null });
});

test('a side without a policy is named before anything is played (it was a TypeError reading "choose")', () => {
  expect(() => playGame(d20 as unknown as Scenario, 1, { empire: plannerPolicy() })).toThrow('playGame: no policy for alliance (give one for every side: empire, alliance)');
});

test('the autopilot beats a random opponent in a d20 game (seeded)', () => {
  // An unlimited budget: the result must not depend on the machine's load.
  const r = playGame(d20 as unknown as Scenario, 1, { empire: plannerPolicy(), alliance: randomPolicy(1) }, { budgetMs: Infinity, maxRounds: 60 });
  expect(r.winner).toBe('empire');
  expect(r.refused).toBe(0);
  // The history replays the same game (the README's `replay(scenario, seed, result.history)`).
  expect(r.history.length).toBe(r.commands);
  const again = replay(d20 as unknown as Scenario, 1, r.history);
  expect(again.view().winner).toBe('empire');
  expect(again.view().round).toBe(r.rounds);
});

test('the deciding side: the only side with commands, else the side to act', () => {
  const g = createGame(tutorial as unknown as Scenario, { seed: 2 }) as Game<GameState>;
  const legal = g.legalActions();
  expect(decidingSide(g.state, legal, g.view().side)).toBe('invader'); // status phase
  expect(decidingSide(g.state, [], 'invader')).toBe(null);
});

test('doom2004: a dodging marine re-rolls as the odds policy says (the invader never chooses it)', () => {
  const g = createGame(skirmish as unknown as Scenario, { seed: 4 }) as Game<GameState>;
  // Walk the game until some re-roll window opens, with the autopilot on both sides.
  const policies = { invaders: plannerPolicy(), marines: plannerPolicy() };
  for (let i = 0; i < 400; i++) {
    const s = g.state as { pending?: unknown };
    if (s.pending) break;
    const step = nextStep(g, policies, 2);
    if (!step) break;
    g.apply(step.command);
  }
  const s = g.state as { pending?: { by: string } | null };
  if (s.pending) {
    const step = nextStep(g, policies, 2)!;
    expect(step.command.type).toBe('reroll');
    expect(step.command.figure).toBe(s.pending.by);
  }
});

test('commands compare by every nested key (a planned move matches only the same destination)', () => {
  const a = { type: 'move', figure: 'imp-1', to: { x: 3, y: 4, o: 0 } };
  expect(sameCommand(a, { figure: 'imp-1', type: 'move', to: { o: 0, y: 4, x: 3 } })).toBe(true);
  expect(sameCommand(a, { type: 'move', figure: 'imp-1', to: { x: 4, y: 4, o: 0 } })).toBe(false);
  expect(sameCommand({ type: 'attack', figure: 'z', target: { x: 1, y: 2 } }, { type: 'attack', figure: 'z', target: { x: 2, y: 1 } })).toBe(false);
});

test('greedy marines walk through doors: in the doom2016 tutorial they open the door (and so can win) when no demon is left', () => {
  // Greedy marines on both sides of a game where the invader never acts: the marines kill the two
  // demons, then walk to the door and open it (RULES §2.4: they win only after a door is opened).
  const g = createGame(tutorial as unknown as Scenario, { seed: 3 }) as Game<GameState>;
  const policies = { marines: greedyPolicy(), invader: greedyPolicy() };
  let opened = false;
  for (let i = 0; i < 3000 && !opened; i++) {
    const step = nextStep(g, policies, 1);
    if (!step) break;
    if (step.command.type === 'open-door') opened = step.side === 'marines';
    expect(g.apply(step.command).ok).toBe(true);
  }
  expect(opened).toBe(true);
});

test('greedy doom2004 marines leave their room through the door and explore the unrevealed room', () => {
  const r = playGame(skirmish as unknown as Scenario, 1, { invaders: randomPolicy(1), marines: greedyPolicy() }, { budgetMs: 1, maxRounds: 60 });
  expect(r.winner).toBe('marines'); // they must find and reveal the south-east room to win (RULES §3 exploring)
});

describe('strength smoke: the autopilot beats a random opponent in most seeded games (real wins under the rules)', () => {
  for (const [name, scenario, me, them] of MATCHUPS) {
    test(name, () => {
      // An unlimited budget: every returned plan is refined, so the result does not depend on the load.
      // Five seeds, most won: the doom2016 invader draws a few games against random marines (97% won
      // in the strength bench's 200): they never open the door, so after its two demons die no summon
      // comes (seeds 1 and 3 here).
      const winners = [1, 2, 3, 4, 5].map((seed) => playGame(scenario, seed, { [me]: plannerPolicy(), [them]: randomPolicy(seed) }, { budgetMs: Infinity, maxRounds: 40 }).winner);
      expect(winners.filter((w) => w === me).length, JSON.stringify(winners)).toBeGreaterThanOrEqual(3);
    }, 120_000);
  }
});

test('d20 combined fire (option): the helpers the autopilot names are accepted by the engine (RULES §4)', () => {
  const game = createGame(d20 as unknown as Scenario, { seed: 11 }) as Game<GameState>;
  const sent = playLegal(game, { empire: plannerPolicy({ combinedFire: true }), alliance: randomPolicy(11) }, 120);
  expect(sent.some((x) => x.command.type === 'attack')).toBe(true);
  expect(replay(d20 as unknown as Scenario, 11, game.history).state).toEqual(game.state);
});

test('d20: the figure in a melee enemy\'s reach activates first (activation by gain over being left standing)', () => {
  // trooper-1 two squares from the beast (next phase it hits 85% of the time for 30, more than the
  // trooper's 20 hit points);
  // the other empire figures stand far from every melee enemy and could shoot instead.
  const sc = structuredClone(d20) as unknown as Scenario;
  sc.figures = sc.figures.map((f) => (f.id === 'trooper-1' ? { ...f, x: 10, y: 4 } : f));
  const game = createGame(sc, { seed: 3 }) as Game<GameState>;
  const step = nextStep(game, { empire: plannerPolicy(), alliance: greedyPolicy() }, Infinity)!;
  expect(step.command).toEqual({ type: 'activate', figure: 'trooper-1' });
});
