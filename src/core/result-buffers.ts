/**
 * Caller-owned query results for inner loops. `board.reach(f, mp, buffer)` and `board.sightMap(f,
 * buffer)` copy the answer into the buffer's arrays and return the buffer itself, where a plain
 * query copies it into new arrays: fresh memory per result, which cost JavaScript more than a
 * small reach search itself (issue 23). The answer in a buffer stays valid until the next query
 * into that buffer. A buffer takes the size of the board it serves: its arrays stay the same while
 * the board size (and for reach the orientation count) does, and are made anew when it changes.
 */
import type { ReachMap, SightMap } from './types.ts';
import type { CoreExports } from './wasm.ts';

/**
 * The methods the Board calls to write an answer in, one per kind (another kind of buffer has
 * none: a TypeError, not a wrong answer). Registered symbols: the on-demand AI module carries its
 * own copy of this file (the main bundle, at its size budget, leaves it out), and its buffers must
 * still fit the main module's Board.
 */
export const fillReach: unique symbol = Symbol.for('doom-board.fill-reach') as never;
export const fillSight: unique symbol = Symbol.for('doom-board.fill-sight') as never;

// The core's memory buffer, kept while the memory does not grow (a grow detaches it: byteLength 0):
// the getter cost 0.1–0.3 µs a call. Its own copy of src/core/core-buffer.ts, as this file is the
// AI module's own (an import from the main module would have to be one of its public names).
let kept: ArrayBuffer | null = null;
let keptOf: CoreExports | null = null;
function bufferOf(core: CoreExports): ArrayBuffer {
  if (keptOf !== core || !kept || kept.byteLength === 0) {
    kept = core.memory.buffer;
    keptOf = core;
  }
  return kept;
}

/** A reach result to fill again and again (see the module's comment); read it like any ReachMap. */
export class ReachBuffer implements ReachMap {
  width = 0;
  height = 0;
  orientations = 1;
  cost: Int32Array = new Int32Array(0);
  end: Uint8Array = new Uint8Array(0);
  /** Per orientation count − 1: the arrays returned, and the core's (views made per size, not per query). */
  private own: Array<[Int32Array, Uint8Array]> = [];
  private from: Array<[Int32Array, Uint8Array]> = [];
  /** The state ranges last written (first, last, …): all else holds -1 and 0, as the core keeps it. */
  private written: number[] = [];

  /** The answer of the reach search the core has just run on a width × height board. */
  [fillReach](core: CoreExports, width: number, height: number, orientations: number): this {
    const memory = bufferOf(core);
    const n = width * height;
    if (width !== this.width || height !== this.height) {
      const cost = new Int32Array(2 * n).fill(-1);
      const end = new Uint8Array(2 * n);
      this.own = [[cost.subarray(0, n), end.subarray(0, n)], [cost, end]];
      this.from = [];
      this.written = [];
      this.width = width;
      this.height = height;
    }
    if (this.from[0]?.[0].buffer !== memory) this.from = [n, 2 * n].map((k) => [new Int32Array(memory, core.reachCostPtr(), k), new Uint8Array(memory, core.reachEndPtr(), k)]);
    const [cost, end] = this.own[orientations - 1];
    const [coreCost, coreEnd] = this.from[orientations - 1];
    // Large boards (issue 41): clear what the last answer wrote and copy only the states this search
    // reached (the core's spans); a small board is copied whole, cheaper than the range views.
    if (n <= 4096) {
      cost.set(coreCost);
      end.set(coreEnd);
    } else {
      const [all, allEnd] = this.own[1];
      for (let k = 0; k < this.written.length; k += 2) {
        all.fill(-1, this.written[k], this.written[k + 1] + 1);
        allEnd.fill(0, this.written[k], this.written[k + 1] + 1);
      }
      this.written = [];
      for (let o = 0; o < orientations; o++) {
        // The states the search may have written, per orientation (range 0 may end in the first
        // word of orientation 1: within the array when there are two, else cut at its end).
        const lo = core.reachSpan(2 * o), hi = Math.min(core.reachSpan(2 * o + 1), orientations * n - 1);
        if (hi < lo) continue;
        cost.set(coreCost.subarray(lo, hi + 1), lo);
        end.set(coreEnd.subarray(lo, hi + 1), lo);
        this.written.push(lo, hi);
      }
    }
    this.orientations = orientations;
    this.cost = cost;
    this.end = end;
    return this;
  }
}

/** A sight map to fill again and again (see the module's comment); read it like any SightMap. */
export class SightBuffer implements SightMap {
  los: Uint8Array = new Uint8Array(0);
  cover: Uint8Array = new Uint8Array(0);
  range: Int32Array = new Int32Array(0);
  /** The core's los, cover and range (views made per size, not per query). */
  private from: [Uint8Array, Uint8Array, Int32Array] | null = null;

  /** The answer of the sight map the core has just computed on a width × height board. */
  [fillSight](core: CoreExports, width: number, height: number): this {
    const memory = bufferOf(core);
    const n = width * height;
    if (n !== this.los.length) {
      this.los = new Uint8Array(n);
      this.cover = new Uint8Array(n);
      this.range = new Int32Array(n);
      this.from = null;
    }
    if (this.from?.[0].buffer !== memory) this.from = [new Uint8Array(memory, core.outLosPtr(), n), new Uint8Array(memory, core.outCoverPtr(), n), new Int32Array(memory, core.outRangePtr(), n)];
    this.los.set(this.from[0]);
    this.cover.set(this.from[1]);
    this.range.set(this.from[2]);
    return this;
  }
}
