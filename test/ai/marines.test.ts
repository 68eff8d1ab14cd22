/**
 * Issue 23: the marines' side of the AI. Plans pursue the mission objective when no enemy is on the
 * board (open the door, explore, pick up the key), weigh the objective, propose glory kills, and
 * are legal and deterministic.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, type Game, type GameState } from '../../src/rules/index.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { playGame, plannerPolicy, randomPolicy } from '../../src/ai/autopilot/index.ts';
import { distanceAt, walkDistance } from '../../src/ai/autopilot/walk.ts';
import type { D4State } from '../../src/rules/doom2004/state.ts';
import { hints } from '../../src/ai/hints/index.ts';
import type { Doom2016State } from '../../src/rules/doom2016/types.ts';
import type { Command } from '../../src/rules/types.ts';
import issue302 from './positions/doom2016-tutorial-seed1-302.json';
import tutorial from '../../src/scenario/bundled/doom2016-tutorial.json';
import skirmish from '../../src/scenario/bundled/doom2004-skirmish.json';

beforeAll(async () => {
  await loadCore();
});

describe('marines pursue the objective with no enemy on the board', () => {
  test('doom2016 tutorial, seed 1, planner marines vs random after command 302: the top plan is finite and heads for the door', () => {
    // The issue's game, recorded with the planner as it was (its 302 commands; the planner now plays differently).
    const g = createGame(tutorial as unknown as Scenario, { seed: 1 }) as Game<GameState>;
    for (const c of issue302 as Command[]) expect(g.apply(c).ok).toBe(true);
    expect(g.state.round).toBe(32);
    const s = g.state;
    expect(s.figures.filter((f) => f.side === 'invader')).toEqual([]); // the issue's position: no demon left, the door still closed
    const plans = hints(s, undefined, { budgetMs: Infinity });
    expect(plans.length).toBeGreaterThan(1);
    for (const p of plans) expect(Number.isFinite(p.score), p.reason).toBe(true);
    // Charlie (6,3) reaches the door between x=9 and x=10 (rows 3–4) with movement to spare: it opens it.
    const top = plans[0];
    expect(top.commands.map((c) => c.type)).toContain('open-door');
    expect(top.reason).toMatch(/open the door/);
    expect(plans.every((p) => p.score <= top.score)).toBe(true);
    // The plan plays in the engine and opens the door (the portals summon: the mission goes on).
    for (const c of top.commands.slice(0, -1)) expect(g.apply(c).ok, JSON.stringify(c)).toBe(true);
    expect((g.state as Doom2016State).doorsOpened).toBe(1);
  });
});

describe('doom2004: marines explore, pick up and find the key when no invader is on the board', () => {
  test('the skirmish with every invader gone: plans are finite, the top one walks towards the tokens or the unexplored room', () => {
    const g = createGame(skirmish as unknown as Scenario, { seed: 1 }) as Game<GameState>;
    const s = structuredClone(g.state) as D4State;
    s.figures = s.figures.filter((f) => f.marine);
    const plans = hints(s, undefined, { budgetMs: Infinity });
    expect(plans.length).toBeGreaterThan(1);
    for (const p of plans) expect(Number.isFinite(p.score), p.reason).toBe(true);
    const me = s.figures.find((f) => f.id === plans[0].figure)!;
    const W = s.board.width;
    const goals = [...s.tokens.map((t) => ({ x: t.x, y: t.y, w: 1, h: 1 })), ...s.areas.flatMap((a) => a.cells.map((i) => ({ x: i % W, y: Math.floor(i / W), w: 1, h: 1 })))];
    const dist = walkDistance(s, goals, true);
    const to = plans[0].to!;
    expect(to).not.toBeNull();
    expect(distanceAt(dist, W, me, to.x, to.y)).toBeLessThan(distanceAt(dist, W, me));
  });

  test('a marine on the red key picks it up and the plan says so', () => {
    const g = createGame(skirmish as unknown as Scenario, { seed: 1 }) as Game<GameState>;
    const s = structuredClone(g.state) as D4State;
    s.figures = s.figures.filter((f) => f.marine);
    const m = s.figures[0];
    m.x = 1;
    m.y = 10;
    const plans = hints(s, m.id, { budgetMs: Infinity });
    const pick = { type: 'pick-up', figure: m.id, token: 'red-key' };
    // Every plan that stays there picks the key up; the top plan picks it up (it is on the way to nothing better).
    expect(plans[0].commands).toContainEqual(pick);
    expect(plans[0].reason).toMatch(/pick up red-key/);
  });
});

describe('played games: the autopilot marines reach the objective (unlimited budget: deterministic)', () => {
  test('doom2016 tutorial against random: the marines open the door and win some seeded games', () => {
    const winners = [1, 2, 3, 4].map((seed) => playGame(tutorial as unknown as Scenario, seed, { marines: plannerPolicy(), invader: randomPolicy(seed) }, { budgetMs: Infinity, maxRounds: 60 }).winner);
    expect(winners.filter((w) => w === 'marines').length, JSON.stringify(winners)).toBeGreaterThanOrEqual(2);
  }, 120_000);

  test('doom2004 skirmish against random: the marines find the south-east room (key or teleporter) and win', () => {
    const winners = [1, 3].map((seed) => playGame(skirmish as unknown as Scenario, seed, { marines: plannerPolicy(), invaders: randomPolicy(seed) }, { budgetMs: Infinity, maxRounds: 60 }).winner);
    expect(winners, JSON.stringify(winners)).toEqual(['marines', 'marines']);
  }, 120_000);
});
