// Ranges (doom2016, doom2004) on boards up to 64 wide: a breadth-first count on rows as 64-bit
// masks (bit x: the cell in column x), a whole row of one step count at once, over the rows the
// last count's cells lie in and those next to them only. The queue's count (steps.ts) tests and
// branches once per cell and step, and those branches, taken as the board's walls fall, mispredict;
// this one branches per row and per cell counted. Used by the sight and range maps (steps.ts
// distances) and the threat map (threat.ts).
// One record of 96 bytes per row, at RANGE_ROWS (H + 2 rows: a spare, always empty, one above and
// below): the 8 open-step masks (bit x: step k from (x,y) is open, as STEP_SIGHT), the obstacles
// (doom2004), the cells reached, and the cells of the last count and of the next (two words that
// swap roles each count). One record per row, not one array per kind: the count's loop then reads
// everything at constant offsets from one pointer, where five bases and its masks were more than
// V8 keeps in registers (it spilled them on every row; range maps 0.71–0.76× of that layout's time,
// sight maps 0.90×, measured in one process). The open-step and obstacle masks stay while
// the board's steps and cells do: built again only after the board changed (LARGE_VERSION: rebuilt,
// an edge set, another board restored).
import { C_BARREL, C_OBSTACLE, CELLS, DOOM2004, H, LARGE_VERSION, RANGE_ROWS, RULESET, STEP_SIGHT, W } from './board';

/** The widest board counted by rows: a row is one 64-bit word. */
export const ROWS_MAX_WIDTH: i32 = 64;

const ROW_BYTES: usize = 96;
const OBST_AT: usize = 64;
const REACHED_AT: usize = 72;
const FRONT_A: usize = 80;
const FRONT_B: usize = 88;

/** Row y's record (y = -1 and y = H: the empty spares). */
@inline function record(y: i32): usize {
  return RANGE_ROWS + <usize>(y + 1) * ROW_BYTES;
}

let ROWS_VERSION: i32 = -1;

/** The rows of this board in RANGE_ROWS, ready for `rangeRows`: built only when the board changed since. */
export function boardRows(): void {
  if (ROWS_VERSION == LARGE_VERSION) return;
  buildRows();
  ROWS_VERSION = LARGE_VERSION;
}

/**
 * The open-step and obstacle masks of every row. Eight cells at a time: their step bytes, one u64,
 * transposed as an 8×8 matrix of bits so that byte k holds the eight cells' bit k.
 */
function buildRows(): void {
  memory.fill(RANGE_ROWS, 0, <usize>(H + 2) * ROW_BYTES);
  for (let y = 0; y < H; y++) {
    const cells = STEP_SIGHT + <usize>(y * W);
    const o = record(y);
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
      store<u64>(o, obst, OBST_AT);
    }
  }
}

/** Steps from the rectangle to every cell into `row` (-1 unreached), as the queue's counts (steps.ts) count them. */
export function rangeRows(rx: i32, ry: i32, rw: i32, rh: i32, row: usize): void {
  memory.fill(row, 0xff, <usize>(W * H) << 2);
  for (let p = record(-1), end = record(H); p <= end; p += ROW_BYTES) {
    store<u64>(p, 0, REACHED_AT);
    store<u64>(p, 0, FRONT_A);
    store<u64>(p, 0, FRONT_B);
  }
  // The start's cells are a step on the way whatever stands there (doom2004's obstacles included).
  const start = ((<u64>1 << rw) - 1) << rx;
  for (let y = ry; y < ry + rh; y++) {
    store<u64>(record(y), start, REACHED_AT);
    store<u64>(record(y), start, FRONT_A);
    for (let x = rx; x < rx + rw; x++) store<i32>(row + (<usize>(y * W + x) << 2), 0);
  }
  let lo = ry, hi = ry + rh - 1;
  for (let d = 1; ; d += 2) {
    let span = countLevel(d, lo, hi, row, FRONT_A, FRONT_B);
    lo = <i32>(span >> 32);
    hi = <i32>span;
    if (lo > hi) break;
    span = countLevel(d + 1, lo, hi, row, FRONT_B, FRONT_A);
    lo = <i32>(span >> 32);
    hi = <i32>span;
    if (lo > hi) break;
  }
}

/**
 * Count `d`: the cells one step from the front (word `from` of rows lo..hi) that no count reached,
 * written into `row` and as the next front (word `to`); the front's words are cleared as they are
 * read, so the next count finds its `to` empty. Returns the rows of the cells counted (lo << 32 |
 * hi; lo > hi when none).
 */
@inline function countLevel(d: i32, lo: i32, hi: i32, row: usize, from: usize, to: usize): u64 {
  const w = W;
  const rowStep = <usize>w << 2;
  // q: the record above the row counted; its row, its own and the one below are read at offsets.
  let q = record(max(0, lo - 1) - 1);
  const last = record(min(H - 1, hi + 1) - 1);
  let out = row + (<usize>(max(0, lo - 1) * w) << 2);
  let first: usize = 0, final: usize = 0;
  let above = load<u64>(q + from);
  let here = load<u64>(q + ROW_BYTES + from);
  for (; q <= last; q += ROW_BYTES, out += rowStep) {
    const below = load<u64>(q + 2 * ROW_BYTES + from);
    // Steps k as stepDX/stepDY: 0 E, 1 W, 2 S, 3 N, 4 SE, 5 NE, 6 SW, 7 NW; the masks of the row stepped from.
    let fresh = ((here & load<u64>(q, ROW_BYTES)) << 1) | ((here & load<u64>(q, ROW_BYTES + 8)) >> 1) |
      (above & load<u64>(q, 16)) | ((above & load<u64>(q, 32)) << 1) | ((above & load<u64>(q, 48)) >> 1) |
      (below & load<u64>(q, 2 * ROW_BYTES + 24)) | ((below & load<u64>(q, 2 * ROW_BYTES + 40)) << 1) | ((below & load<u64>(q, 2 * ROW_BYTES + 56)) >> 1);
    const reached = load<u64>(q, ROW_BYTES + REACHED_AT);
    fresh &= ~reached;
    // doom2004: obstacles and barrels end a count, never a step on the way: not in the next front.
    store<u64>(q + ROW_BYTES + to, fresh & ~load<u64>(q, ROW_BYTES + OBST_AT));
    store<u64>(q + ROW_BYTES + from, 0);
    above = here;
    here = below;
    if (fresh == 0) continue;
    store<u64>(q, reached | fresh, ROW_BYTES + REACHED_AT);
    if (first == 0) first = q;
    final = q;
    for (; fresh != 0; fresh &= fresh - 1) store<i32>(out + (<usize>ctz(fresh) << 2), d);
  }
  if (first == 0) return 1 << 32;
  const a = <i32>((first - RANGE_ROWS) / ROW_BYTES), b = <i32>((final - RANGE_ROWS) / ROW_BYTES);
  return (<u64>a << 32) | <u64>(<u32>b);
}
