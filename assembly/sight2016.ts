// doom2016 sight (RULES §2.1): LOS corner to corner, cover, range; single pairs and batches.
import {
  BLOCK_MAP, CELLS, CHAIN, CLEAR_CORNERS, C_ON, RECIP, COPRIME, COVER_ALL, COVER_CELLS, COVER_EDGES_2016, DIST, H, HEDGES, MAX_SIDE, OUTLINE_H, OUTLINE_V,
  OUT_COVER, OUT_LOS, OUT_RANGE, RAYS_COVER, RAYS_SIGHT, SIGHT_EDGES, VEDGES, W, blocks, onMap,
} from './board';
import { CELLS_COVER2016, CELLS_NONE, END_P, END_Q, dirPos, ownMask, quadsBlocked, roundBlocked, setSpaces, walk } from './line';
import { RANGE_2016, distances, minDist } from './steps';
import { clearWindows, popWindow, pushWindow, windowCount } from './windows';

/** LOS (bit 0) and cover (bit 1) from rectangle A to rectangle T. */
export function losCover2016(ax: i32, ay: i32, aw: i32, ah: i32, tx: i32, ty: i32, tw: i32, th: i32): i32 {
  setSpaces(ax, ay, aw, ah, tx, ty, tw, th);
  let los = false;
  let coverAll = true;
  for (let Y = ay; Y <= ay + ah; Y++)
    for (let X = ax; X <= ax + aw; X++) {
      // Does this corner see some target corner?
      let sees = false;
      for (let QY = ty; QY <= ty + th && !sees; QY++)
        for (let QX = tx; QX <= tx + tw && !sees; QX++)
          if (walk(2 * X, 2 * Y, 2 * QX, 2 * QY, SIGHT_EDGES, CELLS_NONE, END_P | END_Q) == 0) sees = true;
      if (!sees) continue;
      los = true;
      if (tw * th > 1) continue; // large figures are never in cover
      let covered = false;
      for (let QY = ty; QY <= ty + th && !covered; QY++)
        for (let QX = tx; QX <= tx + tw && !covered; QX++)
          if (walk(2 * X, 2 * Y, 2 * QX, 2 * QY, COVER_EDGES_2016, CELLS_COVER2016, END_P | END_Q) != 0) covered = true;
      if (!covered) coverAll = false;
    }
  if (!los) return 0;
  return 1 | (tw * th == 1 && coverAll ? 2 : 0);
}

// The sight map is output-sensitive: from each attacker corner P it walks each primitive lattice
// direction d once, outward through the corners P + k·d, and stops at the first line that blocks
// sight. The segment P → P + k·d is a prefix of every longer one in its direction, so what the walk
// has met so far (edges crossed, corners passed, cover cells, outline) is exactly what the line test
// of RULES §2.1 would meet walking to that corner alone; each corner beyond is passed through (clause
// 1.1.2) and each corner reached is an end (clause 1.1.4). A walk costs what it sees plus the steps
// to its first blocker, instead of one full walk per lattice corner.

let COPRIME_SIDE: i32 = 0; // COPRIME is built for a, b ≤ this
const CO_ROW: i32 = MAX_SIDE + 1;

// The windows' divisions x / d (0 ≤ x < 2^17, 1 ≤ d ≤ MAX_SIDE + 1) as a multiply by d's reciprocal
// 2^32 / d rounded up, keeping the top 32 bits: exact, as the rounding adds less than x / 2^32 <
// 1 / d to x / d; a division costs about 25 cycles, and a sight map does thousands.
@inline export function divSmall(x: i32, d: i32): i32 {
  return <i32>((<u64>x * load<u64>(RECIP + (<usize>d << 3))) >> 32);
}

/** RECIP (and COPRIME) built for this board's side: divSmall is exact up to it. */
export function ensureRecip(): void {
  if (max(W, H) > COPRIME_SIDE) buildCoprime(max(W, H));
}

/** COPRIME[a][b] = 1 when gcd(a, b) == 1, by gcd(a, b) = gcd(a - b, b) (no divisions); RECIP up to side + 1. */
function buildCoprime(side: i32): void {
  for (let d = 1; d <= side + 1; d++) store<u64>(RECIP + (<usize>d << 3), <u64>0xffffffff / <u64>d + 1);
  for (let a = 0; a <= side; a++)
    for (let b = 0; b <= side; b++) {
      let v: u8 = 0;
      if (a == 0 || b == 0 || a == b) v = <u8>(max(a, b) == 1 ? 1 : 0);
      else if (a > b) v = load<u8>(COPRIME + <usize>((a - b) * CO_ROW + b));
      else v = load<u8>(COPRIME + <usize>(a * CO_ROW + b - a));
      store<u8>(COPRIME + <usize>(a * CO_ROW + b), v);
    }
  COPRIME_SIDE = side;
}

/**
 * What the current attacker corner learns at lattice corner (QX,QY): the cells round it in `seen`
 * (bits NE, SE, SW, NW) have LOS; those in `clear` also a clear cover line. A cell is out of cover
 * from this attacker corner when all four of its corners give a clear cover line (CLEAR_CORNERS
 * counts them; any blocked line there would give cover).
 */
function record(QX: i32, QY: i32, seen: i32, clear: i32): void {
  if (!COVER) {
    if (LOS_CORNERS == 0) {
      // LOS only, as cells (losMapBytes2016).
      for (let k = 0; k < 4; k++) {
        if (((seen >> k) & 1) == 0) continue;
        const x = k >= 2 ? QX - 1 : QX, y = k == 0 || k == 3 ? QY - 1 : QY;
        if (onMap(x, y)) store<u8>(OUT_LOS + <usize>(y * W + x), 1);
      }
      return;
    }
    // LOS only (the threat map): the corner's seen cells, as bits, turned into cells once at the end.
    const at = LOS_CORNERS + <usize>(QY * (W + 1) + QX);
    store<u8>(at, load<u8>(at) | <u8>seen);
    return;
  }
  // The four cells written out (V8 does not unroll the loop: a cell's coordinates and index were
  // worked out again each time); t is the SE cell's index.
  const w = W;
  const t = <usize>(QY * w + QX);
  if ((seen & 1) != 0) recordCell(QX, QY - 1, t - <usize>w, (clear & 1) != 0);
  if ((seen & 2) != 0) recordCell(QX, QY, t, (clear & 2) != 0);
  if ((seen & 4) != 0) recordCell(QX - 1, QY, t - 1, (clear & 4) != 0);
  if ((seen & 8) != 0) recordCell(QX - 1, QY - 1, t - <usize>w - 1, (clear & 8) != 0);
}

/** Cell (x, y), index t, seen from the current attacker corner; `clear`: with a clear cover line. */
@inline function recordCell(x: i32, y: i32, t: usize, clear: bool): void {
  if (<u32>x >= <u32>W || <u32>y >= <u32>H || (load<u8>(CELLS + t) & C_ON) == 0) return;
  store<u8>(OUT_LOS + t, 1);
  if (clear) {
    const c = load<u8>(CLEAR_CORNERS + t) + 1;
    store<u8>(CLEAR_CORNERS + t, c);
    if (c == 4) store<u8>(COVER_ALL + t, 0);
  }
}

// LOS only: per lattice corner, a byte of the cells round it seen through it (bits as `record`'s).
let LOS_CORNERS: usize = 0;

@inline function inBox(QX: i32, QY: i32): bool {
  return <u32>QX <= <u32>W && <u32>QY <= <u32>H;
}

/** Walk from corner (X,Y) along a grid line, unit step (dx,dy), through every corner it sees. */
function walkAxis(X: i32, Y: i32, dx: i32, dy: i32, withCover: bool): void {
  const cw = W + 1;
  const back = dirPos(-dx, -dy);
  // The rays that run straight across the line at a corner it passes: W and E, or N and S.
  const across = dx == 0 ? 10 : 5;
  let outline: u8 = 0; // the line runs along or passes a joint of the outline (cover only)
  let QX = X, QY = Y;
  for (;;) {
    let kind: i32, out: u8;
    if (dx == 0) {
      const e = <usize>((dy > 0 ? QY : QY - 1) * cw + QX);
      kind = load<u8>(VEDGES + e);
      out = load<u8>(OUTLINE_V + e);
    } else {
      const e = <usize>(QY * W + (dx > 0 ? QX : QX - 1));
      kind = load<u8>(HEDGES + e);
      out = load<u8>(OUTLINE_H + e);
    }
    if (blocks(SIGHT_EDGES, kind)) return;
    outline |= out;
    QX += dx;
    QY += dy;
    const q = <usize>(QY * cw + QX);
    const rays = <i32>load<u8>(RAYS_SIGHT + q);
    const seen = 15 & ~quadsBlocked(rays, back); // clause 1.1.4 at the corner reached
    record(QX, QY, seen, withCover && outline == 0 ? seen : 0);
    if (!inBox(QX + dx, QY + dy) || (rays & across) == across) return;
    if ((<i32>load<u8>(RAYS_COVER + q) & across) == across) outline = 1;
  }
}

/**
 * Walk from corner (X,Y) in the primitive direction (dx,dy), both non-zero, through every corner it
 * sees, recording those from the `from`-th on.
 */
function walkDiagonal(X: i32, Y: i32, dx: i32, dy: i32, withCover: bool, from: i32): void {
  const cw = W + 1;
  const sx = dx > 0 ? 1 : -1, sy = dy > 0 ? 1 : -1;
  const adx = dx * sx, ady = dy * sy;
  const back = dirPos(-dx, -dy);
  const lastQuad = 1 << (back >> 1); // the cell a line ends in, seen from its end corner
  // Which rays lie on each side of the line at a corner it passes (bits 1 N, 2 E, 4 S, 8 W).
  const leftRays = (sx > 0 ? 4 : 1) | (sy > 0 ? 8 : 2);
  const rightRays = 15 ^ leftRays;
  let cx = sx > 0 ? X : X - 1, cy = sy > 0 ? Y : Y - 1;
  let QX = X, QY = Y;
  let before: u8 = 0; // a cover cell before the last one, or the outline (cover only)
  for (let k = 1; ; k++) {
    // One segment of the walk: cell by cell to the next lattice corner (an incremental DDA).
    let rx = adx - 1, ry = ady - 1;
    let err = ady - adx; // < 0: the next vertical grid line comes first
    while (rx > 0 || ry > 0) {
      before |= load<u8>(BLOCK_MAP + <usize>(cy * W + cx));
      if (ry == 0 || (rx > 0 && err < 0)) {
        const e = <usize>(cy * cw + cx + (sx > 0 ? 1 : 0));
        if (blocks(SIGHT_EDGES, <i32>load<u8>(VEDGES + e))) return;
        before |= load<u8>(OUTLINE_V + e);
        cx += sx;
        rx--;
        err += ady;
      } else if (rx == 0 || err > 0) {
        const e = <usize>((cy + (sy > 0 ? 1 : 0)) * W + cx);
        if (blocks(SIGHT_EDGES, <i32>load<u8>(HEDGES + e))) return;
        before |= load<u8>(OUTLINE_H + e);
        cy += sy;
        ry--;
        err -= adx;
      } else {
        const k = <usize>((cy + (sy > 0 ? 1 : 0)) * cw + cx + (sx > 0 ? 1 : 0));
        const rays = <i32>load<u8>(RAYS_SIGHT + k);
        if ((rays & leftRays) != 0 && (rays & rightRays) != 0) return;
        const coverRays = <i32>load<u8>(RAYS_COVER + k);
        if ((coverRays & leftRays) != 0 && (coverRays & rightRays) != 0) before = 1;
        cx += sx;
        cy += sy;
        rx--;
        ry--;
        err += ady - adx;
      }
    }
    QX += dx;
    QY += dy;
    const lastBlocks = load<u8>(BLOCK_MAP + <usize>(cy * W + cx));
    const q = <usize>(QY * cw + QX);
    const rays = <i32>load<u8>(RAYS_SIGHT + q);
    const seen = 15 & ~quadsBlocked(rays, back); // clause 1.1.4 at the corner reached
    // A cover cell last entered blocks the cover line to every cell there but itself.
    if (k >= from) record(QX, QY, seen, withCover && before == 0 ? seen & (lastBlocks != 0 ? lastQuad : 15) : 0);
    if (!inBox(QX + dx, QY + dy)) return;
    // Go on through this corner (clause 1.1.2), past the cell last entered.
    before |= lastBlocks;
    if ((rays & leftRays) != 0 && (rays & rightRays) != 0) return;
    const coverRays = <i32>load<u8>(RAYS_COVER + q);
    if ((coverRays & leftRays) != 0 && (coverRays & rightRays) != 0) before = 1;
    cx += sx;
    cy += sy;
  }
}

// Which directions to walk: shadow casting over each octant from P, row by row outward (u along
// the octant's major axis, v = 0..u across it), keeping windows of slopes v/u (exact fractions) that
// no blocking edge has cut off yet. An edge is crossed in its interior by every line whose slope lies
// strictly inside an open interval, so those lines are blocked (clause 1.1.1) and pruned; the closed
// windows left keep every corner that might be seen, and each is settled by its direction's walk.
// So only visible directions and those ending at a blocker's ends are walked.
let OX: i32 = 0, OY: i32 = 0, SX: i32 = 1, SY: i32 = 1, SWAP: bool = false, MAXU: i32 = 0, MAXV: i32 = 0;
let CUTP: i32 = 0, COVER: bool = false;
// For the octant's directions off its axis (both signs fixed): clause 1.1.4 cuts them all at P; the
// position a line comes back from; the rays on each side of a line passing a corner.
let DIAG_CUT: bool = false, BACK: i32 = 0, LEFT: i32 = 0, RIGHT: i32 = 0;
// The windows on the stack (windows.ts) are disjoint and each has two distinct ends among the
// fractions with denominators ≤ 257 (about 20,100 in [0, 1]), so at most about 10,050 are there at
// once: they fit (WINDOW_CAP).

// The edges of the octant as strided loads: across the major axis at u, from v = i to i + 1, at
// ACROSS + u * ACROSS_U + i * ACROSS_I; along it at v = i, from u to u + 1, at ALONG + i * ALONG_I + u * ALONG_U.
let ACROSS: usize = 0, ACROSS_U: i32 = 0, ACROSS_I: i32 = 0, ALONG: usize = 0, ALONG_I: i32 = 0, ALONG_U: i32 = 0;

@inline function edgeBlocks(at: usize): bool {
  return blocks(SIGHT_EDGES, <i32>load<u8>(at));
}

/** gcd(a, b) for a, b ≥ 0 by Stein's algorithm: shifts and subtractions, no division. */
function gcd(a: i32, b: i32): i32 {
  if (a == 0 || b == 0) return a | b;
  const shift = ctz(a | b);
  a >>= ctz(a);
  do {
    b >>= ctz(b);
    if (a > b) {
      const t = b;
      b = a;
      a = t;
    }
    b -= a;
  } while (b != 0);
  return a << shift;
}

/**
 * Walk the primitive direction (u, v) of this octant from its `from`-th corner on, unless another
 * octant owns it or clause 1.1.4 cuts it at P.
 */
function launch(u: i32, v: i32, from: i32): void {
  if ((v == 0 && (SWAP ? SX : SY) < 0) || (v == u && SWAP)) return;
  const dx = SWAP ? SX * v : SX * u, dy = SWAP ? SY * u : SY * v;
  if (((CUTP >> ((dy > 0 ? 6 : dy == 0 ? 3 : 0) + (dx > 0 ? 2 : dx == 0 ? 1 : 0))) & 1) != 0) return;
  if (dx == 0 || dy == 0) walkAxis(OX, OY, dx, dy, COVER);
  else walkDiagonal(OX, OY, dx, dy, COVER, from);
}

/**
 * LOS only, corner (u, v) of a window, v > 0: the window shows that its line crosses no blocking
 * edge, so it is clear unless a corner it passes blocks it (clause 1.1.2; those corners lie on the
 * same direction, earlier: CHAIN carries the answer and the direction forward) or clause 1.1.4
 * cuts it at either end.
 */
function losCorner(u: i32, v: i32): void {
  let a = u, b = v, pass = 1;
  if (load<u8>(COPRIME + <usize>(u * CO_ROW + v)) == 0) {
    const e = load<i32>(CHAIN + (<usize>(u * CO_ROW + v) << 2));
    pass = e & 1;
    a = (e >> 1) & 511;
    b = e >> 10;
  }
  const QX = SWAP ? OX + SX * v : OX + SX * u, QY = SWAP ? OY + SY * u : OY + SY * v;
  const rays = <i32>load<u8>(RAYS_SIGHT + <usize>(QY * (W + 1) + QX));
  if (pass != 0 && !(v == u && SWAP)) record(QX, QY, 15 & ~quadsBlocked(rays, BACK), 0);
  const nu = u + a, nv = v + b;
  if (nu <= MAXU && nv <= MAXV) {
    const through = pass != 0 && ((rays & LEFT) == 0 || (rays & RIGHT) == 0);
    store<i32>(CHAIN + (<usize>(nu * CO_ROW + nv) << 2), (through ? 1 : 0) | (a << 1) | (b << 10));
  }
}

/**
 * A window [ln/ld, hn/hd] for rows from r on: kept, or, when it is one slope, its direction walked now.
 * Inlined: V8 does not inline one Wasm function into another, and a call per window was 5–8% of a
 * mixed-board sight map (issue 41; bench/RESULTS.md, grid core by board class).
 */
@inline function emit(r: i32, ln: i32, ld: i32, hn: i32, hd: i32): void {
  const c = ln * hd - hn * ld;
  if (c > 0) return;
  if (c == 0) {
    // One direction: its corners from row r on are left to a walk. With cover every direction
    // is walked from its first corner (once, when that lies in row r or later); LOS only walks
    // this one from row r (the corners before were settled by losCorner; the axis by its walk).
    const g = gcd(ln, ld);
    const q = divSmall(ld, g), p = divSmall(ln, g);
    if (COVER) {
      if (q >= r && q <= MAXU && p <= MAXV) launch(q, p, 1);
    } else if (p > 0) {
      const k = divSmall(r + q - 1, q);
      if (k * q <= MAXU && k * p <= MAXV) launch(q, p, k);
    }
    return;
  }
  pushWindow(r, ln, ld, hn, hd);
}

function castOctant(sx: i32, sy: i32, swap: bool): void {
  SX = sx;
  SY = sy;
  SWAP = swap;
  MAXU = swap ? (sy > 0 ? H - OY : OY) : sx > 0 ? W - OX : OX;
  MAXV = swap ? (sx > 0 ? W - OX : OX) : sy > 0 ? H - OY : OY;
  if (MAXU == 0) return;
  const cw = W + 1;
  const vBase = VEDGES + <usize>((OY - (sy < 0 ? 1 : 0)) * cw + OX), hBase = HEDGES + <usize>(OY * W + OX - (sx < 0 ? 1 : 0));
  if (swap) {
    ACROSS = hBase; ACROSS_U = sy * W; ACROSS_I = sx;
    ALONG = vBase; ALONG_I = sx; ALONG_U = sy * cw;
  } else {
    ACROSS = vBase; ACROSS_U = sx; ACROSS_I = sy * cw;
    ALONG = hBase; ALONG_I = sy * W; ALONG_U = sx;
  }
  DIAG_CUT = ((CUTP >> ((sy > 0 ? 6 : 0) + (sx > 0 ? 2 : 0))) & 1) != 0;
  BACK = dirPos(-sx, -sy);
  LEFT = (sx > 0 ? 4 : 1) | (sy > 0 ? 8 : 2);
  RIGHT = 15 ^ LEFT;
  clearWindows();
  emit(1, 0, 1, 1, 1);
  while (windowCount() > 0) {
    const at = popWindow();
    let r = load<i32>(at);
    let ln = load<i32>(at, 4), ld = load<i32>(at, 8);
    let hn = load<i32>(at, 12), hd = load<i32>(at, 16);
    // Row by row while the window's last piece stays a window: pushed, it would be the next popped.
    for (;;) {
      if (hn * r > MAXV * hd) {
        // Beyond v = MAXV the corners leave the board, in this row and every later one.
        hn = MAXV;
        hd = r;
        const c = ln * hd - hn * ld;
        if (c >= 0) {
          emit(r, ln, ld, hn, hd);
          break;
        }
      }
      // The corners of row r inside the window: walk the primitive directions (the others lie on one).
      // One division per end: floor and remainder give the ceiling too.
      const qh = divSmall(hn * r, hd), ql = divSmall(ln * r, ld);
      const hExact = qh * hd == hn * r, lExact = ql * ld == ln * r;
      const jB = qh;
      let j = lExact ? ql : ql + 1;
      if (COVER) {
        for (; j <= jB; j++) if (load<u8>(COPRIME + <usize>(r * CO_ROW + j)) != 0) launch(r, j, 1);
      } else {
        if (j == 0) {
          if (r == 1) launch(1, 0, 1);
          j = 1;
        }
        if (!DIAG_CUT) for (; j <= jB; j++) losCorner(r, j);
      }
      if (r == MAXU) break;
      // Cut the window by the edges between rows r and r + 1, slot by slot: slot i spans slopes
      // i/r..(i+1)/r. An edge across at u = r cuts its interior; one along v = i+1 cuts ((i+1)/(r+1), (i+1)/r).
      let pn = ln, pd = ld;
      const iB = hExact ? qh - 1 : qh;
      for (let i = ql; i <= iB; i++) {
        let en: i32, ed: i32;
        if (i < MAXV && edgeBlocks(ACROSS + <usize>(r * ACROSS_U + i * ACROSS_I))) {
          en = i;
          ed = r;
        } else if (i < MAXV && edgeBlocks(ALONG + <usize>((i + 1) * ALONG_I + r * ALONG_U))) {
          en = i + 1;
          ed = r + 1;
        } else continue;
        if (en * hd > hn * ed) {
          en = hn;
          ed = hd;
        }
        emit(r + 1, pn, pd, en, ed);
        pn = i + 1;
        pd = r;
      }
      if (pn * hd - hn * pd >= 0) {
        emit(r + 1, pn, pd, hn, hd);
        break;
      }
      r++;
      ln = pn;
      ld = pd;
    }
  }
}

/**
 * LOS, cover and range from a figure's rectangle to every cell. A cell is seen when some attacker
 * corner has a clear line to some corner of it; it is in cover unless, from some attacker corner
 * that sees it, the cover lines to all four of its corners are clear (a blocked line gives cover).
 */
export function sightMap2016(ax: i32, ay: i32, aw: i32, ah: i32, withCover: bool = true): void {
  const n = W * H;
  COVER = withCover;
  if (max(W, H) > COPRIME_SIDE) buildCoprime(max(W, H));
  // Cover cells for this attacker: its own cells never block.
  if (withCover) {
    memory.fill(OUT_LOS, 0, <usize>n);
    memory.fill(COVER_ALL, 1, <usize>n);
    memory.copy(BLOCK_MAP, COVER_CELLS, <usize>n);
    for (let y = ay; y < ay + ah; y++) for (let x = ax; x < ax + aw; x++) store<u8>(BLOCK_MAP + <usize>(y * W + x), 0);
  }
  for (let Y = ay; Y <= ay + ah; Y++)
    for (let X = ax; X <= ax + aw; X++) {
      if (withCover) memory.fill(CLEAR_CORNERS, 0, <usize>n);
      const ownA = ownMask(X, Y, ax, ay, aw, ah);
      const raysP = <i32>load<u8>(RAYS_SIGHT + <usize>(Y * (W + 1) + X));
      // Zero-length line: a cell sharing the corner must connect round it to the attacker.
      let seen = 0;
      for (let k = 0; k < 4; k++) if (roundBlocked(raysP, ownA, 2 * k + 1) == 0) seen |= 1 << k;
      record(X, Y, seen, withCover ? seen : 0);
      // Clause 1.1.4 at this corner depends only on the direction's signs: bit (sy+1)*3+(sx+1).
      let cutP = 0;
      for (let k = 0; k < 9; k++) {
        const sx = k % 3 - 1, sy = k / 3 - 1;
        if ((sx != 0 || sy != 0) && roundBlocked(raysP, ownA, dirPos(sx, sy)) != 0) cutP |= 1 << k;
      }
      OX = X;
      OY = Y;
      CUTP = cutP;
      for (let o = 0; o < 8; o++) castOctant((o & 1) != 0 ? -1 : 1, (o & 2) != 0 ? -1 : 1, (o & 4) != 0);
    }
  if (!withCover) return; // the attacker's own cells are no place to stand
  distances(ax, ay, aw, ah, RANGE_2016);
  memory.copy(OUT_RANGE, DIST, <usize>n << 2);
  // In cover: seen, and no attacker corner gave four clear cover lines. LOS and COVER_ALL hold 0 or
  // 1 a byte, so eight cells at a time are one AND.
  let t = 0;
  for (; t + 8 <= n; t += 8) store<u64>(<usize>t, load<u64>(<usize>t, OUT_LOS) & load<u64>(<usize>t, COVER_ALL), OUT_COVER);
  for (; t < n; t++) store<u8>(<usize>t, load<u8>(<usize>t, OUT_LOS) & load<u8>(<usize>t, COVER_ALL), OUT_COVER);
  // The attacker's own cells: seen, and no place to be in cover from itself.
  for (let y = ay; y < ay + ah; y++)
    for (let x = ax; x < ax + aw; x++) {
      store<u8>(<usize>(y * W + x), 1, OUT_LOS);
      store<u8>(<usize>(y * W + x), 0, OUT_COVER);
    }
}

/**
 * LOS only (no cover, no range) from a figure's rectangle: sets bit `bit` of the u32 at
 * bits + cell * stride for every cell it sees. `corners`: (W + 1) × (H + 1) bytes of scratch.
 */
export function losMap2016(ax: i32, ay: i32, aw: i32, ah: i32, corners: usize, bits: usize, stride: i32, bit: u32): void {
  const cw = W + 1;
  LOS_CORNERS = corners;
  memory.fill(corners, 0, <usize>(cw * (H + 1)));
  sightMap2016(ax, ay, aw, ah, false);
  // A cell is seen through one of its corners: bit 1 (SE) of its top-left, 2 (SW) of its
  // top-right, 0 (NE) of its bottom-left, 3 (NW) of its bottom-right.
  for (let y = 0; y < H; y++) {
    const top = corners + <usize>(y * cw), out = bits + <usize>(y * W * stride);
    for (let x = 0; x < W; x++) {
      const c = top + <usize>x;
      const seen = (load<u8>(c) & 2) | (load<u8>(c, 1) & 4) | (load<u8>(c + <usize>cw) & 1) | (load<u8>(c + <usize>cw, 1) & 8);
      if (seen != 0) {
        const at = out + <usize>(x * stride);
        store<u32>(at, load<u32>(at) | bit);
      }
    }
  }
}

/** LOS only from a figure's rectangle, a byte per cell in OUT_LOS (1 seen): sightMap2016's LOS without its cover and range. */
export function losMapBytes2016(ax: i32, ay: i32, aw: i32, ah: i32): void {
  memory.fill(OUT_LOS, 0, <usize>(W * H));
  LOS_CORNERS = 0;
  sightMap2016(ax, ay, aw, ah, false);
  for (let y = ay; y < ay + ah; y++) for (let x = ax; x < ax + aw; x++) store<u8>(OUT_LOS + <usize>(y * W + x), 1);
}

export function range2016(ax: i32, ay: i32, aw: i32, ah: i32, tx: i32, ty: i32, tw: i32, th: i32): i32 {
  distances(ax, ay, aw, ah, RANGE_2016);
  return minDist(tx, ty, tw, th);
}
