import { test } from 'vitest';
import { Board } from '../src/core/board.ts';
import { getCore, loadCore } from '../src/core/wasm.ts';
import { openBoard } from './boards.ts';

test('prof', async () => {
  await loadCore();
  const core = getCore();
  const side = Number(process.env.SIDE ?? 201);
  const data = openBoard(side, side === 201 ? 60 : side === 101 ? 30 : 16, 2026 + side);
  const wasm = Board.fromData(data);
  wasm.sightMap(0);
  console.log('FIG0', JSON.stringify(data.figures[0]), data.figures.length);
  const t = performance.now();
  let calls = 0;
  while (performance.now() - t < 4000) { core.sightMap(0); calls++; }
  console.log(`PROF ${((performance.now() - t) / calls * 1000).toFixed(1)} us`);
});
