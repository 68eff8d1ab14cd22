// The threat map: for every placement of a w×h footprint, which enemies of a side have LOS to a
// figure standing there, and at what range (RULES §2.1, §3, §4), in one call for the AI.
// LOS to a footprint is LOS to some cell of it as a 1×1 target: the lines tried are the same, the
// ends rule (clause 1.1.4) holds round a corner when it holds for one of the cells there, and the
// footprint's other cells are empty where a figure may stand.
import {
  C_BARREL, C_OBSTACLE, CELLS, OWNER, DIST, DOOM2004, DOOM2016, H, LARGE_EDGES_2016, MEMORY_END, NFIG, OUT_LOS, RULESET, STAND,
  THREAT_ENEMIES, W, blocks, cellBits, figH, figSide, figW, figX, figY, hEdge, markFigure, onMap, ownerAt, vEdge,
} from './board';
import { losD20 } from './d20';
import { fits } from './reach';
import { los2004 } from './sight2004';
import { losMap2016 } from './sight2016';
import { DISTANCE_D20, RANGE_2004, RANGE_2016, distances } from './steps';

let LOS_OUT: usize = 0;
let RANGE_OUT: usize = 0;
let WORDS: i32 = 1;

/** Where the last threat map is: 0 LOS bits, 1 ranges, 2 enemy list, 3 STAND flags; 4 the words per cell. */
export function threatPtr(k: i32): usize {
  return k == 0 ? LOS_OUT : k == 1 ? RANGE_OUT : k == 2 ? THREAT_ENEMIES : k == 3 ? STAND : <usize>WORDS;
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

/** LOS from figure e to every cell as a 1×1 target into OUT_LOS; its range or distance into DIST. */
function losCells(e: i32): void {
  const ax = figX(e), ay = figY(e), aw = figW(e), ah = figH(e);
  if (RULESET == DOOM2016) {
    losMap2016(ax, ay, aw, ah);
  } else {
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const t = <usize>(y * W + x);
        let seen = false;
        if (load<u8>(STAND + t) != 0) seen = RULESET == DOOM2004 ? los2004(ax, ay, aw, ah, x, y, 1, 1) : losD20(ax, ay, aw, ah, x, y, 1, 1);
        store<u8>(OUT_LOS + t, seen ? 1 : 0);
      }
  }
  distances(ax, ay, aw, ah, RULESET == DOOM2016 ? RANGE_2016 : RULESET == DOOM2004 ? RANGE_2004 : DISTANCE_D20);
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
  const end = RANGE_OUT + (<usize>(n * max(count, 1)) << 2);
  const have = <usize>memory.size() << 16;
  if (end > have && memory.grow(<i32>((end - have + 0xffff) >> 16)) < 0) {
    if (ignore >= 0) markFigure(ignore, ignore);
    return -1;
  }
  memory.fill(LOS_OUT, 0, <usize>(n * WORDS) << 2);
  memory.fill(RANGE_OUT, 0xff, <usize>(n * count) << 2);
  // Where the footprint fits; a cell is worth a LOS test when some standing footprint covers it.
  memory.fill(STAND, 0, <usize>n);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      if (canStand(x, y, fw, fh))
        for (let v = y; v < y + fh; v++) for (let u = x; u < x + fw; u++) store<u8>(STAND + <usize>(v * W + u), store8Flag(v * W + u, x, y, u, v));
  for (let k = 0; k < count; k++) {
    const e = load<i32>(THREAT_ENEMIES + (<usize>k << 2));
    losCells(e);
    const word = LOS_OUT + (<usize>(k >> 5) << 2);
    const bit: u32 = 1 << (k & 31);
    const ranges = RANGE_OUT + (<usize>(k * n) << 2);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const p = y * W + x;
        if ((load<u8>(STAND + <usize>p) & 2) == 0) continue;
        let seen = false;
        let best = -1;
        for (let v = y; v < y + fh; v++)
          for (let u = x; u < x + fw; u++) {
            const c = <usize>(v * W + u);
            if (load<u8>(OUT_LOS + c) != 0) seen = true;
            const d = load<i32>(DIST + (c << 2));
            if (d >= 0 && (best < 0 || d < best)) best = d;
          }
        if (seen) {
          const at = word + (<usize>(p * WORDS) << 2);
          store<u32>(at, load<u32>(at) | bit);
        }
        store<i32>(ranges + (<usize>p << 2), best);
      }
  }
  if (ignore >= 0) markFigure(ignore, ignore);
  return count;
}

/** STAND flags: 1 the cell is covered by a standing footprint, 2 a footprint may stand with its top-left here. */
@inline function store8Flag(c: i32, x: i32, y: i32, u: i32, v: i32): u8 {
  return <u8>(load<u8>(STAND + <usize>c) | 1 | (u == x && v == y ? 2 : 0));
}
