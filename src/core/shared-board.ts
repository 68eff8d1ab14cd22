/**
 * Boards the rules share for queries. A doom2004 rollout step built three boards (an upload and the
 * core's derived tables each) for the legal commands, a move's route and the exploring after it, and
 * a d20 step nearly as many, though the map is the same from one command to the next and only a
 * figure or two moved. `sharedBoard` keeps one board per slot and hands it out again while the map
 * and the figures (ids, sides, teleporting, order) are the same, its figures moved to where the data
 * has them by the core's incremental update; anything else builds a new one. The answers are a fresh
 * board's (test/core/shared-board.test.ts, and the rules' games against fresh boards).
 *
 * A shared board is only to be queried: whoever moves its figures, opens its doors or adds to it
 * leaves the next caller a board that is not its data. Callers that change a board build their own.
 */
import { Board } from './board.ts';
import type { BoardData, FigureData, Ruleset } from './types.ts';

/** What a shared board is made of: the map as the state keeps it, and the figures where they stand. */
export interface BoardSource {
  ruleset: Ruleset;
  width: number;
  height: number;
  cells: ArrayLike<number>;
  hEdges: ArrayLike<number>;
  vEdges: ArrayLike<number>;
  figures: readonly Pick<FigureData, 'id' | 'side' | 'x' | 'y' | 'w' | 'h'>[];
  /** The side whose figures use active teleporters (doom2016, doom2004 marines), if any. */
  teleporting: string | null;
}

interface Slot {
  board: Board;
  ruleset: string;
  width: number;
  height: number;
  cells: Uint8Array;
  hEdges: Uint8Array;
  vEdges: Uint8Array;
  /** The teleporting side, then each figure's id and side, in order. */
  ids: string;
  /** x, y, w, h of each figure as the board has it. */
  at: Int32Array;
}

/** At most this many slots (the rules use a handful; a caller naming slots freely cannot grow it). */
const MAX_SLOTS = 16;
const slots = new Map<string, Slot>();

/**
 * A board of `source` to query, shared with earlier calls of the same slot (see the module's note).
 * The source is read, never kept: the map is compared with the slot's copy, not rebuilt.
 */
export function sharedBoard(slot: string, source: BoardSource): Board {
  const ids = identities(source);
  const last = slots.get(slot);
  if (last && last.ids === ids && sameMap(last, source) && moveTo(last, source.figures)) return last.board;
  const data = sourceData(source);
  const board = Board.fromData(data);
  if (!last && slots.size >= MAX_SLOTS) slots.delete(slots.keys().next().value!);
  slots.set(slot, {
    board,
    ruleset: data.ruleset,
    width: data.width,
    height: data.height,
    cells: data.cells.slice(),
    hEdges: data.hEdges.slice(),
    vEdges: data.vEdges.slice(),
    ids,
    at: Int32Array.from(data.figures.flatMap((f) => [f.x, f.y, f.w, f.h])),
  });
  return board;
}

/** The board data of a source: the map copied, the figures as the core's. */
export function sourceData(source: BoardSource): BoardData {
  const { teleporting } = source;
  return {
    ruleset: source.ruleset,
    width: source.width,
    height: source.height,
    cells: Uint8Array.from(source.cells),
    hEdges: Uint8Array.from(source.hEdges),
    vEdges: Uint8Array.from(source.vEdges),
    figures: source.figures.map(({ id, side, x, y, w, h }) => (teleporting !== null && side === teleporting ? { id, side, x, y, w, h, teleports: true } : { id, side, x, y, w, h })),
  };
}

function identities(source: BoardSource): string {
  let ids = source.teleporting ?? '';
  for (const f of source.figures) ids += `\u0000${f.id}\u0001${f.side}`;
  return ids;
}

function sameMap(a: Slot, d: BoardSource): boolean {
  return a.ruleset === d.ruleset && a.width === d.width && a.height === d.height && same(a.cells, d.cells) && same(a.hEdges, d.hEdges) && same(a.vEdges, d.vEdges);
}

function same(a: Uint8Array, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Move the slot's figures to `figures`' places; false when the board refuses a move on the way
 * (two figures swapping places: the first moved onto the other) or a figure changed its size — the
 * board is then rebuilt, and the slot's places no longer trusted.
 */
function moveTo(slot: Slot, figures: BoardSource['figures']): boolean {
  const at = slot.at;
  try {
    for (let i = 0; i < figures.length; i++) {
      const f = figures[i];
      const k = i * 4;
      const w = at[k + 2];
      const h = at[k + 3];
      if (at[k] === f.x && at[k + 1] === f.y && w === f.w && h === f.h) continue;
      if ((w !== f.w || h !== f.h) && (w !== f.h || h !== f.w)) return false;
      slot.board.moveFigure(i, f.x, f.y, w !== f.w);
      at[k] = f.x;
      at[k + 1] = f.y;
      at[k + 2] = f.w;
      at[k + 3] = f.h;
    }
    return true;
  } catch {
    return false;
  }
}
