/**
 * d20's sight map (assembly/d20.ts sightMapD20) settles most spaces without the critical-pair search:
 * per attacker square facing the space, the space is rejected when no monotone chain of open edges
 * inside the hull of the two squares reaches it, and only the rest run the search (between single
 * squares: wall ends inside the hull only, nudges into a wall at a wall end skipped). Every answer must equal the pair query
 * (`sightToFigures`; from a large attacker that is the search over every critical point of the
 * bounding box, per figure) and the TypeScript reference (one exact BigInt search per space; the
 * independent judge of the search restrictions, which small-to-small pair queries share).
 */
import { beforeAll, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { ReferenceBoard } from '../../src/reference/index.ts';
import { randomBoard, rng } from './random-boards.ts';

beforeAll(async () => {
  await loadCore();
});

test('d20: the sight map equals the pair query to every small figure on 300 random boards up to 24×24, small, 2×2 and 3×3 attackers', () => {
  let seen = 0, hidden = 0, covered = 0, large = 0;
  for (let b = 0; b < 300; b++) {
    const seed = b * 7919 + 31;
    // Many small figures: each is a target of the pair query, and gives cover to the others.
    const data = randomBoard('d20', seed, { minSide: 8, maxSide: 24, wallRate: [0.05, 0.15, 0.3][b % 3], smallFigures: 40, largeFigures: 2 });
    if (data.figures.length === 0) continue;
    const board = Board.fromData(data);
    const r = rng(seed);
    const attackers = [Math.floor(r() * data.figures.length)];
    data.figures.forEach((f, k) => {
      if (f.w * f.h > 1) attackers.push(k);
    });
    for (const f of attackers) {
      if (data.figures[f].w > 1) large++;
      const m = board.sightMap(f);
      const s = board.sightToFigures(f);
      data.figures.forEach((t, k) => {
        if (k === f || t.w * t.h > 1) return;
        const p = t.y * data.width + t.x;
        const at = `seed ${seed}, attacker ${f} (${data.figures[f].w}×${data.figures[f].h}) → figure ${k} at ${t.x},${t.y}`;
        expect(m.los[p], `${at} LOS`).toBe(s.los[k]);
        expect(m.cover[p], `${at} cover`).toBe(s.cover[k]);
        expect(m.range[p], `${at} distance`).toBe(s.range[k]);
        if (s.los[k]) seen++;
        else hidden++;
        if (s.cover[k]) covered++;
      });
    }
  }
  expect(seen).toBeGreaterThan(5_000);
  expect(hidden).toBeGreaterThan(5_000);
  expect(covered).toBeGreaterThan(1_000);
  expect(large).toBeGreaterThan(250);
}, 300_000);

test('d20: the sight map equals the TypeScript reference, space by space, on 24 random boards up to 12×12', () => {
  let seen = 0, hidden = 0;
  for (let b = 0; b < 24; b++) {
    const seed = b * 6007 + 29;
    const data = randomBoard('d20', seed, { minSide: 9, maxSide: 12, wallRate: [0.05, 0.15, 0.3][b % 3], smallFigures: 6, largeFigures: 1 });
    if (data.figures.length === 0) continue;
    const board = Board.fromData(data);
    const ref = new ReferenceBoard(data);
    const large = data.figures.findIndex((f) => f.w * f.h > 1);
    for (const f of [0, ...(large > 0 ? [large] : [])]) {
      const m = board.sightMap(f);
      const rm = ref.sightMap(f);
      for (let p = 0; p < m.los.length; p++) {
        const at = `seed ${seed}, attacker ${f}, space ${p % data.width},${Math.floor(p / data.width)}`;
        if (m.los[p] !== rm.los[p]) expect(m.los[p], `${at} LOS`).toBe(rm.los[p]);
        if (m.cover[p] !== rm.cover[p]) expect(m.cover[p], `${at} cover`).toBe(rm.cover[p]);
        if (rm.los[p]) seen++;
        else hidden++;
      }
      expect([...m.range], `seed ${seed} distance map from ${f}`).toEqual([...rm.range]);
    }
  }
  expect(seen).toBeGreaterThan(500);
  expect(hidden).toBeGreaterThan(500);
}, 300_000);
