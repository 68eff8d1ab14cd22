/**
 * Reach results the caller keeps, at the cost of what they hold (issue 41). A reach search on a
 * large board reaches a few hundred of its states; copying every state's cost and end flag out of
 * the core cost more than the search. The core lists the states it reached as it settles them, one
 * i32 each (state | cost << 17 | end << 29, assembly/reach.ts REACHED): a snapshot copies that list
 * into the result pool and makes the board-sized arrays the first time `cost` or `end` is read (-1
 * and 0 elsewhere, as the core keeps them). The arrays are read through getters (as a class's,
 * which V8 builds in nanoseconds; an object literal with accessors took microseconds), so `{ ...r }`
 * and structuredClone do not carry them: copy them (`r.cost.slice()`) to post a result to a worker;
 * JSON.stringify does (toJSON).
 */
import { coreBuffer } from './core-buffer.ts';
import { stash, stashed, type Stashed } from './result-pool.ts';
import type { ReachMap } from './types.ts';
import type { CoreExports } from './wasm.ts';

export class ReachSnapshot implements ReachMap {
  readonly width: number;
  readonly height: number;
  readonly orientations: number;
  /** The states reached (the core's list, stashed) and how many. */
  #reached: Stashed;
  #count: number;
  #cost: Int32Array | undefined;
  #end: Uint8Array | undefined;

  constructor(core: CoreExports, width: number, height: number, orientations: number) {
    this.width = width;
    this.height = height;
    this.orientations = orientations;
    this.#count = core.reachCount();
    this.#reached = stash(coreBuffer(core), core.reachedPtr(), 4 * this.#count);
  }

  get cost(): Int32Array {
    if (!this.#cost) {
      const cost = new Int32Array(this.orientations * this.width * this.height).fill(-1);
      const list = stashed(Int32Array, this.#reached, this.#count);
      for (let k = 0; k < list.length; k++) cost[list[k] & 0x1ffff] = (list[k] >>> 17) & 0xfff;
      this.#cost = cost;
    }
    return this.#cost;
  }

  set cost(v: Int32Array) {
    this.#cost = v;
  }

  get end(): Uint8Array {
    if (!this.#end) {
      const end = new Uint8Array(this.orientations * this.width * this.height);
      const list = stashed(Int32Array, this.#reached, this.#count);
      for (let k = 0; k < list.length; k++) end[list[k] & 0x1ffff] = list[k] >>> 29;
      this.#end = end;
    }
    return this.#end;
  }

  set end(v: Uint8Array) {
    this.#end = v;
  }

  toJSON(): ReachMap {
    return { width: this.width, height: this.height, orientations: this.orientations, cost: this.cost, end: this.end };
  }
}
