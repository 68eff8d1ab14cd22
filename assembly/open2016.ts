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
  CELLS, COVER_ALL, C_DIFFICULT, C_ON, H, HEDGES, LARGE_VERSION, MAX_FIGURES, MAX_SIDE, NFIG, OUT_COVER, OUT_LOS, OUT_RANGE, QUEUE, SCRATCH, SIGHT_EDGES,
  VEDGES, W, blocks, figH, figW, figX, figY, inRect,
} from './board';
import { divSmall, ensureRecip } from './sight2016';

// The union of the open slope intervals of the figure spaces passed, disjoint and sorted: 16 bytes each.
const IV: usize = QUEUE;
// Scratch in SCRATCH: the figure spaces (x | y << 16; the attacker's left out), per octant their
// band and row and a list per band, and the intervals of the column just swept.
const FC: usize = SCRATCH;
const FC_CAP: i32 = MAX_FIGURES * 9;
const FM: usize = FC + (<usize>FC_CAP << 2); // row m per space in the current octant
const NEXT: usize = FM + (<usize>FC_CAP << 2); // next space of the same band, -1 ends
const HEAD: usize = NEXT + (<usize>FC_CAP << 2); // first space per band, MAX_SIDE + 1 of them
const ADD: usize = HEAD + (<usize>(MAX_SIDE + 1) << 2);

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

let IVN: i32 = 0;

/** Add the open interval (ln/ld, hn/hd) to the union, merged with those it overlaps (touching ends stay apart: their slope is in neither). */
function addInterval(ln: i32, ld: i32, hn: i32, hd: i32): void {
  let i = 0;
  while (i < IVN && load<i32>(IV + (<usize>i << 4), 8) * ld <= ln * load<i32>(IV + (<usize>i << 4), 12)) i++;
  let j = i;
  while (j < IVN) {
    const at = IV + (<usize>j << 4);
    const jln = load<i32>(at), jld = load<i32>(at, 4);
    if (jln * hd >= hn * jld) break;
    if (jln * ld < ln * jld) { ln = jln; ld = jld; }
    const jhn = load<i32>(at, 8), jhd = load<i32>(at, 12);
    if (jhn * hd > hn * jhd) { hn = jhn; hd = jhd; }
    j++;
  }
  const shift = 1 - (j - i); // one interval replaces j - i
  if (shift != 0) {
    memory.copy(IV + (<usize>(j + shift) << 4), IV + (<usize>j << 4), <usize>(IVN - j) << 4);
    IVN += shift;
  }
  const at = IV + (<usize>i << 4);
  store<i32>(at, ln); store<i32>(at, ld, 4); store<i32>(at, hn, 8); store<i32>(at, hd, 12);
}

// What the current attacker corner decides: COVER_ALL[t] counts the attacker corners from which
// space t is in cover so far (each corner in turn: K before it); in cover from all of them, it is.
let K: u8 = 0;
let CX: i32 = 0, CY: i32 = 0;

/** Space t is in cover from this corner (counted once per corner). */
@inline function mark(at: usize): void {
  const c = load<u8>(at);
  if (c == K) store<u8>(at, K + 1);
}

/** Spaces of band `band`, rows m0..m1 of the octant (cell index `base` + band·cu + m·cv), in cover from this corner. */
@inline function markRun(base: i32, cu: i32, cv: i32, band: i32, m0: i32, m1: i32): void {
  let at = base + band * cu + m0 * cv;
  for (let m = m0; m <= m1; m++) {
    mark(COVER_ALL + <usize>at);
    at += cv;
  }
}

/** Does v/u lie strictly inside one of the intervals? */
function shadowed(u: i32, v: i32): bool {
  for (let i = 0; i < IVN; i++) {
    const at = IV + (<usize>i << 4);
    if (load<i32>(at, 8) * u <= v * load<i32>(at, 12)) continue; // ends at or below v/u
    return load<i32>(at) * u < v * load<i32>(at, 4);
  }
  return false;
}

/**
 * One octant from corner (cX,cY): u outward along the major axis, v = 0..u across it. The line to
 * the corner (u, v), v > 0, crosses every band k < u - 1 and enters the figure space there in row m
 * exactly when v/u lies in (m/(k+1), (m+1)/k): the union of those intervals, grown column by column,
 * gives the corners whose lines are blocked for every space round them. The last space the line
 * enters is band u - 1, row v - 1: a figure there blocks it for the spaces round the corner but
 * itself. Along v = 0 the line runs on a grid line, blocked only along the map's border. Only
 * blocked corners are visited: the sweep costs the shadows it finds.
 */
function sweepOctant(nfc: i32, sx: i32, sy: i32, swap: bool): void {
  const maxU = swap ? (sy > 0 ? H - CY : CY) : sx > 0 ? W - CX : CX;
  const maxV = swap ? (sx > 0 ? W - CX : CX) : sy > 0 ? H - CY : CY;
  if (maxU == 0) return;
  const cu = swap ? sy * W : sx, cv = swap ? sx : sy * W;
  const base = (CY - (sy < 0 ? 1 : 0)) * W + CX - (sx < 0 ? 1 : 0);
  // On the map's border the line along v = 0 runs along it: the spaces beside it (row 0 of every
  // band, or row -1 when row 0 is off the map) are in cover from this corner.
  const minor = swap ? CX : CY;
  if (minor == 0 || minor == (swap ? W : H)) for (let k = 0, row = maxV > 0 ? 0 : -cv; k < maxU; k++) mark(COVER_ALL + <usize>(base + k * cu + row));
  // The figure spaces in the octant (band k ≥ 0, 0 ≤ row m ≤ k), listed per band.
  memory.fill(HEAD, 0xff, <usize>maxU << 2);
  let lastBand = -1;
  for (let i = 0; i < nfc; i++) {
    const c = load<i32>(FC + (<usize>i << 2)), x = c & 0xffff, y = c >>> 16;
    const dx = sx > 0 ? x - CX : CX - 1 - x, dy = sy > 0 ? y - CY : CY - 1 - y;
    const k = swap ? dy : dx, m = swap ? dx : dy;
    if (k < 0 || m < 0 || m > k) continue;
    store<i32>(FM + (<usize>i << 2), m);
    store<i32>(NEXT + (<usize>i << 2), load<i32>(HEAD + (<usize>k << 2)));
    store<i32>(HEAD + (<usize>k << 2), i);
    lastBand = max(lastBand, k);
  }
  IVN = 0;
  for (let u = 1; u <= maxU; u++) {
    if (IVN == 0 && u - 1 > lastBand) return; // no shadow here or beyond
    const vEnd = min(u, maxV);
    const more = u < maxU; // band u is on the board
    // Corners strictly inside an interval: the spaces round them (bands u - 1 and u, rows lo - 1..hi).
    for (let i = 0; i < IVN; i++) {
      const at = IV + (<usize>i << 4);
      const lo = divSmall(load<i32>(at) * u, load<i32>(at, 4)) + 1;
      if (lo > vEnd) break; // and every interval after it (sorted)
      const hd = load<i32>(at, 12);
      const hi = hd == 0 ? vEnd : min(vEnd, divSmall(load<i32>(at, 8) * u - 1, hd));
      if (hi < lo) continue;
      const top = min(hi, maxV - 1);
      markRun(base, cu, cv, u - 1, lo - 1, top);
      if (more) markRun(base, cu, cv, u, lo - 1, top);
    }
    let nAdd = 0;
    for (let i = load<i32>(HEAD + (<usize>(u - 1) << 2)); i >= 0; i = load<i32>(NEXT + (<usize>i << 2))) {
      const v = load<i32>(FM + (<usize>i << 2)) + 1;
      if (!shadowed(u, v)) {
        // The line ends in this figure's space: blocked for the other spaces round the corner.
        if (v < maxV) mark(COVER_ALL + <usize>(base + (u - 1) * cu + v * cv));
        if (more) markRun(base, cu, cv, u, v - 1, min(v, maxV - 1));
      }
      const at = ADD + (<usize>nAdd << 4);
      store<i32>(at, v - 1); store<i32>(at, u, 4); store<i32>(at, v, 8); store<i32>(at, u - 1, 12);
      nAdd++;
    }
    for (let k = 0; k < nAdd; k++) {
      const at = ADD + (<usize>k << 4);
      addInterval(load<i32>(at), load<i32>(at, 4), load<i32>(at, 8), load<i32>(at, 12));
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
  memory.fill(COVER_ALL, 0, n);
  K = 0;
  for (let Y = ay; Y <= ay + ah; Y++)
    for (let X = ax; X <= ax + aw; X++) {
      CX = X;
      CY = Y;
      for (let o = 0; o < 8; o++) sweepOctant(nfc, (o & 1) != 0 ? -1 : 1, (o & 2) != 0 ? -1 : 1, (o & 4) != 0);
      K++;
    }
  memory.fill(OUT_LOS, 1, n);
  writeRanges(ax, ay, aw, ah);
  writeCover(n, ax, ay, aw, ah);
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
 * Cover: in cover from every attacker corner (COVER_ALL == K), eight spaces at a time (a byte is K
 * exactly when it is zero after the xor: the exact zero-byte test, no carries between bytes), then
 * the spaces level with the attacker's and over it (gx = 0 in its rows: its own space) cleared.
 */
function writeCover(n: usize, ax: i32, ay: i32, aw: i32, ah: i32): void {
  const kk = <u64>K * 0x0101010101010101, low7: u64 = 0x7f7f7f7f7f7f7f7f;
  // Up to 7 bytes past the board: OUT_COVER and COVER_ALL are MAX_CELLS long (a multiple of 8) and
  // nothing reads OUT_COVER past the board's spaces.
  for (let t: usize = 0; t < n; t += 8) {
    const v = load<u64>(COVER_ALL + t) ^ kk;
    store<u64>(OUT_COVER + t, (~(((v & low7) + low7) | v | low7)) >> 7);
  }
  for (let y = ay; y < ay + ah; y++) memory.fill(OUT_COVER + <usize>(y * W + ax), 0, <usize>aw);
}
