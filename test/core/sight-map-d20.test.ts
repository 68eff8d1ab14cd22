/**
 * d20's sight map skips the LOS search for spaces that no monotone path of open edges reaches from
 * the attacker (assembly/d20.ts losCandidatesD20). It must agree, cell by cell, with the TypeScript
 * reference (one exact search per cell) on boards larger than parity.test.ts uses for d20 maps.
 */
import { beforeAll, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { ReferenceBoard } from '../../src/reference/index.ts';
import { randomBoard, rng } from './random-boards.ts';

beforeAll(async () => {
  await loadCore();
});

test('d20: the sight map equals the per-cell reference on 24 random boards up to 14×14, small and large attackers', () => {
  let seen = 0, hidden = 0;
  for (let b = 0; b < 24; b++) {
    const seed = b * 6007 + 29;
    const data = randomBoard('d20', seed, { minSide: 10, maxSide: 14, wallRate: [0.05, 0.15, 0.3][b % 3], smallFigures: 6, largeFigures: 1 });
    if (data.figures.length === 0) continue;
    const board = Board.fromData(data);
    const ref = new ReferenceBoard(data);
    const r = rng(seed);
    const large = data.figures.findIndex((f) => f.w * f.h > 1);
    const attackers = [Math.floor(r() * data.figures.length), ...(large >= 0 && b % 2 ? [large] : [])];
    for (const f of attackers) {
      const m = board.sightMap(f);
      const rm = ref.sightMap(f);
      for (let p = 0; p < m.los.length; p++) {
        const at = `seed ${seed}, attacker ${f}, cell ${p % data.width},${Math.floor(p / data.width)}`;
        if (m.los[p] !== rm.los[p]) expect(m.los[p], `${at} LOS`).toBe(rm.los[p]);
        if (m.cover[p] !== rm.cover[p]) expect(m.cover[p], `${at} cover`).toBe(rm.cover[p]);
        if (rm.los[p]) seen++;
        else hidden++;
      }
      expect([...m.range], `seed ${seed} distance map from ${f}`).toEqual([...rm.range]);
    }
  }
  expect(seen).toBeGreaterThan(1_000);
  expect(hidden).toBeGreaterThan(1_000);
});
