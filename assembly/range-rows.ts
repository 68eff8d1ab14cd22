// Ranges (doom2016, doom2004) on boards up to 64 wide: a breadth-first count on rows as 64-bit
// masks (bit x: the cell in column x), a whole row of one step count at once, over the rows the
// last count's cells lie in and those next to them only. The queue's count (steps.ts) tests and
// branches once per cell and step, and those branches, taken as the board's walls fall, mispredict;
// this one branches per row and per cell counted. Used by the sight and range maps (steps.ts
// distances) and the threat map (threat.ts).
// Per row (H + 2 rows: a spare, always empty, one above and below): the 8 open-step masks (bit x:
// step k from (x,y) is open, as STEP_SIGHT; 64 bytes), then 8 bytes per row each: the obstacles
// (doom2004), the cells reached, and the cells of the last count and of the next (FRONT, NEXT:
// swapped each count). The masks stay in RANGE_ROWS while the board's steps and cells do: built
// again only after the board changed (LARGE_VERSION: rebuilt, an edge set, another board restored).
import { C_BARREL, C_OBSTACLE, CELLS, DOOM2004, H, LARGE_VERSION, RANGE_ROWS, RULESET, STEP_SIGHT, W } from './board';

/** The widest board counted by rows: a row is one 64-bit word. */
export const ROWS_MAX_WIDTH: i32 = 64;

let OPEN: usize = 0, OBST: usize = 0, REACHED: usize = 0, FRONT: usize = 0, NEXT: usize = 0;

@inline function rowAt(base: usize, y: i32): usize {
  return base + (<usize>(y + 1) << 3);
}

let ROWS_VERSION: i32 = -1;

/** The rows of this board in RANGE_ROWS, ready for `rangeRows`: built only when the board changed since. */
export function boardRows(): void {
  if (ROWS_VERSION == LARGE_VERSION) return;
  placeRows(RANGE_ROWS);
  buildRows();
  ROWS_VERSION = LARGE_VERSION;
}

/** The rows at `base` (8-byte aligned, (H + 2) × 96 bytes): where the next buildRows and rangeRows work. */
function placeRows(base: usize): void {
  const rowBytes = <usize>(H + 2) << 3;
  OPEN = base;
  OBST = OPEN + (rowBytes << 3);
  REACHED = OBST + rowBytes;
  FRONT = REACHED + rowBytes;
  NEXT = FRONT + rowBytes;
}

/**
 * The open-step and obstacle masks of every row. Eight cells at a time: their step bytes, one u64,
 * transposed as an 8×8 matrix of bits so that byte k holds the eight cells' bit k.
 */
function buildRows(): void {
  memory.fill(OPEN, 0, <usize>((H + 2) * 72));
  for (let y = 0; y < H; y++) {
    const cells = STEP_SIGHT + <usize>(y * W);
    const o = OPEN + <usize>((y + 1) * 64);
    for (let x0 = 0; x0 < W; x0 += 8) {
      let v = load<u64>(cells + <usize>x0);
      if (W - x0 < 8) v &= (<u64>1 << <u64>((W - x0) << 3)) - 1; // the next row's cells
      let t = (v ^ (v >> 7)) & 0x00aa00aa00aa00aa;
      v = v ^ t ^ (t << 7);
      t = (v ^ (v >> 14)) & 0x0000cccc0000cccc;
      v = v ^ t ^ (t << 14);
      t = (v ^ (v >> 28)) & 0x00000000f0f0f0f0;
      v = v ^ t ^ (t << 28);
      for (let k: usize = 0; k < 8; k++) store<u8>(o + (k << 3) + (<usize>x0 >> 3), <u8>(v >> (k << 3)));
    }
    if (RULESET == DOOM2004) {
      let obst: u64 = 0;
      for (let x = 0; x < W; x++) if ((load<u8>(CELLS + <usize>(y * W + x)) & (C_OBSTACLE | C_BARREL)) != 0) obst |= <u64>1 << x;
      store<u64>(rowAt(OBST, y), obst);
    }
  }
}

/** Steps from the rectangle to every cell into `row` (-1 unreached), as the queue's counts (steps.ts) count them. */
export function rangeRows(rx: i32, ry: i32, rw: i32, rh: i32, row: usize): void {
  memory.fill(row, 0xff, <usize>(W * H) << 2);
  memory.fill(REACHED, 0, <usize>(H + 2) * 24); // REACHED, FRONT, NEXT
  const start = ((<u64>1 << rw) - 1) << rx;
  for (let y = ry; y < ry + rh; y++) {
    store<u64>(rowAt(REACHED, y), start);
    store<u64>(rowAt(FRONT, y), start);
    for (let x = rx; x < rx + rw; x++) store<i32>(row + (<usize>(y * W + x) << 2), 0);
  }
  let front = FRONT, next = NEXT;
  for (let d = 1, lo = ry, hi = ry + rh - 1; lo <= hi; d++) {
    // doom2004: obstacles and barrels can be the end of a count, never a step on the way (the start's can).
    const all: u64 = d > 1 ? 0 : -1;
    let nlo = H, nhi = -1;
    const y0 = max(0, lo - 1), y1 = min(H - 1, hi + 1);
    let above = load<u64>(rowAt(front, y0 - 1)) & (~load<u64>(rowAt(OBST, y0 - 1)) | all);
    let here = load<u64>(rowAt(front, y0)) & (~load<u64>(rowAt(OBST, y0)) | all);
    for (let y = y0; y <= y1; y++) {
      const below = load<u64>(rowAt(front, y + 1)) & (~load<u64>(rowAt(OBST, y + 1)) | all);
      // Steps k as stepDX/stepDY: 0 E, 1 W, 2 S, 3 N, 4 SE, 5 NE, 6 SW, 7 NW; OPEN by the row stepped from.
      const o = OPEN + <usize>((y + 1) * 64), a = o - 64, b = o + 64;
      let fresh = ((here & load<u64>(o)) << 1) | ((here & load<u64>(o, 8)) >> 1) |
        (above & load<u64>(a, 16)) | ((above & load<u64>(a, 32)) << 1) | ((above & load<u64>(a, 48)) >> 1) |
        (below & load<u64>(b, 24)) | ((below & load<u64>(b, 40)) << 1) | ((below & load<u64>(b, 56)) >> 1);
      const at = rowAt(REACHED, y);
      fresh &= ~load<u64>(at);
      store<u64>(rowAt(next, y), fresh);
      above = here;
      here = below;
      if (fresh == 0) continue;
      store<u64>(at, load<u64>(at) | fresh);
      nlo = min(nlo, y);
      nhi = y;
      for (; fresh != 0; fresh &= fresh - 1) store<i32>(row + (<usize>(y * W + <i32>ctz(fresh)) << 2), d);
    }
    // The last count's rows go empty and become the next count's.
    memory.fill(rowAt(front, lo), 0, <usize>(hi - lo + 1) << 3);
    const t = front;
    front = next;
    next = t;
    lo = nlo;
    hi = nhi;
  }
}
