import { expect, test } from 'vitest';
import { Board } from '../src/core/board.ts';
import { loadCore } from '../src/core/wasm.ts';
import { openBoard } from './boards.ts';
import { runNative } from './native.ts';

test('open kernel C vs Wasm general', async () => {
  await loadCore();
  let cells = 0, bad = 0;
  const cases = [];
  for (let s = 0; s < 60; s++) {
    const side = 3 + (s % 13);
    const data = openBoard(side, s < 20 ? 1 + (s % 9) : Math.floor(side * side / 3), 900 + s, 2 + ((s * 7) % 12));
    const f = s % data.figures.length;
    cases.push({ data, sightFigure: f, reachFigure: 0, mp: 1 });
  }
  const out = runNative(cases)!;
  cases.forEach((c, k) => {
    const m = Board.fromData(c.data).sightMap(c.sightFigure);
    for (const key of ['los', 'cover', 'range'] as const) {
      const a = Array.from(m[key]), b = out[k][key];
      for (let i = 0; i < a.length; i++) { cells++; if (a[i] !== b[i]) { bad++; if (bad < 10) console.log(`case ${k} ${key} cell ${i % c.data.width},${Math.floor(i / c.data.width)} wasm ${a[i]} c ${b[i]} fig ${JSON.stringify(c.data.figures[c.sightFigure])} ${c.data.width}x${c.data.height}`); } }
    }
  });
  console.log(`CHECK cells ${cells} bad ${bad}`);
  expect(bad).toBe(0);
});
