// d20 sight (RULES §4).
// LOS: a segment between the two open spaces that neither crosses nor touches a wall. If one
// exists, one exists near a line through two critical points (space corners, wall ends) nudged by
// ±ε at each; each nudged line is walked cell by cell with exact symbolic signs (value first,
// then the ε coefficient). Cover: separating-axis tests on the region swept from a corner.
import {
  BLOCK_MAP, CLEAR_CORNERS, C_LOW, DIST, H, INFO, OUT_COVER, OUT_LOS, OUT_RANGE, QUEUE, SCRATCH, SCRATCH_CAP, SIGHT_EDGES, STEP_SIGHT, STEP_STRICT, W, blocks,
  cellBits, hEdge, inRect, onMap, ownerAt, rayMask, stepDX, stepDY, vEdge,
} from './board';

let AX: i32 = 0, AY: i32 = 0, AW: i32 = 0, AH: i32 = 0, TX: i32 = 0, TY: i32 = 0, TW: i32 = 0, TH: i32 = 0;

// The candidate: the line through p1 + s1·ε·n and p2 + s2·ε·n with n = perp(p2 - p1), doubled coords.
let P1X: i64 = 0, P1Y: i64 = 0, DX: i64 = 0, DY: i64 = 0, NX: i64 = 0, NY: i64 = 0, S1: i64 = 0, S2: i64 = 0;

/** Sign of cross(D, r - P1) for the nudged line, r a lattice point (doubled). */
@inline function side(rx: i64, ry: i64): i32 {
  const c0 = DX * (ry - P1Y) - DY * (rx - P1X);
  if (c0 != 0) return c0 > 0 ? 1 : -1;
  const c1 = -S1 * (DX * NY - DY * NX) + (S2 - S1) * (NX * (ry - P1Y) - NY * (rx - P1X));
  return c1 > 0 ? 1 : c1 < 0 ? -1 : 0;
}

/** Sign of one component of the nudged direction d + (s2 - s1)·ε·n. */
@inline function dirSign(d: i64, n: i64): i32 {
  if (d != 0) return d > 0 ? 1 : -1;
  const e = (S2 - S1) * n;
  return e > 0 ? 1 : e < 0 ? -1 : 0;
}

@inline function throughCell(x: i32, y: i32): bool {
  const a = side(2 * x, 2 * y), b = side(2 * x + 2, 2 * y), c = side(2 * x + 2, 2 * y + 2), d = side(2 * x, 2 * y + 2);
  return (a > 0 || b > 0 || c > 0 || d > 0) && (a < 0 || b < 0 || c < 0 || d < 0);
}

/**
 * Walk the nudged line from cell (cx,cy) of A in travel direction `flip`·D until it enters T;
 * true when no wall is crossed or touched after leaving A.
 */
function walkTo(cx: i32, cy: i32, flip: i32): bool {
  const sx = flip * dirSign(DX, NX), sy = flip * dirSign(DY, NY);
  const x0 = min(AX, TX), x1 = max(AX + AW, TX + TW), y0 = min(AY, TY), y1 = max(AY + AH, TY + TH);
  for (;;) {
    if (cx < x0 || cx >= x1 || cy < y0 || cy >= y1) return false;
    const kx = sx > 0 ? cx + 1 : cx, ky = sy > 0 ? cy + 1 : cy;
    // Which side of the cell the line leaves by: decided by the corner ahead (see DESIGN notes).
    let o = 0; // < 0 vertical side, > 0 horizontal side, 0 through the corner
    if (sx == 0) o = 1;
    else if (sy == 0) o = -1;
    else {
      const s = flip * side(2 * kx, 2 * ky);
      o = s == 0 ? 0 : s * sx * sy > 0 ? -1 : 1;
    }
    const nx = o <= 0 ? cx + sx : cx;
    const ny = o >= 0 ? cy + sy : cy;
    const inside = inRect(cx, cy, AX, AY, AW, AH) && inRect(nx, ny, AX, AY, AW, AH);
    if (!inside) {
      if (o < 0 && blocks(SIGHT_EDGES, vEdge(kx, cy))) return false;
      if (o > 0 && blocks(SIGHT_EDGES, hEdge(cx, ky))) return false;
      if (o == 0 && rayMask(kx, ky, SIGHT_EDGES) != 0) return false; // touches a wall end
    }
    if (inRect(nx, ny, TX, TY, TW, TH)) return true;
    cx = nx;
    cy = ny;
  }
  return false;
}

function tryLine(p1x: i32, p1y: i32, p2x: i32, p2y: i32, s1: i32, s2: i32): bool {
  P1X = p1x; P1Y = p1y; DX = p2x - p1x; DY = p2y - p1y;
  NX = -DY; NY = DX; S1 = s1; S2 = s2;
  let ax = -1, ay = -1;
  for (let y = AY; y < AY + AH && ax < 0; y++)
    for (let x = AX; x < AX + AW; x++) if (throughCell(x, y)) { ax = x; ay = y; break; }
  if (ax < 0) return false;
  let hitT = false;
  for (let y = TY; y < TY + TH && !hitT; y++)
    for (let x = TX; x < TX + TW; x++) if (throughCell(x, y)) { hitT = true; break; }
  if (!hitT) return false;
  return walkTo(ax, ay, 1) || walkTo(ax, ay, -1);
}

@inline function pushPoint(n: i32, X: i32, Y: i32, rays: i32 = 0): i32 {
  if (n >= SCRATCH_CAP) return n;
  store<i32>(SCRATCH + (<usize>n << 2), (rays << 25) | (Y << 16) | X);
  return n + 1;
}

/**
 * Does the line through (X1,Y1) and (X2,Y2) leave the rectangle's four corners strictly on one side?
 * Then so do its nudged copies (ε small), which pass through no square of it: tryLine would fail.
 */
function misses(rx: i32, ry: i32, rw: i32, rh: i32, X1: i32, Y1: i32, X2: i32, Y2: i32): bool {
  let sides = 0; // 1: a corner on the left, 2: on the right, 4: on the line
  for (let k = 0; k < 4; k++) {
    const c = (X2 - X1) * (ry + (k >> 1) * rh - Y1) - (Y2 - Y1) * (rx + (k & 1) * rw - X1);
    sides |= c > 0 ? 1 : c < 0 ? 2 : 4;
  }
  return sides < 3;
}

/**
 * The nudges at a wall end that meet its wall (bit 0: side -1, bit 1: side +1), for a line of
 * direction (dx,dy), from the wall end's rays (1 N, 2 E, 4 S, 8 W; given between single squares
 * only). A line nudged to side s passes the point at s·ε·n (n = perp(d)) and crosses, ε away, each
 * ray r with sign(cross(d, r)) = s. Between single squares every wall end kept is a point of their
 * hull outside both, and the hull holds no point of a line beyond either square (it leaves a square
 * through the bounding box), so a line through both squares passes the wall end on the stretch
 * between them, and that nudge is blocked.
 */
function nudgesCut(rays: i32, dx: i32, dy: i32): i32 {
  let m = 0;
  for (let k = 0; k < 4; k++) {
    const c = ((rays >> k) & 1) * ((k & 1) != 0 ? dy : dx) * (k < 2 ? -1 : 1);
    m |= c > 0 ? 2 : c < 0 ? 1 : 0;
  }
  return m;
}

export function losD20(ax: i32, ay: i32, aw: i32, ah: i32, tx: i32, ty: i32, tw: i32, th: i32): bool {
  AX = ax; AY = ay; AW = aw; AH = ah; TX = tx; TY = ty; TW = tw; TH = th;
  const x0 = min(ax, tx), x1 = max(ax + aw, tx + tw), y0 = min(ay, ty), y1 = max(ay + ah, ty + th);
  // Between two single squares (every sight-map query), wall ends outside their hull are left out
  // (inHull) and nudges into a wall at a wall end are not walked (nudgesCut).
  const unit = (aw | ah | tw | th) == 1;
  // Critical points: the spaces' corners first (most lines are found among them), then wall ends.
  let n = 0;
  n = pushPoint(n, ax, ay); n = pushPoint(n, ax + aw, ay); n = pushPoint(n, ax, ay + ah); n = pushPoint(n, ax + aw, ay + ah);
  n = pushPoint(n, tx, ty); n = pushPoint(n, tx + tw, ty); n = pushPoint(n, tx, ty + th); n = pushPoint(n, tx + tw, ty + th);
  for (let Y = y0; Y <= y1; Y++)
    for (let X = x0; X <= x1; X++) {
      if ((X == ax || X == ax + aw) && (Y == ay || Y == ay + ah)) continue;
      if ((X == tx || X == tx + tw) && (Y == ty || Y == ty + th)) continue;
      const end = (Y > y0 && blocks(SIGHT_EDGES, vEdge(X, Y - 1))) || (Y < y1 && blocks(SIGHT_EDGES, vEdge(X, Y))) ||
        (X < x1 && blocks(SIGHT_EDGES, hEdge(X, Y))) || (X > x0 && blocks(SIGHT_EDGES, hEdge(X - 1, Y)));
      if (end && (!unit || inHull(X, Y))) n = pushPoint(n, X, Y, unit ? rayMask(X, Y, SIGHT_EDGES) : 0);
    }
  for (let i = 0; i < n; i++) {
    const a = load<i32>(SCRATCH + (<usize>i << 2));
    const X1 = a & 0xffff, Y1 = (a >> 16) & 0x1ff;
    for (let j = i + 1; j < n; j++) {
      const b = load<i32>(SCRATCH + (<usize>j << 2));
      const X2 = b & 0xffff, Y2 = (b >> 16) & 0x1ff;
      if (X1 == X2 && Y1 == Y2 || misses(AX, AY, AW, AH, X1, Y1, X2, Y2) || misses(TX, TY, TW, TH, X1, Y1, X2, Y2)) continue;
      const cut = nudgesCut(a >> 25, X2 - X1, Y2 - Y1) | (nudgesCut(b >> 25, X2 - X1, Y2 - Y1) << 2);
      for (let s = 0; s < 4; s++) {
        if ((cut & ((1 << (s & 1)) | (4 << (s >> 1)))) == 0 && tryLine(2 * X1, 2 * Y1, 2 * X2, 2 * Y2, (s & 1) != 0 ? 1 : -1, (s & 2) != 0 ? 1 : -1)) {
          // The witness for explanations: a clear line passes within a hair of these points (nudged to one side of each).
          store<i32>(INFO + 32, X1); store<i32>(INFO + 36, Y1); store<i32>(INFO + 40, X2); store<i32>(INFO + 44, Y2);
          return true;
        }
      }
    }
  }
  return false;
}

// ---------------------------------------------------------------- cover

// The region swept from corner C to the target rectangle: the hull of C and the four corners.
let CX: i64 = 0, CY: i64 = 0;

/**
 * Do the region's interior and the box [bx0,bx1]×[by0,by1] (doubled; a segment when flat) share
 * interior points? Separating axes: x, y, and the normal of each line from C to a target corner.
 */
function meetsRegion(bx0: i64, by0: i64, bx1: i64, by1: i64): bool {
  const rx0: i64 = 2 * <i64>TX, ry0: i64 = 2 * <i64>TY, rx1: i64 = 2 * <i64>(TX + TW), ry1: i64 = 2 * <i64>(TY + TH);
  // x axis
  const minX = min(CX, rx0), maxX = max(CX, rx1), minY = min(CY, ry0), maxY = max(CY, ry1);
  if (maxX <= bx0 || bx1 <= minX || maxY <= by0 || by1 <= minY) return false;
  for (let k = 0; k < 4; k++) {
    const qx: i64 = (k & 1) != 0 ? rx1 : rx0, qy: i64 = (k & 2) != 0 ? ry1 : ry0;
    const ax: i64 = -(qy - CY), ay: i64 = qx - CX; // normal of C→q
    if (ax == 0 && ay == 0) continue; // C is this corner of T (a touching target): no axis
    // Region projection: C and the four target corners.
    let rmin = CX * ax + CY * ay, rmax = rmin;
    for (let m = 0; m < 4; m++) {
      const v = ((m & 1) != 0 ? rx1 : rx0) * ax + ((m & 2) != 0 ? ry1 : ry0) * ay;
      rmin = min(rmin, v); rmax = max(rmax, v);
    }
    let bmin = bx0 * ax + by0 * ay, bmax = bmin;
    for (let m = 1; m < 4; m++) {
      const v = ((m & 1) != 0 ? bx1 : bx0) * ax + ((m & 2) != 0 ? by1 : by0) * ay;
      bmin = min(bmin, v); bmax = max(bmax, v);
    }
    if (rmax <= bmin || bmax <= rmin) return false;
  }
  return true;
}

/** For explanations: what gives cover from the attacker's first corner, (ax, ay) (1 wall, 2 character, 3 low objects). */
function noteCover(kind: i32, x1: i32, y1: i32, x2: i32, y2: i32): void {
  store<i32>(INFO + 48, kind); store<i32>(INFO + 52, x1); store<i32>(INFO + 56, y1); store<i32>(INFO + 60, x2); store<i32>(INFO + 64, y2);
}

/**
 * Cover of T from the attacker A (indices exclude the two figures from "another character"). The
 * attacker picks any corner of any square of its space ((w+1)×(h+1) lattice points: 9 for 2×2,
 * 16 for 3×3; Star Wars Miniatures FAQ, RULES §4), so T is in cover only if it is from every one.
 */
export function coverD20(ax: i32, ay: i32, aw: i32, ah: i32, tx: i32, ty: i32, tw: i32, th: i32, attacker: i32, target: i32): bool {
  TX = tx; TY = ty; TW = tw; TH = th;
  // Adjacent enemies never have cover; adjacent for movement, so a space touching A only across a
  // wall or door, or diagonally past a wall end, is judged like any other (RULES §4).
  const touching = ax <= tx + tw && tx <= ax + aw && ay <= ty + th && ty <= ay + ah;
  const adjacent = touching && stepApart(ax, ay, aw, ah, tx, ty, tw, th);
  store<i32>(INFO + 68, adjacent ? 1 : touching ? 2 : 0);
  store<i32>(INFO + 48, 0);
  if (adjacent) return false;
  const x0 = min(ax, tx), x1 = max(ax + aw, tx + tw), y0 = min(ay, ty), y1 = max(ay + ah, ty + th);
  const points = (aw + 1) * (ah + 1);
  for (let k = 0; k < points; k++) {
    CX = 2 * <i64>(ax + k % (aw + 1));
    CY = 2 * <i64>(ay + k / (aw + 1));
    let covered = false;
    for (let y = y0; y < y1 && !covered; y++)
      for (let x = x0; x < x1 && !covered; x++) {
        const o = ownerAt(x, y);
        const character = o >= 0 && o != attacker && o != target;
        const low = (cellBits(x, y) & C_LOW) != 0 && !inRect(x, y, ax - 1, ay - 1, aw + 2, ah + 2);
        if ((character || low) && meetsRegion(2 * <i64>x, 2 * <i64>y, 2 * <i64>x + 2, 2 * <i64>y + 2)) {
          covered = true;
          if (k == 0) noteCover(character ? 2 : 3, x, y, x, y);
        }
      }
    // Walls between two off-map spaces are left out: RULES §1 does not make them walls, and one never
    // decides cover (the region's inside reaches it only across a wall bordering the map, also scanned).
    for (let Y = y0; Y <= y1 && !covered; Y++)
      for (let X = x0; X <= x1 && !covered; X++) {
        if (X < x1 && blocks(SIGHT_EDGES, hEdge(X, Y)) && (onMap(X, Y - 1) || onMap(X, Y)) && meetsRegion(2 * <i64>X, 2 * <i64>Y, 2 * <i64>X + 2, 2 * <i64>Y)) {
          covered = true;
          if (k == 0) noteCover(1, X, Y, X + 1, Y);
        } else if (Y < y1 && blocks(SIGHT_EDGES, vEdge(X, Y)) && (onMap(X - 1, Y) || onMap(X, Y)) && meetsRegion(2 * <i64>X, 2 * <i64>Y, 2 * <i64>X, 2 * <i64>Y + 2)) {
          covered = true;
          if (k == 0) noteCover(1, X, Y, X, Y + 1);
        }
      }
    if (!covered) {
      // For explanations: the corner the attacker picks.
      store<i32>(INFO + 72, <i32>(CX >> 1)); store<i32>(INFO + 76, <i32>(CY >> 1));
      return false; // the attacker picks this corner
    }
  }
  return true;
}

/**
 * Adjacent for movement (RULES §4): one d20 step (STEP_STRICT: no wall or door between orthogonal
 * neighbours, no diagonal past a wall touching the shared corner) leads from a square of A into T.
 * Only the footprints' edges face each other, but the rectangles are at most 3×3: every square is tried.
 */
function stepApart(ax: i32, ay: i32, aw: i32, ah: i32, tx: i32, ty: i32, tw: i32, th: i32): bool {
  for (let y = ay; y < ay + ah; y++)
    for (let x = ax; x < ax + aw; x++) {
      const open = <i32>load<u8>(STEP_STRICT + <usize>(y * W + x));
      for (let k = 0; k < 8; k++)
        if (((open >> k) & 1) != 0 && inRect(x + stepDX(k), y + stepDY(k), tx, ty, tw, th)) return true;
    }
  return false;
}

// ---------------------------------------------------------------- sight map

// The map settles most hidden spaces without the critical-pair search of losD20, exactly: a space is
// rejected only when a necessary condition for a clear line fails (bandPath). The others run the
// search, which tries the lines through the two squares' corners first: they accept most visible
// spaces at once (a line through the centres, tried before it, gained nothing measurable and was
// dropped for bundle bytes). Source and target are single squares here
// (AW = AH = TW = TH = 1; losD20 uses inHull whenever they are), so the hull H of the two is the
// unit square swept along d = T - A, cut by the bounding box: a point p of the box is in H when
// |cross(d, p - centre of A)| ≤ (|dx| + |dy|) / 2 (inHull, doubled), and the open square (x,y)
// meets H's interior exactly when |cross(d, (x,y) - A)| < |dx| + |dy| (separating axes: x, y and
// d's normal; the scan of bandPath stays in the box).

@inline function offLine(x: i32, y: i32): i32 {
  return abs<i32>((TX - AX) * (y - AY) - (TY - AY) * (x - AX));
}

/**
 * Is the lattice point (X,Y) (in the bounding box) in the closed hull H? Only such wall ends can
 * matter to losD20: its search is complete because a clear line can be slid, then turned, until it rests on
 * two critical points it touches, and every point it touches lies on its stretch from A to T, inside
 * H. Wall ends outside H only add candidate lines (each of them walked exactly), never a missing one.
 */
function inHull(X: i32, Y: i32): bool {
  const dx = TX - AX, dy = TY - AY;
  return abs<i32>(2 * (dx * (Y - AY) - dy * (X - AX)) + dy - dx) <= abs<i32>(dx) + abs<i32>(dy);
}

/**
 * A necessary condition for a clear line from the square A to the square T (RULES §4), for one pair
 * of travel signs (sx, sy): a chain of squares from A to T, each step +sx or +sy across an edge that
 * does not block sight, through squares that meet the interior of H. Why: a clear segment a→t (a, t
 * inside A and T) lies, but for its ends, in H's interior; the squares it passes go monotonely in its
 * travel signs; each step crosses an edge the segment crosses (so it is open), or passes a corner no
 * wall touches, where both orthogonal detours are open edges into squares that also meet H's interior
 * (the corner is an interior point of H). Row by row from A towards T, the squares reached in a row
 * are kept in BLOCK_MAP, indexed by x (valid from pFirst to pLast, the span scanned).
 */
function bandPath(sx: i32, sy: i32): bool {
  const lim = abs<i32>(TX - AX) + abs<i32>(TY - AY);
  let pFirst = AX, pLast = AX; // the squares reached in the previous row, in travel order
  for (let y = AY; ; y += sy) {
    let first = -1, last = -1;
    for (let x = pFirst; (x - TX) * sx <= 0; x += sx) { // from a reached square to T: on the board
      let r = y == AY && x == AX;
      if (!r && offLine(x, y) < lim)
        r = (last == x - sx && !blocks(SIGHT_EDGES, vEdge(x + (sx >>> 31), y))) ||
          (y != AY && (pLast - x) * sx >= 0 && load<u8>(BLOCK_MAP + <usize>x) != 0 && !blocks(SIGHT_EDGES, hEdge(x, y + (sy >>> 31))));
      store<u8>(BLOCK_MAP + <usize>x, <u8>r); // read above as the previous row's, then this row's
      if (r) {
        if (first < 0) first = x;
        last = x;
      } else if ((x - pLast) * sx >= 0) break; // nothing further on in this row can be reached
      if (x == TX && y == TY) return r;
    }
    if (first < 0 || y == TY) return false;
    pFirst = first; pLast = last;
  }
  return false;
}

/**
 * Is there a clear line from the space A to the space (x,y)? The exact answer of losD20, asked of
 * A's squares one at a time: a clear line from A is clear from the last square of A it passes
 * before leaving A (its stretch outside A is the same; that square touches the side of A the line
 * leaves by, and T lies beyond that side), and a clear line from a square of A is clear from A (its
 * stretch outside A is part of the square's). For each square, bandPath may prove that no line
 * exists; else the search decides.
 */
function seen(x: i32, y: i32, ax: i32, ay: i32, aw: i32, ah: i32): bool {
  for (let v = ay; v < ay + ah; v++)
    for (let u = ax; u < ax + aw; u++) {
      // The last square before leaving A touches the side the line leaves by, which faces T.
      if (!(x >= ax + aw && u == ax + aw - 1 || x < ax && u == ax || y >= ay + ah && v == ay + ah - 1 || y < ay && v == ay)) continue;
      AX = u; AY = v; AW = 1; AH = 1; TX = x; TY = y; TW = 1; TH = 1;
      let open = false;
      // Each pair of travel signs a segment from the square to T can have (both in the same column or row).
      for (let sx = -1; sx <= 1; sx += 2)
        for (let sy = -1; sy <= 1; sy += 2) if (!open && (x - u) * sx >= 0 && (y - v) * sy >= 0) open = bandPath(sx, sy);
      if (open && losD20(u, v, 1, 1, x, y, 1, 1)) return true;
    }
  return false;
}

/**
 * LOS, cover and distance (DIST, from distances()) from figure f's space to every space (RULES §4),
 * testing only the visible spaces and their hidden neighbours. Why that finds every visible space:
 * the clear lines from A to a space form an open set (a line that touches no wall keeps clear of
 * them by some margin), so one of them misses every lattice point and runs along no grid line; it
 * passes from A through a chain of spaces, each crossing an edge into the next (an edge it crosses:
 * no wall), and its stretch from A into each of them is a clear line to that space. So the visible
 * spaces are reached from A by steps across edges that do not block sight, each into a visible space:
 * a flood fill from A that goes on only from visible spaces (QUEUE) meets them all. CLEAR_CORNERS
 * marks the spaces tested.
 */
export function sightMapD20(ax: i32, ay: i32, aw: i32, ah: i32, f: i32, full: bool = true): void {
  const n = <usize>(W * H);
  memory.fill(OUT_LOS, 0, n);
  memory.fill(OUT_COVER, 0, n);
  memory.fill(CLEAR_CORNERS, 0, n);
  let tail = 0;
  for (let y = ay; y < ay + ah; y++)
    for (let x = ax; x < ax + aw; x++) {
      const t = y * W + x;
      store<u8>(OUT_LOS + <usize>t, 1);
      store<u8>(CLEAR_CORNERS + <usize>t, 1);
      store<i32>(QUEUE + (<usize>(tail++) << 2), t);
    }
  for (let head = 0; head < tail; head++) {
    const t = load<i32>(QUEUE + (<usize>head << 2));
    const open = <i32>load<u8>(STEP_SIGHT + <usize>t); // bits 0–3: the edges right, left, below, above
    for (let k = 0; k < 4; k++) {
      const s = t + (k == 0 ? 1 : k == 1 ? -1 : k == 2 ? W : -W);
      if (((open >> k) & 1) == 0 || load<u8>(CLEAR_CORNERS + <usize>s) != 0) continue;
      store<u8>(CLEAR_CORNERS + <usize>s, 1);
      const x = s % W, y = s / W;
      if (!seen(x, y, ax, ay, aw, ah)) continue;
      store<u8>(OUT_LOS + <usize>s, 1);
      if (full) store<u8>(OUT_COVER + <usize>s, coverD20(ax, ay, aw, ah, x, y, 1, 1, f, ownerAt(x, y)) ? 1 : 0);
      store<i32>(QUEUE + (<usize>(tail++) << 2), s);
    }
  }
  if (full) memory.copy(OUT_RANGE, DIST, n << 2);
}

/**
 * The cover half of sightMapD20 for the LOS map JavaScript has written into OUT_LOS: the map of the
 * same terrain from the same space (figures never block LOS in d20, RULES §4, so that map is the
 * terrain's and the space's alone and may be shared between boards that differ only in figures).
 * Cover (other characters, low objects) and the distances are this board's. Exactly sightMapD20's
 * answer: the same coverD20 query for every visible space outside A.
 */
export function coverMapD20(ax: i32, ay: i32, aw: i32, ah: i32, f: i32): void {
  const n = W * H;
  memory.fill(OUT_COVER, 0, <usize>n);
  for (let s = 0; s < n; s++) {
    if (load<u8>(OUT_LOS + <usize>s) == 0) continue;
    const x = s % W, y = s / W;
    if (inRect(x, y, ax, ay, aw, ah)) continue;
    store<u8>(OUT_COVER + <usize>s, coverD20(ax, ay, aw, ah, x, y, 1, 1, f, ownerAt(x, y)) ? 1 : 0);
  }
  memory.copy(OUT_RANGE, DIST, <usize>n << 2);
}
