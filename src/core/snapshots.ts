/**
 * Query results the caller keeps, at the cost of what they hold (issue 41). A reach search on a
 * large board reaches a few hundred of its states; copying every state's cost and end flag out of
 * the core cost more than the search. A snapshot copies only the states the search reached (the
 * core's span per orientation, src/core/result-pool.ts) and makes the board-sized arrays the first
 * time `cost` or `end` is read, from that copy: -1 and 0 elsewhere, as the core keeps them. Read,
 * the result is the same ReachMap as ever: own enumerable properties (JSON, spread and
 * structuredClone see the arrays), each array the caller's own.
 */
import { copyOut } from './result-pool.ts';
import type { ReachMap } from './types.ts';
import type { CoreExports } from './wasm.ts';

export function reachSnapshot(core: CoreExports, width: number, height: number, orientations: number): ReachMap {
  const mem = core.memory.buffer;
  const n = orientations * width * height;
  // [first state, costs, end flags] per orientation the search reached.
  const parts: Array<[number, Int32Array, Uint8Array]> = [];
  for (let o = 0; o < orientations; o++) {
    const lo = core.reachSpan(2 * o), hi = core.reachSpan(2 * o + 1);
    if (hi >= lo) parts.push([lo, copyOut(Int32Array, mem, core.reachCostPtr() + 4 * lo, hi - lo + 1), copyOut(Uint8Array, mem, core.reachEndPtr() + lo, hi - lo + 1)]);
  }
  let cost: Int32Array | undefined;
  let end: Uint8Array | undefined;
  return {
    width,
    height,
    orientations,
    get cost() {
      if (!cost) {
        cost = new Int32Array(n).fill(-1);
        for (const [lo, c] of parts) cost.set(c, lo);
      }
      return cost;
    },
    set cost(v) {
      cost = v;
    },
    get end() {
      if (!end) {
        end = new Uint8Array(n);
        for (const [lo, , e] of parts) end.set(e, lo);
      }
      return end;
    },
    set end(v) {
      end = v;
    },
  };
}
