// doom2016 sight (RULES §2.1): LOS corner to corner, cover, range; single pairs and batches.
import {
  BLOCK_MAP, CLEAR_CORNERS, COPRIME, COVER_ALL, COVER_CELLS, COVER_EDGES_2016, DIST, H, HEDGES, MAX_SIDE, OUTLINE_H, OUTLINE_V,
  OUT_COVER, OUT_LOS, OUT_RANGE, RAYS_COVER, RAYS_SIGHT, SIGHT_EDGES, VEDGES, W, blocks, inRect, onMap,
} from './board';
import { CELLS_COVER2016, CELLS_NONE, END_P, END_Q, dirPos, ownMask, quadsBlocked, roundBlocked, setSpaces, walk } from './line';
import { RANGE_2016, distances, minDist } from './steps';

/** LOS (bit 0) and cover (bit 1) from rectangle A to rectangle T. */
export function losCover2016(ax: i32, ay: i32, aw: i32, ah: i32, tx: i32, ty: i32, tw: i32, th: i32): i32 {
  setSpaces(ax, ay, aw, ah, tx, ty, tw, th);
  let los = false;
  let coverAll = true;
  for (let Y = ay; Y <= ay + ah; Y++)
    for (let X = ax; X <= ax + aw; X++) {
      // Does this corner see some target corner?
      let sees = false;
      for (let QY = ty; QY <= ty + th && !sees; QY++)
        for (let QX = tx; QX <= tx + tw && !sees; QX++)
          if (walk(2 * X, 2 * Y, 2 * QX, 2 * QY, SIGHT_EDGES, CELLS_NONE, END_P | END_Q) == 0) sees = true;
      if (!sees) continue;
      los = true;
      if (tw * th > 1) continue; // large figures are never in cover
      let covered = false;
      for (let QY = ty; QY <= ty + th && !covered; QY++)
        for (let QX = tx; QX <= tx + tw && !covered; QX++)
          if (walk(2 * X, 2 * Y, 2 * QX, 2 * QY, COVER_EDGES_2016, CELLS_COVER2016, END_P | END_Q) != 0) covered = true;
      if (!covered) coverAll = false;
    }
  if (!los) return 0;
  return 1 | (tw * th == 1 && coverAll ? 2 : 0);
}

// The sight map is output-sensitive: from each attacker corner P it walks each primitive lattice
// direction d once, outward through the corners P + k·d, and stops at the first line that blocks
// sight. The segment P → P + k·d is a prefix of every longer one in its direction, so what the walk
// has met so far (edges crossed, corners passed, cover cells, outline) is exactly what the line test
// of RULES §2.1 would meet walking to that corner alone; each corner beyond is passed through (clause
// 1.1.2) and each corner reached is an end (clause 1.1.4). A walk costs what it sees plus the steps
// to its first blocker, instead of one full walk per lattice corner.

let COPRIME_SIDE: i32 = 0; // COPRIME is built for a, b ≤ this
const CO_ROW: i32 = MAX_SIDE + 1;

/** COPRIME[a][b] = 1 when gcd(a, b) == 1, by gcd(a, b) = gcd(a - b, b) (no divisions). */
function buildCoprime(side: i32): void {
  for (let a = 0; a <= side; a++)
    for (let b = 0; b <= side; b++) {
      let v: u8 = 0;
      if (a == 0 || b == 0 || a == b) v = <u8>(max(a, b) == 1 ? 1 : 0);
      else if (a > b) v = load<u8>(COPRIME + <usize>((a - b) * CO_ROW + b));
      else v = load<u8>(COPRIME + <usize>(a * CO_ROW + b - a));
      store<u8>(COPRIME + <usize>(a * CO_ROW + b), v);
    }
  COPRIME_SIDE = side;
}

/**
 * What the current attacker corner learns at lattice corner (QX,QY): the cells round it in `seen`
 * (bits NE, SE, SW, NW) have LOS; those in `clear` also a clear cover line. A cell is out of cover
 * from this attacker corner when all four of its corners give a clear cover line (CLEAR_CORNERS
 * counts them; any blocked line there would give cover).
 */
function record(QX: i32, QY: i32, seen: i32, clear: i32): void {
  for (let k = 0; k < 4; k++) {
    if (((seen >> k) & 1) == 0) continue;
    const x = k >= 2 ? QX - 1 : QX, y = k == 0 || k == 3 ? QY - 1 : QY;
    if (!onMap(x, y)) continue;
    const t = <usize>(y * W + x);
    store<u8>(OUT_LOS + t, 1);
    if (((clear >> k) & 1) != 0) {
      const c = load<u8>(CLEAR_CORNERS + t) + 1;
      store<u8>(CLEAR_CORNERS + t, c);
      if (c == 4) store<u8>(COVER_ALL + t, 0);
    }
  }
}

@inline function inBox(QX: i32, QY: i32): bool {
  return <u32>QX <= <u32>W && <u32>QY <= <u32>H;
}

/** Walk from corner (X,Y) along a grid line, unit step (dx,dy), through every corner it sees. */
function walkAxis(X: i32, Y: i32, dx: i32, dy: i32, withCover: bool): void {
  const cw = W + 1;
  const back = dirPos(-dx, -dy);
  // The rays that run straight across the line at a corner it passes: W and E, or N and S.
  const across = dx == 0 ? 10 : 5;
  let outline: u8 = 0; // the line runs along or passes a joint of the outline (cover only)
  let QX = X, QY = Y;
  for (;;) {
    let kind: i32, out: u8;
    if (dx == 0) {
      const e = <usize>((dy > 0 ? QY : QY - 1) * cw + QX);
      kind = load<u8>(VEDGES + e);
      out = load<u8>(OUTLINE_V + e);
    } else {
      const e = <usize>(QY * W + (dx > 0 ? QX : QX - 1));
      kind = load<u8>(HEDGES + e);
      out = load<u8>(OUTLINE_H + e);
    }
    if (blocks(SIGHT_EDGES, kind)) return;
    outline |= out;
    QX += dx;
    QY += dy;
    const q = <usize>(QY * cw + QX);
    const rays = <i32>load<u8>(RAYS_SIGHT + q);
    const seen = 15 & ~quadsBlocked(rays, back); // clause 1.1.4 at the corner reached
    record(QX, QY, seen, withCover && outline == 0 ? seen : 0);
    if (!inBox(QX + dx, QY + dy) || (rays & across) == across) return;
    if ((<i32>load<u8>(RAYS_COVER + q) & across) == across) outline = 1;
  }
}

/** Walk from corner (X,Y) in the primitive direction (dx,dy), both non-zero, through every corner it sees. */
function walkDiagonal(X: i32, Y: i32, dx: i32, dy: i32, withCover: bool): void {
  const cw = W + 1;
  const sx = dx > 0 ? 1 : -1, sy = dy > 0 ? 1 : -1;
  const adx = dx * sx, ady = dy * sy;
  const back = dirPos(-dx, -dy);
  const lastQuad = 1 << (back >> 1); // the cell a line ends in, seen from its end corner
  // Which rays lie on each side of the line at a corner it passes (bits 1 N, 2 E, 4 S, 8 W).
  const leftRays = (sx > 0 ? 4 : 1) | (sy > 0 ? 8 : 2);
  const rightRays = 15 ^ leftRays;
  let cx = sx > 0 ? X : X - 1, cy = sy > 0 ? Y : Y - 1;
  let QX = X, QY = Y;
  let before: u8 = 0; // a cover cell before the last one, or the outline (cover only)
  for (;;) {
    // One segment of the walk: cell by cell to the next lattice corner (an incremental DDA).
    let rx = adx - 1, ry = ady - 1;
    let err = ady - adx; // < 0: the next vertical grid line comes first
    while (rx > 0 || ry > 0) {
      before |= load<u8>(BLOCK_MAP + <usize>(cy * W + cx));
      if (ry == 0 || (rx > 0 && err < 0)) {
        const e = <usize>(cy * cw + cx + (sx > 0 ? 1 : 0));
        if (blocks(SIGHT_EDGES, <i32>load<u8>(VEDGES + e))) return;
        before |= load<u8>(OUTLINE_V + e);
        cx += sx;
        rx--;
        err += ady;
      } else if (rx == 0 || err > 0) {
        const e = <usize>((cy + (sy > 0 ? 1 : 0)) * W + cx);
        if (blocks(SIGHT_EDGES, <i32>load<u8>(HEDGES + e))) return;
        before |= load<u8>(OUTLINE_H + e);
        cy += sy;
        ry--;
        err -= adx;
      } else {
        const k = <usize>((cy + (sy > 0 ? 1 : 0)) * cw + cx + (sx > 0 ? 1 : 0));
        const rays = <i32>load<u8>(RAYS_SIGHT + k);
        if ((rays & leftRays) != 0 && (rays & rightRays) != 0) return;
        const coverRays = <i32>load<u8>(RAYS_COVER + k);
        if ((coverRays & leftRays) != 0 && (coverRays & rightRays) != 0) before = 1;
        cx += sx;
        cy += sy;
        rx--;
        ry--;
        err += ady - adx;
      }
    }
    QX += dx;
    QY += dy;
    const lastBlocks = load<u8>(BLOCK_MAP + <usize>(cy * W + cx));
    const q = <usize>(QY * cw + QX);
    const rays = <i32>load<u8>(RAYS_SIGHT + q);
    const seen = 15 & ~quadsBlocked(rays, back); // clause 1.1.4 at the corner reached
    // A cover cell last entered blocks the cover line to every cell there but itself.
    record(QX, QY, seen, withCover && before == 0 ? seen & (lastBlocks != 0 ? lastQuad : 15) : 0);
    if (!inBox(QX + dx, QY + dy)) return;
    // Go on through this corner (clause 1.1.2), past the cell last entered.
    before |= lastBlocks;
    if ((rays & leftRays) != 0 && (rays & rightRays) != 0) return;
    const coverRays = <i32>load<u8>(RAYS_COVER + q);
    if ((coverRays & leftRays) != 0 && (coverRays & rightRays) != 0) before = 1;
    cx += sx;
    cy += sy;
  }
}

/**
 * LOS, cover and range from a figure's rectangle to every cell. A cell is seen when some attacker
 * corner has a clear line to some corner of it; it is in cover unless, from some attacker corner
 * that sees it, the cover lines to all four of its corners are clear (a blocked line gives cover).
 */
export function sightMap2016(ax: i32, ay: i32, aw: i32, ah: i32, withCover: bool = true): void {
  const n = W * H;
  memory.fill(OUT_LOS, 0, <usize>n);
  memory.fill(OUT_COVER, 0, <usize>n);
  memory.fill(COVER_ALL, 1, <usize>n);
  if (max(W, H) > COPRIME_SIDE) buildCoprime(max(W, H));
  // Cover cells for this attacker: its own cells never block.
  if (withCover) {
    memory.copy(BLOCK_MAP, COVER_CELLS, <usize>n);
    for (let y = ay; y < ay + ah; y++) for (let x = ax; x < ax + aw; x++) store<u8>(BLOCK_MAP + <usize>(y * W + x), 0);
  }
  for (let Y = ay; Y <= ay + ah; Y++)
    for (let X = ax; X <= ax + aw; X++) {
      if (withCover) memory.fill(CLEAR_CORNERS, 0, <usize>n);
      const ownA = ownMask(X, Y, ax, ay, aw, ah);
      const raysP = <i32>load<u8>(RAYS_SIGHT + <usize>(Y * (W + 1) + X));
      // Zero-length line: a cell sharing the corner must connect round it to the attacker.
      let seen = 0;
      for (let k = 0; k < 4; k++) if (roundBlocked(raysP, ownA, 2 * k + 1) == 0) seen |= 1 << k;
      record(X, Y, seen, withCover ? seen : 0);
      // Clause 1.1.4 at this corner depends only on the direction's signs: bit (sy+1)*3+(sx+1).
      let cutP = 0;
      for (let k = 0; k < 9; k++) {
        const sx = k % 3 - 1, sy = k / 3 - 1;
        if ((sx != 0 || sy != 0) && roundBlocked(raysP, ownA, dirPos(sx, sy)) != 0) cutP |= 1 << k;
      }
      for (let QY = 0; QY <= H; QY++) {
        const dy = QY - Y;
        const row = COPRIME + <usize>(dy < 0 ? -dy : dy);
        const signY = dy > 0 ? 6 : dy == 0 ? 3 : 0;
        for (let QX = 0; QX <= W; QX++) {
          const dx = QX - X;
          // One walk per primitive direction (it passes the corners of the others).
          if (load<u8>(row + <usize>((dx < 0 ? -dx : dx) * CO_ROW)) == 0) continue;
          if (((cutP >> (signY + (dx > 0 ? 2 : dx == 0 ? 1 : 0))) & 1) != 0) continue;
          if (dx == 0 || dy == 0) walkAxis(X, Y, dx, dy, withCover);
          else walkDiagonal(X, Y, dx, dy, withCover);
        }
      }
    }
  if (!withCover) {
    for (let y = ay; y < ay + ah; y++) for (let x = ax; x < ax + aw; x++) store<u8>(OUT_LOS + <usize>(y * W + x), 1);
    return;
  }
  distances(ax, ay, aw, ah, RANGE_2016);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const t = y * W + x;
      if (inRect(x, y, ax, ay, aw, ah)) {
        store<u8>(OUT_LOS + <usize>t, 1);
        store<u8>(OUT_COVER + <usize>t, 0);
      } else if (load<u8>(OUT_LOS + <usize>t) != 0) {
        store<u8>(OUT_COVER + <usize>t, load<u8>(COVER_ALL + <usize>t));
      }
      store<i32>(OUT_RANGE + (<usize>t << 2), load<i32>(DIST + (<usize>t << 2)));
    }
}

/** LOS only (no cover, no range) from a figure's rectangle to every cell into OUT_LOS. */
export function losMap2016(ax: i32, ay: i32, aw: i32, ah: i32): void {
  sightMap2016(ax, ay, aw, ah, false);
}

export function range2016(ax: i32, ay: i32, aw: i32, ah: i32, tx: i32, ty: i32, tw: i32, th: i32): i32 {
  distances(ax, ay, aw, ah, RANGE_2016);
  return minDist(tx, ty, tw, th);
}
