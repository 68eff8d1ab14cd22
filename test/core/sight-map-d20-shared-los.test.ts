/**
 * d20 figures never block LOS (RULES §4): a figure's LOS map is its terrain's and its space's alone,
 * so the AI's boards that differ only in other figures share it (src/ai/memo.ts sightMapOf) and the
 * core computes only cover and range (`sightMapWithLos`, assembly/d20.ts coverMapD20). Its answer
 * must equal the whole sight map of the board it is asked on, space by space, whatever the other
 * figures do: removed (the planner's "without me" boards), moved, or large.
 */
import { beforeAll, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { BoardError } from '../../src/core/board-input.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { memoised, sightMapOf } from '../../src/ai/memo.ts';
import { EdgeKind } from '../../src/core/types.ts';
import { randomBoard, rng } from './random-boards.ts';

beforeAll(async () => {
  await loadCore();
});

test('d20: cover and range from a shared LOS map equal the whole sight map on 200 random boards with other figures removed and moved (walls, low objects, 2×2 and 3×3 figures)', () => {
  let compared = 0, covered = 0, changed = 0, large = 0;
  for (let b = 0; b < 200; b++) {
    const seed = b * 4099 + 17;
    const data = randomBoard('d20', seed, { minSide: 8, maxSide: 22, wallRate: [0.05, 0.15, 0.3][b % 3], smallFigures: 24, largeFigures: 3 });
    if (data.figures.length < 2) continue;
    const r = rng(seed + 1);
    const full = Board.fromData(data);
    const attackers = [Math.floor(r() * data.figures.length), data.figures.findIndex((f) => f.w * f.h > 1)].filter((k) => k >= 0);
    for (const f of attackers) {
      const id = data.figures[f].id;
      if (data.figures[f].w > 1) large++;
      const shared = full.sightMap(f);
      // The same terrain, other figures removed or moved (never the attacker).
      const variant = Board.fromData(data);
      for (const g of data.figures) {
        if (g.id === id) continue;
        const v = r();
        if (v < 0.3) variant.removeFigure(g.id);
        else if (v < 0.5) {
          try {
            variant.moveFigure(g.id, Math.floor(r() * data.width), Math.floor(r() * data.height));
          } catch {
            // occupied or off the map: it stays
          }
        }
      }
      const want = variant.sightMap(id);
      const got = variant.sightMapWithLos(id, shared.los);
      for (let p = 0; p < want.los.length; p++) {
        const at = `seed ${seed}, attacker ${id}, space ${p % data.width},${Math.floor(p / data.width)}`;
        if (got.los[p] !== want.los[p]) expect(got.los[p], `${at} LOS`).toBe(want.los[p]);
        if (got.cover[p] !== want.cover[p]) expect(got.cover[p], `${at} cover`).toBe(want.cover[p]);
        if (got.range[p] !== want.range[p]) expect(got.range[p], `${at} distance`).toBe(want.range[p]);
        if (want.cover[p]) covered++;
        if (want.cover[p] !== shared.cover[p]) changed++;
        compared++;
      }
    }
  }
  expect(compared).toBeGreaterThan(50_000);
  expect(covered).toBeGreaterThan(5_000);
  // The variants' cover differs from the full board's: the shared map's cover is not reused.
  expect(changed).toBeGreaterThan(1_000);
  expect(large).toBeGreaterThan(150);
}, 300_000);

test('d20: the AI memo shares an enemy\'s LOS between boards without different figures and answers as each board does', () => {
  for (let b = 0; b < 40; b++) {
    const seed = b * 7331 + 5;
    const data = randomBoard('d20', seed, { minSide: 10, maxSide: 18, wallRate: 0.15, smallFigures: 10, largeFigures: 1 });
    if (data.figures.length < 3) continue;
    const without = (k: number) => Board.fromData({ ...data, figures: data.figures.filter((_, i) => i !== k) });
    const enemy = data.figures.at(-1)!.id;
    const a = without(0), c = without(1);
    const [ma, mc] = memoised(() => [sightMapOf(a, a.figureIndex(enemy)), sightMapOf(c, c.figureIndex(enemy))]);
    expect([...ma.cover], `seed ${seed}`).toEqual([...a.sightMap(enemy).cover]);
    expect([...mc.cover], `seed ${seed}`).toEqual([...c.sightMap(enemy).cover]);
    expect([...mc.los], `seed ${seed}`).toEqual([...c.sightMap(enemy).los]);
    expect([...mc.range], `seed ${seed}`).toEqual([...c.sightMap(enemy).range]);
  }
});

test('d20: the LOS maps the AI keeps across calls are the terrain\'s: after a door opens (or walls change) each map is the new board\'s', () => {
  let opened = 0;
  for (let b = 0; b < 60; b++) {
    const seed = b * 3571 + 11;
    const input = randomBoard('d20', seed, { minSide: 8, maxSide: 14, wallRate: 0.1, smallFigures: 6, largeFigures: 1 });
    const doors = Array.from(input.hEdges, (k, i) => [k, i] as const).filter(([k, i]) => k === EdgeKind.door && i >= input.width && i < input.width * input.height);
    if (!doors.length || input.figures.length < 2) continue;
    const board = Board.fromData(input);
    const before = memoised(() => input.figures.map((_, k) => sightMapOf(board, k)));
    // A closed door in the horizontal edges, opened: the terrain differs, so does what is seen through it.
    const i = doors[0][1];
    const x = i % input.width, y = Math.floor(i / input.width);
    try {
      board.openDoor(x, y - 1, x, y);
    } catch {
      continue;
    }
    opened++;
    const after = memoised(() => input.figures.map((_, k) => sightMapOf(board, k)));
    input.figures.forEach((_, k) => {
      const want = board.sightMap(k);
      expect([...after[k].los], `seed ${seed}, figure ${k}, LOS after the door`).toEqual([...want.los]);
      expect([...after[k].cover], `seed ${seed}, figure ${k}, cover after the door`).toEqual([...want.cover]);
    });
    // And the maps before were the closed door's (kept maps do not leak across terrains either way).
    const closed = Board.fromData(input);
    expect([...memoised(() => sightMapOf(closed, 0)).los]).toEqual([...before[0].los]);
  }
  expect(opened).toBeGreaterThan(10);
});

test('sightMapWithLos refuses another ruleset and an LOS map of another size, naming the problem', () => {
  const d20 = Board.fromData(randomBoard('d20', 3, { minSide: 6, maxSide: 6, smallFigures: 2 }));
  expect(() => d20.sightMapWithLos(0, new Uint8Array(5))).toThrow(/los: 5 cells, the board has 36/);
  const doom = Board.fromData(randomBoard('doom2004', 3, { minSide: 6, maxSide: 6, smallFigures: 2 }));
  expect(() => doom.sightMapWithLos(0, new Uint8Array(36))).toThrow(BoardError);
  expect(() => doom.sightMapWithLos(0, new Uint8Array(36))).toThrow(/d20 boards only/);
});
