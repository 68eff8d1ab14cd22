/**
 * Loads the grid core once. The `?init` import works in Vite, Vitest and library builds (where
 * the Wasm is inlined into the bundle).
 */
import instantiate from '../../build/core.wasm?init';

export interface CoreExports {
  /** The instance's WebAssembly.Memory (typed by what is read of it: no DOM or WebAssembly library needed). */
  memory: { readonly buffer: ArrayBuffer };
  init(): number;
  maxSide(): number;
  maxFigures(): number;
  cellsPtr(): number;
  hEdgesPtr(): number;
  vEdgesPtr(): number;
  figsPtr(): number;
  outLosPtr(): number;
  outCoverPtr(): number;
  outRangePtr(): number;
  figLosPtr(): number;
  figCoverPtr(): number;
  figRangePtr(): number;
  reachCostPtr(): number;
  reachParentPtr(): number;
  reachEndPtr(): number;
  /** The states the last reach search reached, in the order it settled them, at reachedPtr: state | cost << 17 | end << 29. */
  reachCount(): number;
  reachedPtr(): number;
  /** Slots of reach answers for ReachBuffers (assembly/reach-slots.ts): a free slot or -1, its release, its arrays, and a search into it (its orientation count). */
  reachSlotTake(): number;
  reachSlotRelease(k: number): void;
  reachSlotCostPtr(k: number): number;
  reachSlotEndPtr(k: number): number;
  reachInto(f: number, mp: number, k: number): number;
  infoPtr(): number;
  /** State regions: 0 owner, 1 teleporters, 2–4 steps, 5 cover cells, 6–7 rays, 8–9 outline, 10 large-figure cells. */
  statePtr(k: number): number;
  teleporterCount(): number;
  placeFigure(f: number, x: number, y: number, w: number, h: number, side: number, teleports: number): void;
  dropFigure(f: number): void;
  setEdge(horizontal: number, index: number, kind: number): void;
  threatMap(side: number, w: number, h: number, ignore: number): number;
  /** 0 LOS bits, 1 ranges, 2 enemies, 3 stand (1/0 per cell; after the ranges, which follow the LOS bits); 4 the words per cell. */
  threatPtr(k: number): number;
  restoreScalars(w: number, h: number, ruleset: number, nfig: number, ntele: number): void;
  setBoard(w: number, h: number, ruleset: number): void;
  commit(nfig: number): void;
  lineTest(
    px: number, py: number, qx: number, qy: number, mask: number, mode: number, flags: number,
    ax: number, ay: number, aw: number, ah: number, tx: number, ty: number, tw: number, th: number,
  ): number;
  sightMap(f: number): void;
  losMap(f: number): void;
  rangeMap(f: number): void;
  /** d20: cover and range from figure f, the LOS map given in OUT_LOS (a sightMap's of the same terrain and space). */
  sightMapCoverD20(f: number): void;
  sightToFigures(f: number): void;
  sight(f: number, t: number): number;
  reach(f: number, mp: number): number;
}

let core: CoreExports | null = null;
let loading: Promise<CoreExports> | null = null;

/** Load and initialise the Wasm grid core (once; later calls return the same instance). */
export function loadCore(): Promise<CoreExports> {
  loading ??= instantiate({}).then((instance) => {
    const exports = instance.exports as unknown as CoreExports;
    if (exports.init() !== 0) throw new Error('doom-board: the grid core could not reserve its memory');
    core = exports;
    return exports;
  });
  return loading;
}

/** The loaded core; throws a clear error when `loadCore()` has not finished. */
export function getCore(): CoreExports {
  if (!core) throw new Error('doom-board: call `await loadCore()` before creating boards');
  return core;
}
