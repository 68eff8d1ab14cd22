/**
 * Reach results the caller keeps, at the cost of what they hold (issue 41). A reach search on a
 * large board reaches a few hundred of its states; copying every state's cost and end flag out of
 * the core cost more than the search. A snapshot copies only the states the search reached (the
 * core's span per orientation, assembly/reach.ts reachSpan) into the result pool, and makes the
 * board-sized arrays the first time `cost` or `end` is read: -1 and 0 elsewhere, as the core keeps
 * them. The arrays are read through getters (as a class's, which V8 builds in nanoseconds; an
 * object literal with accessors took microseconds), so `{ ...r }` and structuredClone do not carry
 * them: copy them (`r.cost.slice()`) to post a result to a worker; JSON.stringify does (toJSON).
 */
import { stash, stashed, type Stashed } from './result-pool.ts';
import type { ReachMap } from './types.ts';
import type { CoreExports } from './wasm.ts';

export class ReachSnapshot implements ReachMap {
  readonly width: number;
  readonly height: number;
  readonly orientations: number;
  /** Per orientation reached: first state, last state, where its costs and its end flags were stashed. */
  #spans: Array<[number, number, Stashed, Stashed]>;
  #cost: Int32Array | undefined;
  #end: Uint8Array | undefined;

  constructor(core: CoreExports, width: number, height: number, orientations: number) {
    this.width = width;
    this.height = height;
    this.orientations = orientations;
    const spans: Array<[number, number, Stashed, Stashed]> = [];
    const mem = core.memory.buffer;
    for (let o = 0; o < orientations; o++) {
      const lo = core.reachSpan(2 * o), hi = core.reachSpan(2 * o + 1);
      if (hi >= lo) spans.push([lo, hi, stash(mem, core.reachCostPtr() + 4 * lo, 4 * (hi - lo + 1)), stash(mem, core.reachEndPtr() + lo, hi - lo + 1)]);
    }
    this.#spans = spans;
  }

  get cost(): Int32Array {
    if (!this.#cost) {
      const cost = new Int32Array(this.orientations * this.width * this.height).fill(-1);
      for (const [lo, hi, at] of this.#spans) cost.set(stashed(Int32Array, at, hi - lo + 1), lo);
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
      for (const [lo, hi, , at] of this.#spans) end.set(stashed(Uint8Array, at, hi - lo + 1), lo);
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
