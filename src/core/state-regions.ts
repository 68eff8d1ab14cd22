/**
 * Where a board's state lives in Wasm memory: what a board taking its turn in the one core saves
 * and restores (board.ts) instead of uploading and rebuilding it.
 */
import type { BoardData } from './types.ts';
import type { CoreExports } from './wasm.ts';

/** The regions of Wasm memory that make up a board's state, with their length in bytes. */
export function stateRegions(core: CoreExports, d: BoardData, ntele: number): Array<[number, number]> {
  const { width: w, height: h } = d;
  const n = w * h;
  const hEdges = (h + 1) * w;
  const vEdges = h * (w + 1);
  const corners = (w + 1) * (h + 1);
  // cells, edges, figures, then the core's regions by number (see statePtr).
  return [
    [core.cellsPtr(), n], [core.hEdgesPtr(), hEdges], [core.vEdgesPtr(), vEdges], [core.figsPtr(), 32 * d.figures.length],
    ...[4 * n, 4 * ntele, n, n, n, n, corners, corners, hEdges, vEdges, n].map((len, k): [number, number] => [core.statePtr(k), len]),
  ];
}
