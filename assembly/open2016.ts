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
// Scratch in SCRATCH: the figure spaces (x | y << 16; the attacker's left out) and, for the current
// attacker corner, each octant's spaces as lists per band (a space on an octant's diagonal is in
// two: up to 2 entries per space).
const FC: usize = SCRATCH;
const FC_CAP: i32 = MAX_FIGURES * 9;
const FM: usize = FC + (<usize>FC_CAP << 2); // row m per entry
const NEXT: usize = FM + (<usize>FC_CAP << 3); // next entry of the same octant and band, -1 ends
const BANDS: i32 = MAX_SIDE + 1;
const HEAD: usize = NEXT + (<usize>FC_CAP << 3); // first entry per band and octant (band · 8 + octant)
const LAST: usize = HEAD + (<usize>(8 * BANDS) << 2); // the last band listed per octant, -1: none

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
  if (j == i + 1) { // it replaces the one it overlaps: in place
    const at = <usize>i << 4;
    store<u64>(at, <u64><u32>ln | (<u64><u32>ld << 32), IV);
    store<u64>(at, <u64><u32>hn | (<u64><u32>hd << 32), IV + 8);
    return n;
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

// What the current attacker corner decides: its bit k in COVER_ALL[t] says space t is in cover from
// it (sightMapOpen: bit 0 and the groups); in cover from all the corners, it is. A mark is an OR, so
// a space marked twice from one corner needs no test, and runs of marks go a word at a time.
// Code shape for V8 (issue 41, read from its machine code): the tables are addressed by index with
// the table as the access's constant offset (one instruction, where base + index took an add
// first), and the corner's bit k, the interval count and the corner are locals (globals were
// reloaded from the instance at every space marked).

/** x / d for 0 ≤ x < 2^31 / side, 1 ≤ d ≤ side + 1 (sight2016.ts divSmall, RECIP by constant offset). */
@inline function divR(x: i32, d: i32): i32 {
  return <i32>((<u64>x * load<u64>(<usize>d << 3, RECIP)) >> 32);
}

/** Space `at` (a cell index) is in cover from the corner of bit `k`: one OR, a second mark changes nothing. */
@inline function mark(at: i32, k: i32): void {
  store<u8>(<usize>at, load<u8>(<usize>at, COVER_ALL) | <u8>k, COVER_ALL);
}

/** The same, out of line: for the marks outside the shadows' runs (fewer copies of the code). */
function markOne(at: i32, k: i32): void {
  mark(at, k);
}

/**
 * Rows m0..m1 of band `band` (cell index `base` + band·cu + m·cv) and of the band `next` cells on
 * (band + 1 as next = cu; next = 0 marks the one band again, which changes nothing) in cover from
 * the corner of bit `k`. Where a band's rows are adjacent bytes (cv = ±1) eight at a time.
 */
@inline function markRuns(base: i32, cu: i32, cv: i32, band: i32, m0: i32, m1: i32, next: i32, k: i32): void {
  let at = base + band * cu + m0 * cv, left = m1 - m0; // m0 ≤ m1 at every call
  if (cv == 1 || cv == -1) {
    const start = cv > 0 ? at : at - left;
    orRun(start, left + 1, k);
    if (next != 0) orRun(start + next, left + 1, k);
    return;
  }
  // Rows run across the board's rows (cv = ±W): the two bands' spaces of a row are adjacent bytes
  // (next = cu = ±1), one 16-bit OR for both.
  if (next != 0) {
    const pair = <u16>(k * 0x0101);
    let p = <usize>(at + min(next, 0));
    do {
      store<u16>(p, load<u16>(p, COVER_ALL) | pair, COVER_ALL);
      p += <usize>cv;
    } while (--left >= 0);
    return;
  }
  do {
    mark(at, k);
    at += cv;
  } while (--left >= 0);
}

/** Bytes start..start + len - 1 of COVER_ALL or'ed with `k`, eight at a time (the last word masked). */
@inline function orRun(start: i32, len: i32, k: i32): void {
  const pattern = <u64>k * 0x0101010101010101;
  let p = <usize>start;
  const end = p + <usize>len;
  while (p + 8 <= end) {
    store<u64>(p, load<u64>(p, COVER_ALL) | pattern, COVER_ALL);
    p += 8;
  }
  if (p < end) store<u64>(p, load<u64>(p, COVER_ALL) | (pattern & ((<u64>1 << (<u64>(end - p) << 3)) - 1)), COVER_ALL);
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
 * The figure spaces round attacker corner (cX,cY), listed per octant and band: octant o has x
 * mirrored when o & 1, y when o & 2, and x, y swapped when o & 4; a space at (dx, dy) from the
 * corner (mirrored to dx, dy ≥ 0) is in band dx, row dy when dy ≤ dx, and in band dy, row dx of the
 * swapped octant when dx ≤ dy. One pass for the eight octants (each octant's own pass read every
 * space eight times).
 */
function listCorner(nfc: i32, cX: i32, cY: i32): void {
  for (let o = 0; o < 8; o++) store<i32>(<usize>o << 2, -1, LAST);
  let e = 0;
  for (let i = 0; i < nfc; i++) {
    const c = load<u32>(<usize>i << 2, FC);
    let dx = <i32>(c & 0xffff) - cX, dy = <i32>(c >>> 16) - cY;
    const o = (dx >>> 31) | ((dy >>> 31) << 1);
    dx ^= dx >> 31; // -dx - 1 when negative
    dy ^= dy >> 31;
    if (dy <= dx) e = listEntry(e, o, dx, dy);
    if (dx <= dy) e = listEntry(e, o | 4, dy, dx);
  }
}

@inline function listEntry(e: i32, o: i32, band: i32, m: i32): i32 {
  const head = HEAD + (<usize>(band * 8 + o) << 2);
  store<i32>(<usize>e << 2, m, FM);
  store<i32>(<usize>e << 2, load<i32>(head), NEXT);
  store<i32>(head, e);
  store<i32>(<usize>o << 2, max(load<i32>(<usize>o << 2, LAST), band), LAST);
  return e + 1;
}

/**
 * Octant o (as listCorner's) from corner (cX,cY), of bit k: u outward along the major axis, v = 0..u
 * across it. The line to the corner (u, v), v > 0, crosses every band j < u - 1 and enters the
 * figure space there in row m exactly when v/u lies in (m/(j+1), (m+1)/j): the union of those intervals, grown column by
 * column, gives the corners whose lines are blocked for every space round them. The last space the
 * line enters is band u - 1, row v - 1: a figure there blocks it for the spaces round the corner but
 * itself. Along v = 0 the line runs on a grid line, blocked only along the map's border. Only
 * blocked corners are visited: the sweep costs the shadows it finds.
 */
function sweepOctant(o: i32, cX: i32, cY: i32, k: i32): void {
  const sx = (o & 1) != 0 ? -1 : 1, sy = (o & 2) != 0 ? -1 : 1, swap = (o & 4) != 0;
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
  // The octant's figure spaces, listed per band by listCorner (HEAD is all -1 between sweeps: each
  // band's list is emptied as it is read, and the sweep returns only past the last band listed).
  const lastBand = load<i32>(<usize>o << 2, LAST);
  const heads = HEAD + (<usize>o << 2);
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
    const first = load<i32>(heads + (<usize>(u - 1) << 5));
    store<i32>(heads + (<usize>(u - 1) << 5), -1);
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
  memory.fill(HEAD, 0xff, <usize>(max(W, H) + 1) << 5);
  // Bit 0 of a space's byte: in cover from every corner of the groups before (all of them at the
  // start); bits 1..7: from the corners of this group, one each. A group of seven full is folded
  // into bit 0 (a 2×3 figure has 12 corners, a 3×3 16).
  memory.fill(COVER_ALL, 1, n);
  let bit = 2, full = 1;
  for (let Y = ay; Y <= ay + ah; Y++)
    for (let X = ax; X <= ax + aw; X++) {
      if (bit == 0x100) {
        foldGroup(n);
        bit = 2;
        full = 1;
      }
      listCorner(nfc, X, Y);
      for (let o = 0; o < 8; o++) sweepOctant(o, X, Y, bit);
      full |= bit;
      bit <<= 1;
    }
  writeRanges(ax, ay, aw, ah);
  writeCover(n, ax, ay, aw, ah, full);
}

/**
 * Range: the Chebyshev distance max(gx, gy) to the attacker's space. In each row it falls by one a
 * space up to gx = gy, stays gy, then rises by one: written as those three runs (issue 41: the
 * per-space branches on x cost more than the sweep on an open board with few figures), two spaces
 * to a store where a run has two left.
 */
function writeRanges(ax: i32, ay: i32, aw: i32, ah: i32): void {
  const w = W, right = ax + aw - 1;
  const two: u64 = 0x0000000200000002;
  for (let y = 0; y < H; y++) {
    const gy = y < ay ? ay - y : y >= ay + ah ? y - (ay + ah - 1) : 0;
    const row = OUT_RANGE + (<usize>(y * w) << 2);
    const fallEnd = min(ax - gy, w), flatEnd = min(max(right + gy + 1, 0), w);
    let x = 0;
    // Falling: ax - x, and ax - x - 1 in the word's high half (the next space).
    for (let v = pair(ax, ax - 1); x + 2 <= fallEnd; x += 2, v -= two) store<u64>(row + (<usize>x << 2), v);
    if (x < fallEnd) { store<i32>(row + (<usize>x << 2), ax - x); x++; }
    for (const v = pair(gy, gy); x + 2 <= flatEnd; x += 2) store<u64>(row + (<usize>x << 2), v);
    if (x < flatEnd) { store<i32>(row + (<usize>x << 2), gy); x++; }
    for (let v = pair(x - right, x + 1 - right); x + 2 <= w; x += 2, v += two) store<u64>(row + (<usize>x << 2), v);
    if (x < w) store<i32>(row + (<usize>x << 2), x - right);
  }
}

/** Two i32 in one word: a in the low half (the lower address), b in the high. */
@inline function pair(a: i32, b: i32): u64 {
  return <u64><u32>a | (<u64><u32>b << 32);
}

// Eight spaces at a time: a byte is equal to `f`'s when x = byte ^ f is 0, i.e. when neither x's top
// bit nor ((x & 0x7f) + 0x7f)'s (which cannot carry out of its byte) is set.
const ONES: u64 = 0x0101010101010101, LOW7: u64 = 0x7f7f7f7f7f7f7f7f;

/** 1 in each byte of `c` equal to f's byte, else 0. */
@inline function equalBytes(c: u64, f: u64): u64 {
  const x = c ^ f;
  return ((((x & LOW7) + LOW7) | x) >> 7 & ONES) ^ ONES;
}

/** Every byte 1 when all eight bits are set (in cover from every corner so far), else 0. */
function foldGroup(n: usize): void {
  for (let t: usize = 0; t < n; t += 8) store<u64>(t, equalBytes(load<u64>(t, COVER_ALL), ~(<u64>0)), COVER_ALL);
}

/**
 * LOS and cover, eight spaces at a time: every space is seen; a space is in cover when in cover
 * from every attacker corner (its byte is `full`: bit 0 and the bits of the last group's corners).
 * Bytes past the board (up to 7: OUT_LOS, OUT_COVER and COVER_ALL are MAX_CELLS long, each padded to
 * 16 bytes) are written with what nothing reads. Then the attacker's own spaces (gx = gy = 0) cleared.
 */
function writeCover(n: usize, ax: i32, ay: i32, aw: i32, ah: i32, full: i32): void {
  const f = <u64>full * ONES;
  for (let t: usize = 0; t < n; t += 8) {
    store<u64>(t, ONES, OUT_LOS);
    store<u64>(t, equalBytes(load<u64>(t, COVER_ALL), f), OUT_COVER);
  }
  for (let y = ay; y < ay + ah; y++) memory.fill(OUT_COVER + <usize>(y * W + ax), 0, <usize>aw);
}
