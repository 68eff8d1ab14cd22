/**
 * The grid bench's Wasm side in a browser page (bench/grid-classes.bench-run.ts, issue 41): the same
 * core, bundled by Vite (bench/browser-module.mjs), holding one board at a time. The timed batches
 * call the bare exports, as the bench's Node rows do; the page's clock times them, so the IPC of
 * asking for a batch is not in its time.
 */
import { Board } from '../src/core/board.ts';
import type { BoardData } from '../src/core/types.ts';
import { getCore, loadCore, type CoreExports } from '../src/core/wasm.ts';

/** A BoardData as plain arrays (what a page's evaluate carries). */
export type PlainBoardData = Omit<BoardData, 'cells' | 'hEdges' | 'vEdges'> & { cells: number[]; hEdges: number[]; vEdges: number[] };

export const plainBoardData = (d: BoardData): PlainBoardData => ({ ...d, cells: [...d.cells], hEdges: [...d.hEdges], vEdges: [...d.vEdges] });

let core: CoreExports;
let board: Board;

/** Load the core (once) and make `plain` its board. */
export async function setBoard(plain: PlainBoardData): Promise<void> {
  await loadCore();
  core = getCore();
  board = Board.fromData({ ...plain, cells: Uint8Array.from(plain.cells), hEdges: Uint8Array.from(plain.hEdges), vEdges: Uint8Array.from(plain.vEdges) });
}

/** Figure `f`'s sight map through the Board API (which makes the board the core's current one), as plain arrays. */
export function sightMap(f: number): { los: number[]; cover: number[]; range: number[] } {
  const m = board.sightMap(f);
  return { los: [...m.los], cover: [...m.cover], range: [...m.range] };
}

/** Figure `f`'s reach costs and end flags through the Board API, as plain arrays. */
export function reach(f: number, mp: number): { cost: number[]; end: number[] } {
  const r = board.reach(f, mp);
  return { cost: [...r.cost], end: [...r.end] };
}

/** ms per call of `calls` bare `core.sightMap(f)` calls (the board current: sightMap or reach asked before). */
export function timeSight(f: number, calls: number): number {
  const t = performance.now();
  for (let i = 0; i < calls; i++) core.sightMap(f);
  return (performance.now() - t) / calls;
}

/** ms per call of `calls` bare `core.reach(f, mp)` calls. */
export function timeReach(f: number, mp: number, calls: number): number {
  const t = performance.now();
  for (let i = 0; i < calls; i++) core.reach(f, mp);
  return (performance.now() - t) / calls;
}
