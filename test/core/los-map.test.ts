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
