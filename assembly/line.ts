// The line test of RULES §1.1 as an integer walk along the segment in doubled coordinates,
// visiting grid-line crossings in order. Clause 1.1.4 uses a table built once by `buildRoundTable`.
import {
  C_BARREL, C_OBSTACLE, INFO, OUTLINE, QUAD_LUT, ROUND_LUT, cellBits, hBlocks, hEdge, hKind, inRect, ownerAt, rayMask, vBlocks,
  vEdge, vKind,
} from './board';

// The looker's and the target's spaces (cells there never block), set before walking.
export let AX: i32 = 0, AY: i32 = 0, AW: i32 = 0, AH: i32 = 0;
export let TX: i32 = 0, TY: i32 = 0, TW: i32 = 0, TH: i32 = 0;

export function setSpaces(ax: i32, ay: i32, aw: i32, ah: i32, tx: i32, ty: i32, tw: i32, th: i32): void {
  AX = ax; AY = ay; AW = aw; AH = ah;
  TX = tx; TY = ty; TW = tw; TH = th;
}

export const CELLS_NONE: i32 = 0;
export const CELLS_COVER2016: i32 = 1; // figures (difficult terrain counts by its outline edges)
export const CELLS_SIGHT2004: i32 = 2; // figures, obstacles, barrels

export const END_P: i32 = 1; // apply 1.1.4 at P when it is a corner
export const END_Q: i32 = 2; // apply 1.1.4 at Q when it is a corner

/** Position round a corner of direction (dx,dy): 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW. */
@inline export function dirPos(dx: i32, dy: i32): i32 {
  if (dy < 0) return dx > 0 ? 1 : dx == 0 ? 0 : 7;
  if (dy == 0) return dx > 0 ? 2 : 6;
  return dx > 0 ? 3 : dx == 0 ? 4 : 5;
}

/** Cells of a rectangle touching corner (X,Y): bit 0 NE, 1 SE, 2 SW, 3 NW. */
@inline export function ownMask(X: i32, Y: i32, rx: i32, ry: i32, rw: i32, rh: i32): i32 {
  return (<i32>inRect(X, Y - 1, rx, ry, rw, rh)) |
    (<i32>inRect(X, Y, rx, ry, rw, rh) << 1) |
    (<i32>inRect(X - 1, Y, rx, ry, rw, rh) << 2) |
    (<i32>inRect(X - 1, Y - 1, rx, ry, rw, rh) << 3);
}

/**
 * ROUND_LUT[rays][own][dir]: 0 when some own cell reaches position `dir` one way round the corner
 * without crossing a blocking ray, else 1 + the position of a blocking ray met.
 */
export function buildRoundTable(): void {
  for (let rays = 0; rays < 16; rays++)
    for (let own = 0; own < 16; own++)
      for (let dir = 0; dir < 8; dir++) {
        let result = 0;
        if (own != 0) {
          let first = -1;
          let clear = false;
          for (let q = 0; q < 4 && !clear; q++) {
            if (((own >> q) & 1) == 0) continue;
            const start = 2 * q + 1;
            if (start == dir) { clear = true; break; }
            for (let way = 0; way < 2 && !clear; way++) {
              const step = way == 0 ? 1 : 7;
              let hit = -1;
              for (let p = (start + step) & 7; p != dir; p = (p + step) & 7) {
                if ((p & 1) == 0 && ((rays >> (p >> 1)) & 1) != 0) { hit = p; break; }
              }
              if (hit < 0) clear = true;
              else if (first < 0) first = hit;
            }
          }
          result = clear ? 0 : first + 1;
        }
        store<u8>(ROUND_LUT + <usize>((rays << 7) | (own << 3) | dir), <u8>result);
      }
}

/** QUAD_LUT[rays][dir]: the cells round a corner (bits NE 1, SE 2, SW 4, NW 8) that clause 1.1.4 cuts off from direction `dir`. */
export function buildQuadTable(): void {
  for (let rays = 0; rays < 16; rays++)
    for (let dir = 0; dir < 8; dir++) {
      let m = 0;
      for (let q = 0; q < 4; q++) if (roundBlocked(rays, 1 << q, dir) != 0) m |= 1 << q;
      store<u8>(QUAD_LUT + <usize>((rays << 3) | dir), <u8>m);
    }
}

@inline export function quadsBlocked(rays: i32, dir: i32): i32 {
  return <i32>load<u8>(QUAD_LUT + <usize>((rays << 3) | dir));
}

@inline export function roundBlocked(rays: i32, own: i32, dir: i32): i32 {
  return <i32>load<u8>(ROUND_LUT + <usize>((rays << 7) | (own << 3) | dir));
}

// Blocker report for explanations: clause, then an edge (x1,y1,x2,y2) or a corner/cell (x1,y1), kind.
function report(clause: i32, x1: i32, y1: i32, x2: i32, y2: i32, kind: i32): i32 {
  store<i32>(INFO, clause);
  store<i32>(INFO + 4, x1);
  store<i32>(INFO + 8, y1);
  store<i32>(INFO + 12, x2);
  store<i32>(INFO + 16, y2);
  store<i32>(INFO + 20, kind);
  return clause;
}

/** Report a 1.1.4 block at corner (X,Y) through the ray at position `pos`. */
function reportRay(X: i32, Y: i32, pos: i32, mask: i32): i32 {
  let kind = 0;
  let x2 = X, y2 = Y;
  if (pos == 0) { kind = vEdge(X, Y - 1); y2 = Y - 1; }
  else if (pos == 2) { kind = hEdge(X, Y); x2 = X + 1; }
  else if (pos == 4) { kind = vEdge(X, Y); y2 = Y + 1; }
  else { kind = hEdge(X - 1, Y); x2 = X - 1; }
  return report(4, X, Y, x2, y2, kind);
}

@inline function cellBlocks(mode: i32, x: i32, y: i32): bool {
  if (mode == CELLS_NONE) return false;
  if (inRect(x, y, AX, AY, AW, AH) || inRect(x, y, TX, TY, TW, TH)) return false;
  const bits = cellBits(x, y);
  if (mode == CELLS_COVER2016) return ownerAt(x, y) >= 0;
  return (bits & (C_OBSTACLE | C_BARREL)) != 0 || ownerAt(x, y) >= 0;
}

/**
 * Walk the segment P→Q (doubled coordinates). Returns 0 when clear, else the clause number
 * (1..4) with the blocker written to INFO. The OUTLINE bit of `fullMask` adds the outline of difficult
 * terrain to clauses 1.1.1 and 1.1.2 only; clause 1.1.4 and zero-length lines use the edge kinds.
 */
export function walk(px: i32, py: i32, qx: i32, qy: i32, fullMask: i32, mode: i32, flags: i32): i32 {
  const dx = qx - px, dy = qy - py;
  const mask = fullMask & ~OUTLINE; // 1.1.4 and zero-length lines
  const pCorner = ((px | py) & 1) == 0;
  const qCorner = ((qx | qy) & 1) == 0;
  if (dx == 0 && dy == 0) {
    // Zero length: clear when the two spaces connect round the shared corner.
    const X = px >> 1, Y = py >> 1;
    const rays = rayMask(X, Y, mask);
    const a = ownMask(X, Y, AX, AY, AW, AH);
    const t = ownMask(X, Y, TX, TY, TW, TH);
    let first = 0;
    for (let q = 0; q < 4; q++) {
      if (((t >> q) & 1) == 0) continue;
      const r = roundBlocked(rays, a, 2 * q + 1);
      if (r == 0) return 0;
      if (first == 0) first = r;
    }
    return reportRay(X, Y, first > 0 ? first - 1 : 0, mask);
  }
  if ((flags & END_P) != 0 && pCorner) {
    const X = px >> 1, Y = py >> 1;
    const r = roundBlocked(rayMask(X, Y, mask), ownMask(X, Y, AX, AY, AW, AH), dirPos(dx, dy));
    if (r != 0) return reportRay(X, Y, r - 1, mask);
  }
  const sx = dx > 0 ? 1 : dx < 0 ? -1 : 0;
  const sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
  if (sx == 0 && (px & 1) == 0) {
    // Along the vertical grid line X: edges along it (1.1.1) and corners passed (1.1.2).
    const X = px >> 1;
    let Y = py >> 1;
    const Yq = qy >> 1;
    while (Y != Yq) {
      const ey = sy > 0 ? Y : Y - 1;
      if (vBlocks(fullMask, X, ey)) return report(1, X, ey, X, ey + 1, vKind(fullMask, X, ey));
      Y += sy;
      if (Y != Yq && hBlocks(fullMask, X - 1, Y) && hBlocks(fullMask, X, Y)) return report(2, X, Y, X, Y, 0);
    }
  } else if (sy == 0 && (py & 1) == 0) {
    const Y = py >> 1;
    let X = px >> 1;
    const Xq = qx >> 1;
    while (X != Xq) {
      const ex = sx > 0 ? X : X - 1;
      if (hBlocks(fullMask, ex, Y)) return report(1, ex, Y, ex + 1, Y, hKind(fullMask, ex, Y));
      X += sx;
      if (X != Xq && vBlocks(fullMask, X, Y - 1) && vBlocks(fullMask, X, Y)) return report(2, X, Y, X, Y, 0);
    }
  } else {
    const adx = dx < 0 ? -dx : dx;
    const ady = dy < 0 ? -dy : dy;
    // The first cell entered, and the distance (doubled units) to the next grid line on each axis.
    let cx = (px & 1) != 0 ? (px - 1) >> 1 : sx > 0 ? px >> 1 : (px >> 1) - 1;
    let cy = (py & 1) != 0 ? (py - 1) >> 1 : sy > 0 ? py >> 1 : (py >> 1) - 1;
    let ex = (px & 1) != 0 ? 1 : 2;
    let ey = (py & 1) != 0 ? 1 : 2;
    if (cellBlocks(mode, cx, cy)) return report(3, cx, cy, cx, cy, 0);
    for (;;) {
      const xNext = sx != 0 && ex < adx;
      const yNext = sy != 0 && ey < ady;
      if (!xNext && !yNext) break;
      let c: i32 = 0; // < 0: vertical line first, > 0: horizontal line first, 0: through a corner
      if (xNext && yNext) c = ex * ady - ey * adx;
      else c = xNext ? -1 : 1;
      if (c < 0) {
        const X = sx > 0 ? cx + 1 : cx;
        if (vBlocks(fullMask, X, cy)) return report(1, X, cy, X, cy + 1, vKind(fullMask, X, cy));
        cx += sx;
        ex += 2;
      } else if (c > 0) {
        const Y = sy > 0 ? cy + 1 : cy;
        if (hBlocks(fullMask, cx, Y)) return report(1, cx, Y, cx + 1, Y, hKind(fullMask, cx, Y));
        cy += sy;
        ey += 2;
      } else {
        const X = sx > 0 ? cx + 1 : cx;
        const Y = sy > 0 ? cy + 1 : cy;
        // Rays on each side of the line: N and S are on opposite sides, as are E and W.
        const rays = rayMask(X, Y, fullMask);
        const left = (sx > 0 ? (rays >> 2) & 1 : rays & 1) | (sy > 0 ? (rays >> 3) & 1 : (rays >> 1) & 1);
        const right = (sx > 0 ? rays & 1 : (rays >> 2) & 1) | (sy > 0 ? (rays >> 1) & 1 : (rays >> 3) & 1);
        if (left != 0 && right != 0) return report(2, X, Y, X, Y, 0);
        cx += sx;
        cy += sy;
        ex += 2;
        ey += 2;
      }
      if (cellBlocks(mode, cx, cy)) return report(3, cx, cy, cx, cy, 0);
    }
  }
  if ((flags & END_Q) != 0 && qCorner) {
    const X = qx >> 1, Y = qy >> 1;
    const r = roundBlocked(rayMask(X, Y, mask), ownMask(X, Y, TX, TY, TW, TH), dirPos(-dx, -dy));
    if (r != 0) return reportRay(X, Y, r - 1, mask);
  }
  return 0;
}
