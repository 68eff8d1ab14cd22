// Query results are copied into views of a shared pool (src/core/result-pool.ts): each must stay
// the caller's own, unchanged by later queries, whichever pool or buffer it landed in.
import { beforeAll, describe, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { copyOut } from '../../src/core/result-pool.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { randomBoard } from './random-boards.ts';

beforeAll(async () => {
  await loadCore();
});

describe('copyOut', () => {
  test('copies the elements at the address, and later writes to the memory do not reach the copy', () => {
    const memory = new ArrayBuffer(4096);
    const words = new Int32Array(memory);
    words.set([7, -1, 42, 9], 10);
    const copy = copyOut(Int32Array, memory, 40, 4);
    words.fill(0);
    expect(Array.from(copy)).toEqual([7, -1, 42, 9]);
  });

  test('results filling several pools, and one larger than a quarter of a pool, all keep their values', () => {
    const memory = new ArrayBuffer(1 << 17);
    const bytes = new Uint8Array(memory);
    const kept: Array<[Uint8Array | Int32Array, number]> = [];
    for (let k = 0; k < 200; k++) {
      bytes.fill(k & 0xff);
      // 0.7–7 KB per result, over three pools' worth; every fifth is 70 KB (more than a quarter of a pool: its own buffer).
      kept.push([k % 5 === 4 ? copyOut(Uint8Array, memory, 0, 70000) : copyOut(Uint8Array, memory, 8, 700 * (1 + (k % 10))), k & 0xff]);
    }
    for (const [array, value] of kept) expect(array.every((v) => v === value)).toBe(true);
    expect(kept[4][0].buffer.byteLength).toBe(70000);
  expect(new Set(kept.map(([a]) => a.buffer)).size).toBeGreaterThanOrEqual(40 + 3); // the 40 large ones, and at least three pools
  });

  test('each result is aligned for its kind', () => {
    const memory = new ArrayBuffer(256);
    copyOut(Uint8Array, memory, 0, 3); // leaves the pool at an odd offset
    const words = copyOut(Int32Array, memory, 0, 5);
    expect(words.byteOffset % 4).toBe(0);
  });
});

test('a board\'s reach and sight maps stay as they were returned while later queries run', () => {
  const board = Board.fromData(randomBoard('doom2016', 77, { minSide: 20, maxSide: 20 }));
  const nfig = board.data.figures.length;
  expect(nfig).toBeGreaterThan(1);
  const first = board.reach(0, 8);
  const firstSight = board.sightMap(0);
  const expected = { cost: Array.from(first.cost), end: Array.from(first.end), los: Array.from(firstSight.los), range: Array.from(firstSight.range) };
  for (let k = 0; k < 300; k++) {
    board.reach(k % nfig, 1 + (k % 9));
    board.sightMap(k % nfig);
  }
  expect(Array.from(first.cost)).toEqual(expected.cost);
  expect(Array.from(first.end)).toEqual(expected.end);
  expect(Array.from(firstSight.los)).toEqual(expected.los);
  expect(Array.from(firstSight.range)).toEqual(expected.range);
  expect(Array.from(board.reach(0, 8).cost)).toEqual(expected.cost);
});
