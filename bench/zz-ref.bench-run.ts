import { test } from 'vitest';
import { ReferenceBoard } from '../src/reference/index.ts';
import { benchBoard, openBoard } from './boards.ts';
test('ref', () => {
  for (const side of [49, 101]) {
    let t = performance.now();
    const d = benchBoard(side, 16, 2026 + side);
    console.log(`REF board ${side} ${(performance.now() - t).toFixed(0)} ms`);
    t = performance.now();
    new ReferenceBoard(d).sightMap(0);
    console.log(`REF mixed ${side} sightMap ${(performance.now() - t).toFixed(0)} ms`);
    t = performance.now();
    new ReferenceBoard(openBoard(side, 16, 1)).sightMap(0);
    console.log(`REF open ${side} sightMap ${(performance.now() - t).toFixed(0)} ms`);
  }
});
