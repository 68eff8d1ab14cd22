// Adjacency between cells (RULES §1.2) and shortest step counts: range (doom2016, doom2004)
// and distance (d20), from a figure's cells to every cell, into DIST.
import {
  C_BARREL, C_OBSTACLE, DIST, H, MOVE_EDGES, QUEUE, SIGHT_EDGES, W, blocks, cellBits, hEdge, onMap, rayMask, vEdge,
} from './board';
import { STATE_BITS, STATE_MASK, heapClear, heapEmpty, heapPop, heapPush } from './heap';

/** One step from (x,y) by (dx,dy), judging edges and the corner only. `strict`: d20 corners. */
@inline export function stepOpen(mask: i32, strict: bool, x: i32, y: i32, dx: i32, dy: i32): bool {
  if (!onMap(x + dx, y + dy)) return false;
  if (dx == 0) return !blocks(mask, dy > 0 ? hEdge(x, y + 1) : hEdge(x, y));
  if (dy == 0) return !blocks(mask, dx > 0 ? vEdge(x + 1, y) : vEdge(x, y));
  const rays = rayMask(x + (dx > 0 ? 1 : 0), y + (dy > 0 ? 1 : 0), mask);
  if (strict) return rays == 0;
  // Blocked only with blocking rays on both sides of the diagonal (clause 1.1.2).
  const left = (dx > 0 ? (rays >> 2) & 1 : rays & 1) | (dy > 0 ? (rays >> 3) & 1 : (rays >> 1) & 1);
  const right = (dx > 0 ? rays & 1 : (rays >> 2) & 1) | (dy > 0 ? (rays >> 1) & 1 : (rays >> 3) & 1);
  return left == 0 || right == 0;
}

// Direction tables: 4 orthogonal then 4 diagonal.
@inline export function dirX(d: i32): i32 { return d == 0 ? 1 : d == 1 ? -1 : d == 2 || d == 3 ? 0 : d == 4 || d == 5 ? 1 : -1; }
@inline export function dirY(d: i32): i32 { return d == 2 ? 1 : d == 3 ? -1 : d < 2 ? 0 : d == 4 || d == 6 ? 1 : -1; }

export const RANGE_2016: i32 = 0;
export const RANGE_2004: i32 = 1;
export const DISTANCE_D20: i32 = 2;

/** Fewest steps from the rectangle's cells to every cell into DIST (-1 when unreachable). */
export function distances(rx: i32, ry: i32, rw: i32, rh: i32, kind: i32): void {
  const n = W * H;
  for (let i = 0; i < n; i++) store<i32>(DIST + (<usize>i << 2), -1);
  if (kind == DISTANCE_D20) {
    weighted(rx, ry, rw, rh);
    return;
  }
  // Unit steps: breadth-first.
  let head = 0, tail = 0;
  for (let y = ry; y < ry + rh; y++)
    for (let x = rx; x < rx + rw; x++) {
      const i = y * W + x;
      store<i32>(DIST + (<usize>i << 2), 0);
      store<i32>(QUEUE + (<usize>(tail++) << 2), i);
    }
  while (head < tail) {
    const i = load<i32>(QUEUE + (<usize>(head++) << 2));
    const x = i % W, y = i / W;
    const d = load<i32>(DIST + (<usize>i << 2));
    // doom2004: obstacles and barrels can be the end of a count, never a step on the way.
    if (kind == RANGE_2004 && d > 0 && (cellBits(x, y) & (C_OBSTACLE | C_BARREL)) != 0) continue;
    for (let k = 0; k < 8; k++) {
      const dx = dirX(k), dy = dirY(k);
      if (!stepOpen(SIGHT_EDGES, false, x, y, dx, dy)) continue;
      const j = (y + dy) * W + x + dx;
      if (load<i32>(DIST + (<usize>j << 2)) >= 0) continue;
      store<i32>(DIST + (<usize>j << 2), d + 1);
      store<i32>(QUEUE + (<usize>(tail++) << 2), j);
    }
  }
}

/** d20 distance: orthogonal 1, diagonal 2, no diagonal past a wall touching the corner. */
function weighted(rx: i32, ry: i32, rw: i32, rh: i32): void {
  heapClear();
  for (let y = ry; y < ry + rh; y++)
    for (let x = rx; x < rx + rw; x++) {
      const i = y * W + x;
      store<i32>(DIST + (<usize>i << 2), 0);
      heapPush(i);
    }
  while (!heapEmpty()) {
    const key = heapPop();
    const i = key & STATE_MASK;
    const d = key >> STATE_BITS;
    if (load<i32>(DIST + (<usize>i << 2)) != d) continue;
    const x = i % W, y = i / W;
    for (let k = 0; k < 8; k++) {
      const dx = dirX(k), dy = dirY(k);
      if (!stepOpen(MOVE_EDGES, true, x, y, dx, dy)) continue;
      const j = (y + dy) * W + x + dx;
      const nd = d + (k < 4 ? 1 : 2);
      const old = load<i32>(DIST + (<usize>j << 2));
      if (old >= 0 && old <= nd) continue;
      store<i32>(DIST + (<usize>j << 2), nd);
      heapPush((nd << STATE_BITS) | j);
    }
  }
}

/** The smallest DIST over a rectangle's cells, -1 when none is reachable. */
export function minDist(rx: i32, ry: i32, rw: i32, rh: i32): i32 {
  let best = -1;
  for (let y = ry; y < ry + rh; y++)
    for (let x = rx; x < rx + rw; x++) {
      const d = load<i32>(DIST + (<usize>(y * W + x) << 2));
      if (d >= 0 && (best < 0 || d < best)) best = d;
    }
  return best;
}
