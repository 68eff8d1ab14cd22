// Adjacency between cells (RULES §1.2) and shortest step counts: range (doom2016, doom2004)
// and distance (d20), from a figure's cells to every cell, into DIST.
import { BUCKET_COUNT, C_BARREL, C_OBSTACLE, CELLS, DIST, H, QUEUE, RAYS_SIGHT, STEP_SIGHT, W, stepDX, stepDY } from './board';
import { ROWS_MAX_WIDTH, boardRows, rangeRows } from './range-rows';
import { bucketEmptied, bucketHi, bucketLo, bucketPush, bucketWord } from './buckets';

// Direction tables: 4 orthogonal then 4 diagonal.
@inline export function dirX(d: i32): i32 { return stepDX(d); }
@inline export function dirY(d: i32): i32 { return stepDY(d); }
/** Index offset of step k on a board of width W. */
@inline export function stepOffset(k: i32): i32 { return stepDY(k) * W + stepDX(k); }

// The 8 index offsets of the current board, written by each search (one load per step).
export const STEP_OFFSETS: usize = memory.data(8 * 4);
export function setStepOffsets(): void {
  for (let k = 0; k < 8; k++) store<i32>(STEP_OFFSETS + (<usize>k << 2), stepOffset(k));
}
@inline export function stepOff(k: i32): i32 {
  return load<i32>(STEP_OFFSETS + (<usize>k << 2));
}

export const RANGE_2016: i32 = 0;
export const RANGE_2004: i32 = 1;
export const DISTANCE_D20: i32 = 2;

/** Fewest steps from the rectangle's cells to every cell into DIST (-1 when unreachable). */
export function distances(rx: i32, ry: i32, rw: i32, rh: i32, kind: i32): void {
  if (kind != DISTANCE_D20 && W <= ROWS_MAX_WIDTH) {
    // By rows of bits (range-rows.ts).
    boardRows();
    rangeRows(rx, ry, rw, rh, DIST);
    return;
  }
  memory.fill(DIST, 0xff, <usize>(W * H) << 2); // every i32 reads -1
  if (kind == DISTANCE_D20) weighted(rx, ry, rw, rh);
  else if (kind == RANGE_2016) rangeCount2016(rx, ry, rw, rh);
  else breadthFirst(rx, ry, rw, rh, kind);
}

/** Count cell j at `d` steps when no count has reached it yet; the queue's new tail. */
@inline function countStep(j: i32, d: i32, tail: i32): i32 {
  if (load<i32>(<usize>j << 2, DIST) >= 0) return tail;
  store<i32>(<usize>j << 2, d, DIST);
  store<i32>(<usize>tail << 2, j, QUEUE);
  return tail + 1;
}

/**
 * doom2016 range to every cell (breadthFirst's count with nothing to stop at and nothing that ends
 * a count): a level of the queue at a time, so a cell's count is the level's, not a load, and the
 * eight steps written out with their offsets in locals — V8 then keeps them in registers and
 * checks no loop header per step (a sight map's range was a third of its time: bench/RESULTS.md,
 * "Grid core by board class and size", issue 41). The same counts as breadthFirst. Boards wider than
 * 64 only: narrower ones are counted by rows (range-rows.ts).
 */
function rangeCount2016(rx: i32, ry: i32, rw: i32, rh: i32): void {
  const w = W;
  let tail = 0;
  for (let y = ry; y < ry + rh; y++)
    for (let x = rx; x < rx + rw; x++) {
      const i = y * w + x;
      store<i32>(<usize>i << 2, 0, DIST);
      store<i32>(<usize>(tail++) << 2, i, QUEUE);
    }
  let head = 0;
  for (let d = 1; head < tail; d++) {
    const end = tail;
    do {
      const i = load<i32>(<usize>(head++) << 2, QUEUE);
      const open = <i32>load<u8>(<usize>i, STEP_SIGHT);
      if (open & 1) tail = countStep(i + 1, d, tail);
      if (open & 2) tail = countStep(i - 1, d, tail);
      if (open & 4) tail = countStep(i + w, d, tail);
      if (open & 8) tail = countStep(i - w, d, tail);
      if (open & 16) tail = countStep(i + w + 1, d, tail);
      if (open & 32) tail = countStep(i - w + 1, d, tail);
      if (open & 64) tail = countStep(i + w - 1, d, tail);
      if (open & 128) tail = countStep(i - w - 1, d, tail);
    } while (head < end);
  }
}

/**
 * The fewest steps from rectangle R to rectangle T, -1 when none: minDist(T) after distances(R),
 * stopped as soon as the count reaches one of T's cells (a breadth-first count reaches the nearest
 * first), so a pair query costs the spaces within its range rather than the board's (a 201×201
 * board's whole count is most of a millisecond). DIST holds only a partial count afterwards.
 */
export function distanceBetween(rx: i32, ry: i32, rw: i32, rh: i32, tx: i32, ty: i32, tw: i32, th: i32, kind: i32): i32 {
  if (kind == DISTANCE_D20) {
    distances(rx, ry, rw, rh, kind);
    return minDist(tx, ty, tw, th);
  }
  if (rx < tx + tw && tx < rx + rw && ry < ty + th && ty < ry + rh) return 0;
  memory.fill(DIST, 0xff, <usize>(W * H) << 2);
  // T's cells read -2 until counted: the count ends at the first of them it reaches.
  for (let y = ty; y < ty + th; y++) for (let x = tx; x < tx + tw; x++) store<i32>(DIST + (<usize>(y * W + x) << 2), -2);
  return breadthFirst(rx, ry, rw, rh, kind);
}

/**
 * Unit steps, breadth-first, from the rectangle's cells into DIST (-1 everywhere, or -2 on the cells
 * to stop at): the count of the first -2 cell reached, else -1 once every reachable cell is counted.
 */
function breadthFirst(rx: i32, ry: i32, rw: i32, rh: i32, kind: i32): i32 {
  let head = 0, tail = 0;
  for (let y = ry; y < ry + rh; y++)
    for (let x = rx; x < rx + rw; x++) {
      const i = y * W + x;
      store<i32>(DIST + (<usize>i << 2), 0);
      store<i32>(QUEUE + (<usize>(tail++) << 2), i);
    }
  setStepOffsets();
  while (head < tail) {
    const i = load<i32>(QUEUE + (<usize>(head++) << 2));
    const d = load<i32>(DIST + (<usize>i << 2));
    // doom2004: obstacles and barrels can be the end of a count, never a step on the way.
    if (kind == RANGE_2004 && d > 0 && (load<u8>(CELLS + <usize>i) & (C_OBSTACLE | C_BARREL)) != 0) continue;
    let open = <i32>load<u8>(STEP_SIGHT + <usize>i);
    while (open != 0) {
      const j = i + stepOff(ctz(open));
      open &= open - 1;
      const old = load<i32>(DIST + (<usize>j << 2));
      if (old >= 0) continue;
      if (old != -1) return d + 1;
      store<i32>(DIST + (<usize>j << 2), d + 1);
      store<i32>(QUEUE + (<usize>(tail++) << 2), j);
    }
  }
  return -1;
}

/**
 * d20 distance (RULES §4): orthogonal 1, diagonal 2, around walls, doors and blocking terrain (the sight
 * edges), no diagonal past one of them touching the corner (bucket queue). Impassable edges are terrain:
 * they stop movement (STEP_STRICT), not the count of distance.
 */
@inline function distanceSteps(i: i32): i32 {
  const c = <usize>(i + i / W); // the cell's top-left corner
  const w1 = <usize>(W + 1);
  let open = <i32>load<u8>(STEP_SIGHT + <usize>i);
  if (load<u8>(RAYS_SIGHT + c + w1 + 1) != 0) open &= ~16; // ↘
  if (load<u8>(RAYS_SIGHT + c + 1) != 0) open &= ~32; // ↗
  if (load<u8>(RAYS_SIGHT + c + w1) != 0) open &= ~64; // ↙
  if (load<u8>(RAYS_SIGHT + c) != 0) open &= ~128; // ↖
  return open;
}

/** d20 distance into DIST from the rectangle's cells (distanceSteps). */
function weighted(rx: i32, ry: i32, rw: i32, rh: i32): void {
  for (let y = ry; y < ry + rh; y++)
    for (let x = rx; x < rx + rw; x++) {
      const i = y * W + x;
      store<i32>(DIST + (<usize>i << 2), 0);
      bucketPush(i, 0);
    }
  setStepOffsets();
  for (let d = 0, idle = 0; idle < BUCKET_COUNT; d++) {
    const b = d & (BUCKET_COUNT - 1);
    const lo = bucketLo(b), hi = bucketHi(b);
    if (hi < lo) { idle++; continue; }
    idle = 0;
    bucketEmptied(b);
    for (let k = lo; k <= hi; k++) {
      let word = bucketWord(b, k);
      while (word != 0) {
        const i = (k << 5) | <i32>ctz(word);
        word &= word - 1;
        if (load<i32>(DIST + (<usize>i << 2)) != d) continue;
        let open = distanceSteps(i);
        while (open != 0) {
          const s = ctz(open);
          open &= open - 1;
          const j = i + stepOff(s);
          const nd = d + (s < 4 ? 1 : 2);
          const old = load<i32>(DIST + (<usize>j << 2));
          if (old >= 0 && old <= nd) continue;
          store<i32>(DIST + (<usize>j << 2), nd);
          bucketPush(j, nd);
        }
      }
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
