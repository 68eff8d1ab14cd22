/**
 * doom2016 sight maps and threat maps on boards up to the core's 256×256 limit. There the shadow
 * casting's slopes have denominators up to 257 (its divisions are multiplies by reciprocals, exact
 * for those sizes: assembly/sight2016.ts divSmall) and the threat map's ranges leave the 64-column
 * row masks for the plain search (assembly/threat.ts). The judge is the pair query, which walks
 * each line on its own (`sightToFigures`), and for the threat map each enemy's full sight map.
 * Boards are nearly open (one random edge in 12 kept), so that lines run long.
 */
import { beforeAll, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { parseBoard } from '../../src/core/board-input.ts';
import { randomBoardInput } from './random-boards.ts';

beforeAll(async () => {
  await loadCore();
});

const SIDES = [63, 64, 65, 200, 256];

function openBoard(seed: number, side: number, smallFigures: number) {
  const input = randomBoardInput('doom2016', seed, { minSide: side, maxSide: side, smallFigures, largeFigures: 2 });
  return parseBoard({ ...input, edges: input.edges!.filter((_, i) => i % 12 === 0) });
}

test(`sight maps agree with the pair query on open boards of ${SIDES.join(', ')} a side`, () => {
  let compared = 0, visible = 0;
  for (const side of SIDES) {
    const data = openBoard(9000 + side, side, 40);
    const board = Board.fromData(data);
    const small = data.figures.flatMap((f, i) => (f.w * f.h === 1 ? [i] : []));
    for (const f of small.slice(0, 4)) {
      const map = board.sightMap(f);
      const pairs = board.sightToFigures(f);
      for (const t of small) {
        if (t === f) continue;
        const { x, y } = data.figures[t];
        const p = y * data.width + x;
        const where = `${side}×${side}, figure ${f} → figure ${t} at ${x},${y}`;
        expect(map.los[p], `${where}: LOS`).toBe(pairs.los[t]);
        if (pairs.los[t]) expect(map.cover[p], `${where}: cover`).toBe(pairs.cover[t]);
        expect(map.range[p], `${where}: range`).toBe(pairs.range[t]);
        compared++;
        visible += pairs.los[t];
      }
    }
  }
  expect(compared).toBeGreaterThan(700);
  // Open boards: many pairs see each other, so long lines were compared.
  expect(visible).toBeGreaterThan(compared / 5);
});

test(`threat map LOS and ranges equal each enemy's sight map on open boards of ${SIDES.join(', ')} a side`, () => {
  for (const side of SIDES) {
    const data = openBoard(9100 + side, side, 10);
    const board = Board.fromData(data);
    const t = board.threatMap('nobody', { w: 1, h: 1 });
    const n = data.width * data.height;
    let seen = 0;
    t.enemies.slice(0, 4).forEach((e, k) => {
      const map = board.sightMap(e);
      for (let p = 0; p < n; p++) {
        if (!t.stand[p]) continue;
        const where = `${side}×${side}, enemy ${e}, cell ${p % side},${Math.floor(p / side)}`;
        const bit = (t.los[p * t.words + (k >> 5)] >>> (k & 31)) & 1;
        if (bit !== map.los[p]) expect(bit, `${where}: LOS`).toBe(map.los[p]);
        if (t.range[k * n + p] !== map.range[p]) expect(t.range[k * n + p], `${where}: range`).toBe(map.range[p]);
        seen += bit;
      }
    });
    expect(seen, `${side}×${side}: cells seen by 4 enemies`).toBeGreaterThan(side * side / 5);
  }
});
