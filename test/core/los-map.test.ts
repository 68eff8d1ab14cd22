/**
 * The threat map's LOS comes from an LOS-only sight map that settles most lines without walking
 * them (assembly/sight2016.ts: windows of slopes, clause 1.1.2 carried along each direction). It
 * must agree, cell by cell, with the full sight map (walked line by line, itself checked against
 * the TypeScript reference in parity.test.ts) on larger boards, where lines pass many corners.
 */
import { beforeAll, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
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

// Board.losMap: the selection's fog (components/interaction/selection.ts) asks which spaces a figure
// sees and nothing more; the core answers it without cover and range (most of a sight map's time).
for (const ruleset of ['doom2016', 'doom2004', 'd20'] as const) {
  test(`${ruleset}: losMap(f) is sightMap(f).los for every figure, on 120 random boards up to 30×30 (walls, voids, difficult areas, large figures)`, () => {
    let compared = 0;
    let seen = 0;
    for (let b = 0; b < 120; b++) {
      const seed = b * 104729 + 7;
      const data = randomBoard(ruleset, seed, { minSide: 6, maxSide: 30, wallRate: b % 3 === 0 ? 0 : b % 3 === 1 ? 0.1 : 0.3, smallFigures: 6, largeFigures: 2, difficultAreas: b % 2, voidAreas: b % 4 === 3 ? 1 : 0 });
      const board = Board.fromData(data);
      for (const f of data.figures) {
        const los = board.losMap(f.id);
        const full = board.sightMap(f.id).los;
        expect(los.length).toBe(full.length);
        for (let p = 0; p < full.length; p++) {
          if (los[p] !== full[p]) expect(los[p], `seed ${seed}, ${f.id}, cell ${p % data.width},${Math.floor(p / data.width)}`).toBe(full[p]);
          seen += full[p];
        }
        compared += full.length;
      }
    }
    expect(compared).toBeGreaterThan(100_000);
    expect(seen).toBeGreaterThan(compared / 10);
  });
}

test('losMap between sight maps leaves the next sightMap whole (cover and range are the sight map\'s own)', () => {
  const data = randomBoard('doom2016', 99, { minSide: 20, maxSide: 20, wallRate: 0.2, smallFigures: 6, largeFigures: 1 });
  const board = Board.fromData(data);
  const [a, c] = data.figures;
  const before = board.sightMap(a.id);
  board.losMap(c.id);
  const after = board.sightMap(a.id);
  expect(after).toEqual(before);
});

// Board.rangeMap: the rules ask for ranges alone (summoned demons' places, doom2004's adjacency and
// range counts); the core counts them without the LOS and cover sweeps.
for (const ruleset of ['doom2016', 'doom2004', 'd20'] as const) {
  test(`${ruleset}: rangeMap(f) is sightMap(f).range for every figure, on 120 random boards up to 30×30 (open ones too)`, () => {
    let compared = 0;
    let reached = 0;
    for (let b = 0; b < 120; b++) {
      const seed = b * 7919 + 3;
      const data = randomBoard(ruleset, seed, { minSide: 6, maxSide: 30, wallRate: b % 3 === 0 ? 0 : b % 3 === 1 ? 0.1 : 0.3, smallFigures: 6, largeFigures: 2, difficultAreas: b % 3 === 0 ? 0 : b % 2, voidAreas: b % 4 === 3 ? 1 : 0 });
      const board = Board.fromData(data);
      for (const f of data.figures) {
        const range = board.rangeMap(f.id);
        const full = board.sightMap(f.id).range;
        expect(range.length).toBe(full.length);
        for (let p = 0; p < full.length; p++) {
          if (range[p] !== full[p]) expect(range[p], `seed ${seed}, ${f.id}, cell ${p % data.width},${Math.floor(p / data.width)}`).toBe(full[p]);
          if (full[p] > 0) reached++;
        }
        compared += full.length;
      }
    }
    expect(compared).toBeGreaterThan(100_000);
    expect(reached).toBeGreaterThan(compared / 2);
  });
}

test('losMap and rangeMap name a figure that is not on the board, and the board answers as before', () => {
  const data = randomBoard('doom2004', 5, { minSide: 10, maxSide: 10, wallRate: 0.2, smallFigures: 3, largeFigures: 0 });
  const board = Board.fromData(data);
  const before = board.sightMap(0);
  expect(() => board.losMap('nobody')).toThrow('figure: no figure "nobody" on this board');
  expect(() => board.rangeMap(7)).toThrow('figure: no figure 7 on this board');
  expect(board.sightMap(0)).toEqual(before);
});
