/**
 * Handicaps (issue 23, item 6; src/scenario/handicap.ts): the variation a solo player takes against
 * the autopilot changes what the game plays (the kill tokens the invader needs, the cast), names
 * every part it cannot read or apply, and leaves the scenario it was given alone.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, replay, type Command, type Game, type GameState } from '../../src/rules/index.ts';
import { greedyPolicy, nextStep, plannerPolicy, type Policy } from '../../src/ai/autopilot/index.ts';
import { HandicapError, RECOMMENDED_HANDICAPS, applyHandicap, parseHandicap, validateScenario, type Scenario } from '../../src/scenario/index.ts';
import { withHandicap } from '../../src/scenario/handicap.ts';
import { bundledScenarios } from '../../src/scenario/bundled.ts';
import type { Doom2016State } from '../../src/rules/doom2016/types.ts';

beforeAll(async () => {
  await loadCore();
});

const bundled = (id: string) => bundledScenarios.get(id) as Scenario;
const objective = (s: Scenario, kind: string) => (s as unknown as { objectives: Record<string, unknown>[] }).objectives.find((o) => o.kind === kind)!;

/** Plays `game` with the policies until it ends or `maxCommands` run out; the commands sent. */
function play(game: Game<GameState>, policies: Record<string, Policy>, maxCommands = 3000): Command[] {
  const sent: Command[] = [];
  for (let n = 0; n < maxCommands && game.state.winner === null; n++) {
    const step = nextStep(game, policies, Infinity);
    if (!step) break;
    expect(game.apply(step.command).ok).toBe(true);
    sent.push(step.command);
  }
  return sent;
}

describe('kills+N (doom2016)', () => {
  test('the tutorial with kills+3: the invader needs 5 kill tokens against 4 marines, and the game goes on past the 2nd', () => {
    const plain = bundled('doom2016-tutorial');
    const hard = applyHandicap(plain, 'kills+3');
    expect(objective(hard, 'kills').kills).toEqual({ 1: 7, 2: 7, 3: 6, 4: 5 });
    // The autopilot's invader against greedy marines: it collects kill tokens quickly.
    const policies = () => ({ marines: greedyPolicy(), invader: plannerPolicy() });
    const a = createGame(plain, { seed: 3 }) as Game<Doom2016State>;
    play(a as Game<GameState>, policies());
    expect(a.state.winner).toBe('invader');
    expect(a.state.invader.kills).toBe(2);
    const b = createGame(hard, { seed: 3 }) as Game<Doom2016State>;
    // The command that gave the 2nd kill token, and whether the game ended with it.
    let atSecondKill: { winner: string | null } | null = null;
    const ps = policies();
    for (let n = 0; n < 4000 && b.state.winner === null; n++) {
      const step = nextStep(b as Game<GameState>, ps, Infinity)!;
      b.apply(step.command);
      if (b.state.invader.kills === 2 && !atSecondKill) atSecondKill = { winner: b.state.winner };
    }
    expect(atSecondKill).toEqual({ winner: null });
    // Ended by the 5th kill token or by the marines, never at 2–4.
    if (b.state.winner === 'invader') expect(b.state.invader.kills).toBe(5);
    else expect(b.state.winner).toBe('marines');
  });

  test('a handicapped game replays exactly from its seed and commands', () => {
    const hard = applyHandicap(bundled('doom2016-tutorial'), 'kills+3');
    const game = createGame(hard, { seed: 5 }) as Game<GameState>;
    const sent = play(game, { marines: plannerPolicy(), invader: greedyPolicy() }, 400);
    const again = replay(hard, 5, sent) as Game<GameState>;
    expect(again.state).toEqual(game.state);
  });
});

describe('frags+N, without, swap', () => {
  test('frags+2: the doom2004 skirmish needs 2 more frag points than it says (6 when it names none)', () => {
    const s = bundled('doom2004-skirmish');
    const before = (objective(s, 'frags').frags as number | undefined) ?? 6;
    expect(objective(applyHandicap(s, 'frags+2'), 'frags').frags).toBe(before + 2);
  });

  test('the recommended handicaps leave their figures out of the game, and every one applies to its scenario', () => {
    const specs = Object.entries(RECOMMENDED_HANDICAPS).flatMap(([id, r]) => [[id, r.side, r.spec], ...(r.strong === undefined ? [] : [[id, r.side, r.strong]])]);
    expect(specs.map(([id, , spec]) => `${id} ${spec}`)).toEqual([
      'doom2016-tutorial kills+2',
      'doom2004-skirmish ',
      'doom2004-skirmish ',
      'd20-skirmish without:heavy,without:heavy-2',
    ]);
    for (const [id, side, spec] of specs) {
      const s = applyHandicap(bundled(id), spec);
      expect(s.sides).toContain(side);
      validateScenario(s);
      const game = createGame(s, { seed: 1 }) as Game<GameState>;
      const ids = (game.view().figures as { id: string }[]).map((f) => f.id);
      for (const p of parseHandicap(spec)) if (p.kind === 'without') expect(ids).not.toContain(p.id);
    }
  });

  test('swap: the figure keeps its id and place and takes the new type', () => {
    const s = applyHandicap(bundled('doom2004-skirmish'), 'swap:hell-knight-1=imp');
    const f = s.figures.find((g) => g.id === 'hell-knight-1')!;
    const was = bundled('doom2004-skirmish').figures.find((g) => g.id === 'hell-knight-1')!;
    expect([f.type, f.x, f.y]).toEqual(['imp', was.x, was.y]);
  });

  test('the scenario given is not changed, and the copy\'s title names the handicap', () => {
    const s = bundled('doom2016-tutorial');
    const text = JSON.stringify(s);
    const hard = applyHandicap(s, ' kills+3 , ');
    expect(JSON.stringify(s)).toBe(text);
    expect(hard.title).toBe(`${s.title}, handicap kills+3`);
    expect(applyHandicap(s, '')).toEqual(s);
  });
});

describe('bad handicaps are named', () => {
  const error = (scenario: Scenario, spec: string) => {
    try {
      applyHandicap(scenario, spec);
    } catch (e) {
      expect(e).toBeInstanceOf(HandicapError);
      return [(e as HandicapError).part, (e as Error).message];
    }
    throw new Error(`${spec} was accepted`);
  };

  test.each([
    ['doom2016-tutorial', 'kills+3,without:imp-9', 'without:imp-9', 'the scenario has no figure imp-9'],
    ['doom2016-tutorial', 'frags+1', 'frags+1', 'no doom2004 frag-point objective'],
    ['doom2004-skirmish', 'kills+1', 'kills+1', 'no doom2016 kill-token objective'],
    ['d20-skirmish', 'kills+100', 'kills+100', 'not one of kills+N, frags+N (N up to 99)'],
    ['d20-skirmish', 'kills-1', 'kills-1', 'not one of'],
    ['d20-skirmish', 'easy', 'easy', 'not one of'],
    ['d20-skirmish', 'swap:heavy=', 'swap:heavy=', 'not one of'],
  ])('%s with %j: names %j', (id, spec, part, message) => {
    const [named, text] = error(bundled(id), spec);
    expect(named).toBe(part);
    expect(text).toContain(message);
  });

  test('a spec is bounded: 200 characters, 16 parts', () => {
    const s = bundled('d20-skirmish');
    expect(error(s, `without:${'a'.repeat(200)}`)[1]).toContain('longer than 200 characters');
    expect(error(s, Array.from({ length: 17 }, () => 'without:a').join(','))[1]).toContain('more than 16 parts');
  });

  test('the lenient form (the bench\'s rows across scenarios) applies what fits and says which', () => {
    const { scenario, applied } = withHandicap(bundled('doom2004-skirmish'), 'kills+3,without:hell-knight-1');
    expect(applied).toEqual(['without:hell-knight-1']);
    expect(scenario.figures.some((f) => f.id === 'hell-knight-1')).toBe(false);
  });
});
