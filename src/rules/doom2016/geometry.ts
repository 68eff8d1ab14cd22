/** Cells, figures and placements of a doom2016 state (geometry itself is the grid core's). */
import { Board } from '../../core/board.ts';
import { Cell } from '../../core/types.ts';
import { probeBoardOf, queryBoardOf } from './board.ts';
import type { Doom2016Figure, Doom2016State } from './types.ts';

export const cellIndex = (s: Doom2016State, x: number, y: number) => y * s.board.width + x;
export const inMap = (s: Doom2016State, x: number, y: number) =>
  Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < s.board.width && y < s.board.height && (s.board.cells[y * s.board.width + x] & Cell.on) !== 0;

export const covers = (f: { x: number; y: number; w: number; h: number }, x: number, y: number) =>
  x >= f.x && x < f.x + f.w && y >= f.y && y < f.y + f.h;

export const figureAt = (s: Doom2016State, x: number, y: number): Doom2016Figure | undefined => s.figures.find((f) => covers(f, x, y));

export const isLarge = (f: { w: number; h: number }) => f.w * f.h > 1;

/** Active-teleporter cells as {x, y}. */
export function activeTeleporters(s: Doom2016State): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  s.board.cells.forEach((c, i) => {
    if ((c & (Cell.on | Cell.teleporter)) === (Cell.on | Cell.teleporter)) out.push({ x: i % s.board.width, y: Math.floor(i / s.board.width) });
  });
  return out;
}

/**
 * Active teleporters a killed marine may respawn on (RULES §2.4): one held by a marine is not
 * available; one held by a demon (small or large) is, and the demon is telefragged.
 */
export function respawnSpots(s: Doom2016State): { x: number; y: number }[] {
  return activeTeleporters(s).filter(({ x, y }) => figureAt(s, x, y)?.side !== s.marineSide);
}

/** A demon is staggered once its damage reaches its stagger value (RULES §2.4). */
export function isStaggered(s: Doom2016State, f: Doom2016Figure): boolean {
  const stagger = s.data.units[f.type]?.stagger;
  return f.side === s.invaderSide && typeof stagger === 'number' && f.damage >= stagger;
}

/**
 * Where a w×h figure can be put nearest to cell (x, y): footprints covering no other figure, on
 * the map and not straddling walls or doors (Board.placementProblem), ordered by the range from
 * (x, y) to the nearest cell of the footprint (walls, doors and blocking terrain respected, RULES
 * §2.1), then top to bottom, left to right; only footprints within `within` of (x, y). Used for
 * summoned demons: on or next to their portal (RULES §2.4, within 1).
 */
export function nearestPlacements(s: Doom2016State, x: number, y: number, w: number, h: number, side: string, limit = Infinity, within = Infinity): { x: number; y: number }[] {
  // A probe alone on the board measures ranges from (x, y) without any figure in the way.
  const range = probeBoardOf(s, { id: '\u0000probe', side, type: '', x, y, w: 1, h: 1, damage: 0, stunned: false }).rangeMap(0);
  const board = queryBoardOf(s);
  const { width, height } = s.board;
  const candidates: { x: number; y: number; r: number }[] = [];
  for (let cy = 0; cy + h <= height; cy++) {
    for (let cx = 0; cx + w <= width; cx++) {
      let r = -1;
      for (let v = cy; v < cy + h; v++) for (let u = cx; u < cx + w; u++) {
        const d = range[v * width + u];
        if (d >= 0 && (r < 0 || d < r)) r = d;
      }
      if (r >= 0 && r <= within) candidates.push({ x: cx, y: cy, r });
    }
  }
  candidates.sort((a, b) => a.r - b.r || a.y - b.y || a.x - b.x);
  const out: { x: number; y: number }[] = [];
  for (const c of candidates) {
    if (out.length >= limit) break;
    if (board.placementProblem(c.x, c.y, w, h) === null) out.push({ x: c.x, y: c.y });
  }
  return out;
}

/**
 * The spaces nearest to a displaced small figure's space that it could reach by normal movement
 * (RULES §2.2: not across impassable terrain, walls, doors or blocking terrain), counted in steps
 * (difficult terrain and figures cost nothing extra, figures may be passed, no teleporter hops),
 * that hold no figure; ordered top to bottom, left to right. Empty when there is none.
 */
export function displacementOptions(s: Doom2016State, g: { x: number; y: number }): { x: number; y: number }[] {
  const { width, height } = s.board;
  const probe = { id: '\u0000displaced', side: 'displaced', x: g.x, y: g.y, w: 1, h: 1, teleports: false };
  // Every other figure on the probe's side: passable for free, and no end space.
  const others = s.figures.map(({ id, x, y, w, h }) => ({ id, side: 'displaced', x, y, w, h, teleports: false }));
  const board = Board.fromData({
    ruleset: 'doom2016', width, height,
    cells: Uint8Array.from(s.board.cells, (c) => c & ~Cell.difficult),
    hEdges: Uint8Array.from(s.board.hEdges), vEdges: Uint8Array.from(s.board.vEdges),
    figures: [probe, ...others],
  });
  const reach = board.reach(0, Math.min(4000, 2 * width * height));
  let best = -1;
  const out: { x: number; y: number }[] = [];
  for (let i = 0; i < width * height; i++) {
    const c = reach.cost[i];
    if (c <= 0 || !reach.end[i]) continue;
    if (best < 0 || c < best) {
      best = c;
      out.length = 0;
    }
    if (c === best) out.push({ x: i % width, y: Math.floor(i / width) });
  }
  return out;
}
