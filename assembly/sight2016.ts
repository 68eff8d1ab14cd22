// doom2016 sight (RULES §2.1): LOS corner to corner, cover, range; single pairs and batches.
import {
  CORNER_FLAGS, CORNER_LAST, COVER_ALL, C_DIFFICULT, DIST, H, OUT_COVER, OUT_LOS, OUT_RANGE, SIGHT_EDGES, W,
  cellBits, inRect, onMap, ownerAt, rayMask,
} from './board';
import {
  CELLS_COVER2016, CELLS_NONE, DEFER_LAST, END_P, END_Q, LAST_X, LAST_Y, dirPos, ownMask, roundBlocked, setSpaces, walk,
} from './line';
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
          if (walk(2 * X, 2 * Y, 2 * QX, 2 * QY, SIGHT_EDGES, CELLS_COVER2016, END_P | END_Q) != 0) covered = true;
      if (!covered) coverAll = false;
    }
  if (!los) return 0;
  return 1 | (tw * th == 1 && coverAll ? 2 : 0);
}

// CORNER_FLAGS bits for the walk from the current attacker corner to each lattice corner.
const EDGE_BLOCKED: u8 = 1; // walls/doors/blocking terrain stop the line (LOS and cover)
const CELL_BEFORE: u8 = 2; // a blocking cell before the last one (cover only)
const LAST_BLOCKS: u8 = 4; // the last cell blocks unless it is the target itself
const RAYS_SHIFT: u8 = 4; // bits 4..7: blocking rays at that corner

/**
 * LOS, cover and range from a figure's rectangle to every cell. Each attacker corner walks once to
 * every lattice corner; each cell then combines the walks to its four corners with clause 1.1.4
 * at its own corner.
 */
export function sightMap2016(ax: i32, ay: i32, aw: i32, ah: i32): void {
  const n = W * H;
  const cw = W + 1;
  memory.fill(OUT_LOS, 0, <usize>n);
  memory.fill(OUT_COVER, 0, <usize>n);
  memory.fill(COVER_ALL, 1, <usize>n);
  setSpaces(ax, ay, aw, ah, 0, 0, 0, 0);
  for (let Y = ay; Y <= ay + ah; Y++)
    for (let X = ax; X <= ax + aw; X++) {
      const ownA = ownMask(X, Y, ax, ay, aw, ah);
      for (let QY = 0; QY <= H; QY++)
        for (let QX = 0; QX <= W; QX++) {
          const q = QY * cw + QX;
          let fl: u8 = <u8>(rayMask(QX, QY, SIGHT_EDGES) << RAYS_SHIFT);
          if (QX != X || QY != Y) {
            const r = walk(2 * X, 2 * Y, 2 * QX, 2 * QY, SIGHT_EDGES, CELLS_COVER2016, END_P | DEFER_LAST);
            if (r == 3) fl |= CELL_BEFORE;
            else if (r != 0) fl |= EDGE_BLOCKED;
            if (r == 0 || r == 3) {
              const lx = LAST_X, ly = LAST_Y;
              if (lx >= 0 && !inRect(lx, ly, ax, ay, aw, ah) && ((cellBits(lx, ly) & C_DIFFICULT) != 0 || ownerAt(lx, ly) >= 0)) fl |= LAST_BLOCKS;
              store<i32>(CORNER_LAST + (<usize>q << 2), lx >= 0 ? ly * W + lx : -1);
            }
          }
          store<u8>(CORNER_FLAGS + <usize>q, fl);
        }
      for (let y = 0; y < H; y++)
        for (let x = 0; x < W; x++) {
          if (!onMap(x, y) || inRect(x, y, ax, ay, aw, ah)) continue;
          const t = y * W + x;
          let sees = false;
          let blocked = false;
          for (let k = 0; k < 4; k++) {
            const QX = x + (k & 1), QY = y + (k >> 1);
            // Position of cell t round corner q: 1 NE, 3 SE, 5 SW, 7 NW -> own mask bit.
            const tOwn = k == 0 ? 2 : k == 1 ? 4 : k == 2 ? 1 : 8;
            const q = QY * cw + QX;
            const fl = load<u8>(CORNER_FLAGS + <usize>q);
            const rays = <i32>(fl >> RAYS_SHIFT);
            if (QX == X && QY == Y) {
              // Zero-length line: the two spaces must connect round the shared corner.
              const tPos = k == 0 ? 3 : k == 1 ? 5 : k == 2 ? 1 : 7;
              if (roundBlocked(rays, ownA, tPos) == 0) sees = true;
              else blocked = true;
              continue;
            }
            if ((fl & EDGE_BLOCKED) != 0 || roundBlocked(rays, tOwn, dirPos(X - QX, Y - QY)) != 0) {
              blocked = true;
              continue;
            }
            sees = true;
            if ((fl & CELL_BEFORE) != 0 || ((fl & LAST_BLOCKS) != 0 && load<i32>(CORNER_LAST + (<usize>q << 2)) != t)) blocked = true;
          }
          if (sees) {
            store<u8>(OUT_LOS + <usize>t, 1);
            if (!blocked) store<u8>(COVER_ALL + <usize>t, 0);
          }
        }
    }
  distances(ax, ay, aw, ah, RANGE_2016);
  for (let t = 0; t < n; t++) {
    const x = t % W, y = t / W;
    if (inRect(x, y, ax, ay, aw, ah)) {
      store<u8>(OUT_LOS + <usize>t, 1);
      store<u8>(OUT_COVER + <usize>t, 0);
    } else if (load<u8>(OUT_LOS + <usize>t) != 0) {
      store<u8>(OUT_COVER + <usize>t, load<u8>(COVER_ALL + <usize>t));
    }
    store<i32>(OUT_RANGE + (<usize>t << 2), load<i32>(DIST + (<usize>t << 2)));
  }
}

export function range2016(ax: i32, ay: i32, aw: i32, ah: i32, tx: i32, ty: i32, tw: i32, th: i32): i32 {
  distances(ax, ay, aw, ah, RANGE_2016);
  return minDist(tx, ty, tw, th);
}
