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
  /** Per orientation count − 1: the arrays returned (views of one storage, made per size, not per query). */
  private own: Array<[Int32Array, Uint8Array]> = [];
  /** The core's cost and end arrays per orientation count − 1, and its list of the states reached (views made per size and memory). */
  private from: Array<[Int32Array, Uint8Array]> = [];
  private list: Int32Array = new Int32Array(0);
  /** What the arrays hold besides -1 and 0: anything in the states below `wholeTo`, and the `writtenCount` states listed in `written`. */
  private wholeTo = 0;
  private written: Int32Array = new Int32Array(0);
  private writtenCount = 0;

  /** The answer alone, as a snapshot gives it to JSON.stringify (not the buffer's bookkeeping). */
  toJSON(): ReachMap {
    return { width: this.width, height: this.height, orientations: this.orientations, cost: this.cost, end: this.end };
  }

  /** The answer of the reach search the core has just run on a width × height board. */
  [fillReach](core: CoreExports, width: number, height: number, orientations: number): this {
    const memory = bufferOf(core);
    const n = width * height;
    if (width !== this.width || height !== this.height) {
      const cost = new Int32Array(2 * n).fill(-1);
      const end = new Uint8Array(2 * n);
      this.own = [[cost.subarray(0, n), end.subarray(0, n)], [cost, end]];
      this.written = new Int32Array(2 * n);
      this.writtenCount = 0;
      this.wholeTo = 0;
      this.width = width;
      this.height = height;
    }
    if (this.list.buffer !== memory || this.list.length !== 2 * n) {
      this.list = new Int32Array(memory, core.reachedPtr(), 2 * n);
      this.from = [n, 2 * n].map((k) => [new Int32Array(memory, core.reachCostPtr(), k), new Uint8Array(memory, core.reachEndPtr(), k)]);
    }
    // Index, not destructure: an array pattern runs the iterator protocol.
    const own = this.own[orientations - 1];
    const cost = own[0], end = own[1];
    this.orientations = orientations;
    this.cost = cost;
    this.end = end;
    // Issue 41: two ways to take the answer, whichever costs less here. A block copy of the core's
    // arrays costs about a sixteenth of writing one listed state in JavaScript: taken when the
    // search reached more than a sixteenth of the states of a small board (the core keeps -1 and
    // 0 elsewhere). Else the states the last answer wrote go back to -1 and 0 and the core's list
    // of the states reached (state | cost << 17 | end << 29, assembly/reach.ts) is written in:
    // the work is the two answers' sizes, not the board's, and the arrays hold the answer as soon
    // as the query returns (a buffer's user may keep the arrays themselves between queries).
    const count = core.reachCount();
    const states = orientations * n;
    if (states <= 4096 && states < 16 * count) {
      const from = this.from[orientations - 1];
      cost.set(from[0]);
      end.set(from[1]);
      this.wholeTo = Math.max(this.wholeTo, states);
    } else {
      this.writeList(count);
    }
    return this;
  }

  /** The core's list into the arrays: the states held before back to -1 and 0, the listed ones written. */
  private writeList(count: number): void {
    const all = this.own[1][0], allEnd = this.own[1][1];
    if (this.wholeTo > 0) {
      all.fill(-1, 0, this.wholeTo);
      allEnd.fill(0, 0, this.wholeTo);
      this.wholeTo = 0;
    }
    const written = this.written;
    for (let k = 0; k < this.writtenCount; k++) {
      const s = written[k];
      all[s] = -1;
      allEnd[s] = 0;
    }
    const list = this.list;
    for (let k = 0; k < count; k++) {
      const v = list[k];
      const s = v & 0x1ffff;
      all[s] = (v >>> 17) & 0xfff;
      allEnd[s] = v >>> 29;
      written[k] = s;
    }
    this.writtenCount = count;
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
