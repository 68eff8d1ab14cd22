import { test } from 'vitest';
import { Board } from '../src/core/board.ts';
import { getCore, loadCore } from '../src/core/wasm.ts';
import { benchBoard } from './boards.ts';
import { median } from './measure.ts';
import { serveNativeReach } from './native.ts';

test('reach probe', async () => {
  await loadCore();
  const core = getCore();
  const out: string[] = [];
  for (const [side, figs] of [[26, 8], [49, 16]] as const) {
    const data = benchBoard(side, figs, 2026 + side);
    const wasm = Board.fromData(data);
    const big = data.figures.findIndex((f) => f.w * f.h === 6);
    const server = serveNativeReach(data)!;
    for (const f of [0, big]) {
      wasm.reach(f, 8);
      const batch = (calls: number) => { const t = performance.now(); for (let i = 0; i < calls; i++) core.reach(f, 8); return (performance.now() - t) / calls; };
      batch(3000);
      let calls = 1;
      while (batch(calls) * calls < 1) calls *= 2;
      const ratios: number[] = [];
      for (let s = 0; s < 41; s++) {
        const w = batch(calls);
        const c = (await server.time(f, 8, calls, false)) / calls / 1e6;
        ratios.push(w / c);
      }
      out.push(`${side} fig ${f}: ratio ${median(ratios).toFixed(3)}`);
    }
    server.close();
  }
  console.log(`PROBE ${process.env.PROBE_LABEL ?? ''} ${out.join(' | ')}`);
});
