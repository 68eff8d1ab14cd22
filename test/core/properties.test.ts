/** Property tests over seeded random boards, run on the Wasm core. */
import { beforeAll, describe, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { RULESETS } from '../../src/core/types.ts';
import { RefGrid } from '../../src/reference/grid.ts';
import { dims, moveGenerator } from '../../src/reference/reach.ts';
import { randomBoard, rng } from './random-boards.ts';

beforeAll(async () => {
  await loadCore();
});

describe('LOS is symmetric', () => {
  for (const ruleset of RULESETS) {
    test(`${ruleset}: swapping looker and target never changes LOS (300 boards, all pairs)`, () => {
      let seen = 0;
      for (let seed = 1; seed <= 300; seed++) {
        const data = randomBoard(ruleset, seed * 31 + 7, ruleset === 'd20' ? { maxSide: 8 } : {});
        const b = Board.fromData(data);
        const n = data.figures.length;
        const los = Array.from({ length: n }, (_, i) => b.sightToFigures(i).los);
        for (let i = 0; i < n; i++)
          for (let j = 0; j < n; j++) {
            expect(los[i][j], `${ruleset} seed ${seed}: ${i}→${j} vs ${j}→${i}`).toBe(los[j][i]);
            if (i !== j && los[i][j]) seen++;
          }
      }
      expect(seen).toBeGreaterThan(100); // the property was exercised on visible pairs too
    });
  }
});

describe('reach', () => {
  for (const ruleset of RULESETS) {
    test(`${ruleset}: reach never shrinks when MP grows, and costs do not change`, () => {
      for (let seed = 1; seed <= 150; seed++) {
        const data = randomBoard(ruleset, seed * 53 + 1);
        if (!data.figures.length) continue;
        const b = Board.fromData(data);
        const f = seed % data.figures.length;
        let prev = b.reach(f, 0);
        for (let mp = 1; mp <= 8; mp++) {
          const next = b.reach(f, mp);
          for (let i = 0; i < prev.cost.length; i++) {
            if (prev.cost[i] >= 0) {
              expect(next.cost[i], `${ruleset} seed ${seed} state ${i} at ${mp} MP`).toBe(prev.cost[i]);
              expect(next.end[i]).toBeGreaterThanOrEqual(prev.end[i]);
            }
          }
          prev = next;
        }
      }
    });

    test(`${ruleset}: every reported path is legal, ends where it may, and costs what it says`, () => {
      let checked = 0;
      for (let seed = 1; seed <= 200; seed++) {
        const data = randomBoard(ruleset, seed * 97 + 3, { largeFigures: 2 });
        if (!data.figures.length) continue;
        const b = Board.fromData(data);
        const grid = new RefGrid(data);
        const r = rng(seed);
        const f = Math.floor(r() * data.figures.length);
        const gen = moveGenerator(grid, f);
        const mp = 2 + Math.floor(r() * 7);
        const map = b.reach(f, mp);
        const plane = map.width * map.height;
        for (let i = 0; i < map.cost.length; i++) {
          if (!map.end[i] || r() > 0.3) continue;
          const o = Math.floor(i / plane);
          const to = { x: (i % plane) % map.width, y: Math.floor((i % plane) / map.width), o };
          const p = b.path(f, mp, to)!;
          expect(p, `${ruleset} seed ${seed} path to ${JSON.stringify(to)}`).not.toBeNull();
          expect(p.steps[0]).toEqual({ x: data.figures[f].x, y: data.figures[f].y, o: 0 });
          expect(p.steps[p.steps.length - 1]).toEqual(to);
          let total = 0;
          for (let s = 1; s < p.steps.length; s++) {
            const step = gen.moves(p.steps[s - 1]).filter((m) => m.to.x === p.steps[s].x && m.to.y === p.steps[s].y && m.to.o === p.steps[s].o);
            expect(step.length, `${ruleset} seed ${seed}: illegal step ${JSON.stringify(p.steps[s - 1])}→${JSON.stringify(p.steps[s])}`).toBeGreaterThan(0);
            total += Math.min(...step.map((m) => m.cost));
          }
          expect(total).toBe(p.cost);
          expect(p.cost).toBeLessThanOrEqual(mp);
          expect(gen.canEnd(to) || p.steps.length === 1).toBe(true);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(200);
    });
  }

  test('doom2016: every rotation keeps at least half of the spaces (1×2 and 2×3 figures)', () => {
    let rotations = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const data = randomBoard('doom2016', seed * 13 + 5, { smallFigures: 1, largeFigures: 3, wallRate: 0.08 });
      const b = Board.fromData(data);
      data.figures.forEach((fig, f) => {
        if (fig.w === fig.h) return;
        const map = b.reach(f, 4);
        const plane = map.width * map.height;
        for (let i = plane; i < map.cost.length; i++) {
          if (!map.end[i]) continue;
          const p = b.path(f, 4, { x: (i % plane) % map.width, y: Math.floor((i % plane) / map.width), o: 1 })!;
          for (let s = 1; s < p.steps.length; s++) {
            const a = p.steps[s - 1];
            const c = p.steps[s];
            if (a.o === c.o) continue;
            const [aw, ah] = dims(fig, a.o);
            const [cw, ch] = dims(fig, c.o);
            const ow = Math.min(a.x + aw, c.x + cw) - Math.max(a.x, c.x);
            const oh = Math.min(a.y + ah, c.y + ch) - Math.max(a.y, c.y);
            expect(ow > 0 && oh > 0 && 2 * ow * oh >= aw * ah, `seed ${seed} rotation ${JSON.stringify(a)}→${JSON.stringify(c)}`).toBe(true);
            rotations++;
          }
        }
      });
    }
    expect(rotations).toBeGreaterThan(50);
  });
});
