// Reachability with minimum MP and one cheapest path (parents) for small and large figures:
// doom2016 (RULES §2.2), doom2004 (§3), d20 (§4). States are o*W*H + y*W + x.
import {
  BUCKET_COUNT, BUCKET_RANGE, BUCKET_WORDS, BUCKETS, LARGE_MOVES, LARGE_VERSION, C_BARREL, C_DIFFICULT, C_LOW, MAX_CELLS, C_OBSTACLE, C_TELEPORTER, CELLS, LARGE_CELLS, OWNER, DOOM2004, DOOM2016, D20, H, LARGE_EDGES_2016, MOVE_EDGES,
  NFIG, NTELE, REACH_COST, REACHED, STEP_MOVE, STEP_STRICT, REACH_END, REACH_PARENT, RULESET, TELEPORTERS, W, blocks, cellBits, figH, figSide, figTeleports,
  figField, figW, figX, figY, hEdge, onMap, ownerAt, vEdge,
} from './board';
import { bucketEmptied, bucketHi, bucketLo, bucketPush, bucketPushInline, bucketPushRange, bucketWord } from './buckets';
import { dirX, dirY, setStepOffsets, stepOff } from './steps';

let F: i32 = 0; // the moving figure
let MP: i32 = 0;
let FW: i32 = 1, FH: i32 = 1; // its footprint in orientation 0
let SIDE: i32 = 0;
let TELEPORTS: bool = false;

// Per owner o + 1 (0 for a free cell), 1 when o is hostile to the moving figure: one load per step.
const FOES: usize = memory.data(1028);
// FOES as a compile-time constant, for loads that carry it as their offset.
const FOES_AT: usize = FOES;
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
  const old = load<i32>(SHIFT + (<usize>j << 2), REACH_COST);
  if (old >= 0 && old <= c) return;
  store<i32>(SHIFT + (<usize>j << 2), c, REACH_COST);
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

/**
 * fits(x, y, fw, fh, LARGE_EDGES_2016) read from LARGE_CELLS a row (up to 4 cells) at a time:
 * every cell on the map (bit 1) with no wall or door inside the footprint, to its right (2) or
 * below (4). The 4-byte loads may read past the row (masked off) and past the map (LARGE_CELLS is
 * MAX_CELLS long, and more memory follows).
 */
function fitsLarge(x: i32, y: i32, fw: i32, fh: i32): bool {
  const w = W;
  if (x < 0 || y < 0 || x + fw > w || y + fh > H) return false;
  if (fw > 4) return fits(x, y, fw, fh, LARGE_EDGES_2016);
  const right = 2 << ((fw - 1) << 3), bytes = (right << 7) - 1; // the low fw bytes
  const inner = (0x07070707 & bytes) ^ right, last = (0x03030303 & bytes) ^ right;
  const lastRow = LARGE_CELLS + <usize>((y + fh - 1) * w + x);
  for (let row = LARGE_CELLS + <usize>(y * w + x); row <= lastRow; row += <usize>w)
    if (((load<i32>(row) ^ 0x01010101) & (row < lastRow ? inner : last)) != 0) return false;
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

@inline function expandSmall(i: i32, c: i32, ruleset: i32, shift: usize): void {
  // Read once per state: the step loop keeps it in a register.
  const mp = MP;
  // The step table already says the target is on the map: index it directly.
  let open = <i32>load<u8>((ruleset == D20 ? STEP_STRICT : STEP_MOVE) + <usize>i);
  while (open != 0) {
    const k = ctz(open);
    open &= open - 1;
    const j = i + stepOff(k);
    // A target at cost c + 1 or less already cannot improve (a step costs at least 1): its tables
    // need no reading. -1 (not reached) compares as the largest unsigned value.
    const old = load<u32>(shift + (<usize>j << 2), REACH_COST);
    if (old <= <u32>(c + 1)) continue;
    const bits = <i32>load<u8>(CELLS + <usize>j);
    const o = load<i32>(OWNER + (<usize>j << 2));
    const foe = hostile(o);
    let step = 1; // doom2016 has its own search (drainSmall2016)
    if (ruleset == DOOM2004) {
      if ((bits & (C_OBSTACLE | C_BARREL)) != 0 || foe) continue;
    } else {
      if (foe) continue;
      step = k < 4 ? 1 : 2;
      if ((bits & (C_DIFFICULT | C_LOW)) != 0) step <<= 1;
    }
    const nc = c + step;
    if (nc > mp || old <= <u32>nc) continue;
    store<i32>(shift + (<usize>j << 2), nc, REACH_COST);
    store<i32>(REACH_PARENT + (<usize>j << 2), i);
    bucketPushInline(j, nc);
  }
  if (ruleset != D20 && TELEPORTS && (load<u8>(CELLS + <usize>i) & C_TELEPORTER) != 0) {
    for (let t = 0; t < NTELE; t++) {
      const j = load<i32>(TELEPORTERS + (<usize>t << 2));
      if (j == i) continue;
      const bits = <i32>load<u8>(CELLS + <usize>j);
      if ((bits & (C_OBSTACLE | C_BARREL)) == 0 && !hostile(load<i32>(OWNER + (<usize>j << 2)))) {
        relax(j, c + 1, i);
      }
    }
  }
}

/** Does the move listed at MOVES + m from state i enter a hostile large figure's spaces (the cells of its rectangle outside the old footprint)? */
function enteredMove(i: i32, m: usize): bool {
  const plane = W * H;
  const o = i >= plane ? 1 : 0;
  const r = i - o * plane;
  const y = r / W, x = r - y * W;
  return enteredAny(x, y, o == 0 ? FW : FH, o == 0 ? FH : FW, x + load<i32>(m, MOVES_AT + 4), y + load<i32>(m, MOVES_AT + 8), load<i32>(m, MOVES_AT + 12), load<i32>(m, MOVES_AT + 16), 0);
}

// Per orientation o (at o * 256), the moves of a doom2016 large figure as 32-byte entries: the
// state offset (j - i), then the rectangle (dx, dy, w, h from the placement) that must fit for the
// move to be open, then the orientation moved into. For a shift it is the old and new footprints together: the old one fits (no
// figure straddles a wall or door, and every placement reached was tested), so this asks that the
// cells entered fit and that no wall or door lies across the edge crossed. For a rotation it is
// the new footprint. Shifts right, left, down, up, then the rotations keeping at least half of
// the spaces (RULES §2.2): at most 4 (1×2 and 2×3 keep half in 4 placements, 1×6 in none).
const MOVES: usize = memory.data(2 * 8 * 32);
const MOVES_AT: usize = MOVES; // as a compile-time constant (a load's offset)
let MOVE_COUNT: i32 = 0;

/** Write the move to the placement (dx, dy) away in `plane`, open when rectangle (rx, ry, w, h) fits. */
function addMove(at: usize, dx: i32, dy: i32, plane: i32, rx: i32, ry: i32, w: i32, h: i32, to: i32): usize {
  store<i32>(at, plane + dy * W + dx);
  store<i32>(at, to, 20);
  store<i32>(at, rx, 4);
  store<i32>(at, ry, 8);
  store<i32>(at, w, 12);
  store<i32>(at, h, 16);
  return at + 32;
}

// The move sets (largeMoves) are kept between searches in LARGE_MOVES, a u16 per search state
// (placement and orientation): 0 not known yet, else 256 | the moves. They depend on LARGE_CELLS
// and the footprint only, so they stay valid while LARGE_VERSION and the moving figure's footprint
// do: a search on a board whose walls and doors did not change reads one entry per placement
// instead of testing up to 8 footprints. MOVES is listed for that same footprint and board.
let MOVES_KEY: i32 = 0, MOVES_VERSION: i32 = 0;

function listMoves(rotates: bool): void {
  const key = (FW << 9) | FH;
  if (key == MOVES_KEY && LARGE_VERSION == MOVES_VERSION) return;
  MOVES_KEY = key;
  MOVES_VERSION = LARGE_VERSION;
  memory.fill(LARGE_MOVES, 0, <usize>(W * H) << (rotates ? 2 : 1));
  for (let o = 0; o < 2; o++) {
    const fw = o == 0 ? FW : FH, fh = o == 0 ? FH : FW;
    let at = MOVES + (<usize>(o << 8));
    at = addMove(at, 1, 0, 0, 0, 0, fw + 1, fh, o); // right
    at = addMove(at, -1, 0, 0, -1, 0, fw + 1, fh, o); // left
    at = addMove(at, 0, 1, 0, 0, 0, fw, fh + 1, o); // down
    at = addMove(at, 0, -1, 0, 0, -1, fw, fh + 1, o); // up
    // Every rotated placement overlaps the footprint (ow, oh >= 1): keep those covering half of it.
    if (rotates)
      for (let dy = 1 - fw; dy < fh; dy++)
        for (let dx = 1 - fh; dx < fw; dx++)
          if (2 * (min(dx + fh, fw) - max(dx, 0)) * (min(dy + fw, fh) - max(dy, 0)) >= fw * fh) at = addMove(at, dx, dy, (1 - 2 * o) * W * H, dx, dy, fh, fw, 1 - o);
    MOVE_COUNT = <i32>(at - MOVES - (<usize>(o << 8))) >> 5;
  }
}

/** The moves open to a large figure at (x, y) in orientation o, as bits (MOVES order). */
function largeMoves(x: i32, y: i32, o: i32): i32 {
  let bits = 0;
  for (let k = 0; k < MOVE_COUNT; k++) {
    const at = MOVES + (<usize>(o << 8 | k << 5));
    if (fitsLarge(x + load<i32>(at, 4), y + load<i32>(at, 8), load<i32>(at, 12), load<i32>(at, 16))) bits |= 1 << k;
  }
  return bits;
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

/**
 * Where a search writes its answer: costs (i32, -1 where not reached), end flags (u8) and the list
 * of the states reached, in the core's own arrays (REACH_COST, REACH_END, REACHED, laid out in a
 * row) or SHIFT bytes on, in a ReachBuffer's slot laid out the same way (assembly/reach-slots.ts):
 * issue 41, the buffer's arrays are views of it, so its answer is never copied. Each holds -1 and
 * 0 outside the states its list names. One shift keeps every access one load with its array as
 * the constant offset (three bases cost the doom2016 search 10–15%: V8 spilled registers).
 */
let SHIFT: usize = 0;

/** Fill REACH_COST / REACH_END (and REACH_PARENT of the states reached) for figure f with `mp` MP; returns the orientation count. */
export function reach(f: i32, mp: i32): i32 {
  SHIFT = 0;
  clearReached(0, REACH_COUNT);
  const orients = search(f, mp);
  REACH_COUNT = LAST_COUNT;
  return orients;
}

/**
 * The same search into the arrays `shift` bytes on (a slot whose list holds `count` states from
 * its last search); LAST_COUNT then says how many it lists now.
 */
export function reachShifted(f: i32, mp: i32, shift: usize, count: i32): i32 {
  SHIFT = shift;
  clearReached(shift, count);
  return search(f, mp);
}

/** The number of states the last search (of either kind) listed. */
export let LAST_COUNT: i32 = 0;

function search(f: i32, mp: i32): i32 {
  F = f;
  MP = mp;
  FW = figW(f);
  FH = figH(f);
  SIDE = figSide(f);
  TELEPORTS = figTeleports(f);
  const large = FW * FH > 1;
  const rotates = RULESET == DOOM2016 && FW != FH && (FW * FH == 2 || FW * FH == 6);
  const orients = rotates ? 2 : 1;
  if (large && RULESET == DOOM2016) listMoves(rotates);
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
  setStepOffsets();
  // The target was cleared by its caller. REACH_PARENT is written with every cost, so only reached
  // states are read: no clear.
  const start = figY(f) * W + figX(f);
  store<i32>(SHIFT + (<usize>start << 2), 0, REACH_COST);
  store<i32>(REACH_PARENT + (<usize>start << 2), -1);
  bucketPush(start, 0);
  LAST_COUNT = !large ? searchSmall(f, mp) : RULESET != DOOM2016 ? searchLarge(f, mp, start) : SHIFT == 0 ? searchLarge2016(mp, start, 0) : searchLarge2016Shifted(mp, start, SHIFT);
  return orients;
}

/**
 * The search of a one-space figure: bucket by bucket, each in increasing state (the order of a heap
 * of cost << 18 | state). Its own function, apart from the large figures' (searchLarge): V8 keeps
 * the few values of this loop in registers where the two together spilled some to the stack.
 * Returns the number of states settled (listed at REACHED).
 */
function searchSmall(f: i32, mp: i32): i32 {
  // doom2016 (the ruleset the C baseline has) gets a loop of its own, the ruleset folded away.
  // (Written as drainSmall(f, mp, DOOM2016), Binaryen merged the two calls back into one.)
  if (RULESET != DOOM2016) return drainSmall(f, mp, RULESET);
  return SHIFT == 0 ? drainSmall2016(f, mp, 0) : drainSmall2016Shifted(f, mp, SHIFT);
}

/**
 * drainSmall for doom2016, written for V8's code generator (issue 41): every table access names
 * its table as the load's constant offset (x64: one instruction, [memory + index + table], where
 * `TABLE + index` cost an add and a load), and the eight steps are written out with their state
 * offsets in registers (no step loop: no loop header, no stack check, no table of offsets). The
 * steps are tried in the same order as the step loop's (k = 0..7), so the parents are the same.
 */
@inline function drainSmall2016(f: i32, mp: i32, shift: usize): i32 {
  const w1 = W;
  let count = 0;
  for (let c = 0, idle = 0; idle < BUCKET_COUNT; c++) {
    const range = <usize>(c & (BUCKET_COUNT - 1)) << 4; // range 0 of the bucket (a small figure uses no other)
    const lo = load<i32>(range, BUCKET_RANGE), hi = load<i32>(range, BUCKET_RANGE + 4);
    if (hi < lo) { idle++; continue; }
    idle = 0;
    store<i32>(range, 0x7fffffff, BUCKET_RANGE);
    store<i32>(range, -1, BUCKET_RANGE + 4);
    const expand = c < mp;
    const words = <usize>((c & (BUCKET_COUNT - 1)) * BUCKET_WORDS) << 2;
    for (let w = lo; w <= hi; w++) {
      const at = words + (<usize>w << 2);
      let word = load<u32>(at, BUCKETS);
      if (word == 0) continue;
      store<u32>(at, 0, BUCKETS);
      do {
        const i = (w << 5) | <i32>ctz(word);
        word &= word - 1;
        if (load<i32>(shift + (<usize>i << 2), REACH_COST) != c) continue; // improved since: stale
        const who = load<i32>(<usize>i << 2, OWNER);
        const ends = who < 0 || who == f;
        if (ends) store<u8>(shift + <usize>i, 1, REACH_END);
        store<i32>(shift + (<usize>(count++) << 2), i | c << 17 | (ends ? 1 << 29 : 0), REACHED);
        if (!expand) continue;
        const open = <i32>load<u8>(<usize>i, STEP_MOVE);
        if ((open & 1) != 0) step2016(i, i + 1, c, mp, shift);
        if ((open & 2) != 0) step2016(i, i - 1, c, mp, shift);
        if ((open & 4) != 0) step2016(i, i + w1, c, mp, shift);
        if ((open & 8) != 0) step2016(i, i - w1, c, mp, shift);
        if ((open & 16) != 0) step2016(i, i + w1 + 1, c, mp, shift);
        if ((open & 32) != 0) step2016(i, i - w1 + 1, c, mp, shift);
        if ((open & 64) != 0) step2016(i, i + w1 - 1, c, mp, shift);
        if ((open & 128) != 0) step2016(i, i - w1 - 1, c, mp, shift);
        if (TELEPORTS && (load<u8>(<usize>i, CELLS) & C_TELEPORTER) != 0) teleport2016(i, c);
      } while (word != 0);
    }
  }
  return count;
}

/** drainSmall2016 into a slot: its own copy, so that the core's own search keeps shift folded to 0. */
function drainSmall2016Shifted(f: i32, mp: i32, shift: usize): i32 {
  return drainSmall2016(f, mp, shift);
}

/** One doom2016 step of a small figure from state i (cost c) to j: 1 MP, +1 into difficult terrain, +1 into a hostile figure's space. */
@inline function step2016(i: i32, j: i32, c: i32, mp: i32, shift: usize): void {
  // A target at cost c + 1 or less already cannot improve (a step costs at least 1): its tables
  // need no reading. -1 (not reached) compares as the largest unsigned value.
  const old = load<u32>(shift + (<usize>j << 2), REACH_COST);
  if (old <= <u32>(c + 1)) return;
  const nc = c + 1 + (<i32>(load<u8>(<usize>j, CELLS) & C_DIFFICULT) >> 1) + <i32>load<u8>(<usize>(load<i32>(<usize>j << 2, OWNER) + 1), FOES_AT);
  if (nc > mp || old <= <u32>nc) return;
  store<i32>(shift + (<usize>j << 2), nc, REACH_COST);
  store<i32>(<usize>j << 2, i, REACH_PARENT);
  // bucketPushRange(j, nc, 0), with constant offsets.
  const b = nc & (BUCKET_COUNT - 1);
  const w = j >> 5;
  const at = <usize>(b * BUCKET_WORDS + w) << 2;
  const word = load<u32>(at, BUCKETS);
  const bit: u32 = 1 << (j & 31);
  if ((word & bit) != 0) return;
  store<u32>(at, word | bit, BUCKETS);
  const range = <usize>b << 4;
  if (w < load<i32>(range, BUCKET_RANGE)) store<i32>(range, w, BUCKET_RANGE);
  if (w > load<i32>(range, BUCKET_RANGE + 4)) store<i32>(range, w, BUCKET_RANGE + 4);
}

/** A doom2016 small figure on a teleporter (state i, cost c) to every other teleporter: 1 MP, +1 into difficult terrain (telefrag: none for a figure there). */
function teleport2016(i: i32, c: i32): void {
  // Telefrag: no extra MP for a demon on the teleporter.
  for (let t = 0; t < NTELE; t++) {
    const j = load<i32>(TELEPORTERS + (<usize>t << 2));
    if (j == i) continue;
    relax(j, c + 1 + ((load<u8>(CELLS + <usize>j) & C_DIFFICULT) != 0 ? 1 : 0), i);
  }
}

@inline function drainSmall(f: i32, mp: i32, ruleset: i32): i32 {
  const shift = SHIFT;
  let count = 0;
  for (let c = 0, idle = 0; idle < BUCKET_COUNT; c++) {
    const b = c & (BUCKET_COUNT - 1);
    const lo = bucketLo(b), hi = bucketHi(b);
    if (hi < lo) { idle++; continue; }
    idle = 0;
    bucketEmptied(b);
    // Every step costs at least 1 MP: states at cost mp are only marked, never expanded.
    const expand = c < mp;
    for (let w = lo; w <= hi; w++) {
      let word = bucketWord(b, w);
      while (word != 0) {
        const i = (w << 5) | <i32>ctz(word);
        word &= word - 1;
        if (load<i32>(shift + (<usize>i << 2), REACH_COST) != c) continue; // improved since: stale
        // canEnd for one cell, without its coordinates (the start is the figure's own cell).
        const who = load<i32>(OWNER + (<usize>i << 2));
        const ends = who < 0 || who == f;
        if (ends) store<u8>(shift + <usize>i, 1, REACH_END);
        store<i32>(shift + (<usize>(count++) << 2), i | c << 17 | (ends ? 1 << 29 : 0), REACHED);
        if (expand) expandSmall(i, c, ruleset, shift);
      }
    }
  }
  return count;
}

/**
 * The search of a doom2004 or d20 large figure (placement y·W + x: these rulesets do not rotate
 * figures), as searchSmall; doom2016's is searchLarge2016.
 */
function searchLarge(f: i32, mp: i32, start: i32): i32 {
  const w1 = W; // read once (V8 loads a global from the instance at every use)
  const shift = SHIFT;
  let count = 0;
  for (let c = 0, idle = 0; idle < BUCKET_COUNT; c++) {
    const b = c & (BUCKET_COUNT - 1);
    const lo = bucketLo(b), hi = bucketHi(b);
    if (hi < lo) { idle++; continue; }
    idle = 0;
    bucketEmptied(b);
    const expand = c < mp;
    for (let w = lo; w <= hi; w++) {
      let word = bucketWord(b, w);
      while (word != 0) {
        const i = (w << 5) | <i32>ctz(word);
        word &= word - 1;
        if (load<i32>(shift + (<usize>i << 2), REACH_COST) != c) continue; // improved since: stale
        const ends = i == start || endsAt(i);
        if (ends) store<u8>(shift + <usize>i, 1, REACH_END);
        store<i32>(shift + (<usize>(count++) << 2), i | c << 17 | (ends ? 1 << 29 : 0), REACHED);
        if (!expand) continue;
        const y = i / w1;
        expandShift(i, i - y * w1, y, c);
      }
    }
  }
  return count;
}

/**
 * The search of a doom2016 large figure (searchLarge serves the other rulesets), written for V8's
 * code generator as drainSmall2016 is (issue 41). Read from the machine code (perf --perf-prof), the
 * shared loop kept about twenty values live: V8 spilled the cost bound and the orientation's table
 * offset to the stack and reloaded them at every move, and worked out each state's placement (a
 * 64-bit division among it) before reading the cached move set. Here a move costs c + 1, within the
 * MP whenever the state is expanded (c < mp), unless it enters a hostile large figure's spaces (only
 * then is the bound read), and the placement is worked out only where it is read, out of line
 * (movesOf, endsAt, enteredMove). Same pops, same order, same parents.
 */
@inline function searchLarge2016(mp: i32, start: i32, shift: usize): i32 {
  const endsAnywhere = !OTHER_LARGE, foeLarge = FOE_LARGE, plane = W * H;
  let count = 0;
  for (let c = 0, idle = 0; idle < BUCKET_COUNT; c++) {
    const b = c & (BUCKET_COUNT - 1);
    const ranges = <usize>b << 4;
    const bl0 = load<i32>(ranges, BUCKET_RANGE), bh0 = load<i32>(ranges, BUCKET_RANGE + 4);
    const bl1 = load<i32>(ranges, BUCKET_RANGE + 8), bh1 = load<i32>(ranges, BUCKET_RANGE + 12);
    if (bh0 < bl0 && bh1 < bl1) { idle++; continue; }
    idle = 0;
    bucketEmptied(b);
    const expand = c < mp;
    const words = <usize>(b * BUCKET_WORDS) << 2;
    for (let range = 0; range < 2; range++) {
      const lo = range == 0 ? bl0 : bl1, hi = range == 0 ? bh0 : bh1;
      for (let w = lo; w <= hi; w++) {
        const at = words + (<usize>w << 2);
        let word = load<u32>(at, BUCKETS);
        if (word == 0) continue;
        store<u32>(at, 0, BUCKETS);
        do {
          const i = (w << 5) | <i32>ctz(word);
          word &= word - 1;
          if (load<i32>(shift + (<usize>i << 2), REACH_COST) != c) continue; // improved since: stale
          const ends = endsAnywhere || i == start || endsAt(i);
          if (ends) store<u8>(shift + <usize>i, 1, REACH_END);
          store<i32>(shift + (<usize>(count++) << 2), i | c << 17 | (ends ? 1 << 29 : 0), REACHED);
          if (!expand) continue;
          // A word may hold states of both orientations (W·H is seldom a multiple of 32): o per state.
          const o = i >= plane ? 1 : 0;
          if (foeLarge) expandLarge2016Foe(i, o, c + 1, shift);
          else expandLarge2016(i, o, c + 1, false, shift);
        } while (word != 0);
      }
    }
  }
  return count;
}

/** searchLarge2016 into a slot: its own copy, so that the core's own search keeps shift folded to 0. */
function searchLarge2016Shifted(mp: i32, start: i32, shift: usize): i32 {
  return searchLarge2016(mp, start, shift);
}

/**
 * State i's moves (orientation o), each at cost `next` (+1 into a hostile large figure's spaces:
 * `foe` is FOE_LARGE, a constant where this is written in), relaxed into the bucket range of the
 * orientation moved into.
 */
@inline function expandLarge2016(i: i32, o: i32, next: i32, foe: bool, shift: usize): void {
  let moves = <i32>load<u16>(<usize>i << 1, LARGE_MOVES);
  if (moves == 0) moves = movesOf(i);
  moves &= 0xff;
  const table = <usize>(o << 8);
  while (moves != 0) {
    const m = table | <usize>(ctz(moves) << 5);
    moves &= moves - 1;
    const j = i + load<i32>(m, MOVES_AT);
    let cost = next; // within the MP: the state expanded cost less than mp
    if (foe && enteredMove(i, m) && ++cost > MP) continue;
    if (load<u32>(shift + (<usize>j << 2), REACH_COST) <= <u32>cost) continue; // -1 (not reached) is the largest
    store<i32>(shift + (<usize>j << 2), cost, REACH_COST);
    store<i32>(<usize>j << 2, i, REACH_PARENT);
    bucketPushRange(j, cost, load<i32>(m, MOVES_AT + 20));
  }
}

/** expandLarge2016 with hostile large figures on the board: out of the search loop, which then keeps no register for them. */
function expandLarge2016Foe(i: i32, o: i32, next: i32, shift: usize): void {
  expandLarge2016(i, o, next, true, shift);
}

/**
 * The move set of state i, listed into LARGE_MOVES the first time it is asked for (256 | the moves).
 * Called from both searches: Binaryen writes a function with one caller into it.
 */
function movesOf(i: i32): i32 {
  const plane = W * H;
  const o = i >= plane ? 1 : 0;
  const r = i - o * plane;
  const y = r / W;
  const e = largeMoves(r - y * W, y, o) | 256;
  store<u16>(<usize>i << 1, <u16>e, LARGE_MOVES);
  return e;
}

/** canEnd at state i (placement and orientation worked out here, out of the search loop; both searches call it). */
function endsAt(i: i32): bool {
  const plane = W * H;
  const o = i >= plane ? 1 : 0;
  const r = i - o * plane;
  const y = r / W;
  return canEnd(r - y * W, y, o);
}

/** How many states the last search settled (REACHED holds them). */
let REACH_COUNT: i32 = 0;

/** The number of states the last search reached, listed at REACHED as state | cost << 17 | end << 29. */
export function reachCount(): i32 {
  return REACH_COUNT;
}

/**
 * Costs back to -1 and end flags to 0 where the last search into the arrays `shift` bytes on (0:
 * the core's own; a slot's, assembly/reach-slots.ts) wrote them: at the states it reached,
 * which it listed (a cost is written only within the MP, and every such state is settled). Issue
 * 41: a search reaches a few hundred states; the spans of states between them that memory.fill
 * cleared before were 5-30 times as many, and each fill is a call out of V8's code.
 */
export function clearReached(shift: usize, count: i32): void {
  for (let k = 0; k < count; k++) {
    const s = <usize>(load<i32>(shift + (<usize>k << 2), REACHED) & 0x1ffff);
    store<i32>(shift + (s << 2), -1, REACH_COST);
    store<u8>(shift + s, 0, REACH_END);
  }
}

/** Every cost -1 and every end flag 0, as `reach` keeps them outside the states it writes. */
export function reachInit(): void {
  memory.fill(REACH_COST, 0xff, <usize>MAX_CELLS * 2 * 4);
  memory.fill(REACH_END, 0, <usize>MAX_CELLS * 2);
  REACH_COUNT = 0;
}
