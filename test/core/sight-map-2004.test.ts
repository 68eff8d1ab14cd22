/**
 * doom2004's sight map is cast from each attacker space's centre (assembly/sight2004.ts: windows of
 * slopes cut by blocking cells and edges, only the targets left in a window walked). It must agree,
 * cell by cell, with per-cell line tests on boards larger than parity.test.ts uses: the TypeScript
 * reference's sight map (one line walk per cell) and the pair query to every small figure.
 */
import { beforeAll, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { ReferenceBoard } from '../../src/reference/index.ts';
import { randomBoard, rng } from './random-boards.ts';

beforeAll(async () => {
  await loadCore();
});

test('doom2004: the sight map equals per-cell line tests on 300 random boards up to 24×24, small and large attackers', () => {
  let seen = 0, hidden = 0, pairs = 0;
  for (let b = 0; b < 300; b++) {
    const seed = b * 7919 + 17;
    const data = randomBoard('doom2004', seed, { minSide: 8, maxSide: 24, wallRate: [0.05, 0.15, 0.3][b % 3], smallFigures: 10, largeFigures: 1 });
    if (data.figures.length === 0) continue;
    const board = Board.fromData(data);
    const ref = new ReferenceBoard(data);
    const r = rng(seed);
    const large = data.figures.findIndex((f) => f.w * f.h > 1);
    const attackers = [Math.floor(r() * data.figures.length), ...(large >= 0 ? [large] : [])];
    for (const f of attackers) {
      const m = board.sightMap(f);
      const rm = ref.sightMap(f);
      for (let p = 0; p < m.los.length; p++) {
        if (m.los[p] !== rm.los[p]) expect(m.los[p], `seed ${seed}, attacker ${f}, cell ${p % data.width},${Math.floor(p / data.width)}`).toBe(rm.los[p]);
        if (rm.los[p]) seen++;
        else hidden++;
      }
      expect([...m.range], `seed ${seed} range map from ${f}`).toEqual([...rm.range]);
      data.figures.forEach((t, k) => {
        if (k === f || t.w * t.h > 1) return;
        expect(m.los[t.y * data.width + t.x], `seed ${seed}, ${f} → figure ${k}`).toBe(board.sight(f, k).los ? 1 : 0);
        pairs++;
      });
    }
  }
  expect(seen).toBeGreaterThan(20_000);
  expect(hidden).toBeGreaterThan(20_000);
  expect(pairs).toBeGreaterThan(2_000);
});
