/**
 * The line test of RULES §1.1, written the obvious way: look at every edge, corner and cell in the
 * line's bounding box and apply each clause literally. Points are in doubled coordinates.
 */
import { blocks } from '../core/masks.ts';
import type { Blocker } from '../core/types.ts';
import { EDGE_KIND_NAMES } from '../core/types.ts';
import type { RefGrid } from './grid.ts';

export interface Pt {
  x: number;
  y: number;
}

/** cross(b - a, c - a): > 0 when c is clockwise of a→b on screen (y down). */
export const orient = (a: Pt, b: Pt, c: Pt) => (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);

/** Positions round a corner: 0 N ray, 1 NE cell, 2 E ray, 3 SE cell, 4 S ray, 5 SW cell, 6 W ray, 7 NW cell. */
export function directionPosition(dx: number, dy: number): number {
  if (dy < 0) return dx > 0 ? 1 : dx === 0 ? 0 : 7;
  if (dy === 0) return dx > 0 ? 2 : 6;
  return dx > 0 ? 3 : dx === 0 ? 4 : 5;
}

/** Quadrant position of cell (x,y) relative to corner (X,Y), or -1 if it does not touch it. */
export function quadrantOf(X: number, Y: number, x: number, y: number): number {
  if (x === X && y === Y - 1) return 1;
  if (x === X && y === Y) return 3;
  if (x === X - 1 && y === Y) return 5;
  if (x === X - 1 && y === Y - 1) return 7;
  return -1;
}

/** The ray edge at position p (0,2,4,6) of corner (X,Y) as corner endpoints. */
export function rayEdge(X: number, Y: number, p: number) {
  const [dx, dy] = [[0, -1], [1, 0], [0, 1], [-1, 0]][p / 2];
  return { x1: X, y1: Y, x2: X + dx, y2: Y + dy };
}

/**
 * Going round corner (X,Y) from any of `from` (cell positions) to position `to`: returns null when
 * some start reaches `to` one way or the other without crossing a blocking ray, otherwise the
 * position of a blocking ray met on the way.
 */
export function roundCorner(grid: RefGrid, mask: number, X: number, Y: number, from: number[], to: number): number | null {
  const rays = grid.rays(X, Y);
  let blocker = -1;
  for (const start of from) {
    if (start === to) return null;
    for (const step of [1, 7]) {
      let hit = -1;
      for (let p = (start + step) % 8; p !== to; p = (p + step) % 8) {
        if (p % 2 === 0 && blocks(mask, rays[p / 2])) {
          hit = p;
          break;
        }
      }
      if (hit < 0) return null;
      if (blocker < 0) blocker = hit;
    }
  }
  return blocker;
}

export interface LineSpec {
  /** Edge kinds that block (bit per kind). */
  edgeMask: number;
  /** Cells whose open interior blocks (clause 1.1.3). */
  blockingCell?: (x: number, y: number) => boolean;
  /** Cell positions of the looker round P when P is a corner (clause 1.1.4); omit for centres. */
  ownP?: number[];
  /** Cell positions of the target round Q when Q is a corner. */
  ownQ?: number[];
  /** The outline of difficult terrain blocks too, by clauses 1.1.1 and 1.1.2 only (doom2016 cover, RULES §2.1). */
  outline?: boolean;
}

/** Returns null when the line P→Q is clear, else what blocked it. */
export function lineBlocker(grid: RefGrid, P: Pt, Q: Pt, spec: LineSpec): Blocker | null {
  const { edgeMask } = spec;
  const dx = Q.x - P.x;
  const dy = Q.y - P.y;
  if (dx === 0 && dy === 0) {
    const X = P.x / 2;
    const Y = P.y / 2;
    for (const t of spec.ownQ ?? []) {
      if (roundCorner(grid, edgeMask, X, Y, spec.ownP ?? [], t) === null) return null;
    }
    const ray = firstBlockingRay(grid, edgeMask, X, Y);
    return endBlocker(grid, X, Y, ray);
  }
  // 1.1.4 at the looker's corner.
  if (spec.ownP) {
    const hit = roundCorner(grid, edgeMask, P.x / 2, P.y / 2, spec.ownP, directionPosition(dx, dy));
    if (hit !== null) return endBlocker(grid, P.x / 2, P.y / 2, hit);
  }
  const minX = Math.floor(Math.min(P.x, Q.x) / 2);
  const maxX = Math.ceil(Math.max(P.x, Q.x) / 2);
  const minY = Math.floor(Math.min(P.y, Q.y) / 2);
  const maxY = Math.ceil(Math.max(P.y, Q.y) / 2);
  const outline = spec.outline === true;
  // 1.1.1: crossing or running along a blocking edge.
  for (let Y = minY; Y <= maxY; Y++)
    for (let X = minX; X <= maxX; X++) {
      for (const [kind, onOutline, u, v] of [
        [grid.hEdge(X, Y), outline && grid.outlineH(X, Y), { x: 2 * X, y: 2 * Y }, { x: 2 * X + 2, y: 2 * Y }],
        [grid.vEdge(X, Y), outline && grid.outlineV(X, Y), { x: 2 * X, y: 2 * Y }, { x: 2 * X, y: 2 * Y + 2 }],
      ] as const) {
        if (!blocks(edgeMask, kind) && !onOutline) continue;
        if ((X === maxX && v.x > u.x) || (Y === maxY && v.y > u.y)) continue; // outside the box
        if (segmentHitsEdge(P, Q, u, v)) {
          const name = blocks(edgeMask, kind) ? EDGE_KIND_NAMES[kind] : 'difficult';
          return { clause: '1.1.1', edge: { x1: u.x / 2, y1: u.y / 2, x2: v.x / 2, y2: v.y / 2 }, kind: name };
        }
      }
    }
  // 1.1.2: through a corner with blocking edges on both sides.
  for (let Y = minY; Y <= maxY; Y++)
    for (let X = minX; X <= maxX; X++) {
      const r = { x: 2 * X, y: 2 * Y };
      if (orient(P, Q, r) !== 0 || (r.x === P.x && r.y === P.y) || (r.x === Q.x && r.y === Q.y)) continue;
      if (!strictlyBetween(P, Q, r)) continue;
      const rays = grid.rays(X, Y);
      const outlineRays = [grid.outlineV(X, Y - 1), grid.outlineH(X, Y), grid.outlineV(X, Y), grid.outlineH(X - 1, Y)];
      const sides = [[0, -1], [1, 0], [0, 1], [-1, 0]].map(([rx, ry]) => Math.sign(dx * ry - dy * rx));
      let left = false;
      let right = false;
      rays.forEach((k, i) => {
        if (!blocks(edgeMask, k) && !(outline && outlineRays[i])) return;
        if (sides[i] > 0) left = true;
        if (sides[i] < 0) right = true;
      });
      if (left && right) return { clause: '1.1.2', corner: { x: X, y: Y } };
    }
  // 1.1.3: entering the open interior of a blocking cell.
  if (spec.blockingCell) {
    for (let y = minY; y < maxY; y++)
      for (let x = minX; x < maxX; x++) {
        if (spec.blockingCell(x, y) && segmentEntersCell(P, Q, x, y)) return { clause: '1.1.3', cell: { x, y } };
      }
  }
  // 1.1.4 at the target's corner.
  if (spec.ownQ) {
    const hit = roundCorner(grid, edgeMask, Q.x / 2, Q.y / 2, spec.ownQ, directionPosition(-dx, -dy));
    if (hit !== null) return endBlocker(grid, Q.x / 2, Q.y / 2, hit);
  }
  return null;
}

function firstBlockingRay(grid: RefGrid, mask: number, X: number, Y: number): number {
  const i = grid.rays(X, Y).findIndex((k) => blocks(mask, k));
  return i < 0 ? 0 : 2 * i;
}

function endBlocker(grid: RefGrid, X: number, Y: number, rayPos: number): Blocker {
  const kind = grid.rays(X, Y)[rayPos / 2];
  return { clause: '1.1.4', corner: { x: X, y: Y }, edge: rayEdge(X, Y, rayPos), kind: EDGE_KIND_NAMES[kind] };
}

const strictlyBetween = (P: Pt, Q: Pt, r: Pt) =>
  (r.x - P.x) * (Q.x - P.x) + (r.y - P.y) * (Q.y - P.y) > 0 && (r.x - Q.x) * (P.x - Q.x) + (r.y - Q.y) * (P.y - Q.y) > 0;

/** Crosses the edge's open interior, or overlaps it for a positive length. */
function segmentHitsEdge(P: Pt, Q: Pt, u: Pt, v: Pt): boolean {
  const o1 = orient(P, Q, u);
  const o2 = orient(P, Q, v);
  if (o1 === 0 && o2 === 0) {
    // Collinear: compare the overlap along the shared axis.
    const horizontal = u.y === v.y;
    const a0 = horizontal ? Math.min(P.x, Q.x) : Math.min(P.y, Q.y);
    const a1 = horizontal ? Math.max(P.x, Q.x) : Math.max(P.y, Q.y);
    const b0 = horizontal ? Math.min(u.x, v.x) : Math.min(u.y, v.y);
    const b1 = horizontal ? Math.max(u.x, v.x) : Math.max(u.y, v.y);
    return Math.min(a1, b1) - Math.max(a0, b0) > 0;
  }
  if (Math.sign(o1) * Math.sign(o2) >= 0) return false;
  const o3 = orient(u, v, P);
  const o4 = orient(u, v, Q);
  return Math.sign(o3) * Math.sign(o4) < 0;
}

/** Does the closed segment P→Q meet the open square of cell (x,y)? Exact rational interval test. */
export function segmentEntersCell(P: Pt, Q: Pt, x: number, y: number): boolean {
  // t-interval (lo, hi) as fractions num/den with den > 0, starting from (−∞, +∞).
  let loN = -1, loD = 0, hiN = 1, hiD = 0; // ±∞ encoded with den 0
  const less = (aN: number, aD: number, bN: number, bD: number) => {
    if (aD === 0) return aN < 0 && !(bD === 0 && bN < 0);
    if (bD === 0) return bN > 0;
    return aN * bD < bN * aD;
  };
  for (const [p, d, lo] of [[P.x, Q.x - P.x, 2 * x], [P.y, Q.y - P.y, 2 * y]]) {
    const hi = lo + 2;
    if (d === 0) {
      if (!(p > lo && p < hi)) return false;
      continue;
    }
    // lo < p + t d < hi
    let aN = lo - p, bN = hi - p, den = d;
    if (den < 0) [aN, bN, den] = [-bN, -aN, -den];
    if (less(loN, loD, aN, den)) [loN, loD] = [aN, den];
    if (less(bN, den, hiN, hiD)) [hiN, hiD] = [bN, den];
  }
  // open (lo, hi) must be non-empty and meet [0, 1]
  return less(loN, loD, hiN, hiD) && less(loN, loD, 1, 1) && less(0, 1, hiN, hiD);
}
