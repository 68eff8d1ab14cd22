// doom2016 sight map on open boards (issue 41): every space on the map, no edge inside it that blocks
// sight, no difficult terrain. There every space is seen from every attacker corner (a line from a
// corner into the board crosses no wall, and clause 1.1.4 cuts only lines leaving the board), range
// is the Chebyshev distance to the attacker's space (every 8-step is open), and a cover line is
// blocked only by a figure's space it enters (clause 1.1.3; the attacker's and the target's never
// block) or by running along the map's border (clause 1.1.1). The general sweep (sight2016.ts) walks
// every primitive direction through the spaces between its corners, which costs about side³ per
// attacker corner on a board with nothing to cut its windows; this sweep visits only the corners
// whose cover lines a figure's space blocks, then writes the answer once. Tested against the
// TypeScript reference on random open boards (test/core/sight-map-open.test.ts); bench/native/core.c
// runs the same sweep in C. (At most 1024 figures of at most 3×3 spaces: FC_CAP holds them all.)
import {
  CELLS, COVER_ALL, C_DIFFICULT, C_ON, H, HEDGES, LARGE_VERSION, MAX_FIGURES, MAX_SIDE, NFIG, OUT_COVER, OUT_LOS, OUT_RANGE, QUEUE, RECIP, SCRATCH, SIGHT_EDGES,
  VEDGES, W, blocks, figH, figW, figX, figY, inRect,
} from './board';
import { ensureRecip } from './sight2016';

// The union of the open slope intervals of the figure spaces passed, disjoint and sorted: 16 bytes each.
const IV: usize = QUEUE;
// Scratch in SCRATCH: the figure spaces (x | y << 16; the attacker's left out), per octant their
// band and row and a list per band, and the intervals of the column just swept.
const FC: usize = SCRATCH;
const FC_CAP: i32 = MAX_FIGURES * 9;
const FM: usize = FC + (<usize>FC_CAP << 2); // row m per space in the current octant
const NEXT: usize = FM + (<usize>FC_CAP << 2); // next space of the same band, -1 ends
const HEAD: usize = NEXT + (<usize>FC_CAP << 2); // first space per band, MAX_SIDE + 1 of them

let OPEN_VERSION: i32 = -1;
let OPEN: bool = false;

/** Is the board open (see above)? Scanned again only after the tables changed (LARGE_VERSION). */
export function openBoard(): bool {
  if (OPEN_VERSION == LARGE_VERSION) return OPEN;
  OPEN_VERSION = LARGE_VERSION;
  OPEN = scanOpen();
  return OPEN;
}

function scanOpen(): bool {
  const n = W * H;
  for (let i = 0; i < n; i++) if ((<i32>load<u8>(CELLS + <usize>i) & (C_ON | C_DIFFICULT)) != C_ON) return false;
  for (let i = W; i < H * W; i++) if (blocks(SIGHT_EDGES, <i32>load<u8>(HEDGES + <usize>i))) return false;
  for (let y = 0; y < H; y++)
    for (let X = 1; X < W; X++) if (blocks(SIGHT_EDGES, <i32>load<u8>(VEDGES + <usize>(y * (W + 1) + X)))) return false;
  return true;
}

/**
 * Add the open interval (ln/ld, hn/hd) to the union of `n`, merged with those it overlaps (touching
 * ends stay apart: their slope is in neither); returns the new count.
 */
function addInterval(n: i32, ln: i32, ld: i32, hn: i32, hd: i32): i32 {
  let i = 0;
  while (i < n && load<i32>(<usize>i << 4, IV + 8) * ld <= ln * load<i32>(<usize>i << 4, IV + 12)) i++;
  let j = i;
  while (j < n) {
    const at = <usize>j << 4;
    const jln = load<i32>(at, IV), jld = load<i32>(at, IV + 4);
    if (jln * hd >= hn * jld) break;
    if (jln * ld < ln * jld) { ln = jln; ld = jld; }
    const jhn = load<i32>(at, IV + 8), jhd = load<i32>(at, IV + 12);
    if (jhn * hd > hn * jhd) { hn = jhn; hd = jhd; }
    j++;
  }
  // One interval replaces j - i: it goes to i and those from j on follow it, in one pass up from i
  // that reads each record before its place is written (the reads run j - i ≥ 0 records ahead; a
  // short move, where V8 calls out of line for memory.copy).
  const shift = 1 - (j - i);
  let p0 = <u64><u32>ln | (<u64><u32>ld << 32), p1 = <u64><u32>hn | (<u64><u32>hd << 32);
  for (let w = i; w < n + shift; w++) {
    const from = <usize>(w + j - i) << 4, to = <usize>w << 4;
    const q0 = load<u64>(from, IV), q1 = load<u64>(from, IV + 8);
    store<u64>(to, p0, IV);
    store<u64>(to, p1, IV + 8);
    p0 = q0;
    p1 = q1;
  }
  return n + shift;
}

// What the current attacker corner decides: COVER_ALL[t] counts the attacker corners from which
// space t is in cover so far (each corner in turn: k before it); in cover from all of them, it is.
// Code shape for V8 (issue 41, read from its machine code): the tables are addressed by index with
// the table as the access's constant offset (one instruction, where base + index took an add
// first), and the corner's count k, the interval count and the corner are locals (globals were
// reloaded from the instance at every space marked).

/** x / d for 0 ≤ x < 2^31 / side, 1 ≤ d ≤ side + 1 (sight2016.ts divSmall, RECIP by constant offset). */
@inline function divR(x: i32, d: i32): i32 {
  return <i32>((<u64>x * load<u64>(<usize>d << 3, RECIP)) >> 32);
}

/** Space `at` (a cell index) is in cover from the k-th corner: counted once per corner, without a branch. */
@inline function mark(at: i32, k: i32): void {
  const c = <i32>load<u8>(<usize>at, COVER_ALL);
  store<u8>(<usize>at, <u8>(c + <i32>(c == k)), COVER_ALL);
}

/** The same, out of line: for the marks outside the shadows' runs (fewer copies of the code). */
function markOne(at: i32, k: i32): void {
  mark(at, k);
}

/**
 * Rows m0..m1 of band `band` (cell index `base` + band·cu + m·cv) and of the band `next` cells on
 * (band + 1 as next = cu; next = 0 marks the one band: a second mark from one corner changes nothing)
 * in cover from this corner.
 */
@inline function markRuns(base: i32, cu: i32, cv: i32, band: i32, m0: i32, m1: i32, next: i32, k: i32): void {
  let at = base + band * cu + m0 * cv, left = m1 - m0; // m0 ≤ m1 at every call
  do {
    mark(at, k);
    mark(at + next, k);
    at += cv;
  } while (--left >= 0);
}

/** Does v/u lie strictly inside one of the `n` intervals? */
function shadowed(n: i32, u: i32, v: i32): bool {
  for (let i = 0; i < n; i++) {
    const at = <usize>i << 4;
    if (load<i32>(at, IV + 8) * u <= v * load<i32>(at, IV + 12)) continue; // ends at or below v/u
    return load<i32>(at, IV) * u < v * load<i32>(at, IV + 4);
  }
  return false;
}

/**
 * One octant from corner (cX,cY), the k-th: u outward along the major axis, v = 0..u across it. The
 * line to the corner (u, v), v > 0, crosses every band j < u - 1 and enters the figure space there in
 * row m exactly when v/u lies in (m/(j+1), (m+1)/j): the union of those intervals, grown column by
 * column, gives the corners whose lines are blocked for every space round them. The last space the
 * line enters is band u - 1, row v - 1: a figure there blocks it for the spaces round the corner but
 * itself. Along v = 0 the line runs on a grid line, blocked only along the map's border. Only
 * blocked corners are visited: the sweep costs the shadows it finds.
 */
function sweepOctant(nfc: i32, sx: i32, sy: i32, swap: bool, cX: i32, cY: i32, k: i32): void {
  const w = W, h = H;
  const maxU = swap ? (sy > 0 ? h - cY : cY) : sx > 0 ? w - cX : cX;
  const maxV = swap ? (sx > 0 ? w - cX : cX) : sy > 0 ? h - cY : cY;
  if (maxU == 0) return;
  const cu = swap ? sy * w : sx, cv = swap ? sx : sy * w;
  const base = (cY - (sy < 0 ? 1 : 0)) * w + cX - (sx < 0 ? 1 : 0);
  // On the map's border the line along v = 0 runs along it: the spaces beside it (row 0 of every
  // band, or row -1 when row 0 is off the map) are in cover from this corner.
  const minor = swap ? cX : cY;
  if (minor == 0 || minor == (swap ? w : h)) for (let b = 0, row = maxV > 0 ? 0 : -cv; b < maxU; b++) markOne(base + b * cu + row, k);
  // The figure spaces in the octant (band b ≥ 0, 0 ≤ row m ≤ b), listed per band (HEAD is all -1
  // between sweeps: each band's list is emptied as it is read, and the sweep returns only past the
  // last band listed; no memory.fill per octant, which V8 calls out of line).
  // Band and row of a space are affine in its packed coordinates (x | y << 16), one shift, mask,
  // multiply by ±1 and add each: no select per space on the octant's signs. The loops here test at
  // their end: V8 hoists a loop-invariant value out of a loop only from a block that every exit
  // passes, and with the test at the top it recomputed them (selects on spilled flags) per pass.
  const bs: u32 = swap ? 16 : 0, ms: u32 = 16 - bs;
  const sb = swap ? sy : sx, sm = swap ? sx : sy, cb = swap ? cY : cX, cm = swap ? cX : cY;
  const ob = sb > 0 ? -cb : cb - 1, om = sm > 0 ? -cm : cm - 1;
  let lastBand = -1;
  if (nfc > 0) {
    let i = 0;
    do {
      const c = load<u32>(<usize>i << 2, FC);
      const b = sb * <i32>((c >>> bs) & 0xffff) + ob, m = sm * <i32>((c >>> ms) & 0xffff) + om;
      if ((b | m | (b - m)) >= 0) { // 0 ≤ m ≤ b
        store<i32>(<usize>i << 2, m, FM);
        store<i32>(<usize>i << 2, load<i32>(<usize>b << 2, HEAD), NEXT);
        store<i32>(<usize>b << 2, i, HEAD);
        lastBand = max(lastBand, b);
      }
    } while (++i < nfc);
  }
  let ivn = 0;
  for (let u = 1; u <= maxU; u++) {
    if (ivn == 0 && u - 1 > lastBand) return; // no shadow here or beyond
    const vEnd = min(u, maxV);
    const more = u < maxU; // band u is on the board
    const next = more ? cu : 0;
    // Corners strictly inside an interval: the spaces round them (bands u - 1 and u, rows lo - 1..hi).
    if (ivn > 0) {
      let i = 0;
      do {
        const at = <usize>i << 4;
        const lo = divR(load<i32>(at, IV) * u, load<i32>(at, IV + 4)) + 1;
        if (lo > vEnd) break; // and every interval after it (sorted)
        const hd = load<i32>(at, IV + 12);
        const hi = hd == 0 ? vEnd : min(vEnd, divR(load<i32>(at, IV + 8) * u - 1, hd));
        if (hi >= lo) markRuns(base, cu, cv, u - 1, lo - 1, min(hi, maxV - 1), next, k);
      } while (++i < ivn);
    }
    const first = load<i32>(<usize>(u - 1) << 2, HEAD);
    store<i32>(<usize>(u - 1) << 2, -1, HEAD);
    for (let i = first; i >= 0; i = load<i32>(<usize>i << 2, NEXT)) {
      const v = load<i32>(<usize>i << 2, FM) + 1;
      if (!shadowed(ivn, u, v)) {
        // The line ends in this figure's space (band u - 1, row v - 1): blocked for the other
        // spaces round the corner (band u - 1 row v, band u rows v - 1 and v, those on the map).
        const at = base + (u - 1) * cu + v * cv, inside = v < maxV;
        if (inside) markOne(at, k);
        if (more) {
          markOne(at + cu - cv, k);
          if (inside) markOne(at + cu, k);
        }
      }
    }
    // The band's spaces join the union only now: the test above reads the intervals of the bands before it.
    for (let i = first; i >= 0; i = load<i32>(<usize>i << 2, NEXT)) {
      const v = load<i32>(<usize>i << 2, FM) + 1;
      ivn = addInterval(ivn, v - 1, u, v, u - 1);
    }
  }
}

/** LOS, cover and range from the rectangle (a figure's space) to every space of an open board. */
export function sightMapOpen(ax: i32, ay: i32, aw: i32, ah: i32): void {
  const n = <usize>(W * H);
  // The figure spaces that may block, the attacker's left out.
  let nfc = 0;
  for (let f = 0; f < NFIG; f++) {
    const fx = figX(f), fy = figY(f), fw = figW(f), fh = figH(f);
    for (let y = fy; y < fy + fh; y++)
      for (let x = fx; x < fx + fw; x++)
        if (!inRect(x, y, ax, ay, aw, ah) && nfc < FC_CAP) store<i32>(FC + (<usize>(nfc++) << 2), x | (y << 16));
  }
  ensureRecip();
  memory.fill(HEAD, 0xff, <usize>(max(W, H) + 1) << 2);
  memory.fill(COVER_ALL, 0, n);
  let k = 0;
  for (let Y = ay; Y <= ay + ah; Y++)
    for (let X = ax; X <= ax + aw; X++) {
      for (let o = 0; o < 8; o++) sweepOctant(nfc, (o & 1) != 0 ? -1 : 1, (o & 2) != 0 ? -1 : 1, (o & 4) != 0, X, Y, k);
      k++;
    }
  writeRanges(ax, ay, aw, ah);
  writeCover(n, ax, ay, aw, ah, k);
}

/**
 * Range: the Chebyshev distance max(gx, gy) to the attacker's space. In each row it falls by one a
 * space up to gx = gy, stays gy, then rises by one: written as those three runs (issue 41: the
 * per-space branches on x cost more than the sweep on an open board with few figures).
 */
function writeRanges(ax: i32, ay: i32, aw: i32, ah: i32): void {
  const w = W, right = ax + aw - 1;
  for (let y = 0; y < H; y++) {
    const gy = y < ay ? ay - y : y >= ay + ah ? y - (ay + ah - 1) : 0;
    const row = OUT_RANGE + (<usize>(y * w) << 2);
    const fallEnd = min(ax - gy, w), riseStart = max(right + gy + 1, 0);
    let x = 0;
    for (; x < fallEnd; x++) store<i32>(row + (<usize>x << 2), ax - x);
    for (const flatEnd = min(riseStart, w); x < flatEnd; x++) store<i32>(row + (<usize>x << 2), gy);
    for (; x < w; x++) store<i32>(row + (<usize>x << 2), x - right);
  }
}

/**
 * LOS and cover, eight spaces at a time: every space is seen; a space is in cover when in cover
 * from every attacker corner (COVER_ALL == k). A count is at most k (a corner adds one only to a
 * count equal to its index), so c + 0x80 - k stays within its byte (k ≤ 16) and has its top bit set
 * exactly when c == k; a carry out of a byte past the board (they may hold anything) runs only into
 * bytes past it. Then the attacker's own spaces (gx = gy = 0) cleared.
 */
function writeCover(n: usize, ax: i32, ay: i32, aw: i32, ah: i32, k: i32): void {
  const ones: u64 = 0x0101010101010101, add = <u64>(0x80 - k) * ones;
  // Up to 7 bytes past the board: OUT_LOS, OUT_COVER and COVER_ALL are MAX_CELLS long, each padded to
  // 16 bytes, and nothing reads OUT_LOS or OUT_COVER past the board's spaces.
  for (let t: usize = 0; t < n; t += 8) {
    store<u64>(t, ones, OUT_LOS);
    store<u64>(t, ((load<u64>(t, COVER_ALL) + add) >> 7) & ones, OUT_COVER);
  }
  for (let y = ay; y < ay + ah; y++) memory.fill(OUT_COVER + <usize>(y * W + ax), 0, <usize>aw);
}
