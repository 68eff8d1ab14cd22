import { test } from 'vitest';
import { loadCore, getCore } from '../../src/core/wasm.ts';
import { Board } from '../../src/core/board.ts';
import { benchBoard } from '../../bench/boards.ts';
import { measure } from '../../bench/measure.ts';
test('prof', async () => {
  await loadCore();
  const data = benchBoard(26, 8, 2026 + 26);
  const b = Board.fromData(data);
  b.sight(0, 1);
  const core = getCore();
  const out: string[] = [];
  out.push('sightMap ' + measure(() => core.sightMap(0)).ms.toFixed(4));
  out.push('pair ' + measure(() => core.sight(0, 1)).ms.toFixed(4));
  out.push('reach ' + measure(() => core.reach(0, 8)).ms.toFixed(4));
  console.log('RESULT ' + out.join(' | '));
});
