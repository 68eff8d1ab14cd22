/**
 * Reach snapshots cost what they hold (issue 41): Board.reach without a buffer copies only the
 * states the search reached and makes the board-sized arrays when first read. Read, they are the
 * answer the core left (a buffered query's) and keep it through later queries on any board.
 */
import { beforeAll, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { ReachBuffer } from '../../src/core/result-buffers.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { RULESETS } from '../../src/core/types.ts';
import { ReferenceBoard } from '../../src/reference/index.ts';
import { randomBoard } from './random-boards.ts';

beforeAll(async () => {
  await loadCore();
});

test('a snapshot equals the buffered answer state by state, read after later queries, on 240 random boards (three rulesets, small and large figures)', () => {
  const buffer = new ReachBuffer();
  const kept: Array<{ snapshot: ReturnType<Board['reach']>; cost: number[]; end: number[]; where: string }> = [];
  let twoOrientations = 0;
  for (const ruleset of RULESETS)
    for (let seed = 1; seed <= 80; seed++) {
      const board = Board.fromData(randomBoard(ruleset, 7100 + seed, { largeFigures: 2 }));
      const n = board.data.figures.length;
      for (let f = 0; f < n; f++) {
        const mp = 1 + ((seed + f) % 9);
        const snapshot = board.reach(f, mp);
        const answer = board.reach(f, mp, buffer);
        if (answer.orientations === 2) twoOrientations++;
        kept.push({ snapshot, cost: [...answer.cost], end: [...answer.end], where: `${ruleset} seed ${seed} figure ${f} mp ${mp}` });
      }
    }
  expect(twoOrientations).toBeGreaterThan(10);
  // Read only now: every board has run other searches since.
  for (const k of kept) {
    expect([...k.snapshot.cost], k.where).toEqual(k.cost);
    expect([...k.snapshot.end], k.where).toEqual(k.end);
  }
});

test('a snapshot reads like any ReachMap: its arrays are its own, JSON carries them, they can be replaced', () => {
  const board = Board.create({ ruleset: 'doom2016', map: ['......', '......', '......', '......'], figures: [{ id: 'a', side: 'marines', x: 1, y: 1 }, { id: 'c', side: 'demons', x: 3, y: 0, w: 2, h: 3 }] });
  const r = board.reach('c', 3);
  expect([r.width, r.height, r.orientations]).toEqual([6, 4, 2]);
  const json = JSON.parse(JSON.stringify(r));
  expect(Object.keys(json).sort()).toEqual(['cost', 'end', 'height', 'orientations', 'width']);
  expect(Object.values(json.cost)).toEqual([...r.cost]);
  expect(r.cost.length).toBe(2 * 6 * 4);
  expect(r.cost).toBe(r.cost); // the same array each read
  r.cost[0] = 99;
  expect(r.cost[0]).toBe(99);
  expect(board.reach('c', 3).cost[0]).not.toBe(99);
  r.end = new Uint8Array(1);
  expect(r.end.length).toBe(1);
});

test('on boards over 4096 spaces a ReachBuffer (spans copied, the last answer cleared) and a snapshot equal the reference, query after query', () => {
  const buffer = new ReachBuffer();
  let compared = 0;
  for (const ruleset of RULESETS)
    for (let seed = 1; seed <= 2; seed++) {
      const data = randomBoard(ruleset, 9100 + seed, { minSide: 66, maxSide: 90, largeFigures: 3, smallFigures: 8 });
      const board = Board.fromData(data);
      const ref = new ReferenceBoard(data);
      const n = board.data.figures.length;
      for (let k = 0; k < 2 * n; k++) {
        const f = (k * 7) % n, mp = 1 + (k % 9);
        const snapshot = board.reach(f, mp);
        const buffered = board.reach(f, mp, buffer);
        const expected = ref.reach(f, mp);
        const where = `${ruleset} seed ${seed} figure ${f} mp ${mp}`;
        expect([...buffered.cost], where).toEqual([...expected.cost]);
        expect([...buffered.end], where).toEqual([...expected.end]);
        expect([...snapshot.cost], where).toEqual([...expected.cost]);
        expect([...snapshot.end], where).toEqual([...expected.end]);
        compared++;
      }
    }
  expect(compared).toBeGreaterThan(40);
});
