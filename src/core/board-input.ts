/**
 * The hand-written board format (ASCII map rows + edge segments + figures) and its validation
 * into `BoardData`. Every problem is reported with the path of the offending field, and nothing
 * is built unless the whole input is valid.
 */
import { Cell, EdgeKind, RULESETS, type BoardData, type EdgeKindName, type FigureData, type Ruleset } from './types.ts';

export const MAX_SIDE = 256;
/** The grid core's figure table holds this many (assembly/board.ts MAX_FIGURES). */
export const MAX_FIGURES = 1024;

/** Map characters, one per cell. Letters not listed are rejected. */
export const MAP_CHARS: Record<string, number> = {
  '.': Cell.on,
  ' ': 0,
  d: Cell.on | Cell.difficult,
  o: Cell.on | Cell.obstacle,
  b: Cell.on | Cell.barrel,
  h: Cell.on | Cell.hazard,
  l: Cell.on | Cell.lowObject,
  t: Cell.on | Cell.teleporter,
  T: Cell.on | Cell.teleporter | Cell.difficult,
  // Rules-only features: geometry treats them as floor; the rulesets read them from the map.
  i: Cell.on, // inactive teleporter (doom2016)
  u: Cell.on, // duct (doom2004)
};

/** MAP_CHARS by character code (ASCII; -1: not a map character). */
const CELL_OF_CODE = Int16Array.from({ length: 128 }, (_, code) => MAP_CHARS[String.fromCharCode(code)] ?? -1);

export interface EdgeInput {
  /** Corner coordinates (not doubled). The segment must be horizontal or vertical. */
  from: [number, number];
  to: [number, number];
  kind: EdgeKindName;
}

export interface FigureInput {
  id: string;
  side: string;
  x: number;
  y: number;
  w?: number;
  h?: number;
  teleports?: boolean;
}

export interface BoardInput {
  ruleset: Ruleset;
  /** Rows of the map, one character per cell (see MAP_CHARS). Short rows are padded with void. */
  map: string[];
  edges?: EdgeInput[];
  figures?: FigureInput[];
}

/** A bad board: `problems` lists every fault as `path: message`. */
export class BoardError extends Error {
  /** `what` names what was wrong: the board itself, or a query's arguments ('query': an unknown figure, an MP, a space). */
  constructor(readonly problems: string[], what: 'board' | 'query' = 'board') {
    super(`Invalid ${what}: ${problems.join('; ')}`);
    this.name = 'BoardError';
  }
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** An edge's end: [x, y], integer corner coordinates on the width×height map; a problem otherwise. */
function cornerOk(p: unknown, width: number, height: number, i: number, end: 'from' | 'to', fail: (path: string, problem: string) => void): boolean {
  if (!Array.isArray(p) || p.length !== 2 || !isInt(p[0]) || !isInt(p[1])) {
    fail(`edges[${i}].${end}`, 'expected [x, y] integer corner coordinates');
    return false;
  }
  if (p[0] < 0 || p[0] > width || p[1] < 0 || p[1] > height) {
    fail(`edges[${i}].${end}`, `corner (${p[0]},${p[1]}) is outside the ${width}×${height} map`);
    return false;
  }
  return true;
}

/** Validate a hand-written board and build its normalised data. Throws BoardError. */
export function parseBoard(input: BoardInput): BoardData {
  const problems: string[] = [];
  const fail = (path: string, msg: string) => problems.push(`${path}: ${msg}`);
  if (typeof input !== 'object' || input === null) throw new BoardError(['board: expected an object']);
  if (!RULESETS.includes(input.ruleset)) fail('ruleset', `${JSON.stringify(input.ruleset)} is not one of ${RULESETS.join(', ')}`);
  // Rows past the largest map are not looked at: a map of 300,000 rows is refused by its size at once.
  const rows = Array.isArray(input.map) ? input.map.slice(0, MAX_SIDE + 1) : null;
  if (!rows || rows.some((r) => typeof r !== 'string')) {
    fail('map', 'expected an array of strings');
    throw new BoardError(problems);
  }
  const height = input.map.length;
  let width = 0;
  for (const r of rows) width = Math.max(width, r.length);
  if (width < 1 || height < 1) fail('map', `size ${width}×${height} is empty`);
  if (width > MAX_SIDE || height > MAX_SIDE) fail('map', `size ${width}×${height} is above ${MAX_SIDE}×${MAX_SIDE}`);
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) throw new BoardError(problems);

  const cells = new Uint8Array(width * height);
  // Plain loops over character codes: a page's first large board runs this code cold (a
  // 201×201 map is 40,401 cells), where a closure and a string per cell cost several ms.
  // `full`: rows whose every cell is on the map, between which no wall is added below.
  const full = new Uint8Array(height);
  for (let y = 0; y < height; y++) {
    const row = rows[y];
    let on = row.length === width;
    for (let x = 0; x < row.length; x++) {
      const code = row.charCodeAt(x);
      const bits = code < 128 ? CELL_OF_CODE[code] : -1;
      if (bits >= 0) cells[y * width + x] = bits;
      else fail(`map[${y}][${x}]`, `unknown cell character ${JSON.stringify(row[x])}`);
      if (!(cells[y * width + x] & Cell.on)) on = false;
    }
    full[y] = +on;
  }

  const hEdges = new Uint8Array((height + 1) * width);
  const vEdges = new Uint8Array(height * (width + 1));
  const edges = listOf(input.edges, 'edges', fail);
  // A plain loop with no allocation for a good edge: a campaign map has thousands, read cold on a page's first board.
  for (let i = 0; i < edges.length; i++) {
    if (!(i in edges)) continue; // a hole in a sparse list, skipped as forEach did
    const e = edges[i];
    if (!e || typeof e !== 'object' || Array.isArray(e)) {
      fail(`edges[${i}]`, 'expected an object');
      continue;
    }
    // Own names only: "toString" is no edge kind, and a kind without prototype has no string form.
    const kind = typeof e.kind === 'string' && Object.hasOwn(EdgeKind, e.kind) ? EdgeKind[e.kind as EdgeKindName] : undefined;
    if (kind === undefined) fail(`edges[${i}].kind`, `unknown edge kind ${JSON.stringify(e.kind)} (expected ${Object.keys(EdgeKind).join(', ')})`);
    const okFrom = cornerOk(e.from, width, height, i, 'from', fail);
    const okTo = cornerOk(e.to, width, height, i, 'to', fail);
    if (!okFrom || !okTo || kind === undefined) continue;
    const [x1, y1] = e.from;
    const [x2, y2] = e.to;
    if (x1 !== x2 && y1 !== y2) fail(`edges[${i}]`, `segment (${x1},${y1})–(${x2},${y2}) is not horizontal or vertical`);
    else if (x1 === x2 && y1 === y2) fail(`edges[${i}]`, `segment (${x1},${y1})–(${x2},${y2}) has zero length`);
    else if (y1 === y2) for (let x = Math.min(x1, x2); x < Math.max(x1, x2); x++) hEdges[y1 * width + x] = kind;
    else for (let y = Math.min(y1, y2); y < Math.max(y1, y2); y++) vEdges[y * (width + 1) + x1] = kind;
  }

  // The border and every edge touching a void cell are walls (RULES §1). The cells on both sides
  // read in place, not through a function: 160,000 calls on a 201×201 map, run cold on a page's first.
  for (let Y = 0; Y <= height; Y++) {
    if (full[Y - 1] && full[Y]) continue;
    for (let x = 0; x < width; x++) {
      if (Y === 0 || Y === height || !(cells[(Y - 1) * width + x] & cells[Y * width + x] & Cell.on)) hEdges[Y * width + x] = EdgeKind.wall;
    }
  }
  for (let y = 0; y < height; y++) {
    if (full[y]) {
      vEdges[y * (width + 1)] = vEdges[y * (width + 1) + width] = EdgeKind.wall;
      continue;
    }
    for (let X = 0; X <= width; X++) {
      if (X === 0 || X === width || !(cells[y * width + X - 1] & cells[y * width + X] & Cell.on)) vEdges[y * (width + 1) + X] = EdgeKind.wall;
    }
  }

  const list = listOf(input.figures, 'figures', fail);
  if (list.length > MAX_FIGURES) fail('figures', `${list.length} figures is above ${MAX_FIGURES}`);
  const figures = list.length > MAX_FIGURES ? [] : checkFigures(width, height, cells, hEdges, vEdges, list, fail, input.ruleset);

  if (problems.length) throw new BoardError(problems);
  return { ruleset: input.ruleset, width, height, cells, hEdges, vEdges, figures };
}

/** An optional list: absent is empty; anything but an array is a problem (and empty). */
function listOf<T>(v: T[] | undefined, path: string, fail: (path: string, msg: string) => void): T[] {
  if (v === undefined) return [];
  if (Array.isArray(v)) return v;
  fail(path, `expected an array of ${path}`);
  return [];
}

const straddles = (kind: number) => kind === EdgeKind.wall || kind === EdgeKind.door;
const nameOf = (kind: number) => Object.keys(EdgeKind)[kind];

/**
 * Validate figures against a board: integers, inside the map, on map cells, not on a blocking
 * obstacle or barrel, no overlap, not straddling a wall or door. Problems go to `fail`; returns the valid figures.
 */
export function checkFigures(
  width: number,
  height: number,
  cells: Uint8Array,
  hEdges: Uint8Array,
  vEdges: Uint8Array,
  list: FigureInput[],
  fail: (path: string, msg: string) => void,
  ruleset?: Ruleset,
): FigureData[] {
  const figures: FigureData[] = [];
  const owner = new Int32Array(width * height).fill(-1);
  const ids = new Set<string>();
  list.forEach((f, i) => {
    const path = `figures[${i}]`;
    if (!f || typeof f !== 'object' || Array.isArray(f)) return fail(path, 'expected an object');
    if (typeof f.id !== 'string' || f.id === '') return fail(`${path}.id`, 'expected a non-empty string');
    if (ids.has(f.id)) return fail(`${path}.id`, `duplicate id ${JSON.stringify(f.id)}`);
    ids.add(f.id);
    if (typeof f.side !== 'string' || f.side === '') return fail(`${path}.side`, 'expected a non-empty string');
    const w = f.w ?? 1;
    const h = f.h ?? 1;
    const problem = footprintProblem(width, height, cells, hEdges, vEdges, owner, (o) => figures[o].id, f.x, f.y, w, h, ruleset);
    if (problem) return fail(`${path}.${problem[0]}`, problem[1]);
    for (let y = f.y; y < f.y + h; y++) for (let x = f.x; x < f.x + w; x++) owner[y * width + x] = figures.length;
    figures.push({ id: f.id, side: f.side, x: f.x, y: f.y, w, h, ...(f.teleports ? { teleports: true } : {}) });
  });

  return figures;
}

/** A value as a message shows it: numbers as numbers (NaN, not JSON's null), the rest as JSON ("4" quoted). */
export const shown = (v: unknown): string => (typeof v === 'number' ? String(v) : JSON.stringify(v) ?? String(v));

/**
 * What is wrong with a w×h footprint at (x,y) on a board whose cells are claimed in `owner`
 * (figure index per cell, -1 free; `idOf` names them): [field, message], or null when it fits.
 * With the ruleset, its own cells no figure may stand on are refused too (doom2004 obstacles, barrels).
 */
export function footprintProblem(
  width: number,
  height: number,
  cells: Uint8Array,
  hEdges: Uint8Array,
  vEdges: Uint8Array,
  owner: Int32Array,
  idOf: (figure: number) => string,
  fx: unknown,
  fy: unknown,
  w: unknown,
  h: unknown,
  ruleset?: Ruleset,
): [string, string] | null {
  // Checked without allocating: moves are hot in the AI's searches.
  const bad = !isInt(fx) ? 'x' : !isInt(fy) ? 'y' : !isInt(w) ? 'w' : !isInt(h) ? 'h' : '';
  if (bad) return [bad, `expected an integer, got ${shown({ x: fx, y: fy, w, h }[bad])}`];
  const x0 = fx as number, y0 = fy as number, fw = w as number, fh = h as number;
  if (fw < 1 || fh < 1 || fw > 3 || fh > 3) return ['w', `footprint ${fw}×${fh} is not between 1×1 and 3×3`];
  if (x0 < 0 || y0 < 0 || x0 + fw > width || y0 + fh > height) return ['x', `footprint ${fw}×${fh} at (${x0},${y0}) is outside the ${width}×${height} map`];
  for (let y = y0; y < y0 + fh; y++)
    for (let x = x0; x < x0 + fw; x++) {
      if ((cells[y * width + x] & Cell.on) === 0) return ['x', `cell (${x},${y}) of the footprint is off the map`];
      if (owner[y * width + x] >= 0) return ['x', `cell (${x},${y}) is already occupied by ${JSON.stringify(idOf(owner[y * width + x]))}`];
      // RULES §3: doom2004's blocking obstacles and exploding barrels block movement, so no figure stands on one.
      if (ruleset === 'doom2004' && cells[y * width + x] & (Cell.obstacle | Cell.barrel)) return ['x', `cell (${x},${y}) holds ${cells[y * width + x] & Cell.barrel ? 'an exploding barrel' : 'a blocking obstacle'}; no figure can stand there`];
    }
  for (let y = y0; y < y0 + fh; y++)
    for (let x = x0; x < x0 + fw; x++) {
      if (x + 1 < x0 + fw && straddles(vEdges[y * (width + 1) + x + 1]))
        return ['x', `footprint crosses a ${nameOf(vEdges[y * (width + 1) + x + 1])} between (${x},${y}) and (${x + 1},${y})`];
      if (y + 1 < y0 + fh && straddles(hEdges[(y + 1) * width + x]))
        return ['y', `footprint crosses a ${nameOf(hEdges[(y + 1) * width + x])} between (${x},${y}) and (${x},${y + 1})`];
    }
  return null;
}
