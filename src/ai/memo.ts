/**
 * What one AI call computes more than once (issue 39, speed): the same enemy's sight map on the same
 * board for each candidate's plans and again for its stay exposure, the same demon's odds against
 * the same marine for each demon of a card, the same destinations for each movement allowance.
 * Kept for one call only (`memoised`: a hints() answer, an autopilot decision), never across calls:
 * a call costs the same whatever was asked before it, and nothing is kept that a later state could
 * make wrong. Every table holds pure answers (a function of the board's content or of an odds spec),
 * so a memoised call returns exactly what the same call computes without it.
 */
import type { Board } from '../core/board.ts';
import type { BoardData, SightMap } from '../core/types.ts';

/** Entries per table before it is emptied (a searched decision plays rollouts through many positions). */
const TABLE_LIMIT = 1024;
/** Cells a table of per-cell answers (sight maps, ranges) may hold in all: about 24 MB of sight maps. */
const CELL_LIMIT = 1 << 22;

/** How many per-cell answers of a board of `cells` cells a table keeps (a 256×256 board: 64). */
export const perCellLimit = (cells: number) => Math.max(16, Math.min(TABLE_LIMIT, Math.floor(CELL_LIMIT / Math.max(1, cells))));

class Scope {
  readonly tables = new Map<string, Map<string | number, unknown>>();
  readonly within = new WeakMap<object, Map<string, Map<string | number, unknown>>>();
  /** The boards' terrains seen in this call: the key of a terrain is its index here. */
  readonly terrains: Pick<BoardData, 'ruleset' | 'width' | 'height' | 'cells' | 'hEdges' | 'vEdges'>[] = [];
}

let scope: Scope | null = null;

/** Run `fn` as one call: memo() answers are kept until it returns (nested calls share the outer one's). */
export function memoised<T>(fn: () => T): T {
  if (scope) return fn();
  scope = new Scope();
  try {
    return fn();
  } finally {
    scope = null;
  }
}

/**
 * The answer of `compute` under `key` in `table`, computed once per call (each time outside one).
 * `within`: a table of its own per object (e.g. per board, named once by an earlier memo()); `limit`:
 * entries before the table is emptied (default TABLE_LIMIT; emptying only costs recomputation).
 */
export function memo<T>(table: string, key: string | number, compute: () => T, within?: object, limit = TABLE_LIMIT): T {
  if (!scope) return compute();
  let t: Map<string | number, unknown> | undefined;
  if (within) {
    t = scope.within.get(within)?.get(table);
    if (!t) {
      const tables = scope.within.get(within) ?? new Map<string, Map<string | number, unknown>>();
      scope.within.set(within, tables);
      tables.set(table, (t = new Map()));
    }
  } else {
    t = scope.tables.get(table);
    if (!t) scope.tables.set(table, (t = new Map()));
  }
  if (t.has(key)) return t.get(key) as T;
  const v = compute();
  if (t.size >= limit) t.clear();
  t.set(key, v);
  return v;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** The index of the board's terrain (cells and edges) among those seen in this call (call within a scope). */
function terrainOf(d: BoardData): number {
  const terrains = scope!.terrains;
  let t = terrains.findIndex((x) => x.ruleset === d.ruleset && x.width === d.width && x.height === d.height && sameBytes(x.cells, d.cells) && sameBytes(x.hEdges, d.hEdges) && sameBytes(x.vEdges, d.vEdges));
  if (t < 0) {
    if (terrains.length >= 64) terrains.length = 0;
    // Copies: a board may change its arrays in place later (a door opened on a probe board).
    t = terrains.push({ ruleset: d.ruleset, width: d.width, height: d.height, cells: d.cells.slice(), hEdges: d.hEdges.slice(), vEdges: d.vEdges.slice() }) - 1;
  }
  return t;
}

/**
 * A key naming a board's content exactly (terrain and every figure's place, side and teleporting):
 * two boards with the same key answer every query alike. Null outside a call.
 */
export function boardKey(board: Board): string | null {
  if (!scope) return null;
  const d = board.data;
  let k = `${terrainOf(d)}`;
  for (const f of d.figures) k += `|${f.id}\u0000${f.side}\u0000${f.x},${f.y},${f.w},${f.h}${f.teleports ? 't' : ''}`;
  return k;
}

/**
 * `board.sightMap(figure)`, once per call for the same board content (the map is shared: read it only).
 * d20: the LOS half is kept per terrain and space (figures never block LOS, RULES §4), so the
 * planner's boards without one figure or another (hints/plan.ts) share each enemy's LOS and compute
 * only its cover and range (issue 39: LOS was two thirds of a d20 sight map's time).
 */
export function sightMapOf(board: Board, figure: number): SightMap {
  const key = boardKey(board);
  if (key === null) return board.sightMap(figure);
  const d = board.data;
  const limit = perCellLimit(d.width * d.height);
  return memo('sightMap', `${key}#${figure}`, () => {
    if (d.ruleset !== 'd20') return board.sightMap(figure);
    const f = d.figures[figure];
    const losKey = `${terrainOf(d)}#${f.x},${f.y},${f.w},${f.h}`;
    let full: SightMap | null = null;
    const los = memo('losD20', losKey, () => (full = board.sightMap(figure)).los, undefined, limit);
    return (full as SightMap | null) ?? board.sightMapWithLos(figure, los);
  }, undefined, limit);
}
