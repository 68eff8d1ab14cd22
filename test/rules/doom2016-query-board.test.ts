/**
 * The doom2016 rules' shared query board (state.ts `queryBoardOf`): reused while the map and the
 * figures are the same, never once they differ, and always answering as a board of the state's own.
 */
import { beforeAll, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, type Doom2016State } from '../../src/rules/index.ts';
import { boardOf, queryBoardOf } from '../../src/rules/doom2016/state.ts';
import type { Game } from '../../src/rules/game.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import tutorial from '../../src/scenario/bundled/doom2016-tutorial.json';

beforeAll(loadCore);

const answers = (s: Doom2016State, b: ReturnType<typeof boardOf>) => s.figures.map((f, i) => ({ reach: Array.from(b.reach(i, 6).cost), sight: b.sightToFigures(i) }));

test('the same board while nothing changes; a new one after a move, a door or a copy that differs; the same answers as a fresh board', () => {
  const game = createGame(tutorial as unknown as Scenario, { seed: 1 }) as Game<Doom2016State>;
  const s = structuredClone(game.state);
  const b = queryBoardOf(s);
  expect(queryBoardOf(s)).toBe(b);
  // A copy with the same contents (the autopilot's rollouts clone the state) shares it.
  expect(queryBoardOf(structuredClone(s))).toBe(b);
  expect(answers(s, b)).toEqual(answers(s, boardOf(s)));

  // A figure moves: a new board, whose answers are those of the moved state.
  const moved = structuredClone(s);
  const f = moved.figures[0];
  const free = [[1, 0], [0, 1], [-1, 0], [0, -1]].map(([dx, dy]) => ({ x: f.x + dx, y: f.y + dy })).find(({ x, y }) => boardOf(moved).reach(0, 1).cost[y * moved.board.width + x] === 1)!;
  Object.assign(f, free);
  const b2 = queryBoardOf(moved);
  expect(b2).not.toBe(b);
  expect(answers(moved, b2)).toEqual(answers(moved, boardOf(moved)));

  // Two figures swap places: moving the first onto the second is refused on the way, so the board
  // is built again — and answers for the swapped state.
  const swapped = structuredClone(s);
  const [p, q] = swapped.figures;
  [p.x, p.y, q.x, q.y] = [q.x, q.y, p.x, p.y];
  queryBoardOf(s);
  expect(answers(swapped, queryBoardOf(swapped))).toEqual(answers(swapped, boardOf(swapped)));

  // An edge changes (a door opened): a new board too.
  const opened = structuredClone(s);
  const door = opened.board.hEdges.findIndex((k) => k !== 0);
  opened.board.hEdges[door] = 0;
  const b3 = queryBoardOf(opened);
  expect(b3).not.toBe(queryBoardOf(s));
  expect(answers(opened, b3)).toEqual(answers(opened, boardOf(opened)));
  // And back: the state as it was gets the answers it had.
  expect(answers(s, queryBoardOf(s))).toEqual(answers(s, boardOf(s)));
});

test('through seeded random games of the tutorial (moves, kills, doors, summons): the shared board answers as a fresh one after every command', async () => {
  const { randomPolicy } = await import('../../src/ai/autopilot/policy.ts');
  const { doom2016Module } = await import('../../src/rules/doom2016/index.ts');
  let compared = 0;
  for (const seed of [1, 2]) {
    const game = createGame(tutorial as unknown as Scenario, { seed }) as Game<Doom2016State>;
    const pick = randomPolicy(seed);
    for (let n = 0; n < 200 && game.state.winner === null; n++) {
      const s = game.state;
      const legal = doom2016Module.rules.legalActions(s);
      if (!legal.length) break;
      game.apply(pick.choose({ state: s, side: '', legal, budgetMs: 0 }));
      const now = game.state;
      expect(answers(now, queryBoardOf(now)), `seed ${seed}, command ${n}`).toEqual(answers(now, boardOf(now)));
      compared++;
    }
  }
  expect(compared).toBeGreaterThan(300);
});
