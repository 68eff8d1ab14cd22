// Adjacency between cells (RULES §1.2) and shortest step counts: range (doom2016, doom2004)
// and distance (d20), from a figure's cells to every cell, into DIST.
import { BUCKET_COUNT, C_BARREL, C_OBSTACLE, CELLS, DIST, H, QUEUE, STEP_SIGHT, STEP_STRICT, W, stepDX, stepDY } from './board';
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
  memory.fill(DIST, 0xff, <usize>(W * H) << 2); // every i32 reads -1
  if (kind == DISTANCE_D20) weighted(rx, ry, rw, rh);
  else if (kind == RANGE_2016) {
    if (W <= 64) rangeCountRows(rx, ry, rw, rh);
    else rangeCount2016(rx, ry, rw, rh);
  }
  else breadthFirst(rx, ry, rw, rh, kind);
}

/** Count cell j at `d` steps when no count has reached it yet; the queue's new tail. */
@inline function countStep(j: i32, d: i32, tail: i32): i32 {
  if (load<i32>(<usize>j << 2, DIST) >= 0) return tail;
  store<i32>(<usize>j << 2, d, DIST);
  store<i32>(<usize>tail << 2, j, QUEUE);
  return tail + 1;
}

// rangeCountRows' bitsets, in QUEUE (which that count does not use): per step k and row y the row's
// cells whose step k is open; the rows' cells counted; the level's new cells, two buffers in turn.
const ROW_MASKS: usize = QUEUE;
const ROW_SEEN: usize = QUEUE + (<usize>8 << 8 << 3);
const ROW_FRONT_A: usize = ROW_SEEN + (<usize>256 << 3);
const ROW_FRONT_B: usize = ROW_FRONT_A + (<usize>256 << 3);

@inline function rowMask(k: i32, y: i32): u64 {
  return load<u64>(ROW_MASKS + ((<usize>(k << 8) + <usize>y) << 3));
}

/**
 * rangeCount2016 on boards at most 64 wide, a row of cells a 64-bit word: a level's new cells are
 * the level before's moved one step each way (a shift and an OR per step, masked by the cells whose
 * step is open), less the cells counted. The queue's count tests and branches once per cell and step,
 * and those branches, taken as the board's walls fall, mispredict; this one branches per row and per
 * cell counted. The same counts as rangeCount2016.
 */
function rangeCountRows(rx: i32, ry: i32, rw: i32, rh: i32): void {
  const w = W, h = H;
  // Each row's eight masks, a byte (eight cells) at a time: the cells' step bytes transposed (8×8
  // bits) so that byte k holds their bit k. Past the row's last cell the bytes are the next row's
  // or an earlier board's: bits no front reaches (a step off the board is closed).
  for (let y = 0; y < h; y++) {
    const row = STEP_SIGHT + <usize>(y * w);
    const out = ROW_MASKS + (<usize>y << 3);
    for (let x0 = 0; x0 < w; x0 += 8) {
      let v = load<u64>(row + <usize>x0);
      let t = (v ^ (v >> 7)) & 0x00aa00aa00aa00aa;
      v = v ^ t ^ (t << 7);
      t = (v ^ (v >> 14)) & 0x0000cccc0000cccc;
      v = v ^ t ^ (t << 14);
      t = (v ^ (v >> 28)) & 0x00000000f0f0f0f0;
      v = v ^ t ^ (t << 28);
      for (let k: usize = 0; k < 8; k++) store<u8>(out + (k << 11) + (<usize>x0 >> 3), <u8>(v >> (k << 3)));
    }
  }
  memory.fill(ROW_SEEN, 0, <usize>h << 3);
  let front = ROW_FRONT_A, next = ROW_FRONT_B;
  const start = ((<u64>1 << <u64>rw) - 1) << <u64>rx; // rw ≤ 64 - rx
  for (let y = ry; y < ry + rh; y++) {
    store<u64>(ROW_SEEN + (<usize>y << 3), start);
    store<u64>(front + (<usize>y << 3), start);
    for (let x = rx; x < rx + rw; x++) store<i32>(<usize>(y * w + x) << 2, 0, DIST);
  }
  let lo = ry, hi = ry + rh - 1;
  for (let d = 1; ; d++) {
    const nlo = max(lo - 1, 0), nhi = min(hi + 1, h - 1);
    for (let y = nlo; y <= nhi; y++) store<u64>(next + (<usize>y << 3), 0);
    for (let y = lo; y <= hi; y++) {
      const f = load<u64>(front + (<usize>y << 3));
      if (f == 0) continue;
      const here = next + (<usize>y << 3);
      store<u64>(here, load<u64>(here) | ((f & rowMask(0, y)) << 1) | ((f & rowMask(1, y)) >> 1));
      if (y + 1 < h) store<u64>(here + 8, load<u64>(here + 8) | (f & rowMask(2, y)) | ((f & rowMask(4, y)) << 1) | ((f & rowMask(6, y)) >> 1));
      if (y > 0) store<u64>(here - 8, load<u64>(here - 8) | (f & rowMask(3, y)) | ((f & rowMask(5, y)) << 1) | ((f & rowMask(7, y)) >> 1));
    }
    let newLo = h, newHi = -1;
    for (let y = nlo; y <= nhi; y++) {
      const at = next + (<usize>y << 3);
      const seen = load<u64>(ROW_SEEN + (<usize>y << 3));
      let n = load<u64>(at) & ~seen;
      store<u64>(at, n);
      if (n == 0) continue;
      store<u64>(ROW_SEEN + (<usize>y << 3), seen | n);
      if (newHi < 0) newLo = y;
      newHi = y;
      const base = DIST + (<usize>(y * w) << 2);
      do {
        store<i32>(base + (<usize>ctz(n) << 2), d);
        n &= n - 1;
      } while (n != 0);
    }
    if (newHi < 0) break;
    const t = front;
    front = next;
    next = t;
    lo = newLo;
    hi = newHi;
  }
}

/**
 * doom2016 range to every cell (breadthFirst's count with nothing to stop at and nothing that ends
 * a count): a level of the queue at a time, so a cell's count is the level's, not a load, and the
 * eight steps written out with their offsets in locals — V8 then keeps them in registers and
 * checks no loop header per step (a sight map's range was a third of its time: bench/RESULTS.md,
 * "Grid core by board class and size", issue 41). The same counts as breadthFirst.
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

/** d20 distance: orthogonal 1, diagonal 2, no diagonal past a wall touching the corner (bucket queue). */
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
        let open = <i32>load<u8>(STEP_STRICT + <usize>i);
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
