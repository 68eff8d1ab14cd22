import { test } from 'vitest';
import { Board } from '../src/core/board.ts';
import { getCore, loadCore } from '../src/core/wasm.ts';
import { openBoard } from './boards.ts';

test('count', async () => {
  await loadCore();
  const core = getCore() as any;
  for (const [side, figs] of [[26, 8], [49, 16], [101, 30], [201, 60]]) {
    const data = openBoard(side, figs, 2026 + side);
    const wasm = Board.fromData(data);
    wasm.sightMap(0);
    const c0 = core.calls(), r0 = core.rows();
    core.sightMap(0);
    const m = wasm.sightMap(0);
    console.log(`COUNT ${side}: blockedAt ${core.calls() - c0 } columns ${core.rows() - r0} n ${side * side} covered ${m.cover.reduce((a: number, b: number) => a + b, 0)} fig0 ${JSON.stringify(data.figures[0])}`);
  }
});
