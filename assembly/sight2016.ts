// doom2016 sight (RULES §2.1): LOS corner to corner, cover, range; single pairs and batches.
import {
  BLOCK_MAP, CORNER_FLAGS, COVER_ALL, COVER_EDGES_2016, SETTLED, COVER_CELLS, DIST, H, HEDGES, OUTLINE_H, OUTLINE_V, OUT_COVER,
  OUT_LOS, OUT_RANGE, RAYS_COVER, RAYS_SIGHT, SIGHT_EDGES, VEDGES, W, blocks, inRect, onMap,
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

// What a sight-map walk found.
const EDGE_BLOCKED: u8 = 1; // walls/doors/blocking terrain stop the line (LOS and cover)
const CELL_BEFORE: u8 = 2; // a cover cell before the last one, or the outline of difficult terrain (cover only)

let LAST: i32 = -1;
let WALK_BEFORE: bool = false;

/**
 * The line test specialised for the sight map: corner to corner, sight edges, cover cells from
 * BLOCK_MAP and the outline of difficult terrain (clauses 1.1.1 and 1.1.2 on OUTLINE_H/V and
 * RAYS_COVER), clause 1.1.4 at P already decided by the caller. An incremental DDA with no bounds
 * checks (the segment stays inside the map). Returns 0 clear, EDGE_BLOCKED, or CELL_BEFORE; the
 * last cell entered is left in LAST (-1 for lines along grid lines).
 */
@inline function mapWalk(X: i32, Y: i32, QX: i32, QY: i32): u8 {
  const dx = QX - X, dy = QY - Y;
  const cw = W + 1;
  LAST = -1;
  WALK_BEFORE = false;
  let outline: u8 = 0; // the line crosses, runs along or passes a joint of the outline
  if (dx == 0) {
    const sy = dy > 0 ? 1 : -1;
    for (let y = Y; y != QY; y += sy) {
      const ey = sy > 0 ? y : y - 1;
      if (blocks(SIGHT_EDGES, <i32>load<u8>(VEDGES + <usize>(ey * cw + X)))) return EDGE_BLOCKED;
      outline |= load<u8>(OUTLINE_V + <usize>(ey * cw + X));
      const ny = y + sy;
      // A wall running straight across the line at an interior corner (W and E rays).
      if (ny != QY && (load<u8>(RAYS_SIGHT + <usize>(ny * cw + X)) & 10) == 10) return EDGE_BLOCKED;
      if (ny != QY && (load<u8>(RAYS_COVER + <usize>(ny * cw + X)) & 10) == 10) outline = 1;
    }
    WALK_BEFORE = outline != 0;
    return outline != 0 ? CELL_BEFORE : 0;
  }
  if (dy == 0) {
    const sx = dx > 0 ? 1 : -1;
    for (let x = X; x != QX; x += sx) {
      const ex = sx > 0 ? x : x - 1;
      if (blocks(SIGHT_EDGES, <i32>load<u8>(HEDGES + <usize>(Y * W + ex)))) return EDGE_BLOCKED;
      outline |= load<u8>(OUTLINE_H + <usize>(Y * W + ex));
      const nx = x + sx;
      if (nx != QX && (load<u8>(RAYS_SIGHT + <usize>(Y * cw + nx)) & 5) == 5) return EDGE_BLOCKED;
      if (nx != QX && (load<u8>(RAYS_COVER + <usize>(Y * cw + nx)) & 5) == 5) outline = 1;
    }
    WALK_BEFORE = outline != 0;
    return outline != 0 ? CELL_BEFORE : 0;
  }
  const sx = dx > 0 ? 1 : -1, sy = dy > 0 ? 1 : -1;
  const adx = dx * sx, ady = dy * sy;
  let cx = sx > 0 ? X : X - 1, cy = sy > 0 ? Y : Y - 1;
  let rx = adx - 1, ry = ady - 1;
  let err = ady - adx; // < 0: the next vertical grid line comes first
  let before: u8 = 0;
  // Which rays lie on each side of the line at a corner it passes (bits 1 N, 2 E, 4 S, 8 W).
  const leftRays = (sx > 0 ? 4 : 1) | (sy > 0 ? 8 : 2);
  const rightRays = 15 ^ leftRays;
  while (rx > 0 || ry > 0) {
    before |= load<u8>(BLOCK_MAP + <usize>(cy * W + cx));
    if (ry == 0 || (rx > 0 && err < 0)) {
      const e = <usize>(cy * cw + cx + (sx > 0 ? 1 : 0));
      if (blocks(SIGHT_EDGES, <i32>load<u8>(VEDGES + e))) return EDGE_BLOCKED;
      before |= load<u8>(OUTLINE_V + e);
      cx += sx;
      rx--;
      err += ady;
    } else if (rx == 0 || err > 0) {
      const e = <usize>((cy + (sy > 0 ? 1 : 0)) * W + cx);
      if (blocks(SIGHT_EDGES, <i32>load<u8>(HEDGES + e))) return EDGE_BLOCKED;
      before |= load<u8>(OUTLINE_H + e);
      cy += sy;
      ry--;
      err -= adx;
    } else {
      const k = <usize>((cy + (sy > 0 ? 1 : 0)) * cw + cx + (sx > 0 ? 1 : 0));
      const rays = <i32>load<u8>(RAYS_SIGHT + k);
      if ((rays & leftRays) != 0 && (rays & rightRays) != 0) return EDGE_BLOCKED;
      const coverRays = <i32>load<u8>(RAYS_COVER + k);
      if ((coverRays & leftRays) != 0 && (coverRays & rightRays) != 0) before = 1;
      cx += sx;
      cy += sy;
      rx--;
      ry--;
      err += ady - adx;
    }
  }
  LAST = cy * W + cx;
  WALK_BEFORE = before != 0;
  return before != 0 ? CELL_BEFORE : 0;
}

@inline function settled(x: i32, y: i32): bool {
  return <u32>x >= <u32>W || <u32>y >= <u32>H || load<u8>(SETTLED + <usize>(y * W + x)) != 0;
}

/**
 * LOS, cover and range from a figure's rectangle to every cell. Each attacker corner walks once to
 * every lattice corner and records, per corner, which of the four cells round it get a clear line
 * there (low nibble) and which get a blocked cover line (high nibble); each cell then combines its
 * four corners.
 */
export function sightMap2016(ax: i32, ay: i32, aw: i32, ah: i32, withCover: bool = true): void {
  const n = W * H;
  const cw = W + 1;
  memory.fill(OUT_LOS, 0, <usize>n);
  memory.fill(OUT_COVER, 0, <usize>n);
  memory.fill(COVER_ALL, 1, <usize>n);
  // SETTLED: nothing more to learn about the cell (off the map, the attacker's own, or seen and
  // shown not to be in cover from some corner).
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) store<u8>(SETTLED + <usize>(y * W + x), !onMap(x, y) || inRect(x, y, ax, ay, aw, ah) ? 1 : 0);
  // Cover cells for this attacker: its own cells never block. Without cover, none: a cell then
  // settles as soon as it is seen.
  if (withCover) memory.copy(BLOCK_MAP, COVER_CELLS, <usize>n);
  else memory.fill(BLOCK_MAP, 0, <usize>n);
  for (let y = ay; y < ay + ah; y++) for (let x = ax; x < ax + aw; x++) store<u8>(BLOCK_MAP + <usize>(y * W + x), 0);
  for (let Y = ay; Y <= ay + ah; Y++)
    for (let X = ax; X <= ax + aw; X++) {
      const ownA = ownMask(X, Y, ax, ay, aw, ah);
      const raysP = <i32>load<u8>(RAYS_SIGHT + <usize>(Y * cw + X));
      // Clause 1.1.4 at this corner depends only on the direction's signs: bit (sy+1)*3+(sx+1).
      let cutP = 0;
      for (let k = 0; k < 9; k++) {
        const sx = k % 3 - 1, sy = k / 3 - 1;
        if ((sx != 0 || sy != 0) && roundBlocked(raysP, ownA, dirPos(sx, sy)) != 0) cutP |= 1 << k;
      }
      for (let QY = 0; QY <= H; QY++)
        for (let QX = 0; QX <= W; QX++) {
          const q = QY * cw + QX;
          // No unsettled cell reads this corner: skip the walk.
          if (settled(QX, QY) && settled(QX - 1, QY) && settled(QX, QY - 1) && settled(QX - 1, QY - 1)) continue;
          const rays = <i32>load<u8>(RAYS_SIGHT + <usize>q);
          let seen = 0, blocked = 0;
          if (QX == X && QY == Y) {
            // Zero-length line: a cell sharing the corner must connect round it to the attacker.
            for (let k = 0; k < 4; k++) {
              if (roundBlocked(rays, ownA, 2 * k + 1) == 0) seen |= 1 << k;
              else blocked |= 1 << k;
            }
          } else if (((cutP >> (((QY > Y ? 2 : QY == Y ? 1 : 0) * 3) + (QX > X ? 2 : QX == X ? 1 : 0))) & 1) != 0 || mapWalk(X, Y, QX, QY) == EDGE_BLOCKED) {
            blocked = 15;
          } else {
            const back = dirPos(X - QX, Y - QY);
            const cut = quadsBlocked(rays, back); // clause 1.1.4 at the target's corner
            seen = 15 & ~cut;
            blocked = cut;
            if (WALK_BEFORE) blocked = 15;
            else if (LAST >= 0 && load<u8>(BLOCK_MAP + <usize>LAST) != 0) {
              // The last cell blocks every target but itself; it lies in the direction the line came from.
              blocked |= 15 & ~(1 << (back >> 1));
            }
          }
          store<u8>(CORNER_FLAGS + <usize>q, <u8>(seen | (withCover ? blocked << 4 : 0)));
        }
      for (let y = 0; y < H; y++)
        for (let x = 0; x < W; x++) {
          const t = y * W + x;
          if (settled(x, y)) continue;
          // Cell t is SE of its top-left corner, SW of top-right, NE of bottom-left, NW of bottom-right.
          const a = <i32>load<u8>(CORNER_FLAGS + <usize>(y * cw + x)) >> 1;
          const b = <i32>load<u8>(CORNER_FLAGS + <usize>(y * cw + x + 1)) >> 2;
          const c = <i32>load<u8>(CORNER_FLAGS + <usize>((y + 1) * cw + x));
          const d = <i32>load<u8>(CORNER_FLAGS + <usize>((y + 1) * cw + x + 1)) >> 3;
          const m = a | b | c | d;
          // Seen from this corner (bit 0); in cover from it when some line is blocked (bit 4).
          if ((m & 1) != 0) {
            store<u8>(OUT_LOS + <usize>t, 1);
            if ((m & 16) == 0) {
              store<u8>(COVER_ALL + <usize>t, 0);
              store<u8>(SETTLED + <usize>t, 1);
            }
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
