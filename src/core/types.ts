/**
 * The data model shared by the Wasm-backed `Board` and the TypeScript reference.
 *
 * Geometry follows RULES.md §1: x grows right, y grows down, cell (x,y) is the unit square
 * [x,x+1]×[y,y+1]. Points handed across the API are in *doubled* integer coordinates:
 * corner (X,Y) is (2X,2Y), the centre of cell (x,y) is (2x+1,2y+1).
 */

export type Ruleset = 'doom2016' | 'doom2004' | 'd20';
export const RULESETS: readonly Ruleset[] = ['doom2016', 'doom2004', 'd20'];

/** Edge kinds, stored as these codes in `hEdges` / `vEdges`. */
export const EdgeKind = { none: 0, wall: 1, door: 2, blocking: 3, impassable: 4 } as const;
export type EdgeKindName = keyof typeof EdgeKind;
export const EDGE_KIND_NAMES: readonly EdgeKindName[] = ['none', 'wall', 'door', 'blocking', 'impassable'];

/** Cell feature bits, OR-ed together in `cells`. */
export const Cell = {
  on: 1, // the cell is on the map (not void)
  difficult: 2,
  obstacle: 4, // doom2004 blocking obstacle
  barrel: 8, // doom2004 exploding barrel (blocks like an obstacle)
  lowObject: 16, // d20 low objects
  teleporter: 32, // an *active* teleporter
  hazard: 64, // doom2004 damaging obstacle (no geometric effect)
} as const;

/** A figure as the grid core sees it: a rectangle of cells and a side. */
export interface FigureData {
  id: string;
  /** Figures on the same side are friendly, on different sides hostile. */
  side: string;
  x: number;
  y: number;
  w: number;
  h: number;
  /** The side that may use active teleporters as adjacent spaces (doom2016 marines). */
  teleports?: boolean;
}

/**
 * A validated, normalised board: what `parseBoard` produces and both implementations consume.
 * The map border and every edge touching a void cell are already `wall`.
 */
export interface BoardData {
  ruleset: Ruleset;
  width: number;
  height: number;
  /** width*height cell feature bits, index y*width+x. */
  cells: Uint8Array;
  /** (height+1)*width horizontal edges: index Y*width+x is the edge on line y=Y above cell (x,Y). */
  hEdges: Uint8Array;
  /** height*(width+1) vertical edges: index y*(width+1)+X is the edge on line x=X left of cell (X,y). */
  vEdges: Uint8Array;
  figures: FigureData[];
}

/** Which clause of RULES §1.1 blocked a line. */
export type Clause = '1.1.1' | '1.1.2' | '1.1.3' | '1.1.4';

/**
 * What blocks a line by clause 1.1.1: an edge kind, or `'difficult'` — an edge of the outline of
 * difficult terrain (between a difficult and a non-difficult space), which blocks doom2016 cover
 * lines only (RULES §2.1).
 */
export type LineEdgeKind = EdgeKindName | 'difficult';

/** What stopped a line: an edge (by its two end corners), a corner, or a cell. */
export type Blocker =
  | { clause: '1.1.1'; edge: { x1: number; y1: number; x2: number; y2: number }; kind: LineEdgeKind }
  | { clause: '1.1.2'; corner: { x: number; y: number } }
  | { clause: '1.1.3'; cell: { x: number; y: number } }
  | { clause: '1.1.4'; corner: { x: number; y: number }; edge: { x1: number; y1: number; x2: number; y2: number }; kind: EdgeKindName };

/** One tested line in doubled coordinates with its verdict. */
export interface TestedLine {
  from: { x: number; y: number };
  to: { x: number; y: number };
  blocked: boolean;
  blocker?: Blocker;
}

/** The answer to "can A see B, is B in cover, how far is it", with the lines that decide it. */
export interface SightAnswer {
  los: boolean;
  /** doom2016 and d20 only; always false for doom2004. */
  cover: boolean;
  /** Range in spaces (doom2016/doom2004) or distance (d20); -1 when no path exists. */
  range: number;
}

export interface SightExplanation extends SightAnswer {
  /** The lines tried for LOS (all of them when LOS fails, up to the first clear one otherwise). */
  losLines: TestedLine[];
  /** For cover: per attacker corner that has LOS, the lines to every defender corner. */
  coverLines: TestedLine[];
  /** A one-line reason citing the rule. */
  summary: string;
}

/**
 * Per-cell results of one figure's sight: index y*width+x. Each array of a query result is the
 * caller's own copy, which no later query changes; its `.buffer` may be a pool shared with other
 * results (src/core/result-pool.ts), so post `array.slice()` to a worker, not the buffer.
 */
export interface SightMap {
  /** 1 where the figure has LOS to the cell (as a 1×1 target). */
  los: Uint8Array;
  /** 1 where the cell is in cover from the figure (only where los is 1). */
  cover: Uint8Array;
  /** Range/distance to the cell, -1 if unreachable. */
  range: Int32Array;
}

/** Per-figure results of one figure's sight, indexed like `figures`. */
export interface SightToFigures {
  los: Uint8Array;
  cover: Uint8Array;
  range: Int32Array;
}

/**
 * Reach of one figure. States are indexed `o*width*height + y*width + x` where `o` is the
 * orientation: 0 = the figure's own w×h, 1 = rotated h×w (doom2016 rotating figures only).
 * `Board.reach` without a buffer returns a snapshot whose `cost` and `end` are getters, made the
 * first time they are read (src/core/snapshots.ts): copy them to post them to a worker.
 */
export interface ReachMap {
  width: number;
  height: number;
  /** 1 or 2 orientations. */
  orientations: number;
  /** Minimum MP to be in that state, -1 when not reachable within the MP. */
  cost: Int32Array;
  /** 1 where the figure may end its move in that state. */
  end: Uint8Array;
}

/** A position of a figure's footprint: top-left cell and orientation. */
export interface Placement {
  x: number;
  y: number;
  o: number;
}

export interface ReachPath {
  cost: number;
  /** From the start placement to the end placement inclusive. */
  steps: Placement[];
}

/**
 * Who threatens where: for every placement of a footprint (top-left cell, index y*width+x), which
 * enemy figures have LOS to a figure standing there, and at what range (doom2016/doom2004) or
 * distance (d20). Cover is not part of it.
 */
export interface ThreatMap {
  width: number;
  height: number;
  /** The enemies considered, as figure indices in board order: enemy k is bit k / row k below. */
  enemies: number[];
  /** 32-bit words per cell in `los`: ceil(enemies / 32), at least 1. */
  words: number;
  /** Bit k of los[cell * words + (k >> 5)] (bit k & 31): enemies[k] has LOS to the footprint there. */
  los: Uint32Array;
  /** range[k * width * height + cell]: from enemies[k] to the footprint there; -1 when no path or no standing. */
  range: Int32Array;
  /** 1 where the footprint can stand: on the map, across no wall or door, on no other figure (doom2004: no obstacle or barrel). */
  stand: Uint8Array;
}

/** The queries both implementations answer identically (the randomized parity tests compare them). */
export interface GridQueries {
  readonly data: BoardData;
  /** LOS + cover + range from figure `f` to figure `t`. */
  sight(f: number, t: number): SightAnswer;
  /** LOS + cover + range from figure `f` to every cell as a 1×1 target. */
  sightMap(f: number): SightMap;
  /** LOS + cover + range from figure `f` to every figure. */
  sightToFigures(f: number): SightToFigures;
  /** Minimum cost to every placement within `mp`, and where the figure may end. */
  reach(f: number, mp: number): ReachMap;
  /** One cheapest path to a placement, or null when it cannot end there within `mp`. */
  path(f: number, mp: number, to: Placement): ReachPath | null;
  /** d20: indices of the nearest enemies in LOS (all tied), empty when none. */
  nearestEnemies(f: number): number[];
}
