// The threat map: for every placement of a w×h footprint, which enemies of a side have LOS to a
// figure standing there, and at what range (RULES §2.1, §3, §4), in one call for the AI.
// LOS to a footprint is LOS to some cell of it as a 1×1 target: the lines tried are the same, the
// ends rule (clause 1.1.4) holds round a corner when it holds for one of the cells there, and the
// footprint's other cells are empty where a figure may stand.
// Each enemy's LOS and ranges are written per cell straight into the output (LOS as its bit in the
// cell's words, ranges as its row); one pass at the end turns cells into placements of the footprint.
import {
  C_BARREL, C_OBSTACLE, CELLS, DIST, DOOM2004, DOOM2016, H, LARGE_EDGES_2016, MEMORY_END, NFIG, OWNER, RULESET, STAND,
  THREAT_ENEMIES, W, figH, figSide, figW, figX, figY, markFigure,
} from './board';
import { losD20 } from './d20';
import { fits } from './reach';
import { los2004 } from './sight2004';
import { losMap2016 } from './sight2016';
import { ROWS_MAX_WIDTH, boardRows, rangeRows } from './range-rows';
import { DISTANCE_D20, RANGE_2004, RANGE_2016, distances } from './steps';

// The output, in one block after MEMORY_END (JavaScript copies it at once): LOS words, ranges, stand bytes.
let LOS_OUT: usize = 0;
let RANGE_OUT: usize = 0;
let STAND_OUT: usize = 0;
let WORDS: i32 = 1;
// doom2016 LOS: a byte per lattice corner (losMap2016), after the range count's rows.
let CORNERS: usize = 0;

/** Where the last threat map is: 0 LOS bits, 1 ranges, 2 enemy list, 3 stand (1 or 0 per cell); 4 the words per cell. */
export function threatPtr(k: i32): usize {
  return k == 0 ? LOS_OUT : k == 1 ? RANGE_OUT : k == 2 ? THREAT_ENEMIES : k == 3 ? STAND_OUT : <usize>WORDS;
}

/** Can a fw×fh figure stand with its top-left cell at (x,y)? */
function canStand(x: i32, y: i32, fw: i32, fh: i32): bool {
  if (!fits(x, y, fw, fh, LARGE_EDGES_2016)) return false;
  for (let v = y; v < y + fh; v++)
    for (let u = x; u < x + fw; u++) {
      const i = <usize>(v * W + u);
      if (load<i32>(OWNER + (i << 2)) >= 0) return false;
      if (RULESET == DOOM2004 && (load<u8>(CELLS + i) & (C_OBSTACLE | C_BARREL)) != 0) return false;
    }
  return true;
}

/** Enemy e's LOS to every cell as a 1×1 target: bit `bit` of the word at `word` + cell * WORDS * 4. */
function losCells(e: i32, word: usize, bit: u32): void {
  const ax = figX(e), ay = figY(e), aw = figW(e), ah = figH(e);
  const stride = WORDS << 2;
  if (RULESET == DOOM2016) {
    losMap2016(ax, ay, aw, ah, CORNERS, word, stride, bit);
    return;
  }
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const t = y * W + x;
      // Only cells some standing footprint covers are worth a test.
      if ((load<u8>(STAND + <usize>t) & 1) == 0) continue;
      if (RULESET == DOOM2004 ? los2004(ax, ay, aw, ah, x, y, 1, 1) : losD20(ax, ay, aw, ah, x, y, 1, 1)) {
        const at = word + <usize>(t * stride);
        store<u32>(at, load<u32>(at) | bit);
      }
    }
}

/**
 * Enemies of `side` (every figure of another side but `ignore`, the figure that would move, which
 * is lifted off the board meanwhile). Writes the enemy list to THREAT_ENEMIES and returns its length;
 * LOS bits (WORDS words per cell) and ranges (per enemy, per cell; -1 where the figure cannot
 * stand or no path exists) land after MEMORY_END. Returns -1 when memory cannot grow.
 */
export function threatMap(side: i32, fw: i32, fh: i32, ignore: i32): i32 {
  if (ignore >= 0) markFigure(ignore, -1);
  const n = W * H;
  let count = 0;
  for (let f = 0; f < NFIG; f++) {
    if (f == ignore || figSide(f) == side) continue;
    store<i32>(THREAT_ENEMIES + (<usize>count << 2), f);
    count++;
  }
  WORDS = max(1, (count + 31) >> 5);
  LOS_OUT = MEMORY_END;
  RANGE_OUT = LOS_OUT + (<usize>(n * WORDS) << 2);
  STAND_OUT = RANGE_OUT + (<usize>(n * count) << 2);
  // losMap2016's corners after the output.
  CORNERS = STAND_OUT + <usize>n;
  const end = CORNERS + <usize>((W + 1) * (H + 1));
  const have = <usize>memory.size() << 16;
  if (end > have && memory.grow(<i32>((end - have + 0xffff) >> 16)) < 0) {
    if (ignore >= 0) markFigure(ignore, ignore);
    return -1;
  }
  memory.fill(LOS_OUT, 0, <usize>(n * WORDS) << 2);
  // STAND flags: 2 a footprint may stand with its top-left here, 1 a standing footprint covers the cell.
  memory.fill(STAND, 0, <usize>n);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      if (canStand(x, y, fw, fh)) {
        for (let v = y; v < y + fh; v++) for (let u = x; u < x + fw; u++) store<u8>(STAND + <usize>(v * W + u), load<u8>(STAND + <usize>(v * W + u)) | 1);
        store<u8>(STAND + <usize>(y * W + x), load<u8>(STAND + <usize>(y * W + x)) | 2);
      }
  const kind = RULESET == DOOM2016 ? RANGE_2016 : RULESET == DOOM2004 ? RANGE_2004 : DISTANCE_D20;
  const rows = kind != DISTANCE_D20 && W <= ROWS_MAX_WIDTH;
  if (rows) boardRows();
  for (let k = 0; k < count; k++) {
    const e = load<i32>(THREAT_ENEMIES + (<usize>k << 2));
    losCells(e, LOS_OUT + (<usize>(k >> 5) << 2), 1 << (k & 31));
    const row = RANGE_OUT + (<usize>(k * n) << 2);
    if (rows) rangeRows(figX(e), figY(e), figW(e), figH(e), row);
    else {
      distances(figX(e), figY(e), figW(e), figH(e), kind);
      memory.copy(row, DIST, <usize>n << 2);
    }
  }
  // Cells to placements, in place: the footprint at p covers p and cells after it only.
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const stands = (load<u8>(STAND + <usize>p) & 2) != 0;
      store<u8>(STAND_OUT + <usize>p, stands ? 1 : 0);
      if (stands && fw * fh == 1) continue; // a cell is its own footprint
      const los = LOS_OUT + (<usize>(p * WORDS) << 2);
      for (let j = 0; j < WORDS; j++) {
        let bits: u32 = 0;
        if (stands)
          for (let v = y; v < y + fh; v++)
            for (let u = x; u < x + fw; u++) bits |= load<u32>(LOS_OUT + (<usize>((v * W + u) * WORDS + j) << 2));
        store<u32>(los + (<usize>j << 2), bits);
      }
      for (let k = 0; k < count; k++) {
        const row = RANGE_OUT + (<usize>(k * n) << 2);
        let best = -1;
        if (stands)
          for (let v = y; v < y + fh; v++)
            for (let u = x; u < x + fw; u++) {
              const d = load<i32>(row + (<usize>(v * W + u) << 2));
              if (d >= 0 && (best < 0 || d < best)) best = d;
            }
        store<i32>(row + (<usize>p << 2), best);
      }
    }
  if (ignore >= 0) markFigure(ignore, ignore);
  return count;
}
