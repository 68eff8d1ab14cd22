/**
 * What one AI call computes more than once (issue 39, speed): the same enemy's sight map on the same
 * board for each candidate's plans and again for its stay exposure, the same demon's odds against
 * the same marine for each demon of a card, the same destinations for each movement allowance.
 * Kept for one call only (`memoised`: a hints() answer, an autopilot decision), never across calls,
 * and nothing is kept that a later state could make wrong. Every table holds pure answers (a function
 * of the board's content or of an odds spec), so a memoised call returns exactly what the same call
 * computes without it. Kept across calls, because a pure function of their key alone: d20 LOS maps
 * (the terrain and the figure's space, RULES §4; `losCache`) and `lasting()` tables (doom2004 odds by
 * their spec); so a call may cost less after another, never answer differently.
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
  readonly terrains: Terrain[] = [];
}

type Terrain = Pick<BoardData, 'ruleset' | 'width' | 'height' | 'cells' | 'hEdges' | 'vEdges'>;

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

const lastingTables = new Map<string, Map<string, unknown>>();

/**
 * The answer of `compute` under `key` in `table`, kept across calls (inside one: outside, computed
 * each time; `limit` entries before the table is emptied). Only for answers that are a function of
 * the key alone: an odds spec's text, never a board or a state (issue 39: a turn's decisions and the
 * hints after them ask the same odds again).
 */
export function lasting<T>(table: string, key: string, compute: () => T, limit = TABLE_LIMIT): T {
  if (!scope) return compute();
  let t = lastingTables.get(table);
  if (!t) lastingTables.set(table, (t = new Map()));
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

const sameTerrain = (x: Terrain, d: Terrain) =>
  x.ruleset === d.ruleset && x.width === d.width && x.height === d.height && sameBytes(x.cells, d.cells) && sameBytes(x.hEdges, d.hEdges) && sameBytes(x.vEdges, d.vEdges);
// Copies: a board may change its arrays in place later (a door opened on a probe board).
const terrainCopy = (d: Terrain): Terrain => ({ ruleset: d.ruleset, width: d.width, height: d.height, cells: d.cells.slice(), hEdges: d.hEdges.slice(), vEdges: d.vEdges.slice() });

/** The index of the board's terrain (cells and edges) among those seen in this call (call within a scope). */
function terrainOf(d: BoardData): number {
  const terrains = scope!.terrains;
  let t = terrains.findIndex((x) => sameTerrain(x, d));
  if (t < 0) {
    if (terrains.length >= 64) terrains.length = 0;
    t = terrains.push(terrainCopy(d)) - 1;
  }
  return t;
}

/**
 * d20 LOS maps by terrain (the latest few, most recent first) and the figure's space, kept across
 * calls: a side's phase plans every activation against the same enemies on the same terrain, and
 * the enemies' LOS maps were two thirds of the planning's sight-map time (issue 39). A door opened
 * or a board changed is another terrain: its maps are computed anew.
 */
const losCache: { terrain: Terrain; maps: Map<string, Uint8Array> }[] = [];
const LOS_TERRAINS = 4;

function losMaps(d: BoardData): Map<string, Uint8Array> {
  const at = losCache.findIndex((x) => sameTerrain(x.terrain, d));
  const entry = at >= 0 ? losCache.splice(at, 1)[0] : { terrain: terrainCopy(d), maps: new Map<string, Uint8Array>() };
  losCache.unshift(entry);
  if (losCache.length > LOS_TERRAINS) losCache.length = LOS_TERRAINS;
  return entry.maps;
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
 * d20: the LOS half comes from `losCache` when a board of the same terrain had the figure in the same
 * space (figures never block LOS, RULES §4): the planner's boards without one figure or another
 * (hints/plan.ts) and the decisions of a phase share each enemy's LOS, and the core computes only
 * cover and range (Board.sightMapWithLos).
 */
export function sightMapOf(board: Board, figure: number): SightMap {
  const key = boardKey(board);
  if (key === null) return board.sightMap(figure);
  const d = board.data;
  const limit = perCellLimit(d.width * d.height);
  return memo('sightMap', `${key}#${figure}`, () => {
    if (d.ruleset !== 'd20') return board.sightMap(figure);
    const f = d.figures[figure];
    const maps = losMaps(d);
    const space = `${f.x},${f.y},${f.w},${f.h}`;
    const los = maps.get(space);
    if (los) return board.sightMapWithLos(figure, los);
    const map = board.sightMap(figure);
    if (maps.size >= limit) maps.clear();
    maps.set(space, map.los.slice()); // its own bytes: a pooled result keeps its whole pool alive (core/result-pool.ts)
    return map;
  }, undefined, limit);
}
