/**
 * Sight rules of the three rulesets (RULES §2.1, §3, §4), each as literally as possible.
 * A "space" is a rectangle of cells: a figure's footprint or a single target cell.
 */
import { MOVE_EDGES, SIGHT_EDGES, blocks } from '../core/masks.ts';
import { Cell, type SightAnswer } from '../core/types.ts';
import { inRect, type RefGrid } from './grid.ts';
import { lineBlocker, orient, quadrantOf, type Pt } from './line.ts';
import { minOver, stepDistances, stepOpen } from './steps.ts';

export interface Space {
  x: number;
  y: number;
  w: number;
  h: number;
}

const cellsIn = (s: Space): Array<[number, number]> => {
  const out: Array<[number, number]> = [];
  for (let y = s.y; y < s.y + s.h; y++) for (let x = s.x; x < s.x + s.w; x++) out.push([x, y]);
  return out;
};

/** Every lattice corner of every cell of the space, doubled. */
export const cornersOf = (s: Space): Pt[] => {
  const out: Pt[] = [];
  for (let Y = s.y; Y <= s.y + s.h; Y++) for (let X = s.x; X <= s.x + s.w; X++) out.push({ x: 2 * X, y: 2 * Y });
  return out;
};

/** Positions (round corner (X,Y)) of the space's cells that touch that corner. */
export const ownAt = (s: Space, X: number, Y: number): number[] =>
  [[X, Y - 1], [X, Y], [X - 1, Y], [X - 1, Y - 1]]
    .filter(([x, y]) => inRect(s, x, y))
    .map(([x, y]) => quadrantOf(X, Y, x, y));

// ---------------------------------------------------------------- doom2016

/** Attacker corners that see some corner of the target (RULES §2.1 LOS). */
export function losCorners2016(grid: RefGrid, a: Space, t: Space): Pt[] {
  const out: Pt[] = [];
  for (const c of cornersOf(a)) {
    for (const q of cornersOf(t)) {
      const spec = { edgeMask: SIGHT_EDGES, ownP: ownAt(a, c.x / 2, c.y / 2), ownQ: ownAt(t, q.x / 2, q.y / 2) };
      if (lineBlocker(grid, c, q, spec) === null) {
        out.push(c);
        break;
      }
    }
  }
  return out;
}

/**
 * Cover: every LOS corner has a blocked line to some defender corner (RULES §2.1 Cover). Lines are
 * blocked by walls, doors, blocking terrain and the outline of difficult terrain (1.1.1, 1.1.2) and
 * by the spaces of other figures (1.1.3); difficult interiors do not count.
 */
export function cover2016(grid: RefGrid, a: Space, t: Space, losFrom: Pt[]): boolean {
  if (t.w * t.h > 1 || losFrom.length === 0) return false;
  const blockingCell = (x: number, y: number) => !inRect(a, x, y) && !inRect(t, x, y) && grid.ownerAt(x, y) >= 0;
  return losFrom.every((c) =>
    cornersOf(t).some(
      (q) =>
        lineBlocker(grid, c, q, {
          edgeMask: SIGHT_EDGES,
          outline: true,
          blockingCell,
          ownP: ownAt(a, c.x / 2, c.y / 2),
          ownQ: ownAt(t, q.x / 2, q.y / 2),
        }) !== null,
    ),
  );
}

export function rangeDistances2016(grid: RefGrid, a: Space): Int32Array {
  return stepDistances(grid, cellsIn(a), { mask: SIGHT_EDGES, rule: 'corner', orthogonal: 1, diagonal: 1, passable: () => true });
}

export function sight2016(grid: RefGrid, a: Space, t: Space, dist: Int32Array): SightAnswer {
  const from = losCorners2016(grid, a, t);
  return { los: from.length > 0, cover: cover2016(grid, a, t, from), range: minOver(dist, grid.w, cellsIn(t)) };
}

// ---------------------------------------------------------------- doom2004

const centresOf = (s: Space): Pt[] => cellsIn(s).map(([x, y]) => ({ x: 2 * x + 1, y: 2 * y + 1 }));

export function los2004(grid: RefGrid, a: Space, t: Space): boolean {
  const blockingCell = (x: number, y: number) =>
    !inRect(a, x, y) && !inRect(t, x, y) && (grid.ownerAt(x, y) >= 0 || grid.has(x, y, Cell.obstacle | Cell.barrel));
  return centresOf(a).some((p) => centresOf(t).some((q) => lineBlocker(grid, p, q, { edgeMask: SIGHT_EDGES, blockingCell }) === null));
}

export function rangeDistances2004(grid: RefGrid, a: Space): Int32Array {
  return stepDistances(grid, cellsIn(a), {
    mask: SIGHT_EDGES,
    rule: 'corner',
    orthogonal: 1,
    diagonal: 1,
    passable: (x, y) => !grid.has(x, y, Cell.obstacle | Cell.barrel),
  });
}

export function sight2004(grid: RefGrid, a: Space, t: Space, dist: Int32Array): SightAnswer {
  return { los: los2004(grid, a, t), cover: false, range: minOver(dist, grid.w, cellsIn(t)) };
}

// ---------------------------------------------------------------- d20

/**
 * d20 LOS (RULES §4): is there a segment from the open space `a` to the open space `t` that neither
 * crosses nor touches a wall? Candidate lines pass through two critical points, each nudged by ±ε
 * across the line; with ε = 2^-60 every test below is exact BigInt arithmetic.
 */
export function losD20(grid: RefGrid, a: Space, t: Space): boolean {
  const walls = wallsNear(grid, a, t);
  const crit = criticalPoints(a, t, walls);
  const S = 1n << 60n;
  const ca = { x: BigInt(2 * a.x + a.w) * S, y: BigInt(2 * a.y + a.h) * S };
  const ct = { x: BigInt(2 * t.x + t.w) * S, y: BigInt(2 * t.y + t.h) * S };
  if (clearLine(a, t, walls, ca, ct, S)) return true;
  for (let i = 0; i < crit.length; i++)
    for (let j = i + 1; j < crit.length; j++) {
      const c1 = crit[i];
      const c2 = crit[j];
      const n = { x: -(c2.y - c1.y), y: c2.x - c1.x };
      for (const s1 of [-1, 1])
        for (const s2 of [-1, 1]) {
          const p1 = { x: BigInt(c1.x) * S + BigInt(s1 * n.x), y: BigInt(c1.y) * S + BigInt(s1 * n.y) };
          const p2 = { x: BigInt(c2.x) * S + BigInt(s2 * n.x), y: BigInt(c2.y) * S + BigInt(s2 * n.y) };
          if (clearLine(a, t, walls, p1, p2, S)) return true;
        }
    }
  return false;
}

interface Seg {
  u: Pt;
  v: Pt;
}

/** Wall segments (doubled) inside the bounding box of the two spaces. */
function wallsNear(grid: RefGrid, a: Space, t: Space): Seg[] {
  const x0 = Math.min(a.x, t.x), x1 = Math.max(a.x + a.w, t.x + t.w);
  const y0 = Math.min(a.y, t.y), y1 = Math.max(a.y + a.h, t.y + t.h);
  const out: Seg[] = [];
  for (let Y = y0; Y <= y1; Y++)
    for (let X = x0; X <= x1; X++) {
      if (X < x1 && blocks(SIGHT_EDGES, grid.hEdge(X, Y))) out.push({ u: { x: 2 * X, y: 2 * Y }, v: { x: 2 * X + 2, y: 2 * Y } });
      if (Y < y1 && blocks(SIGHT_EDGES, grid.vEdge(X, Y))) out.push({ u: { x: 2 * X, y: 2 * Y }, v: { x: 2 * X, y: 2 * Y + 2 } });
    }
  return out;
}

function criticalPoints(a: Space, t: Space, walls: Seg[]): Pt[] {
  const pts = new Map<string, Pt>();
  const add = (p: Pt) => pts.set(`${p.x},${p.y}`, p);
  for (const s of [a, t])
    for (const [X, Y] of [[s.x, s.y], [s.x + s.w, s.y], [s.x, s.y + s.h], [s.x + s.w, s.y + s.h]]) add({ x: 2 * X, y: 2 * Y });
  for (const w of walls) {
    add(w.u);
    add(w.v);
  }
  return [...pts.values()];
}

interface BPt {
  x: bigint;
  y: bigint;
}
/** A rational t = n / d with d > 0. */
interface Frac {
  n: bigint;
  d: bigint;
}
const lt = (a: Frac, b: Frac) => a.n * b.d < b.n * a.d;
const le = (a: Frac, b: Frac) => a.n * b.d <= b.n * a.d;

/** The open t-interval where p1 + t·D lies inside the open rectangle (doubled coords × S). */
function openInterval(p: BPt, D: BPt, s: Space, S: bigint): [Frac, Frac] | null {
  let lo: Frac | null = null;
  let hi: Frac | null = null;
  const axes: Array<[bigint, bigint, bigint, bigint]> = [
    [p.x, D.x, BigInt(2 * s.x) * S, BigInt(2 * (s.x + s.w)) * S],
    [p.y, D.y, BigInt(2 * s.y) * S, BigInt(2 * (s.y + s.h)) * S],
  ];
  for (const [p0, d, a, b] of axes) {
    if (d === 0n) {
      if (!(p0 > a && p0 < b)) return null;
      continue;
    }
    let f1: Frac = { n: a - p0, d };
    let f2: Frac = { n: b - p0, d };
    if (d < 0n) {
      f1 = { n: -(b - p0), d: -d };
      f2 = { n: -(a - p0), d: -d };
    }
    if (!lo || lt(lo, f1)) lo = f1;
    if (!hi || lt(f2, hi)) hi = f2;
  }
  if (!lo || !hi || !lt(lo, hi)) return null;
  return [lo, hi];
}

/** Does the line through p1, p2 pass through both open spaces with no wall on the stretch between? */
function clearLine(a: Space, t: Space, walls: Seg[], p1: BPt, p2: BPt, S: bigint): boolean {
  const D = { x: p2.x - p1.x, y: p2.y - p1.y };
  if (D.x === 0n && D.y === 0n) return false;
  const ia = openInterval(p1, D, a, S);
  const it = openInterval(p1, D, t, S);
  if (!ia || !it) return false;
  // The closed stretch between leaving one space and entering the other.
  const [g0, g1] = le(ia[1], it[0]) ? [ia[1], it[0]] : [it[1], ia[0]];
  for (const w of walls) {
    const u = { x: BigInt(w.u.x) * S, y: BigInt(w.u.y) * S };
    const v = { x: BigInt(w.v.x) * S, y: BigInt(w.v.y) * S };
    const horizontal = u.y === v.y;
    // Solve p1 + t D on the wall's grid line.
    const [pc, dc, fixed, po, dOther, lo, hi] = horizontal
      ? [p1.y, D.y, u.y, p1.x, D.x, u.x < v.x ? u.x : v.x, u.x < v.x ? v.x : u.x]
      : [p1.x, D.x, u.x, p1.y, D.y, u.y < v.y ? u.y : v.y, u.y < v.y ? v.y : u.y];
    if (dc === 0n) {
      if (pc !== fixed) continue;
      // Along the wall's line: overlap of [g0,g1] with the wall's extent along the line.
      const ta = dOther > 0n ? { n: lo - po, d: dOther } : { n: po - hi, d: -dOther };
      const tb = dOther > 0n ? { n: hi - po, d: dOther } : { n: po - lo, d: -dOther };
      if (le(ta, g1) && le(g0, tb)) return false;
      continue;
    }
    const tw: Frac = dc > 0n ? { n: fixed - pc, d: dc } : { n: pc - fixed, d: -dc };
    if (lt(tw, g0) || lt(g1, tw)) continue;
    // Coordinate along the wall at tw, compared with the wall's extent: po + tw·dOther ∈ [lo, hi].
    const along = po * tw.d + tw.n * dOther; // scaled by tw.d > 0
    if (along >= lo * tw.d && along <= hi * tw.d) return false;
  }
  return true;
}

/**
 * d20 cover (RULES §4): from each corner of each square of the attacker's space (Star Wars
 * Miniatures FAQ: 4 points for 1×1, 9 for 2×2, 16 for 3×3), the region swept by lines to every point
 * of the target; cover from that corner when a wall, another character's cell, or a low-object cell
 * not in or next to the attacker meets the region's inside. The attacker picks the best corner.
 */
export function coverD20(grid: RefGrid, a: Space, t: Space, attacker: number, target: number): boolean {
  if (adjacentForMovement(grid, a, t)) return false;
  const tc: Pt[] = [
    { x: 2 * t.x, y: 2 * t.y }, { x: 2 * (t.x + t.w), y: 2 * t.y },
    { x: 2 * (t.x + t.w), y: 2 * (t.y + t.h) }, { x: 2 * t.x, y: 2 * (t.y + t.h) },
  ];
  const near = { x: a.x - 1, y: a.y - 1, w: a.w + 2, h: a.h + 2 };
  const x0 = Math.min(a.x, t.x), x1 = Math.max(a.x + a.w, t.x + t.w);
  const y0 = Math.min(a.y, t.y), y1 = Math.max(a.y + a.h, t.y + t.h);
  return cornersOf(a).every((c) => {
    const region = convexHull([c, ...tc]);
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        const o = grid.ownerAt(x, y);
        const character = o >= 0 && o !== attacker && o !== target;
        const low = grid.has(x, y, Cell.lowObject) && !inRect(near, x, y);
        if ((character || low) && interiorsMeet(region, [
          { x: 2 * x, y: 2 * y }, { x: 2 * x + 2, y: 2 * y }, { x: 2 * x + 2, y: 2 * y + 2 }, { x: 2 * x, y: 2 * y + 2 },
        ])) return true;
      }
    for (let Y = y0; Y <= y1; Y++)
      for (let X = x0; X <= x1; X++) {
        // Only walls of the board (RULES §1): an edge between two off-map spaces is none.
        if (X < x1 && blocks(SIGHT_EDGES, grid.hEdge(X, Y)) && (grid.on(X, Y - 1) || grid.on(X, Y)) && segmentMeetsInterior(region, { x: 2 * X, y: 2 * Y }, { x: 2 * X + 2, y: 2 * Y })) return true;
        if (Y < y1 && blocks(SIGHT_EDGES, grid.vEdge(X, Y)) && (grid.on(X - 1, Y) || grid.on(X, Y)) && segmentMeetsInterior(region, { x: 2 * X, y: 2 * Y }, { x: 2 * X, y: 2 * Y + 2 })) return true;
      }
    return false;
  });
}

/**
 * d20 "adjacent enemies never have cover" (RULES §4): adjacent for movement, one d20 step from a
 * square of `a` into `t` — not across a wall or door, not diagonally past a wall touching the corner.
 */
export function adjacentForMovement(grid: RefGrid, a: Space, t: Space): boolean {
  return cellsIn(a).some(([x, y]) => [-1, 0, 1].some((dx) => [-1, 0, 1].some((dy) =>
    (dx !== 0 || dy !== 0) && inRect(t, x + dx, y + dy) && stepOpen(grid, MOVE_EDGES, 'strict', x, y, dx, dy))));
}

/** Convex hull, clockwise on screen, collinear points dropped (monotone chain). */
export function convexHull(points: Pt[]): Pt[] {
  const p = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  const build = (list: Pt[]) => {
    const out: Pt[] = [];
    for (const q of list) {
      while (out.length >= 2 && orient(out[out.length - 2], out[out.length - 1], q) <= 0) out.pop();
      out.push(q);
    }
    out.pop();
    return out;
  };
  return [...build(p), ...build([...p].reverse())];
}

/** Separating-axis test: do two convex polygons share interior points? */
function interiorsMeet(A: Pt[], B: Pt[]): boolean {
  for (const poly of [A, B])
    for (let i = 0; i < poly.length; i++) {
      const u = poly[i];
      const v = poly[(i + 1) % poly.length];
      const nx = -(v.y - u.y);
      const ny = v.x - u.x;
      const proj = (P: Pt[]) => P.map((q) => q.x * nx + q.y * ny);
      const pa = proj(A);
      const pb = proj(B);
      if (Math.max(...pa) <= Math.min(...pb) || Math.max(...pb) <= Math.min(...pa)) return false;
    }
  return true;
}

/** Does the closed segment u–v meet the open interior of the convex polygon? */
function segmentMeetsInterior(poly: Pt[], u: Pt, v: Pt): boolean {
  // Clip the segment's parameter range to each open half-plane of the polygon.
  let lo: Frac = { n: 0n, d: 1n };
  let hi: Frac = { n: 1n, d: 1n };
  let loOpen = false;
  let hiOpen = false;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % poly.length];
    // inside: orient(a, b, p) > 0 (clockwise hull on screen); f(t) = f0 + t (f1 - f0)
    const f0 = BigInt(orient(a, b, u));
    const f1 = BigInt(orient(a, b, v));
    const df = f1 - f0;
    if (df === 0n) {
      if (f0 <= 0n) return false;
      continue;
    }
    // f0 + t df > 0
    const bound: Frac = df > 0n ? { n: -f0, d: df } : { n: f0, d: -df };
    if (df > 0n) {
      if (!lt(bound, lo) && !(le(bound, lo) && loOpen)) {
        lo = bound;
        loOpen = true;
      }
    } else if (!lt(hi, bound) && !(le(hi, bound) && hiOpen)) {
      hi = bound;
      hiOpen = true;
    }
  }
  return loOpen || hiOpen ? lt(lo, hi) : le(lo, hi);
}

/** RULES §4: counted around walls, doors and blocking terrain (sight edges); impassable edges are terrain. */
export function distancesD20(grid: RefGrid, a: Space): Int32Array {
  return stepDistances(grid, cellsIn(a), { mask: SIGHT_EDGES, rule: 'strict', orthogonal: 1, diagonal: 2, passable: () => true });
}
