/**
 * Sight-map timing for doom2004 and d20 (issue 10 item 1): one figure → every cell on seeded bench
 * boards (bench/boards.ts) re-labelled with the ruleset. Run: npx vitest run --config bench/vitest.config.ts bench/sight-2004-d20.bench-run.ts
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
      if (ruleset === 'd20' && side > 26) continue; // seconds per map today
      const data = { ...benchBoard(side, 12, 7), ruleset };
      const board = Board.fromData(data);
      const large = data.figures.length - 1;
      const small = measure(() => board.sightMap(0)).ms;
      const big = measure(() => board.sightMap(large)).ms;
      console.log(`${ruleset} ${side}×${side}: sight map small figure ${(small * 1000).toFixed(1)} µs, 2×3 figure ${(big * 1000).toFixed(1)} µs`);
      expect(small).toBeGreaterThan(0);
    }
}, 600_000);
