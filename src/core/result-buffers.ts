/**
 * Caller-owned query results for inner loops. `board.reach(f, mp, buffer)` and `board.sightMap(f,
 * buffer)` put the answer in the buffer's arrays and return the buffer itself, where a plain query
 * copies it into new arrays: fresh memory per result, which cost JavaScript more than a small
 * reach search itself (issue 23). A sight map is copied in; a reach search writes its answer
 * straight into the buffer's slot of the core's memory, which its arrays view (issue 41). The
 * answer in a buffer stays valid until the next query into that buffer. A buffer takes the size of
 * the board it serves: its arrays stay the same while the board size (and for reach the
 * orientation count) does, and are made anew when it changes (and, for reach, when the core's
 * memory grows: read a reach buffer's arrays through the buffer after another query).
 */
import type { ReachMap, SightMap } from './types.ts';
import type { CoreExports } from './wasm.ts';

/**
 * The methods the Board calls to put an answer in (reach: to run the search), one per kind
 * (another kind of buffer has none: a TypeError, not a wrong answer). Registered symbols: the
 * on-demand AI module carries its own copy of this file (the main bundle, at its size budget,
 * leaves it out), and its buffers must still fit the main module's Board.
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

// A reach buffer's cost and end: getters, as a slot's views are made again after the memory grows,
// and the buffer's own (enumerable) ones, as a snapshot's fields are, so { ...buffer } has them.
const answerFields: PropertyDescriptorMap = {
  cost: { enumerable: true, get(this: ReachBuffer) { return this[viewed]()[0]; } },
  end: { enumerable: true, get(this: ReachBuffer) { return this[viewed]()[1]; } },
};
const viewed = Symbol('viewed');

// A collected buffer's slot back to the core (its answer cleared there).
const slots = new FinalizationRegistry<{ core: CoreExports; k: number }>((held) => held.core.reachSlotRelease(held.k));

/**
 * A reach result to fill again and again (see the module's comment); read it like any ReachMap.
 * Issue 41: its arrays are views of a slot of the core's memory (assembly/reach-slots.ts), where
 * the core writes each answer itself, so read them through the buffer after each query: a threat
 * map of a larger board grows that memory, which detaches views made before (the buffer makes its
 * own again). With every slot taken (8 live buffers) a buffer keeps arrays of its own.
 */
export class ReachBuffer implements ReachMap {
  width = 0;
  height = 0;
  orientations = 1;
  /** The arrays returned: per orientation count − 1, views of one storage (made per size, and per memory for a slot). */
  private own: Array<[Int32Array, Uint8Array]> = [];
  private arrays: [Int32Array, Uint8Array] = [new Int32Array(0), new Uint8Array(0)];
  /** The core whose slot `slot` this buffer holds (-1: none there, arrays of its own). */
  private slotCore: CoreExports | null = null;
  private slot = -1;
  private viewsOf: ArrayBuffer | null = null;
  /** Without a slot: the core's list of the states reached (views made per size and memory). */
  private list: Int32Array = new Int32Array(0);
  private from: Array<[Int32Array, Uint8Array]> = [];
  /** What the own arrays hold besides -1 and 0: anything in the states below `wholeTo`, and the `writtenCount` states listed in `written`. */
  private wholeTo = 0;
  private written: Int32Array = new Int32Array(0);
  private writtenCount = 0;

  /** Defined per buffer (answerFields). */
  declare readonly cost: Int32Array;
  declare readonly end: Uint8Array;

  constructor() {
    Object.defineProperties(this, answerFields);
  }

  /** The answer alone, as a snapshot gives it to JSON.stringify (not the buffer's bookkeeping). */
  toJSON(): ReachMap {
    return { width: this.width, height: this.height, orientations: this.orientations, cost: this.cost, end: this.end };
  }

  /** Figure i's reach within mp on the width × height board the core holds, into this buffer. */
  [fillReach](core: CoreExports, i: number, mp: number, width: number, height: number): this {
    const n = width * height;
    if (this.slotCore !== core) this.takeSlot(core);
    const resized = width !== this.width || height !== this.height;
    this.width = width;
    this.height = height;
    if (this.slot >= 0) {
      this.orientations = core.reachInto(i, mp, this.slot);
      if (resized || this.viewsOf !== bufferOf(core)) this.viewSlot(core);
    } else {
      this.orientations = core.reach(i, mp);
      if (resized || this.own.length === 0) this.ownArrays(n);
      this.copyIn(core, n, this.orientations);
    }
    this.arrays = this.own[this.orientations - 1];
    return this;
  }

  /** The arrays, made again first when a grown memory detached a slot's views. */
  [viewed](): [Int32Array, Uint8Array] {
    const a = this.arrays;
    if (a[0].length !== 0 || this.slot < 0 || this.width === 0) return a;
    this.viewSlot(this.slotCore!);
    return (this.arrays = this.own[this.orientations - 1]);
  }

  private takeSlot(core: CoreExports): void {
    if (this.slotCore && this.slot >= 0) {
      slots.unregister(this);
      this.slotCore.reachSlotRelease(this.slot);
    }
    this.slotCore = core;
    this.slot = core.reachSlotTake();
    this.own = [];
    this.width = this.height = 0;
    if (this.slot >= 0) slots.register(this, { core, k: this.slot }, this);
  }

  private viewSlot(core: CoreExports): void {
    const memory = (this.viewsOf = bufferOf(core));
    const n = this.width * this.height;
    const cost = core.reachSlotCostPtr(this.slot), end = core.reachSlotEndPtr(this.slot);
    this.own = [[new Int32Array(memory, cost, n), new Uint8Array(memory, end, n)], [new Int32Array(memory, cost, 2 * n), new Uint8Array(memory, end, 2 * n)]];
  }

  private ownArrays(n: number): void {
    const cost = new Int32Array(2 * n).fill(-1);
    const end = new Uint8Array(2 * n);
    this.own = [[cost.subarray(0, n), end.subarray(0, n)], [cost, end]];
    this.written = new Int32Array(2 * n);
    this.writtenCount = 0;
    this.wholeTo = 0;
  }

  /**
   * Without a slot, two ways to take the answer, whichever costs less here. A block copy of the
   * core's arrays costs about a sixteenth of writing one listed state in JavaScript: taken when
   * the search reached more than a sixteenth of the states of a small board (the core keeps -1 and
   * 0 elsewhere). Else the states the last answer wrote go back to -1 and 0 and the core's list of
   * the states reached (state | cost << 17 | end << 29, assembly/reach.ts) is written in.
   */
  private copyIn(core: CoreExports, n: number, orientations: number): void {
    const memory = bufferOf(core);
    if (this.list.buffer !== memory || this.list.length !== 2 * n) {
      this.list = new Int32Array(memory, core.reachedPtr(), 2 * n);
      this.from = [n, 2 * n].map((k) => [new Int32Array(memory, core.reachCostPtr(), k), new Uint8Array(memory, core.reachEndPtr(), k)]);
    }
    const count = core.reachCount();
    const states = orientations * n;
    if (states <= 4096 && states < 16 * count) {
      const from = this.from[orientations - 1], own = this.own[orientations - 1];
      own[0].set(from[0]);
      own[1].set(from[1]);
      this.wholeTo = Math.max(this.wholeTo, states);
    } else {
      this.writeList(count);
    }
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
