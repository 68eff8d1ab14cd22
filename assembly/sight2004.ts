// doom2004 sight (RULES §3): LOS centre to centre past walls, doors, figures, obstacles, barrels.
import {
  C_BARREL, C_OBSTACLE, DIST, H, OUT_COVER, OUT_LOS, OUT_RANGE, SIGHT_EDGES, W, blocks, cellBits,
  hEdge, inRect, onMap, ownerAt, vEdge,
} from './board';
import { CELLS_SIGHT2004, setSpaces, walk } from './line';
import { RANGE_2004, distances } from './steps';
import { WINDOW_CAP, clearWindows, popWindow, pushWindow, windowCount } from './windows';

export function los2004(ax: i32, ay: i32, aw: i32, ah: i32, tx: i32, ty: i32, tw: i32, th: i32): bool {
  setSpaces(ax, ay, aw, ah, tx, ty, tw, th);
  for (let y = ay; y < ay + ah; y++)
    for (let x = ax; x < ax + aw; x++)
      for (let v = ty; v < ty + th; v++)
        for (let u = tx; u < tx + tw; u++)
          if (walk(2 * x + 1, 2 * y + 1, 2 * u + 1, 2 * v + 1, SIGHT_EDGES, CELLS_SIGHT2004, 0) == 0) return true;
  return false;
}

// The sight map by shadow casting from each attacker space's centre, octant by octant, row by row
// outward (u along the major axis, v = 0..u across it), keeping closed windows of slopes v/u (exact
// fractions) that no blocker has cut off. Row r's blockers, for lines going on to later rows, cut
// open slope intervals: a blocking cell (r, i) every line through its open square
// ((2i-1)/(2r+1), (2i+1)/(2r-1)); the edge across the major axis at u = r+1/2 every line through its
// interior ((2i-1)/(2r+1), (2i+1)/(2r+1)); the edge along it at v = i+1/2 ((2i+1)/(2r+1), (2i+1)/(2r-1)).
// Those lines do meet the blocker (cells entered and edges crossed block, clauses of §1.1), so the
// pruning only drops hidden targets; every target left in a window is settled by its own line walk.
// So the walks go to the visible cells and the few at the windows' ends (corners, cells touched).
let CX: i32 = 0, CY: i32 = 0, SX: i32 = 1, SY: i32 = 1, SWAP: bool = false, MAXU: i32 = 0, MAXV: i32 = 0;
let AX: i32 = 0, AY: i32 = 0, AW: i32 = 0, AH: i32 = 0;
let FULL: bool = false; // the stack overflowed: this centre falls back to one walk per cell

@inline function cellX(u: i32, v: i32): i32 { return SWAP ? CX + SX * v : CX + SX * u; }
@inline function cellY(u: i32, v: i32): i32 { return SWAP ? CY + SY * u : CY + SY * v; }

/** The edge between the adjacent spaces (x1,y1) and (x2,y2) blocks sight. */
function edgeBlocks(x1: i32, y1: i32, x2: i32, y2: i32): bool {
  return blocks(SIGHT_EDGES, y1 == y2 ? vEdge(max(x1, x2), y1) : hEdge(x1, max(y1, y2)));
}

function cellBlocks(x: i32, y: i32): bool {
  if (inRect(x, y, AX, AY, AW, AH)) return false;
  return (cellBits(x, y) & (C_OBSTACLE | C_BARREL)) != 0 || ownerAt(x, y) >= 0;
}

/** Target space (x,y): seen from this centre when its line is clear (the walk of los2004). */
function test(x: i32, y: i32): void {
  const t = <usize>(y * W + x);
  if (load<u8>(OUT_LOS + t) != 0 || !onMap(x, y)) return;
  setSpaces(AX, AY, AW, AH, x, y, 1, 1);
  if (walk(2 * CX + 1, 2 * CY + 1, 2 * x + 1, 2 * y + 1, SIGHT_EDGES, CELLS_SIGHT2004, 0) == 0) store<u8>(OUT_LOS + t, 1);
}

/** Keep the window [ln/ld, hn/hd] for rows from r on, unless it is empty. */
function emit(r: i32, ln: i32, ld: i32, hn: i32, hd: i32): void {
  if (ln * hd > hn * ld) return;
  if (windowCount() >= WINDOW_CAP) {
    FULL = true;
    return;
  }
  pushWindow(r, ln, ld, hn, hd);
}

// The window being cut: its high end, and the start of the next piece.
let HN: i32 = 0, HD: i32 = 1, PN: i32 = 0, PD: i32 = 1;

/** Cut the open interval (an/ad, bn/bd) out of the current window (intervals come by their low ends). */
function cut(r: i32, an: i32, ad: i32, bn: i32, bd: i32): void {
  if (an * HD > HN * ad) {
    an = HN;
    ad = HD;
  }
  emit(r, PN, PD, an, ad);
  if (bn * PD > PN * bd) {
    PN = bn;
    PD = bd;
  }
}

function castOctant(sx: i32, sy: i32, swap: bool): void {
  SX = sx;
  SY = sy;
  SWAP = swap;
  MAXU = swap ? (sy > 0 ? H - 1 - CY : CY) : sx > 0 ? W - 1 - CX : CX;
  MAXV = swap ? (sx > 0 ? W - 1 - CX : CX) : sy > 0 ? H - 1 - CY : CY;
  if (MAXU == 0) return;
  clearWindows();
  emit(1, 0, 1, 1, 1);
  while (windowCount() > 0 && !FULL) {
    const at = popWindow();
    const r = load<i32>(at);
    const ln = load<i32>(at, 4), ld = load<i32>(at, 8);
    let hn = load<i32>(at, 12), hd = load<i32>(at, 16);
    if (hn * r > MAXV * hd) {
      // Beyond v = MAXV the targets leave the board, in this row and every later one.
      hn = MAXV;
      hd = r;
      if (ln * hd > hn * ld) continue;
    }
    const jB = (hn * r) / hd;
    for (let j = (ln * r + ld - 1) / ld; j <= jB; j++) test(cellX(r, j), cellY(r, j));
    if (r == MAXU) continue;
    HN = hn;
    HD = hd;
    PN = ln;
    PD = ld;
    const iB = min(MAXV, jB + 1);
    for (let i = max(0, (ln * r) / ld - 1); i <= iB; i++) {
      const x = cellX(r, i), y = cellY(r, i);
      if (cellBlocks(x, y)) {
        cut(r + 1, 2 * i - 1, 2 * r + 1, 2 * i + 1, 2 * r - 1);
        continue;
      }
      if (edgeBlocks(x, y, cellX(r + 1, i), cellY(r + 1, i))) cut(r + 1, 2 * i - 1, 2 * r + 1, 2 * i + 1, 2 * r + 1);
      if (i < MAXV && edgeBlocks(x, y, cellX(r, i + 1), cellY(r, i + 1))) cut(r + 1, 2 * i + 1, 2 * r + 1, 2 * i + 1, 2 * r - 1);
    }
    emit(r + 1, PN, PD, HN, HD);
  }
}

/** LOS and range (without `withRange`, LOS only) from a figure's rectangle to every cell (RULES §3; no cover in doom2004). */
export function sightMap2004(ax: i32, ay: i32, aw: i32, ah: i32, withRange: bool = true): void {
  const n = W * H;
  memory.fill(OUT_LOS, 0, <usize>n);
  memory.fill(OUT_COVER, 0, <usize>n);
  AX = ax; AY = ay; AW = aw; AH = ah;
  for (let y = ay; y < ay + ah; y++)
    for (let x = ax; x < ax + aw; x++) store<u8>(OUT_LOS + <usize>(y * W + x), 1);
  for (let cy = ay; cy < ay + ah; cy++)
    for (let cx = ax; cx < ax + aw; cx++) {
      CX = cx;
      CY = cy;
      FULL = false;
      for (let o = 0; o < 8 && !FULL; o++) castOctant((o & 1) != 0 ? -1 : 1, (o & 2) != 0 ? -1 : 1, (o & 4) != 0);
      if (FULL) for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) test(x, y);
    }
  if (!withRange) return;
  distances(ax, ay, aw, ah, RANGE_2004);
  memory.copy(OUT_RANGE, DIST, <usize>n << 2);
}
