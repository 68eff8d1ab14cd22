/**
 * One pair's LOS, cover and range (`Board.sight(f, t)`), the query the rules ask for every attack and
 * the AI for every refined plan: its range count stops at the target, so it costs the spaces within
 * the range, not the board. Per board, the nearest and the farthest other figure from figure 0,
 * median µs per query of 31 timed batches (no forced collection). Prints a table; a before/after is
 * two runs of this file against two builds of the core (`npm run asbuild` between them).
 *
 *   npx vitest run --config bench/vitest.config.ts bench/pair-sight.bench-run.ts
 */
import { loadavg } from 'node:os';
import { beforeAll, expect, test } from 'vitest';
import { Board } from '../src/core/board.ts';
import { loadCore } from '../src/core/wasm.ts';
import { ReferenceBoard } from '../src/reference/index.ts';
import { benchBoard, elementPageBoard } from './boards.ts';
import { median } from './measure.ts';

beforeAll(async () => {
  await loadCore();
});

const CASES: Array<[string, () => Board]> = [
  ['mixed 26×26 (grid bench board)', () => Board.fromData(benchBoard(26, 8, 2052))],
  ['mixed 49×49 (grid bench board)', () => Board.fromData(benchBoard(49, 16, 2075))],
  ['mixed 201×201 (grid bench board)', () => Board.fromData(benchBoard(201, 60, 2227))],
  ["the element bench's 201×201 page board", () => elementPageBoard(201)],
];

test('one pair: LOS, cover and range', () => {
  const rows = ['| board | target | range | µs per query (median of 31 batches) |', '|---|---|---|---|'];
  for (const [name, make] of CASES) {
    const board = make();
    const all = board.sightToFigures(0);
    // Nearest and farthest other figure with a range (reachable by the count).
    const others = [...all.range.keys()].filter((t) => t !== 0 && all.range[t] >= 0).sort((a, b) => all.range[a] - all.range[b]);
    for (const [label, t] of [['nearest', others[0]], ['farthest', others[others.length - 1]]] as const) {
      const p = board.sight(0, t);
      // The pair's answer is the all-figures query's (checked against the reference on small boards).
      expect([p.los ? 1 : 0, p.cover ? 1 : 0, p.range]).toEqual([all.los[t], all.cover[t], all.range[t]]);
      if (board.data.width <= 49) expect(p).toEqual(new ReferenceBoard(board.data).sight(0, t));
      const calls = Math.max(20, Math.round(2e5 / (board.data.width * board.data.height)));
      const times: number[] = [];
      for (let k = 0; k < 31; k++) {
        const t0 = performance.now();
        for (let i = 0; i < calls; i++) board.sight(0, t);
        times.push(((performance.now() - t0) * 1000) / calls);
      }
      rows.push(`| ${name} | ${label} (figure ${t}) | ${p.range} | ${median(times).toFixed(2)} |`);
    }
  }
  console.log(`load ${loadavg().map((l) => l.toFixed(1)).join(' / ')}\n${rows.join('\n')}`);
}, 600_000);
