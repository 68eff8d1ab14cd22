/**
 * The grid core's view of a doom2016 state: a board built from it, and the one board the rules
 * share for queries. Apart from state.ts so that the round's geometry (round.ts → geometry.ts) can
 * use it without importing the state module that starts the round.
 */
import { Board } from '../../core/board.ts';
import type { BoardData } from '../../core/types.ts';
import type { Doom2016State } from './types.ts';

/**
 * The grid core's view of the state, shared and only to be queried, never changed: the board of the
 * last call while the map and the figures (ids, sides, order) are the same, its figures moved to
 * where the state has them. The legal commands, a move's path and an attack's sight each built a
 * board of their own (an upload and the core's derived tables): a third of the autopilot's rollouts.
 */
export function queryBoardOf(s: Doom2016State): Board {
  const { cells, hEdges, vEdges } = s.board;
  let ids = s.marineSide;
  for (const f of s.figures) ids += `\u0000${f.id}\u0001${f.side}`;
  const last = shared;
  if (last && last.ids === ids && same(last.cells, cells) && same(last.hEdges, hEdges) && same(last.vEdges, vEdges)) {
    try {
      s.figures.forEach((f, i) => {
        const at = last.at;
        const k = i * 4;
        const w = at[k + 2];
        const h = at[k + 3];
        if (at[k] === f.x && at[k + 1] === f.y && w === f.w && h === f.h) return;
        if ((w !== f.w || h !== f.h) && (w !== f.h || h !== f.w)) throw new Error('resized');
        last.board.moveFigure(i, f.x, f.y, w !== f.w);
        at[k] = f.x;
        at[k + 1] = f.y;
        at[k + 2] = f.w;
        at[k + 3] = f.h;
      });
      return last.board;
    } catch {
      // A move the board refuses on the way (two figures swapping places): built again below.
      shared = null;
    }
  }
  const board = boardOf(s);
  shared = { board, ids, at: Int32Array.from(s.figures.flatMap((f) => [f.x, f.y, f.w, f.h])), cells: Uint8Array.from(cells), hEdges: Uint8Array.from(hEdges), vEdges: Uint8Array.from(vEdges) };
  return board;
}
let shared: { board: Board; ids: string; at: Int32Array; cells: Uint8Array; hEdges: Uint8Array; vEdges: Uint8Array } | null = null;
function same(a: Uint8Array, b: number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The grid core's view of the state (marines use active teleporters); a board of its own, which the caller may change. */
export function boardOf(s: Doom2016State, without: string[] = []): Board {
  const data: BoardData = {
    ruleset: 'doom2016',
    width: s.board.width,
    height: s.board.height,
    cells: Uint8Array.from(s.board.cells),
    hEdges: Uint8Array.from(s.board.hEdges),
    vEdges: Uint8Array.from(s.board.vEdges),
    figures: s.figures.filter((f) => !without.includes(f.id)).map(({ id, side, x, y, w, h }) => ({ id, side, x, y, w, h, teleports: side === s.marineSide })),
  };
  return Board.fromData(data);
}
