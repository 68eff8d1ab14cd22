/**
 * Sight-map timing for doom2004 and d20 (issue 10 item 1): one figure → every cell on seeded bench
 * boards (bench/boards.ts) re-labelled with the ruleset. d20 has no 2×3 figures, so its large row
 * uses the bench board's 2×3 figure cut to 2×2 (its top two rows: still a legal footprint).
 * Run: npx vitest run --config bench/vitest.config.ts bench/sight-2004-d20.bench-run.ts
 */
import { expect, test } from 'vitest';
import { Board } from '../src/core/board.ts';
import { EdgeKind, type BoardData } from '../src/core/types.ts';
import { loadCore } from '../src/core/wasm.ts';
import { benchBoard } from './boards.ts';
import { measure } from './measure.ts';

/** The board with walls round the 3×3 spaces from (x, y) (clipped to the map) and nothing large inside. */
function walled(data: BoardData, x0: number, y0: number): Board {
  const { width: w, height: h } = data;
  const hEdges = data.hEdges.slice(), vEdges = data.vEdges.slice();
  for (let x = Math.max(0, x0); x < Math.min(w, x0 + 3); x++) {
    if (y0 >= 0) hEdges[y0 * w + x] = EdgeKind.wall;
    if (y0 + 3 <= h) hEdges[(y0 + 3) * w + x] = EdgeKind.wall;
  }
  for (let y = Math.max(0, y0); y < Math.min(h, y0 + 3); y++) {
    if (x0 >= 0) vEdges[y * (w + 1) + x0] = EdgeKind.wall;
    if (x0 + 3 <= w) vEdges[y * (w + 1) + x0 + 3] = EdgeKind.wall;
  }
  const figures = data.figures.filter((f, i) => i === 0 || f.x + f.w <= x0 || f.x >= x0 + 3 || f.y + f.h <= y0 || f.y >= y0 + 3);
  return Board.fromData({ ...data, hEdges, vEdges, figures });
}

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
      const seen = (f: number) => board.sightMap(f).los.reduce((a, b) => a + b, 0);
      console.log(`${ruleset} ${side}×${side}: sight map small figure ${(small * 1000).toFixed(1)} µs (${seen(0)} spaces visible), ${size} figure ${(big * 1000).toFixed(1)} µs (${seen(large)} visible)`);
      expect(small).toBeGreaterThan(0);
      // Output-sensitive: the same board with a closed room of 3×3 spaces round figure 0.
      const f0 = board.data.figures[0];
      const shut = walled(board.data, f0.x - 1, f0.y - 1);
      const inRoom = measure(() => shut.sightMap(0)).ms;
      console.log(`${ruleset} ${side}×${side}: the same small figure shut in a 3×3 room ${(inRoom * 1000).toFixed(1)} µs (${shut.sightMap(0).los.reduce((a, b) => a + b, 0)} visible)`);
    }
}, 1_800_000);
