/**
 * Grid-core benchmarks: the Wasm core against the TypeScript reference (the baseline, measured in
 * the same process) and rot.js PreciseShadowcasting, on seeded 26×26 and 49×49 boards. Writes
 * bench/RESULTS.md.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { FOV } from 'rot-js';
import { expect, test } from 'vitest';
import { Board } from '../src/core/board.ts';
import { SIGHT_EDGES, blocks } from '../src/core/masks.ts';
import { Cell, type BoardData } from '../src/core/types.ts';
import { loadCore } from '../src/core/wasm.ts';
import { ReferenceBoard } from '../src/reference/index.ts';
import { benchBoard } from './boards.ts';
import { measure } from './measure.ts';

/**
 * rot.js works on blocking cells, so the board is drawn at double resolution: cells at odd
 * coordinates, edges between them become cells that block when the edge blocks sight.
 */
function rotFov(data: BoardData) {
  const { width: w, height: h } = data;
  const W2 = 2 * w + 1;
  const pass = new Uint8Array(W2 * (2 * h + 1));
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (data.cells[y * w + x] & Cell.on) pass[(2 * y + 1) * W2 + 2 * x + 1] = 1;
  for (let Y = 0; Y <= h; Y++) for (let x = 0; x < w; x++) if (!blocks(SIGHT_EDGES, data.hEdges[Y * w + x])) pass[2 * Y * W2 + 2 * x + 1] = 1;
  for (let y = 0; y < h; y++) for (let X = 0; X <= w; X++) if (!blocks(SIGHT_EDGES, data.vEdges[y * (w + 1) + X])) pass[(2 * y + 1) * W2 + 2 * X] = 1;
  for (let Y = 1; Y < h; Y++)
    for (let X = 1; X < w; X++) {
      const open = pass[2 * Y * W2 + 2 * X - 1] && pass[2 * Y * W2 + 2 * X + 1] && pass[(2 * Y - 1) * W2 + 2 * X] && pass[(2 * Y + 1) * W2 + 2 * X];
      if (open) pass[2 * Y * W2 + 2 * X] = 1;
    }
  const fov = new FOV.PreciseShadowcasting((x, y) => x >= 0 && y >= 0 && x < W2 && y < 2 * h + 1 && pass[y * W2 + x] === 1, { topology: 8 });
  const f = data.figures[0];
  return () => {
    let seen = 0;
    fov.compute(2 * f.x + 1, 2 * f.y + 1, 2 * Math.max(w, h), () => seen++);
    return seen;
  };
}

interface Row {
  name: string;
  wasm: number;
  reference: number;
  rot?: number;
  target?: string;
  ok?: boolean;
}

/** How fast the machine runs plain JavaScript right now: ns per step of a trivial array loop. */
function calibrate(): number {
  const a = new Int32Array(1 << 16).map((_, i) => i & 7);
  let sum = 0;
  const t = performance.now();
  for (let k = 0; k < 100; k++) for (let i = 0; i < a.length; i++) sum += a[(i * 7) & 0xffff] >> 1;
  const ns = ((performance.now() - t) * 1e6) / (100 * a.length);
  return sum > 0 ? ns : ns;
}

test('grid core benchmarks', async () => {
  await loadCore();
  const speedBefore = calibrate();
  const rows: Row[] = [];
  for (const [side, figs] of [[26, 8], [49, 16]] as const) {
    const data = benchBoard(side, figs, 2026 + side);
    const wasm = Board.fromData(data);
    const ref = new ReferenceBoard(data);
    const big = data.figures.findIndex((f) => f.w * f.h === 6);
    expect(big).toBeGreaterThan(0);
    // Same answers before timing anything.
    expect([...wasm.sightMap(0).cover]).toEqual([...ref.sightMap(0).cover]);
    const n = data.figures.length;

    const losMap = { wasm: measure(() => wasm.sightMap(0)).ms, reference: measure(() => ref.sightMap(0), { samples: 5, maxMs: 30000 }).ms, rot: measure(rotFov(data)).ms };
    rows.push({ name: `LOS map with cover and range, ${side}×${side}`, ...losMap, ...(side === 26 ? { target: '≤ 0.1 ms', ok: losMap.wasm <= 0.1 } : {}) });

    const allPairs = () => { for (let i = 0; i < n; i++) wasm.sightToFigures(i); };
    const allPairsRef = () => { for (let i = 0; i < n; i++) ref.sightToFigures(i); };
    rows.push({ name: `all-pairs LOS + cover + range, ${n} figures, ${side}×${side}`, wasm: measure(allPairs).ms, reference: measure(allPairsRef, { samples: 7 }).ms });

    for (const [label, f] of [['small figure', 0], ['2×3 figure', big]] as const) {
      const w = measure(() => wasm.reach(f, 8)).ms;
      rows.push({
        name: `doom2016 reach, ${label}, MP 8, ${side}×${side}`,
        wasm: w,
        reference: measure(() => ref.reach(f, 8)).ms,
        ...(side === 49 ? { target: '≤ 0.2 ms', ok: w <= 0.2 } : {}),
      });
    }
  }
  const fmt = (ms?: number) => (ms === undefined ? '–' : ms < 0.1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(ms < 10 ? 3 : 1)} ms`);
  const lines = rows.map((r) => {
    const ratio = r.reference / r.wasm;
    const verdict = [`${ratio >= 1.5 ? 'yes' : 'NO'} (≥ 1.5×)`, ...(r.target ? [`${r.ok ? 'yes' : 'NO'} (${r.target})`] : [])].join(', ');
    return `| ${r.name} | ${fmt(r.wasm)} | ${fmt(r.reference)} | ${ratio.toFixed(1)}× | ${fmt(r.rot)} | ${verdict} |`;
  });
  const speedAfter = calibrate();
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const report = `# Benchmark results

Written by \`npm run bench\` (bench/grid.bench-run.ts). Each figure is the median time per call over
repeated samples, measured in one process; "ratio" is reference ÷ Wasm (the TypeScript reference in
\`src/reference\` is the baseline). rot.js \`PreciseShadowcasting\` computes a plain FOV from the
figure's centre on the same board drawn at double resolution (edges as blocking cells): it answers a
simpler question (no corner rules, no cover, no range) and is shown as the common off-the-shelf choice.
The reference is written for clarity (it tests every edge in a line's bounding box and recomputes
what the core keeps in tables), so the ratios compare the core with a straightforward
implementation, not with tuned JavaScript.

Boards: seeded doom2016 boards, ≈15% walls plus ≈3% each of doors, blocking and impassable edges,
some difficult terrain and voids, two active teleporters, small figures, and one 2×3 figure placed
where it has room to move (bench/boards.ts). "All pairs" is every figure against every figure.
Targets (issue 2): LOS map with cover on 26×26 ≤ 0.1 ms; reach on 49×49 ≤ 0.2 ms; Wasm ≥ 1.5×
faster than the reference on every row.

- Date: ${new Date().toISOString().slice(0, 10)}
- Machine: ${cpu}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.platform}/${process.arch}
- Machine speed during the run (a shared VM; lower is faster): ${speedBefore.toFixed(2)} ns per trivial loop step before, ${speedAfter.toFixed(2)} after

| case | Wasm | TS reference | ratio | rot.js FOV | targets met |
|---|---|---|---|---|---|
${lines.join('\n')}
`;
  // Keep the component's section (written by bench/ui-bench.mjs) when rewriting the file.
  const file = new URL('./RESULTS.md', import.meta.url);
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const from = previous.indexOf('<!-- component-bench:start -->');
  writeFileSync(file, from >= 0 ? `${report}\n${previous.slice(from)}` : report);
  console.log(report);
});
