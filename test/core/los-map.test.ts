/**
 * The threat map's LOS comes from an LOS-only sight map that settles most lines without walking
 * them (assembly/sight2016.ts: windows of slopes, clause 1.1.2 carried along each direction). It
 * must agree, cell by cell, with the full sight map (walked line by line, itself checked against
 * the TypeScript reference in parity.test.ts) on larger boards, where lines pass many corners.
 */
import { beforeAll, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import type { Ruleset, SightMap } from '../../src/core/types.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { randomBoard } from './random-boards.ts';

beforeAll(async () => {
  await loadCore();
});

test('doom2016: the threat map sees what each enemy\'s sight map sees, on 300 random boards up to 24×24', () => {
  let compared = 0;
  for (let b = 0; b < 300; b++) {
    const seed = b * 7727 + 41;
    const data = randomBoard('doom2016', seed, { minSide: 8, maxSide: 24, wallRate: b % 2 ? 0.3 : 0.1, smallFigures: 8, largeFigures: 1 });
    const board = Board.fromData(data);
    const t = board.threatMap('nobody', { w: 1, h: 1 });
    const n = data.width * data.height;
    t.enemies.forEach((e, k) => {
      const los = board.sightMap(e).los;
      for (let p = 0; p < n; p++) {
        if (!t.stand[p]) continue;
        const bit = (t.los[p * t.words + (k >> 5)] >>> (k & 31)) & 1;
        if (bit !== los[p]) expect(bit, `seed ${seed}, enemy ${e}, cell ${p % data.width},${Math.floor(p / data.width)}`).toBe(los[p]);
        compared++;
      }
    });
  }
  expect(compared).toBeGreaterThan(100_000);
});

/**
 * `part(board, f)` against the same cells of `whole(board.sightMap(f))` for every figure of 120 random
 * boards up to 30×30 (walls or none, voids, difficult areas, large figures): the cells compared and
 * those `counts` (so that a map of nothing could not pass).
 */
function compareWithSightMap(ruleset: Ruleset, seedOf: (b: number) => number, areas: (b: number) => number, part: (board: Board, f: string) => ArrayLike<number>, whole: (m: SightMap) => ArrayLike<number>, counts: (v: number) => boolean) {
  let compared = 0;
  let counted = 0;
  for (let b = 0; b < 120; b++) {
    const seed = seedOf(b);
    const data = randomBoard(ruleset, seed, { minSide: 6, maxSide: 30, wallRate: b % 3 === 0 ? 0 : b % 3 === 1 ? 0.1 : 0.3, smallFigures: 6, largeFigures: 2, difficultAreas: areas(b), voidAreas: b % 4 === 3 ? 1 : 0 });
    const board = Board.fromData(data);
    for (const f of data.figures) {
      const got = part(board, f.id);
      const full = whole(board.sightMap(f.id));
      expect(got.length).toBe(full.length);
      for (let p = 0; p < full.length; p++) {
        if (got[p] !== full[p]) expect(got[p], `seed ${seed}, ${f.id}, cell ${p % data.width},${Math.floor(p / data.width)}`).toBe(full[p]);
        if (counts(full[p])) counted++;
      }
      compared += full.length;
    }
  }
  return { compared, counted };
}

// Board.losMap: the selection's fog (components/interaction/selection.ts) asks which spaces a figure
// sees and nothing more; the core answers it without cover and range (most of a sight map's time).
// Board.rangeMap: the rules ask for ranges alone (summoned demons' places, doom2004's adjacency and
// range counts); the core counts them without the LOS and cover sweeps.
for (const ruleset of ['doom2016', 'doom2004', 'd20'] as const) {
  test(`${ruleset}: losMap(f) is sightMap(f).los for every figure, on 120 random boards up to 30×30 (walls, voids, difficult areas, large figures)`, () => {
    const { compared, counted } = compareWithSightMap(ruleset, (b) => b * 104729 + 7, (b) => b % 2, (board, f) => board.losMap(f), (m) => m.los, (v) => v === 1);
    expect(compared).toBeGreaterThan(100_000);
    expect(counted).toBeGreaterThan(compared / 10);
  });

  test(`${ruleset}: rangeMap(f) is sightMap(f).range for every figure, on 120 random boards up to 30×30 (open ones too)`, () => {
    const { compared, counted } = compareWithSightMap(ruleset, (b) => b * 7919 + 3, (b) => (b % 3 === 0 ? 0 : b % 2), (board, f) => board.rangeMap(f), (m) => m.range, (v) => v > 0);
    expect(compared).toBeGreaterThan(100_000);
    expect(counted).toBeGreaterThan(compared / 2);
  });
}

test('losMap or rangeMap between sight maps leaves the next sightMap whole (cover and range are the sight map\'s own)', () => {
  const data = randomBoard('doom2016', 99, { minSide: 20, maxSide: 20, wallRate: 0.2, smallFigures: 6, largeFigures: 1 });
  const board = Board.fromData(data);
  const [a, c] = data.figures;
  const before = board.sightMap(a.id);
  board.losMap(c.id);
  expect(board.sightMap(a.id)).toEqual(before);
  board.rangeMap(c.id);
  expect(board.sightMap(a.id)).toEqual(before);
});

test('losMap and rangeMap name a figure that is not on the board, and the board answers as before', () => {
  const data = randomBoard('doom2004', 5, { minSide: 10, maxSide: 10, wallRate: 0.2, smallFigures: 3, largeFigures: 0 });
  const board = Board.fromData(data);
  const before = board.sightMap(0);
  expect(() => board.losMap('nobody')).toThrow('figure: no figure "nobody" on this board');
  expect(() => board.rangeMap(7)).toThrow('figure: no figure 7 on this board');
  expect(board.sightMap(0)).toEqual(before);
});
