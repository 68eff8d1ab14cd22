/**
 * Views of the grid core's output regions for one board size, kept while the Wasm memory and the
 * size stay: made anew for every query they were garbage of their own (and each pointer a call into
 * the Wasm). Read them before the next query: the core writes over them.
 */
import type { CoreExports } from './wasm.ts';

export interface CoreOutput {
  /** The sight map's regions (`core.sightMap`), width × height each. */
  los: Uint8Array;
  cover: Uint8Array;
  range: Int32Array;
  /** The reach regions (`core.reach`) by orientation count − 1: width × height × orientations each. */
  cost: [Int32Array, Int32Array];
  end: [Uint8Array, Uint8Array];
  parent: [Int32Array, Int32Array];
}

/** One cache for the whole module: every board shares the one core, so boards of one size share the views. */
let cached: { buffer: ArrayBuffer; cells: number; views: CoreOutput } | null = null;

export function coreOutput(core: CoreExports, width: number, height: number): CoreOutput {
  const buffer = core.memory.buffer;
  const cells = width * height;
  if (cached?.buffer === buffer && cached.cells === cells) return cached.views;
  const both = <A>(kind: new (b: ArrayBuffer, at: number, length: number) => A, at: number): [A, A] =>
    [new kind(buffer, at, cells), new kind(buffer, at, 2 * cells)];
  const views: CoreOutput = {
    los: new Uint8Array(buffer, core.outLosPtr(), cells),
    cover: new Uint8Array(buffer, core.outCoverPtr(), cells),
    range: new Int32Array(buffer, core.outRangePtr(), cells),
    cost: both(Int32Array, core.reachCostPtr()),
    end: both(Uint8Array, core.reachEndPtr()),
    parent: both(Int32Array, core.reachParentPtr()),
  };
  cached = { buffer, cells, views };
  return views;
}
