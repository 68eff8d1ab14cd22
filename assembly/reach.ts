// Reachability with minimum MP and one cheapest path (parents) for small and large figures:
// doom2016 (RULES §2.2), doom2004 (§3), d20 (§4). States are o*W*H + y*W + x.
import {
  BUCKET_COUNT, C_BARREL, C_DIFFICULT, C_LOW, MAX_CELLS, C_OBSTACLE, C_TELEPORTER, CELLS, LARGE_CELLS, OWNER, DOOM2004, DOOM2016, D20, H, LARGE_EDGES_2016, MOVE_EDGES,
  NFIG, NTELE, REACH_COST, STEP_MOVE, STEP_STRICT, REACH_END, REACH_PARENT, RULESET, TELEPORTERS, W, blocks, cellBits, figH, figSide, figTeleports,
  figField, figW, figX, figY, hEdge, onMap, ownerAt, vEdge,
} from './board';
import { bucketEmptied, bucketHi, bucketLo, bucketPush, bucketPushInline, bucketWord } from './buckets';
import { dirX, dirY, setStepOffsets, stepOff } from './steps';

let F: i32 = 0; // the moving figure
let MP: i32 = 0;
let FW: i32 = 1, FH: i32 = 1; // its footprint in orientation 0
let SIDE: i32 = 0;
let TELEPORTS: bool = false;

// Per owner o + 1 (0 for a free cell), 1 when o is hostile to the moving figure: one load per step.
const FOES: usize = memory.data(1028);
/** Any hostile large figure on the board (else no step into one needs checking). */
let FOE_LARGE: bool = false;
/** Any other large figure (else a doom2016 large figure may end wherever it fits). */
let OTHER_LARGE: bool = false;

/** Owner o (-1 for none) is hostile to the moving figure: read from FOES, filled by `reach`. */
@inline function hostile(o: i32): bool {
  return load<u8>(FOES + <usize>(o + 1)) != 0;
}
@inline function hostileAt(x: i32, y: i32): bool {
  return hostile(ownerAt(x, y));
}
@inline function otherAt(x: i32, y: i32): i32 {
  const o = ownerAt(x, y);
  return o == F ? -1 : o;
}
@inline function isLargeFig(o: i32): bool {
  return figField(o, 6) != 0; // the figure table's "large" field
}

function relax(j: i32, c: i32, from: i32): void {
  if (c > MP) return;
  const old = load<i32>(REACH_COST + (<usize>j << 2));
  if (old >= 0 && old <= c) return;
  store<i32>(REACH_COST + (<usize>j << 2), c);
  store<i32>(REACH_PARENT + (<usize>j << 2), from);
  bucketPush(j, c);
}

/** The footprint fw×fh at (x,y) is on the map and straddles no edge of `mask`. */
export function fits(x: i32, y: i32, fw: i32, fh: i32, mask: i32): bool {
  if (x < 0 || y < 0 || x + fw > W || y + fh > H) return false;
  for (let v = y; v < y + fh; v++)
    for (let u = x; u < x + fw; u++) {
      if (!onMap(u, v)) return false;
      if (u + 1 < x + fw && blocks(mask, vEdge(u + 1, v))) return false;
      if (v + 1 < y + fh && blocks(mask, hEdge(u, v + 1))) return false;
    }
  return true;
}

/** fits(x, y, fw, fh, LARGE_EDGES_2016) read from LARGE_CELLS: one load per cell. */
function fitsLarge(x: i32, y: i32, fw: i32, fh: i32): bool {
  const w = W; // loops over cell addresses: fewer multiplications and global reads in the Wasm
  if (x < 0 || y < 0 || x + fw > w || y + fh > H) return false;
  const lastRow = LARGE_CELLS + <usize>((y + fh - 1) * w + x);
  for (let row = LARGE_CELLS + <usize>(y * w + x); row <= lastRow; row += <usize>w) {
    // Cells must be on the map (bit 1) with no blocking edge inside the footprint: right (2), below (4).
    const below = row < lastRow ? 5 : 1;
    const last = row + <usize>(fw - 1);
    for (let p = row; p <= last; p++) if (((<i32>load<u8>(p) ^ 1) & (p < last ? below | 2 : below)) != 0) return false;
  }
  return true;
}

/**
 * fitsLarge(x + dx, y + dy, fw, fh) && crossOpen(x, y, fw, fh, dx, dy, LARGE_EDGES_2016) for an
 * orthogonal shift of a footprint that fits (a figure never straddles a wall or door, and every
 * placement the search reaches was tested): only the line of cells it enters needs testing, each on
 * the map with no wall or door inside the line nor across the edge it crosses.
 */
function shiftLarge(x: i32, y: i32, fw: i32, fh: i32, dx: i32, dy: i32): bool {
  const w = W;
  if (dx != 0) {
    const u = dx > 0 ? x + fw : x - 1; // the column entered
    if (u < 0 || u >= w) return false;
    // p walks the column entered, q the column whose right edge is crossed.
    let p = LARGE_CELLS + <usize>(y * w + u), q = dx > 0 ? p - 1 : p;
    const last = p + <usize>((fh - 1) * w);
    for (; p <= last; p += <usize>w, q += <usize>w) if (((<i32>load<u8>(p) ^ 1) & (p < last ? 5 : 1)) != 0 || (load<u8>(q) & 2) != 0) return false;
  } else {
    const v = dy > 0 ? y + fh : y - 1; // the row entered
    if (v < 0 || v >= H) return false;
    // p walks the row entered, q the row whose lower edge is crossed.
    let p = LARGE_CELLS + <usize>(v * w + x), q = dy > 0 ? p - <usize>w : p;
    const last = p + <usize>(fw - 1);
    for (; p <= last; p++, q++) if (((<i32>load<u8>(p) ^ 1) & (p < last ? 3 : 1)) != 0 || (load<u8>(q) & 4) != 0) return false;
  }
  return true;
}

/**
 * Can a fw×fh footprint at (x, y) shift one cell orthogonally by (dx, dy) without crossing an edge
 * of `mask`? Every cell on the leading side crosses the edge in front of it.
 */
function crossOpen(x: i32, y: i32, fw: i32, fh: i32, dx: i32, dy: i32, mask: i32): bool {
  if (dx != 0) {
    const X = dx > 0 ? x + fw : x;
    for (let v = y; v < y + fh; v++) if (blocks(mask, vEdge(X, v))) return false;
  } else {
    const Y = dy > 0 ? y + fh : y;
    for (let u = x; u < x + fw; u++) if (blocks(mask, hEdge(u, Y))) return false;
  }
  return true;
}

/** Does any cell of the new footprint, not in the old one, satisfy the test? */
function enteredAny(ox: i32, oy: i32, ow: i32, oh: i32, x: i32, y: i32, fw: i32, fh: i32, test: i32): bool {
  for (let v = y; v < y + fh; v++)
    for (let u = x; u < x + fw; u++) {
      if (u >= ox && v >= oy && u < ox + ow && v < oy + oh) continue;
      if (test == 0) {
        const o = otherAt(u, v);
        if (hostile(o) && isLargeFig(o)) return true;
      } else if ((cellBits(u, v) & (C_DIFFICULT | C_LOW)) != 0) return true;
    }
  return false;
}

/** doom2004/d20 large placement: fits, no obstacles (2004), no hostile figures. */
function shiftValid(x: i32, y: i32): bool {
  if (!fits(x, y, FW, FH, MOVE_EDGES)) return false;
  for (let v = y; v < y + FH; v++)
    for (let u = x; u < x + FW; u++) {
      if (RULESET == DOOM2004 && (cellBits(u, v) & (C_OBSTACLE | C_BARREL)) != 0) return false;
      if (hostileAt(u, v)) return false;
    }
  return true;
}

function canEnd(x: i32, y: i32, o: i32): bool {
  const fw = o == 0 ? FW : FH, fh = o == 0 ? FH : FW;
  for (let v = y; v < y + fh; v++)
    for (let u = x; u < x + fw; u++) {
      const other = otherAt(u, v);
      if (other < 0) continue;
      // doom2016 large figures may end on small figures (they are displaced).
      if (RULESET == DOOM2016 && FW * FH > 1 && !isLargeFig(other)) continue;
      return false;
    }
  return true;
}

@inline function expandSmall(i: i32, c: i32): void {
  // Read once per state: the step loop keeps them in registers.
  const ruleset = RULESET, mp = MP;
  // The step table already says the target is on the map: index it directly.
  let open = <i32>load<u8>((ruleset == D20 ? STEP_STRICT : STEP_MOVE) + <usize>i);
  while (open != 0) {
    const k = ctz(open);
    open &= open - 1;
    const j = i + stepOff(k);
    // A target at cost c + 1 or less already cannot improve (a step costs at least 1): its tables
    // need no reading. -1 (not reached) compares as the largest unsigned value.
    const old = load<u32>(REACH_COST + (<usize>j << 2));
    if (old <= <u32>(c + 1)) continue;
    const bits = <i32>load<u8>(CELLS + <usize>j);
    const o = load<i32>(OWNER + (<usize>j << 2));
    const foe = hostile(o);
    let step = 1;
    if (ruleset == DOOM2016) {
      step += ((bits & C_DIFFICULT) != 0 ? 1 : 0) + (foe ? 1 : 0);
    } else if (ruleset == DOOM2004) {
      if ((bits & (C_OBSTACLE | C_BARREL)) != 0 || foe) continue;
    } else {
      if (foe) continue;
      step = k < 4 ? 1 : 2;
      if ((bits & (C_DIFFICULT | C_LOW)) != 0) step <<= 1;
    }
    const nc = c + step;
    if (nc > mp || old <= <u32>nc) continue;
    store<i32>(REACH_COST + (<usize>j << 2), nc);
    store<i32>(REACH_PARENT + (<usize>j << 2), i);
    bucketPushInline(j, nc);
  }
  if (RULESET != D20 && TELEPORTS && (load<u8>(CELLS + <usize>i) & C_TELEPORTER) != 0) {
    for (let t = 0; t < NTELE; t++) {
      const j = load<i32>(TELEPORTERS + (<usize>t << 2));
      if (j == i) continue;
      const bits = <i32>load<u8>(CELLS + <usize>j);
      if (RULESET == DOOM2016) {
        // Telefrag: no extra MP for a demon on the teleporter.
        relax(j, c + 1 + ((bits & C_DIFFICULT) != 0 ? 1 : 0), i);
      } else if ((bits & (C_OBSTACLE | C_BARREL)) == 0 && !hostile(load<i32>(OWNER + (<usize>j << 2)))) {
        relax(j, c + 1, i);
      }
    }
  }
}

function expandLarge2016(i: i32, x: i32, y: i32, o: i32, c: i32, rotates: bool): void {
  const fw = o == 0 ? FW : FH, fh = o == 0 ? FH : FW;
  const plane = o * W * H;
  for (let k = 0; k < 4; k++) {
    // dirX(k), dirY(k) for the orthogonal steps (right, left, down, up) as arithmetic: cheaper in
    // the Wasm than dirX's comparisons, which only a compiler that unrolls this loop folds away.
    const dx = k < 2 ? 1 - 2 * k : 0, dy = k < 2 ? 0 : 5 - 2 * k;
    const nx = x + dx, ny = y + dy;
    if (!shiftLarge(x, y, fw, fh, dx, dy)) continue;
    relax(plane + ny * W + nx, c + 1 + (FOE_LARGE && enteredAny(x, y, fw, fh, nx, ny, fw, fh, 0) ? 1 : 0), i);
  }
  if (!rotates) return;
  const rw = fh, rh = fw;
  const rplane = (1 - o) * W * H;
  for (let t = ROTATIONS + (<usize>(o << 6)), end = t + (<usize>ROTATION_COUNT << 2); t < end; t += 4) {
    const nx = x + <i32>load<i8>(t), ny = y + <i32>load<i8>(t, 1);
    if (!fitsLarge(nx, ny, rw, rh)) continue;
    relax(rplane + ny * W + nx, c + 1 + (FOE_LARGE && enteredAny(x, y, fw, fh, nx, ny, rw, rh, 0) ? 1 : 0), i);
  }
}

// Per orientation o (at o * 64), the offsets (dx, dy) of the rotated placements that keep at least
// half of the spaces (RULES §2.2), as 4-byte entries: written by `reach` for the moving figure.
const ROTATIONS: usize = memory.data(2 * 64);
let ROTATION_COUNT: i32 = 0;

function listRotations(): void {
  for (let o = 0; o < 2; o++) {
    const fw = o == 0 ? FW : FH, fh = o == 0 ? FH : FW, rw = fh, rh = fw;
    let at = ROTATIONS + (<usize>(o << 6));
    for (let dy = 1 - rh; dy < fh; dy++)
      for (let dx = 1 - rw; dx < fw; dx++) {
        const ow = min(dx + rw, fw) - max(dx, 0);
        const oh = min(dy + rh, fh) - max(dy, 0);
        if (ow <= 0 || oh <= 0 || 2 * ow * oh < fw * fh) continue;
        store<i8>(at, <i8>dx);
        store<i8>(at, <i8>dy, 1);
        at += 4;
      }
    ROTATION_COUNT = <i32>(at - ROTATIONS - (<usize>(o << 6))) >> 2;
  }
}

function expandShift(i: i32, x: i32, y: i32, c: i32): void {
  for (let k = 0; k < 8; k++) {
    const dx = dirX(k), dy = dirY(k);
    const nx = x + dx, ny = y + dy;
    if (!shiftValid(nx, ny)) continue;
    if (k < 4 && !crossOpen(x, y, FW, FH, dx, dy, MOVE_EDGES)) continue;
    // A diagonal shift needs both orthogonal shifts open, each way round (Ruling).
    if (k >= 4 && !(shiftValid(x + dx, y) && shiftValid(x, y + dy))) continue;
    if (k >= 4 && !(crossOpen(x, y, FW, FH, dx, 0, MOVE_EDGES) && crossOpen(x + dx, y, FW, FH, 0, dy, MOVE_EDGES) &&
      crossOpen(x, y, FW, FH, 0, dy, MOVE_EDGES) && crossOpen(x, y + dy, FW, FH, dx, 0, MOVE_EDGES))) continue;
    let step = 1;
    if (RULESET == D20) {
      step = k < 4 ? 1 : 2;
      if (enteredAny(x, y, FW, FH, nx, ny, FW, FH, 1)) step *= 2;
    }
    relax(ny * W + nx, c + step, i);
  }
}

/** Fill REACH_COST / REACH_END (and REACH_PARENT of the states reached) for figure f with `mp` MP; returns the orientation count. */
export function reach(f: i32, mp: i32): i32 {
  F = f;
  MP = mp;
  FW = figW(f);
  FH = figH(f);
  SIDE = figSide(f);
  TELEPORTS = figTeleports(f);
  const large = FW * FH > 1;
  const rotates = RULESET == DOOM2016 && FW != FH && (FW * FH == 2 || FW * FH == 6);
  const orients = rotates ? 2 : 1;
  if (rotates) listRotations();
  FOE_LARGE = false;
  OTHER_LARGE = false;
  store<u8>(FOES, 0);
  for (let g = 0; g < NFIG; g++) {
    const foe = g != f && figSide(g) != SIDE;
    store<u8>(FOES + <usize>(g + 1), foe ? 1 : 0);
    if (g != f && isLargeFig(g)) {
      OTHER_LARGE = true;
      if (foe) FOE_LARGE = true;
    }
  }
  const plane = W * H;
  setStepOffsets();
  // y = r / W as a multiply and a shift: exact for r < 2^17 and W <= 256 (the remainder r mod W
  // keeps the fraction at least 1/W away from the next integer, far more than the error 2^-15).
  const magic: u64 = (<u64>0xffffffff) / <u64>W + 1;
  // Outside the states the previous search wrote, every cost is -1 and every end flag 0 (reachInit):
  // clear only those (all bytes 0xff: every i32 reads -1). REACH_PARENT is written with every cost,
  // so only reached states are read: no clear.
  if (TOUCHED_HI >= TOUCHED_LO) {
    memory.fill(REACH_COST + (<usize>TOUCHED_LO << 2), 0xff, <usize>(TOUCHED_HI - TOUCHED_LO + 1) << 2);
    memory.fill(REACH_END + <usize>TOUCHED_LO, 0, <usize>(TOUCHED_HI - TOUCHED_LO + 1));
  }
  let touchedLo = 0x7fffffff, touchedHi = -1; // bucket words drained: every state written lies in them
  const start = figY(f) * W + figX(f);
  store<i32>(REACH_COST + (<usize>start << 2), 0);
  store<i32>(REACH_PARENT + (<usize>start << 2), -1);
  bucketPush(start, 0);
  // Bucket by bucket, each in increasing state: the order of a heap of cost << 18 | state.
  for (let c = 0, idle = 0; idle < BUCKET_COUNT; c++) {
    const b = c & (BUCKET_COUNT - 1);
    const lo = bucketLo(b), hi = bucketHi(b);
    if (hi < lo) { idle++; continue; }
    idle = 0;
    bucketEmptied(b);
    touchedLo = min(touchedLo, lo);
    touchedHi = max(touchedHi, hi);
    // Every step costs at least 1 MP: states at cost mp are only marked, never expanded.
    const expand = c < mp;
    for (let w = lo; w <= hi; w++) {
      let word = bucketWord(b, w);
      while (word != 0) {
        const i = (w << 5) | <i32>ctz(word);
        word &= word - 1;
        if (load<i32>(REACH_COST + (<usize>i << 2)) != c) continue; // improved since: stale
        if (!large) {
          // canEnd for one cell, without its coordinates (the start is the figure's own cell).
          const who = load<i32>(OWNER + (<usize>i << 2));
          if (who < 0 || who == f) store<u8>(REACH_END + <usize>i, 1);
          if (expand) expandSmall(i, c);
          continue;
        }
        const o = i >= plane ? 1 : 0;
        const r = i - o * plane;
        const y = <i32>((<u64>r * magic) >> 32);
        const x = r - y * W;
        if (i == start || (RULESET == DOOM2016 && !OTHER_LARGE) || canEnd(x, y, o)) store<u8>(REACH_END + <usize>i, 1);
        if (!expand) continue;
        if (RULESET == DOOM2016) expandLarge2016(i, x, y, o, c, rotates);
        else expandShift(i, x, y, c);
      }
    }
  }
  TOUCHED_LO = touchedLo << 5;
  TOUCHED_HI = (touchedHi << 5) | 31;
  return orients;
}

/** States (a range) the last search may have written into REACH_COST and REACH_END. */
let TOUCHED_LO: i32 = 0, TOUCHED_HI: i32 = -1;

/** Every cost -1 and every end flag 0, as `reach` keeps them outside the states it writes. */
export function reachInit(): void {
  memory.fill(REACH_COST, 0xff, <usize>MAX_CELLS * 2 * 4);
  memory.fill(REACH_END, 0, <usize>MAX_CELLS * 2);
  TOUCHED_HI = -1;
}
