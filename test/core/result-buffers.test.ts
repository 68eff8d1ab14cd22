// Caller-owned results (src/core/result-buffers.ts): the same answers as the snapshots, written into
// the same arrays query after query, and the snapshots untouched by them.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { ReachBuffer, SightBuffer } from '../../src/core/index.ts';
import { RULESETS, type ReachMap, type SightMap } from '../../src/core/types.ts';
import { getCore, loadCore } from '../../src/core/wasm.ts';
import { randomBoard } from './random-boards.ts';

beforeAll(async () => {
  await loadCore();
});

const reachOf = (r: ReachMap) => ({ width: r.width, height: r.height, orientations: r.orientations, cost: Array.from(r.cost), end: Array.from(r.end) });
const sightOf = (m: SightMap) => ({ los: Array.from(m.los), cover: Array.from(m.cover), range: Array.from(m.range) });

describe('a buffer gives the answers of the snapshot', () => {
  for (const ruleset of RULESETS) {
    test(`${ruleset}: every figure's reach and sight map on seeded boards of several sizes, through one buffer of each kind`, () => {
      // One buffer for all the boards: it takes each board's size and orientation count in turn.
      const reachBuffer = new ReachBuffer();
      const sightBuffer = new SightBuffer();
      let rotating = 0;
      for (let seed = 1; seed <= 12; seed++) {
        const board = Board.fromData(randomBoard(ruleset, 500 + seed, { minSide: 4, maxSide: ruleset === 'd20' ? 10 : 16, largeFigures: 2 }));
        const nfig = board.data.figures.length;
        for (let f = 0; f < nfig; f++) {
          for (const mp of [0, 3, 9]) {
            const snapshot = board.reach(f, mp);
            const buffered = board.reach(f, mp, reachBuffer);
            expect(buffered).toBe(reachBuffer);
            expect(reachOf(buffered), `seed ${seed}, figure ${f}, mp ${mp}`).toEqual(reachOf(snapshot));
            if (snapshot.orientations === 2) rotating++;
          }
          const snapshot = board.sightMap(f);
          expect(board.sightMap(f, sightBuffer)).toBe(sightBuffer);
          expect(sightOf(sightBuffer), `seed ${seed}, figure ${f}`).toEqual(sightOf(snapshot));
        }
      }
      if (ruleset === 'doom2016') expect(rotating).toBeGreaterThan(0); // the two-orientation shape was exercised
    });
  }
});

function boardWithRotatingFigure(side: number): { board: Board; small: number; large: number } {
  for (let seed = 1; ; seed++) {
    const board = Board.fromData(randomBoard('doom2016', 900 + seed, { minSide: side, maxSide: side, largeFigures: 2 }));
    const figures = board.data.figures;
    const small = figures.findIndex((f) => f.w * f.h === 1);
    const large = figures.findIndex((_, i) => board.reach(i, 4).orientations === 2);
    if (small >= 0 && large >= 0) return { board, small, large };
  }
}

describe('a buffer is reused', () => {
  test('reach: the same arrays for every query of the same size and orientation count, even with the other count in between', () => {
    const { board, small, large } = boardWithRotatingFigure(14);
    const buffer = new ReachBuffer();
    const one = board.reach(small, 6, buffer).cost;
    const oneEnd = buffer.end;
    const two = board.reach(large, 6, buffer).cost;
    expect(buffer.orientations).toBe(2);
    expect(two.length).toBe(2 * 14 * 14);
    expect(board.reach(small, 6, buffer).cost).toBe(one);
    expect(buffer.end).toBe(oneEnd);
    expect(one.length).toBe(14 * 14);
    expect(board.reach(large, 3, buffer).cost).toBe(two);
    // Both orientation counts share one storage.
    expect(one.buffer).toBe(two.buffer);
  });

  test('sight map: the same arrays every time on one board size', () => {
    const board = Board.fromData(randomBoard('doom2016', 31, { minSide: 12, maxSide: 12 }));
    const buffer = new SightBuffer();
    const { los, cover, range } = board.sightMap(0, buffer);
    for (let f = 0; f < board.data.figures.length; f++) {
      board.sightMap(f, buffer);
      expect(buffer.los === los && buffer.cover === cover && buffer.range === range).toBe(true);
    }
  });

  test('a buffer takes each board\'s size: new arrays when the size changes, the same ones while it stays, answers right on each', () => {
    const big = Board.fromData(randomBoard('doom2016', 41, { minSide: 20, maxSide: 20 }));
    const small = Board.fromData(randomBoard('doom2016', 42, { minSide: 5, maxSide: 5 }));
    const twin = Board.fromData(randomBoard('doom2016', 44, { minSide: 5, maxSide: 5 }));
    const reach = new ReachBuffer();
    const sight = new SightBuffer();
    expect(reachOf(big.reach(0, 8, reach))).toEqual(reachOf(big.reach(0, 8)));
    expect(sightOf(big.sightMap(0, sight))).toEqual(sightOf(big.sightMap(0)));
    expect([reach.width, reach.height, reach.cost.length, sight.los.length]).toEqual([20, 20, 400, 400]);
    expect(reachOf(small.reach(0, 8, reach))).toEqual(reachOf(small.reach(0, 8)));
    expect(sightOf(small.sightMap(0, sight))).toEqual(sightOf(small.sightMap(0)));
    expect([reach.width, reach.height, reach.cost.length, sight.los.length]).toEqual([5, 5, 25, 25]);
    // Another board of the same size: the same arrays.
    const arrays = [reach.cost, reach.end, sight.los, sight.cover, sight.range];
    expect(reachOf(twin.reach(0, 8, reach))).toEqual(reachOf(twin.reach(0, 8)));
    expect(sightOf(twin.sightMap(0, sight))).toEqual(sightOf(twin.sightMap(0)));
    expect([reach.cost, reach.end, sight.los, sight.cover, sight.range].every((a, k) => a === arrays[k])).toBe(true);
    expect(reachOf(big.reach(0, 8, reach))).toEqual(reachOf(big.reach(0, 8)));
    expect(sightOf(big.sightMap(0, sight))).toEqual(sightOf(big.sightMap(0)));
  });

  test('answers stay right after the Wasm memory grows (the buffer\'s views of it are made again)', () => {
    const board = Board.fromData(randomBoard('doom2016', 45, { minSide: 12, maxSide: 12 }));
    const reach = new ReachBuffer();
    const sight = new SightBuffer();
    board.reach(0, 6, reach);
    board.sightMap(0, sight);
    const expected = reachOf(board.reach(0, 6));
    const arrays = [reach.cost, sight.los];
    (getCore().memory as WebAssembly.Memory).grow(1);
    // A reach buffer's arrays are views of the core's memory (src/core/result-buffers.ts): the ones
    // taken before the growth are detached, and the buffer reads the same answer through new views.
    expect(arrays[0].length).toBe(0);
    expect(reachOf(reach)).toEqual(expected);
    board.moveFigure(0, board.figure(0).x, board.figure(0).y);
    expect(reachOf(board.reach(0, 6, reach))).toEqual(reachOf(board.reach(0, 6)));
    expect(sightOf(board.sightMap(0, sight))).toEqual(sightOf(board.sightMap(0)));
    expect(sight.los === arrays[1]).toBe(true); // a sight buffer's arrays are its own
  });
});

describe('reach buffers keep their answers in slots of the core\'s memory', () => {
  test('ten buffers in turn on two boards each hold their own answer (as many in slots as are free, of eight; the others in arrays of their own)', () => {
    // Buffers of earlier tests may still hold slots (until they are collected): count the free ones.
    const core = getCore();
    const taken: number[] = [];
    for (let k = core.reachSlotTake(); k >= 0; k = core.reachSlotTake()) taken.push(k);
    taken.forEach((k) => core.reachSlotRelease(k));
    expect(taken.length).toBeLessThanOrEqual(8);
    const boards = [31, 32].map((seed) => Board.fromData(randomBoard('doom2016', 600 + seed, { minSide: 9 + seed - 31, maxSide: 9 + seed - 31, largeFigures: 1 })));
    const buffers = Array.from({ length: 10 }, () => new ReachBuffer());
    const expected: ReturnType<typeof reachOf>[] = [];
    for (let round = 0; round < 3; round++) {
      buffers.forEach((buffer, k) => {
        const board = boards[(k + round) % 2];
        const f = (k + round) % board.data.figures.length;
        board.reach(f, 2 + ((k + round) % 7), buffer);
        expected[k] = reachOf(board.reach(f, 2 + ((k + round) % 7)));
      });
      buffers.forEach((buffer, k) => expect(reachOf(buffer), `round ${round}, buffer ${k}`).toEqual(expected[k]));
    }
    const inCore = buffers.filter((b) => b.cost.buffer === core.memory.buffer).length;
    expect(inCore).toBe(taken.length);
  });

  test('a collected buffer gives its slot back, its answer cleared', async () => {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const core = getCore();
    const free = () => {
      const taken: number[] = [];
      for (let k = core.reachSlotTake(); k >= 0; k = core.reachSlotTake()) taken.push(k);
      taken.forEach((k) => core.reachSlotRelease(k));
      return taken.length;
    };
    const settle = async () => {
      for (let round = 0; round < 5; round++) {
        collect();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    await settle(); // the earlier tests' buffers, unreachable now, give theirs back
    const board = Board.fromData(randomBoard('doom2016', 78, { minSide: 16, maxSide: 16 }));
    const before = free();
    expect(before).toBe(8);
    // Buffers that only this function reaches, each holding a slot with an answer in it.
    ((n: number) => {
      for (let k = 0; k < n; k++) board.reach(0, 6, new ReachBuffer());
    })(before);
    expect(free()).toBe(0);
    await settle();
    expect(free()).toBe(before);
    // A slot taken again holds no answer of the buffer that had it (-1 and 0 everywhere).
    const k = core.reachSlotTake();
    const n = 2 * 16 * 16;
    const memory = core.memory.buffer;
    expect(new Int32Array(memory, core.reachSlotCostPtr(k), n).every((c) => c === -1)).toBe(true);
    expect(new Uint8Array(memory, core.reachSlotEndPtr(k), n).every((e) => e === 0)).toBe(true);
    core.reachSlotRelease(k);
  });

  test('a refused query (no such figure, MP out of range) names the problem and leaves the buffer\'s answer and its slot as they were', () => {
    const board = Board.fromData(randomBoard('doom2016', 79, { minSide: 12, maxSide: 12 }));
    const buffer = new ReachBuffer();
    const expected = reachOf(board.reach(0, 6, buffer));
    const cost = buffer.cost;
    expect(() => board.reach(0, -1, buffer)).toThrow(/mp: -1 is not a whole number from 0 to 4000/);
    expect(() => board.reach(0, 4001, buffer)).toThrow(/mp: 4001/);
    expect(() => board.reach(0, 2.5, buffer)).toThrow(/mp: 2.5/);
    expect(() => board.reach('nobody', 6, buffer)).toThrow(/nobody/);
    expect(buffer.cost).toBe(cost);
    expect(reachOf(buffer)).toEqual(expected);
    // The next query into it still clears exactly the states of the answer it holds.
    expect(reachOf(board.reach(1, 3, buffer))).toEqual(reachOf(board.reach(1, 3)));
  });

  test('a figure the search cannot move gets its one state, and the states of a larger answer before it are cleared', () => {
    const board = Board.fromData(randomBoard('doom2016', 77, { minSide: 20, maxSide: 20 }));
    const buffer = new ReachBuffer();
    board.reach(0, 12, buffer);
    const wide = buffer.cost.filter((c) => c >= 0).length;
    board.reach(0, 0, buffer);
    expect(wide).toBeGreaterThan(1);
    expect(reachOf(buffer)).toEqual(reachOf(board.reach(0, 0)));
    expect(buffer.cost.filter((c) => c >= 0).length).toBe(1);
  });
});

test('something that is not the right kind of buffer is refused (a TypeError), not filled with a wrong answer', () => {
  const board = Board.fromData(randomBoard('doom2016', 51, { minSide: 6, maxSide: 6 }));
  const plain = board.reach(0, 4);
  expect(() => board.reach(0, 4, plain as ReachBuffer)).toThrow(TypeError);
  expect(() => board.sightMap(0, board.sightMap(0) as SightBuffer)).toThrow(TypeError);
  expect(() => board.sightMap(0, new ReachBuffer() as unknown as SightBuffer)).toThrow(TypeError);
  expect(() => board.reach(0, 4, new SightBuffer() as unknown as ReachBuffer)).toThrow(TypeError);
});

test('snapshots stay as they were while buffered queries run, and a buffer holds only the latest answer', () => {
  const board = Board.fromData(randomBoard('doom2016', 77, { minSide: 20, maxSide: 20 }));
  const nfig = board.data.figures.length;
  const reach = board.reach(0, 8);
  const sight = board.sightMap(0);
  const expected = { reach: reachOf(reach), sight: sightOf(sight) };
  const reachBuffer = new ReachBuffer();
  const sightBuffer = new SightBuffer();
  for (let k = 0; k < 300; k++) {
    board.reach(k % nfig, 1 + (k % 9), reachBuffer);
    board.sightMap(k % nfig, sightBuffer);
    board.moveFigure(0, board.figure(0).x, board.figure(0).y); // a mutation in between changes nothing
  }
  expect(reachOf(reach)).toEqual(expected.reach);
  expect(sightOf(sight)).toEqual(expected.sight);
  const last = 299 % nfig;
  expect(reachOf(reachBuffer)).toEqual(reachOf(board.reach(last, 1 + (299 % 9))));
  expect(sightOf(sightBuffer)).toEqual(sightOf(board.sightMap(last)));
  // A snapshot's arrays are not the buffer's.
  expect(reach.cost.buffer).not.toBe(reachBuffer.cost.buffer);
});

test('path still answers as the reach snapshot says (it now reads the search straight from the core)', () => {
  for (let seed = 1; seed <= 6; seed++) {
    const board = Board.fromData(randomBoard('doom2016', 600 + seed, { minSide: 8, maxSide: 14, largeFigures: 2 }));
    for (let f = 0; f < board.data.figures.length; f++) {
      const r = board.reach(f, 6);
      const n = r.width * r.height;
      for (let k = 0; k < r.cost.length; k += 3) {
        const to = { x: (k % n) % r.width, y: Math.floor((k % n) / r.width), o: Math.floor(k / n) };
        const p = board.path(f, 6, to);
        expect(p === null, `seed ${seed}, figure ${f}, state ${k}`).toBe(r.cost[k] < 0 || !r.end[k]);
        if (p) {
          expect(p.cost).toBe(r.cost[k]);
          expect(p.steps.at(-1)).toEqual(to);
        }
      }
    }
  }
});

test('a buffer from another copy of result-buffers.ts fits the Board (the on-demand AI bundle carries its own copy)', async () => {
  const copy = '../../src/core/result-buffers.ts?another-copy';
  const other = (await import(/* @vite-ignore */ copy)) as typeof import('../../src/core/result-buffers.ts');
  expect(other.ReachBuffer).not.toBe(ReachBuffer);
  const board = Board.fromData(randomBoard('doom2016', 61, { minSide: 10, maxSide: 10 }));
  expect(reachOf(board.reach(0, 6, new other.ReachBuffer()))).toEqual(reachOf(board.reach(0, 6)));
  expect(sightOf(board.sightMap(0, new other.SightBuffer()))).toEqual(sightOf(board.sightMap(0)));
});

test('both ways a reach buffer takes an answer (a block copy of the core\'s arrays, or the core\'s list of the states reached) give the snapshot\'s answers as soon as the query returns, in any order of queries and reads', () => {
  // Small boards with many states reached take the block copy, the rest the list; one buffer goes
  // through both in turn, sometimes not read at all between queries, sometimes read after other
  // queries (plain and into another buffer) have overwritten the core's list.
  const boards = [12, 70, 12, 40].map((side, k) => Board.fromData(randomBoard('doom2016', 700 + k, { minSide: side, maxSide: side, largeFigures: 2 })));
  const buffer = new ReachBuffer();
  const other = new ReachBuffer();
  let kept: { cost: Int32Array; end: Uint8Array } | null = null;
  let checked = 0;
  let keptChecked = 0;
  for (let k = 0; k < 400; k++) {
    const board = boards[k % 4 === 3 ? 3 : (k >> 3) % 3];
    const f = (k * 7) % board.data.figures.length;
    const mp = (k * 5) % 13;
    board.reach(f, mp, buffer);
    const snapshot = board.reach(f, mp); // a plain query: the core's list is now this one's
    const expected = reachOf(snapshot);
    board.reach((f + 1) % board.data.figures.length, 9, other); // and now another search's
    // Arrays kept from an earlier query of the same size and orientations are the buffer's own:
    // they hold this answer without being read through the buffer again.
    if (kept && kept.cost === buffer.cost) {
      expect(reachOf({ ...buffer, ...kept }), `kept arrays, query ${k}`).toEqual(expected);
      keptChecked++;
    }
    if (k % 3 === 0) continue; // not read: the next query replaces it
    kept = { cost: buffer.cost, end: buffer.end };
    expect(reachOf({ ...buffer }), `query ${k}`).toEqual(expected);
    expect(reachOf(buffer), `query ${k}`).toEqual(expected);
    expect(JSON.stringify(buffer)).toBe(JSON.stringify(snapshot));
    checked++;
  }
  expect(checked).toBeGreaterThan(200);
  expect(keptChecked).toBeGreaterThanOrEqual(100);
});
