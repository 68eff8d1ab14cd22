/**
 * The bucket queue of the reach search pops (cost, state) in the same order as the binary heap of
 * `cost << 18 | state` it replaced, so every cheapest path (the parents) is the one the rules and
 * saved replays already rely on. Checked against that heap search written out here, over the
 * reference's move generator (same move order as the core).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { RULESETS } from '../../src/core/types.ts';
import { RefGrid } from '../../src/reference/grid.ts';
import { moveGenerator, rotates } from '../../src/reference/reach.ts';
import { randomBoard, rng } from './random-boards.ts';

beforeAll(async () => {
  await loadCore();
});

/** Dijkstra with a min-heap of cost * 2^18 + state: the former core's order; returns the parents. */
function heapParents(grid: RefGrid, fi: number, mp: number): Int32Array {
  const f = grid.data.figures[fi];
  const { w, h } = grid;
  const n = (rotates(grid.data.ruleset, f) ? 2 : 1) * w * h;
  const cost = new Int32Array(n).fill(-1);
  const parent = new Int32Array(n).fill(-1);
  const heap: number[] = [];
  const push = (k: number) => {
    heap.push(k);
    for (let i = heap.length - 1; i > 0; ) {
      const p = (i - 1) >> 1;
      if (heap[p] <= heap[i]) break;
      [heap[p], heap[i]] = [heap[i], heap[p]];
      i = p;
    }
  };
  const pop = () => {
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length) {
      heap[0] = last;
      for (let i = 0; ; ) {
        let c = 2 * i + 1;
        if (c >= heap.length) break;
        if (c + 1 < heap.length && heap[c + 1] < heap[c]) c++;
        if (heap[c] >= heap[i]) break;
        [heap[c], heap[i]] = [heap[i], heap[c]];
        i = c;
      }
    }
    return top;
  };
  const gen = moveGenerator(grid, fi);
  const start = f.y * w + f.x;
  cost[start] = 0;
  push(start);
  const S = 2 ** 18;
  while (heap.length) {
    const key = pop();
    const i = key % S;
    const c = (key - i) / S;
    if (cost[i] !== c) continue;
    const o = Math.floor(i / (w * h));
    const r = i - o * w * h;
    for (const m of gen.moves({ x: r % w, y: Math.floor(r / w), o })) {
      const nc = c + m.cost;
      const j = m.to.o * w * h + m.to.y * w + m.to.x;
      if (nc > mp || (cost[j] >= 0 && cost[j] <= nc)) continue;
      cost[j] = nc;
      parent[j] = i;
      push(nc * S + j);
    }
  }
  return parent;
}

describe('reach keeps the former search order', () => {
  for (const ruleset of RULESETS) {
    test(`${ruleset}: every path on 150 random boards is the one the heap search chose`, () => {
      for (let b = 0; b < 150; b++) {
        const seed = b * 3571 + RULESETS.indexOf(ruleset) + 11;
        const data = randomBoard(ruleset, seed, { maxSide: 9 });
        if (!data.figures.length) continue;
        const r = rng(seed);
        const fi = Math.floor(r() * data.figures.length);
        const mp = 2 + Math.floor(r() * 7);
        const board = Board.fromData(data);
        const map = board.reach(fi, mp);
        const parents = heapParents(new RefGrid(data), fi, mp);
        const { width: w, height: h } = data;
        for (let i = 0; i < map.cost.length; i++) {
          if (map.cost[i] < 0 || !map.end[i]) continue;
          const o = Math.floor(i / (w * h));
          const rest = i - o * w * h;
          const path = board.path(fi, mp, { x: rest % w, y: Math.floor(rest / w), o })!;
          const expected: number[] = [];
          for (let j = i; j >= 0; j = parents[j]) expected.push(j);
          const got = path.steps.map((p) => p.o * w * h + p.y * w + p.x);
          expect(got, `${ruleset} seed ${seed}, figure ${fi}, MP ${mp}, to state ${i}`).toEqual(expected.reverse());
        }
      }
    });
  }
});
