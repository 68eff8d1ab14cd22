/**
 * Issue 39 (speed): one AI call (a hints() answer, an autopilot decision) keeps what it computes
 * more than once — sight maps per board content, odds per spec — and forgets it when it returns
 * (src/ai/memo.ts). What is kept must be exactly what would be computed again: a board's key names
 * its content, not the object, and a call never sees what an earlier call kept — but for the answers
 * that are a function of their key alone (d20 LOS maps by terrain and space, test/core/
 * sight-map-d20-shared-los.test.ts; `lasting()` tables, below), which change no answer.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { Board } from '../../src/core/board.ts';
import { boardKey, lasting, memo, memoised, perCellLimit, sightMapOf } from '../../src/ai/memo.ts';
import { hints } from '../../src/ai/hints/index.ts';
import { createGame, type Game, type GameState } from '../../src/rules/index.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import skirmish from '../../src/scenario/bundled/doom2004-skirmish.json';

beforeAll(async () => {
  await loadCore();
});

const board = (figures: { id: string; x: number; y: number }[] = [{ id: 'a', x: 0, y: 0 }, { id: 'b', x: 4, y: 2 }]) =>
  Board.create({
    ruleset: 'doom2016',
    map: ['......', '..o...', '......', '......'],
    figures: figures.map((f, i) => ({ ...f, side: i ? 'demons' : 'marines' })),
  });

describe('the memo of one call', () => {
  test('inside a call an answer is computed once per key; outside one, every time', () => {
    let runs = 0;
    const compute = () => ++runs;
    expect(memo('t', 'k', compute)).toBe(1);
    expect(memo('t', 'k', compute)).toBe(2);
    memoised(() => {
      expect(memo('t', 'k', compute)).toBe(3);
      expect(memo('t', 'k', compute)).toBe(3);
      expect(memo('t', 'other', compute)).toBe(4);
      // A nested call shares the outer call's answers.
      expect(memoised(() => memo('t', 'k', compute))).toBe(3);
    });
    expect(runs).toBe(4);
  });

  test('a call never sees what an earlier call kept, even one that threw', () => {
    let runs = 0;
    memoised(() => memo('t', 'k', () => ++runs));
    expect(() => memoised(() => {
      memo('t', 'k', () => ++runs);
      throw new Error('planning failed');
    })).toThrow('planning failed');
    memoised(() => memo('t', 'k', () => ++runs));
    expect(runs).toBe(3);
  });

  test('a board\'s key names its content: equal boards share it, a moved figure or another obstacle does not', () => {
    memoised(() => {
      const k = boardKey(board());
      expect(boardKey(board())).toBe(k);
      expect(boardKey(board([{ id: 'a', x: 1, y: 0 }, { id: 'b', x: 4, y: 2 }]))).not.toBe(k);
      const walled = Board.create({ ruleset: 'doom2016', map: ['......', '......', '......', '......'], figures: [{ id: 'a', x: 0, y: 0, side: 'marines' }, { id: 'b', x: 4, y: 2, side: 'demons' }] });
      expect(boardKey(walled)).not.toBe(k);
      // The same board after a move is another board.
      const b = board();
      b.moveFigure(0, 1, 3);
      expect(boardKey(b)).not.toBe(k);
    });
    expect(boardKey(board())).toBeNull();
  });

  test('a sight map kept for the call is the one the board answers', () => {
    const plain = board().sightMap(1);
    memoised(() => {
      const first = sightMapOf(board(), 1);
      expect(sightMapOf(board(), 1)).toBe(first);
      expect({ los: [...first.los], cover: [...first.cover], range: [...first.range] }).toEqual({ los: [...plain.los], cover: [...plain.cover], range: [...plain.range] });
      const moved = board([{ id: 'a', x: 2, y: 3 }, { id: 'b', x: 4, y: 2 }]);
      expect([...sightMapOf(moved, 1).los]).toEqual([...moved.sightMap(1).los]);
    });
  });

  test('a table of per-cell answers is bounded by the board\'s size (a 256×256 board keeps 64 sight maps, not 1024), and emptying it only costs recomputation', () => {
    expect(perCellLimit(26 * 26)).toBe(1024);
    expect(perCellLimit(256 * 256)).toBe(64);
    let runs = 0;
    memoised(() => {
      for (let k = 0; k < 3; k++) expect(memo('bounded', k, () => k * 10 + 0 * ++runs, undefined, 2)).toBe(k * 10);
      // Emptied at the third key: the first is computed again, with the same answer.
      expect(memo('bounded', 0, () => 0 * ++runs, undefined, 2)).toBe(0);
    });
    expect(runs).toBe(4);
  });
});

describe('what is kept across calls (a pure function of its key alone)', () => {
  test('lasting(): computed once per key across calls, every time outside one, and a full table is emptied', () => {
    let runs = 0;
    const compute = () => ++runs;
    expect(lasting('lasting-test', 'k', compute)).toBe(1);
    expect(lasting('lasting-test', 'k', compute)).toBe(2);
    expect(memoised(() => lasting('lasting-test', 'k', compute))).toBe(3);
    expect(memoised(() => lasting('lasting-test', 'k', compute))).toBe(3);
    expect(memoised(() => lasting('lasting-test', 'other', compute))).toBe(4);
    memoised(() => {
      // The fifth key empties the table of 4: the first is computed again.
      for (let i = 0; i < 5; i++) lasting('lasting-test-small', `k${i}`, compute, 4);
      const before = runs;
      expect(lasting('lasting-test-small', 'k0', compute, 4)).toBe(before + 1);
      expect(lasting('lasting-test-small', 'k4', compute, 4)).toBe(before);
    });
  });

  test('doom2004 hints answer the same after any earlier calls as in a fresh process order: a position asked twice, with other positions between', () => {
    const g = createGame(skirmish as unknown as Scenario, { seed: 7 }) as Game<GameState>;
    const states: GameState[] = [];
    for (let i = 0; i < 400 && g.state.winner === null && states.length < 6; i++) {
      const legal = g.legalActions();
      if (i % 9 === 0 && hints(g.state, undefined, { search: false }).length) states.push(structuredClone(g.state));
      if (!g.apply(legal[(i * 7) % legal.length]).ok) break;
    }
    expect(states.length).toBeGreaterThanOrEqual(4);
    const first = states.map((s) => JSON.stringify(hints(s, undefined, { search: false })));
    const again = [...states].reverse().map((s) => JSON.stringify(hints(s, undefined, { search: false }))).reverse();
    expect(again).toEqual(first);
  });
});

