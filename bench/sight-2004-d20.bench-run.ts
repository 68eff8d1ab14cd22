/**
 * Sight-map timing for doom2004 and d20 (issue 10 item 1): one figure → every cell on seeded bench
 * boards (bench/boards.ts) re-labelled with the ruleset. d20 has no 2×3 figures, so its large row
 * uses the bench board's 2×3 figure cut to 2×2 (its top two rows: still a legal footprint).
 * Run: npx vitest run --config bench/vitest.config.ts bench/sight-2004-d20.bench-run.ts
 */
import { expect, test } from 'vitest';
import { Board } from '../src/core/board.ts';
import { loadCore } from '../src/core/wasm.ts';
import { benchBoard } from './boards.ts';
import { measure } from './measure.ts';

test('doom2004 and d20 sight maps', async () => {
  await loadCore();
  for (const ruleset of ['doom2004', 'd20'] as const)
    for (const side of [26, 49]) {
      const base = benchBoard(side, 12, 7);
      const large = base.figures.length - 1;
      const figures = ruleset === 'd20' ? base.figures.map((f, i) => (i === large ? { ...f, h: 2 } : f)) : base.figures;
      const board = Board.fromData({ ...base, figures, ruleset });
      const small = measure(() => board.sightMap(0)).ms;
      const big = measure(() => board.sightMap(large)).ms;
      const size = ruleset === 'd20' ? '2×2' : '2×3';
      console.log(`${ruleset} ${side}×${side}: sight map small figure ${(small * 1000).toFixed(1)} µs, ${size} figure ${(big * 1000).toFixed(1)} µs`);
      expect(small).toBeGreaterThan(0);
    }
}, 1_800_000);
