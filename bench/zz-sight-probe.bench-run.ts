import { test } from 'vitest';
import { Board } from '../src/core/board.ts';
import { getCore, loadCore } from '../src/core/wasm.ts';
import { benchBoard, openBoard } from './boards.ts';
import { median } from './measure.ts';
import { serveNativeReach } from './native.ts';

test('sight probe', async () => {
  await loadCore();
  const core = getCore();
  const out: string[] = [];
  for (const [kind, side, figs] of [['open', 26, 8], ['open', 49, 16], ['open', 101, 30], ['open', 201, 60], ['mixed', 26, 8], ['mixed', 49, 16]] as const) {
    const data = kind === 'open' ? openBoard(side, figs, 2026 + side) : benchBoard(side, figs, 2026 + side);
    const wasm = Board.fromData(data);
    const server = serveNativeReach(data)!;
    wasm.sightMap(0);
    const batch = (calls: number) => { const t = performance.now(); for (let i = 0; i < calls; i++) core.sightMap(0); return (performance.now() - t) / calls; };
    batch(50);
    let calls = 1;
    while (batch(calls) * calls < 2) calls *= 2;
    const ratios: number[] = [], gen: number[] = [], ws: number[] = [];
    for (let s = 0; s < 11; s++) {
      const w = batch(calls);
      const c = (await server.sight(0, calls)) / calls / 1e6;
      const g = (await server.sightDense(0, calls)) / calls / 1e6; gen.push(g);
      ratios.push(w / c); ws.push(w);
    }
    out.push(`${kind} ${side}: wasm ${(median(ws) * 1000).toFixed(1)}us ratio ${median(ratios).toFixed(3)} Cdense/Csparse ${(median(gen) / median(ws.map((w, k) => w / ratios[k]))).toFixed(2)}`);
    server.close();
  }
  console.log(`PROBE ${out.join(' | ')}`);
});
