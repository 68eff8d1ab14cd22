/*
 * Native baseline for the benchmarks: the grid core's doom2016 sight map (LOS + cover + range)
 * and reach written in C with the same algorithms and tables as assembly/ (on open boards, a
 * sweep of its own by slope intervals, see sightMapOpen), compiled with gcc -O2
 * by bench/native.ts. It reads boards on stdin, checks nothing itself (bench/native.ts compares
 * its answers with the Wasm core cell by cell) and prints answers and median times as JSON.
 *
 * Input (whitespace-separated integers): count, then per board
 *   W H nfig sightFigure reachFigure mp, W*H cells, (H+1)*W hEdges, H*(W+1) vEdges,
 *   nfig × (x y w h side teleports).
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS beside -D_POSIX_C_SOURCE */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

enum { MAXS = 256, MAXC = MAXS * MAXS, MAXK = (MAXS + 1) * (MAXS + 1), MAXF = 1024 };
enum { C_ON = 1, C_DIFFICULT = 2, C_TELEPORTER = 32 };
#define SIGHT_EDGES ((1 << 1) | (1 << 2) | (1 << 3))
#define MOVE_EDGES (SIGHT_EDGES | (1 << 4))
#define LARGE_EDGES ((1 << 1) | (1 << 2))

static int W, H, NF, NTELE;
static uint8_t cells[MAXC], hedges[(MAXS + 1) * MAXS], vedges[(MAXS + 1) * MAXS];
static int owner[MAXC], figs[MAXF][6], teleporters[MAXC];
static uint8_t stepSight[MAXC], stepMove[MAXC], coverCells[MAXC], raysSight[MAXK], raysCover[MAXK];
/* Per cell, for large figures (walls and doors): 1 on the map, 2 no step right, 4 no step down. */
static uint8_t largeCells[MAXC + 4];
static uint8_t outlineH[(MAXS + 1) * MAXS], outlineV[(MAXS + 1) * MAXS];
static uint8_t roundLut[16 * 16 * 8], quadLut[16 * 8];
/* outputs and scratch */
static uint8_t outLos[MAXC], outCover[MAXC], coverAll[MAXC + 8], blockMap[MAXC]; /* coverAll: room for a word past the board */
static int outRange[MAXC], dist[MAXC], queue[MAXC];
static int reachCost[2 * MAXC], reachParent[2 * MAXC];
static uint8_t reachEnd[2 * MAXC];

static inline int blocks(int mask, int kind) { return (mask >> kind) & 1; }
static inline int onMap(int x, int y) { return (unsigned)x < (unsigned)W && (unsigned)y < (unsigned)H && (cells[y * W + x] & C_ON); }
static inline int cellBits(int x, int y) { return (unsigned)x < (unsigned)W && (unsigned)y < (unsigned)H ? cells[y * W + x] : 0; }
static inline int ownerAt(int x, int y) { return (unsigned)x < (unsigned)W && (unsigned)y < (unsigned)H ? owner[y * W + x] : -1; }
static inline int hEdge(int x, int Y) { return (unsigned)x < (unsigned)W && (unsigned)Y <= (unsigned)H ? hedges[Y * W + x] : 1; }
static inline int vEdge(int X, int y) { return (unsigned)y < (unsigned)H && (unsigned)X <= (unsigned)W ? vedges[y * (W + 1) + X] : 1; }
static inline int difficultAt(int x, int y) { return (cellBits(x, y) & (C_ON | C_DIFFICULT)) == (C_ON | C_DIFFICULT); }
static inline int hOutline(int x, int Y) { return difficultAt(x, Y - 1) != difficultAt(x, Y); }
static inline int vOutline(int X, int y) { return difficultAt(X - 1, y) != difficultAt(X, y); }
/* OUTLINE in a mask: the outline of difficult terrain blocks too (doom2016 cover lines). */
#define OUTLINE (1 << 5)
static inline int hBlocks(int mask, int x, int Y) { return blocks(mask, hEdge(x, Y)) || ((mask & OUTLINE) && hOutline(x, Y)); }
static inline int vBlocks(int mask, int X, int y) { return blocks(mask, vEdge(X, y)) || ((mask & OUTLINE) && vOutline(X, y)); }
static inline int rayMask(int X, int Y, int mask) {
  return vBlocks(mask, X, Y - 1) | hBlocks(mask, X, Y) << 1 | vBlocks(mask, X, Y) << 2 | hBlocks(mask, X - 1, Y) << 3;
}
static inline int inRect(int x, int y, int rx, int ry, int rw, int rh) { return x >= rx && y >= ry && x < rx + rw && y < ry + rh; }
static inline int stepDX(int k) { return k == 0 || k == 4 || k == 5 ? 1 : k == 1 || k == 6 || k == 7 ? -1 : 0; }
static inline int stepDY(int k) { return k == 2 || k == 4 || k == 6 ? 1 : k == 3 || k == 5 || k == 7 ? -1 : 0; }

static int stepOpen(int mask, int x, int y, int dx, int dy) {
  if (!onMap(x + dx, y + dy)) return 0;
  if (dx == 0) return !blocks(mask, dy > 0 ? hEdge(x, y + 1) : hEdge(x, y));
  if (dy == 0) return !blocks(mask, dx > 0 ? vEdge(x + 1, y) : vEdge(x, y));
  int rays = rayMask(x + (dx > 0), y + (dy > 0), mask);
  int left = (dx > 0 ? (rays >> 2) & 1 : rays & 1) | (dy > 0 ? (rays >> 3) & 1 : (rays >> 1) & 1);
  int right = (dx > 0 ? rays & 1 : (rays >> 2) & 1) | (dy > 0 ? (rays >> 1) & 1 : (rays >> 3) & 1);
  return left == 0 || right == 0;
}

static void buildTables(void) {
  for (int rays = 0; rays < 16; rays++)
    for (int own = 0; own < 16; own++)
      for (int dir = 0; dir < 8; dir++) {
        int result = 0;
        if (own) {
          int first = -1, clear = 0;
          for (int q = 0; q < 4 && !clear; q++) {
            if (!((own >> q) & 1)) continue;
            int start = 2 * q + 1;
            if (start == dir) { clear = 1; break; }
            for (int way = 0; way < 2 && !clear; way++) {
              int step = way == 0 ? 1 : 7, hit = -1;
              for (int p = (start + step) & 7; p != dir; p = (p + step) & 7)
                if (!(p & 1) && ((rays >> (p >> 1)) & 1)) { hit = p; break; }
              if (hit < 0) clear = 1;
              else if (first < 0) first = hit;
            }
          }
          result = clear ? 0 : first + 1;
        }
        roundLut[(rays << 7) | (own << 3) | dir] = (uint8_t)result;
      }
  for (int rays = 0; rays < 16; rays++)
    for (int dir = 0; dir < 8; dir++) {
      int m = 0;
      for (int q = 0; q < 4; q++) if (roundLut[(rays << 7) | ((1 << q) << 3) | dir]) m |= 1 << q;
      quadLut[(rays << 3) | dir] = (uint8_t)m;
    }
}

static int isOpenBoard(void);
static void buildRows(void);
static int openBoard;
static int largeVersion;
static void commit(void) {
  largeVersion++; /* largeCells rebuilt: every kept move set is stale */
  for (int i = 0; i < W * H; i++) owner[i] = -1;
  for (int f = 0; f < NF; f++)
    for (int y = figs[f][1]; y < figs[f][1] + figs[f][3]; y++)
      for (int x = figs[f][0]; x < figs[f][0] + figs[f][2]; x++) owner[y * W + x] = f;
  NTELE = 0;
  for (int i = 0; i < W * H; i++) if ((cells[i] & (C_ON | C_TELEPORTER)) == (C_ON | C_TELEPORTER)) teleporters[NTELE++] = i;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      int sight = 0, move = 0;
      if (onMap(x, y))
        for (int k = 0; k < 8; k++) {
          if (stepOpen(SIGHT_EDGES, x, y, stepDX(k), stepDY(k))) sight |= 1 << k;
          if (stepOpen(MOVE_EDGES, x, y, stepDX(k), stepDY(k))) move |= 1 << k;
        }
      stepSight[y * W + x] = (uint8_t)sight;
      stepMove[y * W + x] = (uint8_t)move;
      coverCells[y * W + x] = ownerAt(x, y) >= 0; /* difficult terrain counts by its outline */
      largeCells[y * W + x] = (uint8_t)(onMap(x, y) ? 1 | !stepOpen(LARGE_EDGES, x, y, 1, 0) << 1 | !stepOpen(LARGE_EDGES, x, y, 0, 1) << 2 : 0);
    }
  for (int Y = 0; Y <= H; Y++) for (int x = 0; x < W; x++) outlineH[Y * W + x] = (uint8_t)hOutline(x, Y);
  for (int y = 0; y < H; y++) for (int X = 0; X <= W; X++) outlineV[y * (W + 1) + X] = (uint8_t)vOutline(X, y);
  for (int Y = 0; Y <= H; Y++)
    for (int X = 0; X <= W; X++) {
      raysSight[Y * (W + 1) + X] = (uint8_t)rayMask(X, Y, SIGHT_EDGES);
      raysCover[Y * (W + 1) + X] = (uint8_t)rayMask(X, Y, SIGHT_EDGES | OUTLINE);
    }
  openBoard = isOpenBoard();
  if (W <= 64) buildRows();
}

/* ------------------------------------------------------------------ range (breadth-first) */

/* The range count by rows of bits on boards at most 64 wide (as assembly/range-rows.ts): per row,
   the 8 open-step masks (bit x: step k from (x,y) open), rows -1 and H spare and empty; a count's
   new cells in row y gathered from the rows y-1, y, y+1 of the last count, less the cells reached. */
/* One record per row (as assembly/range-rows.ts): the 8 open-step masks, the cells reached and the
   two fronts (the last count's and the next, swapping roles each count), row y at rows[y + 1]. */
typedef struct { uint64_t open[8], reached, front[2], pad; } RowRecord;
static RowRecord rows[MAXS + 2];
/* The open-step masks, built with the board's tables (as the Wasm keeps them while the board's
   steps are: assembly/range-rows.ts boardRows). */
static void buildRows(void) {
  int w = W, h = H;
  memset(rows, 0, sizeof(rows[0]) * (h + 2));
  for (int y = 0; y < h; y++) {
    const uint8_t *row = stepSight + y * w;
    uint8_t *o = (uint8_t *)rows[y + 1].open;
    for (int x0 = 0; x0 < w; x0 += 8) {
      uint64_t v, t;
      memcpy(&v, row + x0, 8);
      if (w - x0 < 8) v &= (1ull << ((w - x0) * 8)) - 1; /* the next row's cells */
      t = (v ^ (v >> 7)) & 0x00aa00aa00aa00aaull; v = v ^ t ^ (t << 7);
      t = (v ^ (v >> 14)) & 0x0000cccc0000ccccull; v = v ^ t ^ (t << 14);
      t = (v ^ (v >> 28)) & 0x00000000f0f0f0f0ull; v = v ^ t ^ (t << 28);
      for (int k = 0; k < 8; k++) o[k * 8 + (x0 >> 3)] = (uint8_t)(v >> (k * 8));
    }
  }
}
/* Count d from front `from` into `to`, each front word cleared as it is read; the rows counted
   (lo << 32 | hi, lo > hi when none). */
static inline __attribute__((always_inline)) uint64_t countLevel(int d, int lo, int hi, int from, int to) {
  int w = W, y0 = lo > 0 ? lo - 1 : 0, y1 = hi + 1 < H ? hi + 1 : H - 1;
  RowRecord *q = &rows[y0], *last = &rows[y1], *first = 0, *final = 0;
  int *out = dist + y0 * w;
  uint64_t above = q[0].front[from], here = q[1].front[from];
  for (; q <= last; q++, out += w) {
    uint64_t below = q[2].front[from];
    uint64_t fresh = ((here & q[1].open[0]) << 1) | ((here & q[1].open[1]) >> 1) | (above & q[0].open[2]) |
                     ((above & q[0].open[4]) << 1) | ((above & q[0].open[6]) >> 1) | (below & q[2].open[3]) |
                     ((below & q[2].open[5]) << 1) | ((below & q[2].open[7]) >> 1);
    uint64_t reached = q[1].reached;
    fresh &= ~reached;
    q[1].front[to] = fresh;
    q[1].front[from] = 0;
    above = here;
    here = below;
    if (!fresh) continue;
    q[1].reached = reached | fresh;
    if (!first) first = q;
    final = q;
    do { out[__builtin_ctzll(fresh)] = d; fresh &= fresh - 1; } while (fresh);
  }
  if (!first) return 1ull << 32;
  return ((uint64_t)(first - rows) << 32) | (uint32_t)(final - rows);
}
static void rangeCountRows(int rx, int ry, int rw, int rh) {
  int w = W, h = H;
  for (int y = 0; y < h + 2; y++) rows[y].reached = rows[y].front[0] = rows[y].front[1] = 0;
  uint64_t start = ((1ull << rw) - 1) << rx;
  for (int y = ry; y < ry + rh; y++) {
    rows[y + 1].reached = rows[y + 1].front[0] = start;
    for (int x = rx; x < rx + rw; x++) dist[y * w + x] = 0;
  }
  int lo = ry, hi = ry + rh - 1;
  for (int d = 1;; d += 2) {
    uint64_t span = countLevel(d, lo, hi, 0, 1);
    lo = (int)(span >> 32); hi = (int)(uint32_t)span;
    if (lo > hi) break;
    span = countLevel(d + 1, lo, hi, 1, 0);
    lo = (int)(span >> 32); hi = (int)(uint32_t)span;
    if (lo > hi) break;
  }
}

static void distances(int rx, int ry, int rw, int rh) {
  int n = W * H, head = 0, tail = 0;
  memset(dist, 0xff, sizeof(int) * n);
  if (W <= 64) { rangeCountRows(rx, ry, rw, rh); return; }
  for (int y = ry; y < ry + rh; y++)
    for (int x = rx; x < rx + rw; x++) { dist[y * W + x] = 0; queue[tail++] = y * W + x; }
  const int w = W;
  /* A level of the queue at a time, the eight steps written out (as assembly/steps.ts
     rangeCount2016): a cell's count is the level's. A loop over an offset table was 1.8x slower
     on an Intel Xeon host at 49x49 (its branch per step mispredicted), which flattered the Wasm. */
#define COUNT_STEP(j) do { int j_ = (j); if (dist[j_] < 0) { dist[j_] = d; queue[tail++] = j_; } } while (0)
  for (int d = 1; head < tail; d++) {
    int end = tail;
    do {
      int i = queue[head++], open = stepSight[i];
      if (open & 1) COUNT_STEP(i + 1);
      if (open & 2) COUNT_STEP(i - 1);
      if (open & 4) COUNT_STEP(i + w);
      if (open & 8) COUNT_STEP(i - w);
      if (open & 16) COUNT_STEP(i + w + 1);
      if (open & 32) COUNT_STEP(i - w + 1);
      if (open & 64) COUNT_STEP(i + w - 1);
      if (open & 128) COUNT_STEP(i - w - 1);
    } while (head < end);
  }
#undef COUNT_STEP
}

/* ------------------------------------------------------------------ sight map */

static inline int dirPos(int dx, int dy) {
  if (dy < 0) return dx > 0 ? 1 : dx == 0 ? 0 : 7;
  if (dy == 0) return dx > 0 ? 2 : 6;
  return dx > 0 ? 3 : dx == 0 ? 4 : 5;
}
static inline int ownMask(int X, int Y, int rx, int ry, int rw, int rh) {
  return inRect(X, Y - 1, rx, ry, rw, rh) | inRect(X, Y, rx, ry, rw, rh) << 1 | inRect(X - 1, Y, rx, ry, rw, rh) << 2 |
    inRect(X - 1, Y - 1, rx, ry, rw, rh) << 3;
}

/* Output-sensitive, as assembly/sight2016.ts: from each attacker corner P one walk per primitive
   direction d that shadow casting leaves, outward through the corners P + k·d it sees, stopping at
   the first blocker. */
enum { CO_ROW = MAXS + 1 };
static uint8_t coprime[MAXK], clearCorners[MAXC];
static int coprimeSide;
/* The windows' divisions x / d as a multiply by d's reciprocal rounded up (exact for x * d < 2^32), as the Wasm core. */
static uint64_t recip[MAXS + 2];
static inline int divSmall(int x, int d) { return (int)(((uint64_t)x * recip[d]) >> 32); }
static void buildCoprime(int side) {
  for (int d = 1; d <= side + 1; d++) recip[d] = 0xffffffffull / (uint64_t)d + 1;
  for (int a = 0; a <= side; a++)
    for (int b = 0; b <= side; b++) {
      int v;
      if (a == 0 || b == 0 || a == b) v = (a > b ? a : b) == 1;
      else if (a > b) v = coprime[(a - b) * CO_ROW + b];
      else v = coprime[a * CO_ROW + b - a];
      coprime[a * CO_ROW + b] = (uint8_t)v;
    }
  coprimeSide = side;
}

/* The four cells written out, as assembly/sight2016.ts record (t: the SE cell's index). */
static inline void recordCell(int x, int y, int t, int clear) {
  if ((unsigned)x >= (unsigned)W || (unsigned)y >= (unsigned)H || !(cells[t] & C_ON)) return;
  outLos[t] = 1;
  if (clear && ++clearCorners[t] == 4) coverAll[t] = 0;
}
static void record(int QX, int QY, int seen, int clear) {
  int w = W, t = QY * w + QX;
  if (seen & 1) recordCell(QX, QY - 1, t - w, clear & 1);
  if (seen & 2) recordCell(QX, QY, t, clear & 2);
  if (seen & 4) recordCell(QX - 1, QY, t - 1, clear & 4);
  if (seen & 8) recordCell(QX - 1, QY - 1, t - w - 1, clear & 8);
}

static inline int inBox(int QX, int QY) { return (unsigned)QX <= (unsigned)W && (unsigned)QY <= (unsigned)H; }

static void walkAxis(int X, int Y, int dx, int dy, int withCover) {
  int cw = W + 1, back = dirPos(-dx, -dy), across = dx == 0 ? 10 : 5, outline = 0, QX = X, QY = Y;
  for (;;) {
    int kind, out;
    if (dx == 0) { int e = (dy > 0 ? QY : QY - 1) * cw + QX; kind = vedges[e]; out = outlineV[e]; }
    else { int e = QY * W + (dx > 0 ? QX : QX - 1); kind = hedges[e]; out = outlineH[e]; }
    if (blocks(SIGHT_EDGES, kind)) return;
    outline |= out;
    QX += dx; QY += dy;
    int q = QY * cw + QX, rays = raysSight[q], seen = 15 & ~quadLut[(rays << 3) | back];
    record(QX, QY, seen, withCover && !outline ? seen : 0);
    if (!inBox(QX + dx, QY + dy) || (rays & across) == across) return;
    if ((raysCover[q] & across) == across) outline = 1;
  }
}

static void walkDiagonal(int X, int Y, int dx, int dy, int withCover) {
  int cw = W + 1, sx = dx > 0 ? 1 : -1, sy = dy > 0 ? 1 : -1, adx = dx * sx, ady = dy * sy;
  int back = dirPos(-dx, -dy), lastQuad = 1 << (back >> 1);
  int leftRays = (sx > 0 ? 4 : 1) | (sy > 0 ? 8 : 2), rightRays = 15 ^ leftRays;
  int cx = sx > 0 ? X : X - 1, cy = sy > 0 ? Y : Y - 1, QX = X, QY = Y, before = 0;
  for (;;) {
    int rx = adx - 1, ry = ady - 1, err = ady - adx;
    while (rx > 0 || ry > 0) {
      before |= blockMap[cy * W + cx];
      if (ry == 0 || (rx > 0 && err < 0)) {
        int e = cy * cw + cx + (sx > 0);
        if (blocks(SIGHT_EDGES, vedges[e])) return;
        before |= outlineV[e];
        cx += sx; rx--; err += ady;
      } else if (rx == 0 || err > 0) {
        int e = (cy + (sy > 0)) * W + cx;
        if (blocks(SIGHT_EDGES, hedges[e])) return;
        before |= outlineH[e];
        cy += sy; ry--; err -= adx;
      } else {
        int k = (cy + (sy > 0)) * cw + cx + (sx > 0), rays = raysSight[k];
        if ((rays & leftRays) && (rays & rightRays)) return;
        int coverRays = raysCover[k];
        if ((coverRays & leftRays) && (coverRays & rightRays)) before = 1;
        cx += sx; cy += sy; rx--; ry--; err += ady - adx;
      }
    }
    QX += dx; QY += dy;
    int lastBlocks = blockMap[cy * W + cx], q = QY * cw + QX, rays = raysSight[q];
    int seen = 15 & ~quadLut[(rays << 3) | back];
    record(QX, QY, seen, withCover && !before ? seen & (lastBlocks ? lastQuad : 15) : 0);
    if (!inBox(QX + dx, QY + dy)) return;
    before |= lastBlocks;
    if ((rays & leftRays) && (rays & rightRays)) return;
    int coverRays = raysCover[q];
    if ((coverRays & leftRays) && (coverRays & rightRays)) before = 1;
    cx += sx; cy += sy;
  }
}

/* Which directions to walk: shadow casting per octant, as assembly/sight2016.ts (windows of slopes
   v/u as exact fractions, cut by the open intervals of blocking edges). */
static int OX, OY, SX, SY, SWAP, MAXU, MAXV, CUTP, SP;
/* At most about 10,050 disjoint windows exist at once (see assembly/sight2016.ts). */
static int windows[MAXK][5];

static inline int acrossBlocks(int u, int i) {
  int kind = !SWAP ? vedges[(SY > 0 ? OY + i : OY - i - 1) * (W + 1) + OX + SX * u]
                   : hedges[(OY + SY * u) * W + (SX > 0 ? OX + i : OX - i - 1)];
  return blocks(SIGHT_EDGES, kind);
}
static inline int alongBlocks(int i, int u) {
  int kind = !SWAP ? hedges[(OY + SY * i) * W + (SX > 0 ? OX + u : OX - u - 1)]
                   : vedges[(SY > 0 ? OY + u : OY - u - 1) * (W + 1) + OX + SX * i];
  return blocks(SIGHT_EDGES, kind);
}
static void launch(int u, int v) {
  if ((v == 0 && (SWAP ? SX : SY) < 0) || (v == u && SWAP)) return;
  int dx = SWAP ? SX * v : SX * u, dy = SWAP ? SY * u : SY * v;
  if ((CUTP >> ((dy > 0 ? 6 : dy == 0 ? 3 : 0) + (dx > 0 ? 2 : dx == 0 ? 1 : 0))) & 1) return;
  if (dx == 0 || dy == 0) walkAxis(OX, OY, dx, dy, 1);
  else walkDiagonal(OX, OY, dx, dy, 1);
}
/* Stein's algorithm, as the Wasm core: no division. */
static int gcd(int a, int b) {
  if (a == 0 || b == 0) return a | b;
  int shift = __builtin_ctz(a | b);
  a >>= __builtin_ctz(a);
  do {
    b >>= __builtin_ctz(b);
    if (a > b) { int t = b; b = a; a = t; }
    b -= a;
  } while (b);
  return a << shift;
}
/* Inlined, as the Wasm core's (assembly/sight2016.ts emit). */
static inline __attribute__((always_inline)) void emit(int r, int ln, int ld, int hn, int hd) {
  int c = ln * hd - hn * ld;
  if (c > 0) return;
  if (c == 0) {
    int g = gcd(ln, ld), q = divSmall(ld, g), p = divSmall(ln, g);
    if (q >= r && q <= MAXU && p <= MAXV) launch(q, p);
    return;
  }
  int *w = windows[SP++];
  w[0] = r; w[1] = ln; w[2] = ld; w[3] = hn; w[4] = hd;
}
static void castOctant(int sx, int sy, int swap) {
  SX = sx; SY = sy; SWAP = swap;
  MAXU = swap ? (sy > 0 ? H - OY : OY) : sx > 0 ? W - OX : OX;
  MAXV = swap ? (sx > 0 ? W - OX : OX) : sy > 0 ? H - OY : OY;
  if (MAXU == 0) return;
  SP = 0;
  emit(1, 0, 1, 1, 1);
  while (SP > 0) {
    int *w = windows[--SP];
    int r = w[0], ln = w[1], ld = w[2], hn = w[3], hd = w[4];
    /* row by row while the window's last piece stays a window (pushed, it would be the next popped), as the Wasm core */
    for (;;) {
      if (hn * r > MAXV * hd) {
        hn = MAXV; hd = r;
        if (ln * hd - hn * ld >= 0) { emit(r, ln, ld, hn, hd); break; }
      }
      int qh = divSmall(hn * r, hd), ql = divSmall(ln * r, ld);
      int jB = qh;
      for (int j = ql * ld == ln * r ? ql : ql + 1; j <= jB; j++) if (coprime[r * CO_ROW + j]) launch(r, j);
      if (r == MAXU) break;
      int pn = ln, pd = ld, iB = qh * hd == hn * r ? qh - 1 : qh;
      for (int i = ql; i <= iB; i++) {
        int en, ed;
        if (i < MAXV && acrossBlocks(r, i)) { en = i; ed = r; }
        else if (i < MAXV && alongBlocks(i + 1, r)) { en = i + 1; ed = r + 1; }
        else continue;
        if (en * hd > hn * ed) { en = hn; ed = hd; }
        emit(r + 1, pn, pd, en, ed);
        pn = i + 1; pd = r;
      }
      if (pn * hd - hn * pd >= 0) { emit(r + 1, pn, pd, hn, hd); break; }
      r++; ln = pn; ld = pd;
    }
  }
}

static void sightMap2016(int f) {
  int ax = figs[f][0], ay = figs[f][1], aw = figs[f][2], ah = figs[f][3];
  int n = W * H;
  memset(outLos, 0, n);
  memset(coverAll, 1, n);
  if ((W > H ? W : H) > coprimeSide) buildCoprime(W > H ? W : H);
  memcpy(blockMap, coverCells, n);
  for (int y = ay; y < ay + ah; y++) for (int x = ax; x < ax + aw; x++) blockMap[y * W + x] = 0;
  for (int Y = ay; Y <= ay + ah; Y++)
    for (int X = ax; X <= ax + aw; X++) {
      memset(clearCorners, 0, n);
      int ownA = ownMask(X, Y, ax, ay, aw, ah), raysP = raysSight[Y * (W + 1) + X], seen = 0, cutP = 0;
      for (int k = 0; k < 4; k++) if (roundLut[(raysP << 7) | (ownA << 3) | (2 * k + 1)] == 0) seen |= 1 << k;
      record(X, Y, seen, seen);
      for (int k = 0; k < 9; k++) {
        int sx = k % 3 - 1, sy = k / 3 - 1;
        if ((sx || sy) && roundLut[(raysP << 7) | (ownA << 3) | dirPos(sx, sy)]) cutP |= 1 << k;
      }
      OX = X; OY = Y; CUTP = cutP;
      for (int o = 0; o < 8; o++) castOctant(o & 1 ? -1 : 1, o & 2 ? -1 : 1, (o & 4) != 0);
    }
  distances(ax, ay, aw, ah);
  memcpy(outRange, dist, sizeof(int) * n);
  for (int t = 0; t < n; t++) outCover[t] = outLos[t] & coverAll[t]; /* 0 or 1 each */
  for (int y = ay; y < ay + ah; y++) for (int x = ax; x < ax + aw; x++) { outLos[y * W + x] = 1; outCover[y * W + x] = 0; }
}

/* ------------------------------------------------------------------ sight map, open boards */

/* Open boards (every cell on the map, no edge inside that blocks sight, no difficult terrain; set by
   commit): every cell is seen, range is the Chebyshev distance to the attacker, and only figures'
   spaces block cover lines (RULES §1.1 clause 1.1.3), besides lines running along the map's border
   (clause 1.1.1). As assembly/open2016.ts: per attacker corner C, each octant is swept column by
   column (u outward along its major axis, v = 0..u across), keeping the union of the open slope
   intervals (m/(k+1), (m+1)/k) of the figure spaces in the columns passed (band k, row m); the
   line to corner (u, v) enters such a space before its last one when v/u lies in it, and its last
   space is the one in band u - 1, row v - 1, which blocks the line for every space at that corner
   but itself. QMASK gets, per corner, the spaces round it whose cover line from C is clear; a space
   is out of cover when all four of its corners give it a clear line from some attacker corner. */
static uint8_t qmask[MAXK];
static int ivLn[MAXC], ivLd[MAXC], ivHn[MAXC], ivHd[MAXC], ivN;
static int addLn[MAXS + 1], addLd[MAXS + 1], addHn[MAXS + 1], addHd[MAXS + 1];

static int isOpenBoard(void) {
  for (int i = 0; i < W * H; i++) if ((cells[i] & (C_ON | C_DIFFICULT)) != C_ON) return 0;
  for (int Y = 1; Y < H; Y++) for (int x = 0; x < W; x++) if (blocks(SIGHT_EDGES, hedges[Y * W + x])) return 0;
  for (int y = 0; y < H; y++) for (int X = 1; X < W; X++) if (blocks(SIGHT_EDGES, vedges[y * (W + 1) + X])) return 0;
  return 1;
}

/* Add the open interval (ln/ld, hn/hd) to the union (disjoint, sorted): merged with those it overlaps. */
static void addInterval(int ln, int ld, int hn, int hd) {
  int i = 0;
  while (i < ivN && ivHn[i] * ld <= ln * ivHd[i]) i++; /* intervals ending at or before its start */
  int j = i;
  while (j < ivN && ivLn[j] * hd < hn * ivLd[j]) { /* those starting before its end overlap it */
    if (ivLn[j] * ld < ln * ivLd[j]) { ln = ivLn[j]; ld = ivLd[j]; }
    if (ivHn[j] * hd > hn * ivHd[j]) { hn = ivHn[j]; hd = ivHd[j]; }
    j++;
  }
  if (j == i + 1) { ivLn[i] = ln; ivLd[i] = ld; ivHn[i] = hn; ivHd[i] = hd; return; }
  int shift = 1 - (j - i); /* one interval replaces j - i */
  if (shift > 0) for (int k = ivN - 1; k >= j; k--) { ivLn[k + 1] = ivLn[k]; ivLd[k + 1] = ivLd[k]; ivHn[k + 1] = ivHn[k]; ivHd[k + 1] = ivHd[k]; }
  else if (shift < 0) for (int k = j; k < ivN; k++) { ivLn[k + shift] = ivLn[k]; ivLd[k + shift] = ivLd[k]; ivHn[k + shift] = ivHn[k]; ivHd[k + shift] = ivHd[k]; }
  ivN += shift;
  ivLn[i] = ln; ivLd[i] = ld; ivHn[i] = hn; ivHd[i] = hd;
}

static void sweepOctant(int cX, int cY, int sx, int sy, int swap) {
  int maxU = swap ? (sy > 0 ? H - cY : cY) : sx > 0 ? W - cX : cX;
  int maxV = swap ? (sx > 0 ? W - cX : cX) : sy > 0 ? H - cY : cY;
  if (maxU == 0) return;
  const int cw = W + 1;
  /* Steps in corner and cell index per unit of u and of v; the cell in band k, row m is base + k*cu + m*cv. */
  int qu = swap ? sy * cw : sx, qv = swap ? sx : sy * cw;
  int cu = swap ? sy * W : sx, cv = swap ? sx : sy * W;
  int cellBase = (cY - (sy < 0)) * W + cX - (sx < 0);
  /* The cell a line ends in, seen from its end corner (record's bits: 1 NE, 2 SE, 4 SW, 8 NW). */
  int lastQuad = sy > 0 ? (sx > 0 ? 8 : 1) : (sx > 0 ? 4 : 2);
  /* Along v = 0 the line runs on the grid line through C: along the border when C lies on it. */
  int minor = swap ? cX : cY, minorMax = swap ? W : H;
  uint8_t axis = (minor == 0 || minor == minorMax) ? 0 : 15;
  ivN = 0;
  int q0 = cY * cw + cX;
  for (int u = 1; u <= maxU; u++) {
    int vEnd = u < maxV ? u : maxV, nAdd = 0, p = 0;
    int q = q0 + u * qu;
    qmask[q] = axis;
    int cell = cellBase + (u - 1) * cu;
    for (int v = 1; v <= vEnd; v++) {
      q += qv;
      while (p < ivN && ivHn[p] * u <= v * ivHd[p]) p++;
      uint8_t m = 15;
      if (p < ivN && ivLn[p] * u < v * ivLd[p]) m = 0;
      else if (blockMap[cell]) m = (uint8_t)lastQuad;
      if (blockMap[cell]) { addLn[nAdd] = v - 1; addLd[nAdd] = u; addHn[nAdd] = v; addHd[nAdd] = u - 1; nAdd++; }
      qmask[q] = m;
      cell += cv;
    }
    for (int k = 0; k < nAdd; k++) addInterval(addLn[k], addLd[k], addHn[k] ? addHn[k] : 1, addHd[k]);
  }
}

static void sightMapOpen(int f) {
  int ax = figs[f][0], ay = figs[f][1], aw = figs[f][2], ah = figs[f][3];
  int n = W * H;
  const int cw = W + 1;
  memset(coverAll, 1, n);
  memcpy(blockMap, coverCells, n);
  for (int y = ay; y < ay + ah; y++) for (int x = ax; x < ax + aw; x++) blockMap[y * W + x] = 0;
  for (int Y = ay; Y <= ay + ah; Y++)
    for (int X = ax; X <= ax + aw; X++) {
      qmask[Y * cw + X] = 15; /* zero-length lines: the spaces connect round the corner */
      for (int o = 0; o < 8; o++) sweepOctant(X, Y, o & 1 ? -1 : 1, o & 2 ? -1 : 1, (o & 4) != 0);
      /* A space is clear from this corner when its four corners give it a clear line. */
      for (int y = 0; y < H; y++) {
        const uint8_t *top = qmask + y * cw, *bottom = top + cw;
        uint8_t *out = coverAll + y * W;
        for (int x = 0; x < W; x++)
          if ((top[x] & 2) && (top[x + 1] & 4) && (bottom[x] & 1) && (bottom[x + 1] & 8)) out[x] = 0;
      }
    }
  memset(outLos, 1, n);
  for (int y = 0; y < H; y++) {
    int gy = y < ay ? ay - y : y >= ay + ah ? y - (ay + ah - 1) : 0;
    for (int x = 0; x < W; x++) {
      int gx = x < ax ? ax - x : x >= ax + aw ? x - (ax + aw - 1) : 0, t = y * W + x;
      outRange[t] = gx > gy ? gx : gy;
      outCover[t] = inRect(x, y, ax, ay, aw, ah) ? 0 : coverAll[t];
    }
  }
}

/* The same answers by the sweep of assembly/open2016.ts: only the corners whose cover lines some
   figure space blocks are visited (the slope intervals' insides and the spaces' own corners), and
   coverAll holds, per space, one bit per attacker corner of the current group (bits 1..7) from which
   it is in cover, and bit 0: in cover from every corner of the groups before (as assembly/open2016.ts). */
static int CXs, CYs, QSXs, QSYs, QSWAPs;
static int fcList[MAXC], fcM[2 * MAXC], fcNext[2 * MAXC], bandHead[MAXS + 1][8], lastBands[8];

/* The figure spaces round the attacker corner, listed per octant and band in one pass (as
   assembly/open2016.ts listCorner): octant o mirrors x when o & 1, y when o & 2, swaps them when
   o & 4; a space on an octant's diagonal is in both. bandHead is all -1 between sweeps. */
static void listCorner(int nfc) {
  for (int o = 0; o < 8; o++) lastBands[o] = -1;
  int e = 0;
  for (int i = 0; i < nfc; i++) {
    int dx = (fcList[i] & 0xffff) - CXs, dy = (fcList[i] >> 16) - CYs;
    int o = (dx < 0) | (dy < 0) << 1;
    if (dx < 0) dx = -dx - 1;
    if (dy < 0) dy = -dy - 1;
    if (dy <= dx) { fcM[e] = dy; fcNext[e] = bandHead[dx][o]; bandHead[dx][o] = e++; if (dx > lastBands[o]) lastBands[o] = dx; }
    if (dx <= dy) { fcM[e] = dx; fcNext[e] = bandHead[dy][o | 4]; bandHead[dy][o | 4] = e++; if (dy > lastBands[o | 4]) lastBands[o | 4] = dy; }
  }
}
static uint8_t Ks; /* the current corner's bit */

static inline void markCell(int t) { coverAll[t] |= Ks; }
static void blockedAtS(int u, int v, int keep) {
  int QX = CXs + QSXs * (QSWAPs ? v : u), QY = CYs + QSYs * (QSWAPs ? u : v);
  for (int b = 0; b < 4; b++) {
    if ((keep >> b) & 1) continue;
    int x = b >= 2 ? QX - 1 : QX, y = (b == 0 || b == 3) ? QY - 1 : QY;
    if ((unsigned)x < (unsigned)W && (unsigned)y < (unsigned)H) markCell(y * W + x);
  }
}
/* Bytes start..start + len - 1 of coverAll or'ed with Ks, eight at a time (the last word masked; the
   array has room past the board). */
static inline void orRun(int start, int len) {
  uint64_t pattern = (uint64_t)Ks * 0x0101010101010101ull, w;
  uint8_t *p = coverAll + start, *end = p + len;
  for (; p + 8 <= end; p += 8) { memcpy(&w, p, 8); w |= pattern; memcpy(p, &w, 8); }
  if (p < end) { memcpy(&w, p, 8); w |= pattern & ((1ull << ((end - p) * 8)) - 1); memcpy(p, &w, 8); }
}
/* Rows m0..m1 of band `band` and, with `both`, of band + 1 (as assembly/open2016.ts markRuns): where
   a band's rows are adjacent bytes (cv = ±1) eight at a time, else the two bands' spaces of a row
   (adjacent: cu = ±1) in one 16-bit OR. */
static inline void markRuns(int base, int cu, int cv, int band, int m0, int m1, int both) {
  int at = base + band * cu + m0 * cv, len = m1 - m0 + 1;
  if (cv == 1 || cv == -1) {
    int start = cv > 0 ? at : at - len + 1;
    orRun(start, len);
    if (both) orRun(start + cu, len);
    return;
  }
  if (both) {
    uint16_t pair = (uint16_t)(Ks * 0x0101), w;
    uint8_t *p = coverAll + at + (cu < 0 ? cu : 0);
    for (int m = 0; m < len; m++, p += cv) { memcpy(&w, p, 2); w |= pair; memcpy(p, &w, 2); }
    return;
  }
  for (int m = 0; m < len; m++, at += cv) markCell(at);
}
static inline void markRun(int base, int cu, int cv, int band, int m0, int m1) {
  int at = base + band * cu + m0 * cv;
  for (int m = m0; m <= m1; m++, at += cv) markCell(at);
}
static int shadowedS(int u, int v) {
  for (int i = 0; i < ivN; i++) {
    if (ivHn[i] * u <= v * ivHd[i]) continue;
    return ivLn[i] * u < v * ivLd[i];
  }
  return 0;
}

static void sweepOctantSparse(int nfc, int sx, int sy, int swap) {
  int maxU = swap ? (sy > 0 ? H - CYs : CYs) : sx > 0 ? W - CXs : CXs;
  int maxV = swap ? (sx > 0 ? W - CXs : CXs) : sy > 0 ? H - CYs : CYs;
  if (maxU == 0) return;
  QSXs = sx; QSYs = sy; QSWAPs = swap;
  int minor = swap ? CXs : CYs;
  if (minor == 0 || minor == (swap ? W : H)) for (int u = 1; u <= maxU; u++) blockedAtS(u, 0, 0);
  int o = (sx < 0) | (sy < 0) << 1 | (swap ? 4 : 0), lastBand = lastBands[o], *heads = &bandHead[0][o];
  int cu = swap ? sy * W : sx, cv = swap ? sx : sy * W;
  int base = (CYs - (sy < 0)) * W + CXs - (sx < 0);
  ivN = 0;
  for (int u = 1; u <= maxU; u++) {
    if (ivN == 0 && u - 1 > lastBand) return;
    int vEnd = u < maxV ? u : maxV, more = u < maxU;
    for (int i = 0; i < ivN; i++) {
      int lo = divSmall(ivLn[i] * u, ivLd[i]) + 1;
      if (lo > vEnd) break;
      int hi = ivHd[i] == 0 ? vEnd : divSmall(ivHn[i] * u - 1, ivHd[i]);
      if (hi > vEnd) hi = vEnd;
      if (hi < lo) continue;
      int top = hi < maxV - 1 ? hi : maxV - 1;
      markRuns(base, cu, cv, u - 1, lo - 1, top, more);
    }
    int nAdd = 0;
    int first = heads[(u - 1) * 8];
    heads[(u - 1) * 8] = -1;
    for (int i = first; i >= 0; i = fcNext[i]) {
      int v = fcM[i] + 1;
      if (!shadowedS(u, v)) {
        if (v < maxV) markCell(base + (u - 1) * cu + v * cv);
        if (more) markRun(base, cu, cv, u, v - 1, v < maxV - 1 ? v : maxV - 1);
      }
      addLn[nAdd] = v - 1; addLd[nAdd] = u; addHn[nAdd] = v; addHd[nAdd] = u - 1; nAdd++;
    }
    for (int k = 0; k < nAdd; k++) addInterval(addLn[k], addLd[k], addHn[k], addHd[k]);
  }
}

static void sightMapOpenSparse(int f) {
  int ax = figs[f][0], ay = figs[f][1], aw = figs[f][2], ah = figs[f][3], n = W * H, nfc = 0;
  if ((W > H ? W : H) > coprimeSide) buildCoprime(W > H ? W : H);
  for (int g = 0; g < NF; g++)
    for (int y = figs[g][1]; y < figs[g][1] + figs[g][3]; y++)
      for (int x = figs[g][0]; x < figs[g][0] + figs[g][2]; x++)
        if (!inRect(x, y, ax, ay, aw, ah)) fcList[nfc++] = x | y << 16;
  memset(bandHead, 0xff, sizeof bandHead[0] * ((W > H ? W : H) + 1));
  memset(coverAll, 1, n);
  int bit = 2, full = 1;
  for (int Y = ay; Y <= ay + ah; Y++)
    for (int X = ax; X <= ax + aw; X++) {
      if (bit == 0x100) { /* a group of seven full: folded into bit 0 */
        for (int t = 0; t < n; t++) coverAll[t] = coverAll[t] == 0xff;
        bit = 2; full = 1;
      }
      CXs = X; CYs = Y; Ks = (uint8_t)bit;
      listCorner(nfc);
      for (int o = 0; o < 8; o++) sweepOctantSparse(nfc, o & 1 ? -1 : 1, o & 2 ? -1 : 1, (o & 4) != 0);
      full |= bit; bit <<= 1;
    }
  memset(outLos, 1, n);
  /* Range in three runs per row (falling to gy, gy, rising: as assembly/open2016.ts writeRanges),
     cover as one pass over the board, then the attacker's rows over its space cleared (issue 41:
     the per-space branches cost more than the sweep; open boards of the grid-classes bench, this
     sweep before / after: 26² 5.7 / 5.1 µs, 49² 35 / 21 µs, 101² 54 / 46 µs, 201² 0.86 / 0.52 ms). */
  for (int y = 0, right = ax + aw - 1; y < H; y++) {
    int gy = y < ay ? ay - y : y >= ay + ah ? y - (ay + ah - 1) : 0, *row = outRange + y * W;
    int fallEnd = ax - gy < W ? ax - gy : W, riseStart = right + gy + 1 > 0 ? right + gy + 1 : 0, x = 0;
    for (; x < fallEnd; x++) row[x] = ax - x;
    for (int flatEnd = riseStart < W ? riseStart : W; x < flatEnd; x++) row[x] = gy;
    for (; x < W; x++) row[x] = x - right;
  }
  for (int t = 0; t < n; t++) outCover[t] = coverAll[t] == full;
  for (int y = ay; y < ay + ah; y++) memset(outCover + y * W + ax, 0, aw);
}

/* The best exact sight map this baseline has for the board: the open-board sweep where it applies. */
static void sightMap(int f) {
  if (openBoard) sightMapOpenSparse(f);
  else sightMap2016(f);
}

/* ------------------------------------------------------------------ reach (doom2016) */

/* Bucket queue: bucket (cost mod 8) holds one bit per state; drained in increasing state, which is
   the order of a binary heap of cost << 18 | state (same parents). Two word ranges per bucket: a
   rotating large figure pushes each orientation's states into its own (range 1 above range 0), so a
   drain scans the words in use, not the gap between the orientations (assembly/buckets.ts). */
enum { NB = 8, BWORDS = 2 * MAXC / 32 };
static uint32_t buckets[NB][BWORDS];
static int bucketLo[NB][2], bucketHi[NB][2];
static inline void bucketPushRange(int state, int cost, int r) {
  int b = cost & (NB - 1), w = state >> 5;
  uint32_t bit = 1u << (state & 31);
  if (buckets[b][w] & bit) return;
  buckets[b][w] |= bit;
  if (w < bucketLo[b][r]) bucketLo[b][r] = w;
  if (w > bucketHi[b][r]) bucketHi[b][r] = w;
}
static inline void bucketPush(int state, int cost) { bucketPushRange(state, cost, 0); }

static int F, MP, FW, FH;
static int touchedLo[2] = { 0, 0 }, touchedHi[2] = { 2 * MAXC - 1, -1 }; /* states the last search may have written, per range */
static inline int figSide(int f) { return figs[f][4]; }
static inline int hostile(int o) { return o >= 0 && o != F && figSide(o) != figSide(F); }
static inline int otherAt(int x, int y) { int o = ownerAt(x, y); return o == F ? -1 : o; }
static inline int isLargeFig(int o) { return figs[o][2] * figs[o][3] > 1; }

static inline void relax(int j, int c, int from) {
  if (c > MP) return;
  int old = reachCost[j];
  if (old >= 0 && old <= c) return;
  reachCost[j] = c;
  reachParent[j] = from;
  bucketPush(j, c);
}
/* The footprint is on the map with no wall or door inside it: one table read per cell. */
static int fitsCells(int x, int y, int fw, int fh) {
  for (int v = y; v < y + fh; v++) {
    int below = v + 1 < y + fh ? 5 : 1;
    for (int u = x; u < x + fw; u++) {
      int need = u + 1 < x + fw ? below | 2 : below;
      if ((largeCells[v * W + u] ^ 1) & need) return 0;
    }
  }
  return 1;
}
/* The same a row (up to 4 cells) at a time: 4-byte loads, masked (largeCells has 4 bytes to spare). */
static int fits(int x, int y, int fw, int fh) {
  if (x < 0 || y < 0 || x + fw > W || y + fh > H) return 0;
  if (fw > 4) return fitsCells(x, y, fw, fh);
  uint32_t right = 2u << ((fw - 1) * 8), bytes = (right << 7) - 1; /* the low fw bytes */
  uint32_t inner = (0x07070707u & bytes) ^ right, last = (0x03030303u & bytes) ^ right;
  for (int v = y; v < y + fh; v++) {
    uint32_t row;
    memcpy(&row, largeCells + v * W + x, 4);
    if ((row ^ 0x01010101u) & (v + 1 < y + fh ? inner : last)) return 0;
  }
  return 1;
}
static int enteredHostileLarge(int ox, int oy, int ow, int oh, int x, int y, int fw, int fh) {
  for (int v = y; v < y + fh; v++)
    for (int u = x; u < x + fw; u++) {
      if (u >= ox && v >= oy && u < ox + ow && v < oy + oh) continue;
      int o = otherAt(u, v);
      if (hostile(o) && isLargeFig(o)) return 1;
    }
  return 0;
}
static int canEnd(int x, int y, int o) {
  int fw = o == 0 ? FW : FH, fh = o == 0 ? FH : FW;
  for (int v = y; v < y + fh; v++)
    for (int u = x; u < x + fw; u++) {
      int other = otherAt(u, v);
      if (other < 0) continue;
      if (FW * FH > 1 && !isLargeFig(other)) continue;
      return 0;
    }
  return 1;
}
static int OFF[8];
static uint8_t foes[MAXF + 1]; /* per owner o + 1 (0 free): 1 when hostile to the moving figure */
static void expandSmall(int i, int c) {
  int open = stepMove[i];
  while (open) {
    int k = __builtin_ctz(open);
    open &= open - 1;
    int j = i + OFF[k];
    /* A target at cost c + 1 or less already cannot improve: its tables need no reading. */
    unsigned old = (unsigned)reachCost[j];
    if (old <= (unsigned)(c + 1)) continue;
    int nc = c + 1 + ((cells[j] & C_DIFFICULT) ? 1 : 0) + foes[owner[j] + 1];
    if (nc > MP || old <= (unsigned)nc) continue;
    reachCost[j] = nc;
    reachParent[j] = i;
    bucketPush(j, nc);
  }
  if (figs[F][5] && (cells[i] & C_TELEPORTER))
    for (int t = 0; t < NTELE; t++) {
      int j = teleporters[t];
      if (j == i) continue;
      relax(j, c + 1 + ((cells[j] & C_DIFFICULT) ? 1 : 0), i);
    }
}
static int foeLarge; /* any hostile large figure on the board */
static int otherLarge; /* any other large figure (else a large figure may end wherever it fits) */
/* Per orientation, a large figure's moves: the state offset, and the rectangle (from the placement)
   that must fit for the move to be open: for a shift the old and new footprints together (the old
   one fits, so: the cells entered fit and nothing is crossed), for a rotation the new footprint.
   Shifts right, left, down, up, then the rotations keeping at least half of the spaces (at most 4);
   `to` is the orientation moved into. */
static struct { int off, rx, ry, w, h, to; } moves[2][8];
static int moveCount;
/* Move sets kept between searches, per search state: 0 unknown, else 256 | the moves (bit k: move k
   open). Valid while largeVersion and the moving figure's footprint are (walls and doors unchanged):
   a search then reads one entry per placement. The moves are listed for that footprint and board. */
static uint16_t largeMoveTable[2 * MAXC];
static int movesKey, movesVersion;
static void addMove(int o, int dx, int dy, int plane, int rx, int ry, int w, int h) {
  moves[o][moveCount].off = plane + dy * W + dx;
  moves[o][moveCount].to = plane ? 1 - o : o;
  moves[o][moveCount].rx = rx;
  moves[o][moveCount].ry = ry;
  moves[o][moveCount].w = w;
  moves[o][moveCount].h = h;
  moveCount++;
}
static void listMoves(int rotates) {
  int key = FW << 9 | FH;
  if (key == movesKey && largeVersion == movesVersion) return;
  movesKey = key;
  movesVersion = largeVersion;
  memset(largeMoveTable, 0, sizeof(uint16_t) * (rotates ? 2 : 1) * W * H);
  for (int o = 0; o < 2; o++) {
    int fw = o == 0 ? FW : FH, fh = o == 0 ? FH : FW;
    moveCount = 0;
    for (int k = 0; k < 4; k++) {
      int dx = stepDX(k), dy = stepDY(k);
      addMove(o, dx, dy, 0, dx < 0 ? dx : 0, dy < 0 ? dy : 0, fw + dx * dx, fh + dy * dy);
    }
    if (rotates) /* every rotated placement overlaps the footprint: keep those covering half of it */
      for (int dy = 1 - fw; dy < fh; dy++)
        for (int dx = 1 - fh; dx < fw; dx++) {
          int ow = (dx + fh < fw ? dx + fh : fw) - (dx > 0 ? dx : 0);
          int oh = (dy + fw < fh ? dy + fw : fh) - (dy > 0 ? dy : 0);
          if (2 * ow * oh >= fw * fh) addMove(o, dx, dy, (1 - 2 * o) * W * H, dx, dy, fh, fw);
        }
  }
}
static int largeMoves(int x, int y, int o) {
  int bits = 0;
  for (int k = 0; k < moveCount; k++)
    if (fits(x + moves[o][k].rx, y + moves[o][k].ry, moves[o][k].w, moves[o][k].h)) bits |= 1 << k;
  return bits;
}
static void expandLarge(int i, int x, int y, int o, int c) {
  uint16_t *at = largeMoveTable + i;
  int e = *at;
  if (!e) *at = (uint16_t)(e = largeMoves(x, y, o) | 256);
  for (int open = e & 0xff; open; open &= open - 1) {
    int k = __builtin_ctz(open);
    /* a move costs 1, +1 entering a hostile large figure (the rectangle's cells outside the old footprint) */
    int j = i + moves[o][k].off, cost = c + 1 + (foeLarge && enteredHostileLarge(x, y, o == 0 ? FW : FH, o == 0 ? FH : FW,
      x + moves[o][k].rx, y + moves[o][k].ry, moves[o][k].w, moves[o][k].h));
    /* relax, each orientation in its own range of the bucket */
    if (cost > MP || (unsigned)reachCost[j] <= (unsigned)cost) continue;
    reachCost[j] = cost;
    reachParent[j] = i;
    bucketPushRange(j, cost, moves[o][k].to);
  }
}
static int reach(int f, int mp) {
  F = f; MP = mp; FW = figs[f][2]; FH = figs[f][3];
  int large = FW * FH > 1;
  int rotates = FW != FH && (FW * FH == 2 || FW * FH == 6);
  int orients = rotates ? 2 : 1, plane = W * H;
  if (large) listMoves(rotates);
  foeLarge = otherLarge = 0;
  foes[0] = 0;
  for (int g = 0; g < NF; g++) {
    foes[g + 1] = (uint8_t)hostile(g);
    if (g != f && isLargeFig(g)) {
      otherLarge = 1;
      if (hostile(g)) foeLarge = 1;
    }
  }
  /* Outside the states the previous search wrote, costs are -1 and end flags 0 (main fills them
     once): clear only those. reachParent is written with every cost: only reached states are read. */
  for (int r = 0; r < 2; r++)
    if (touchedHi[r] >= touchedLo[r]) {
      memset(reachCost + touchedLo[r], 0xff, sizeof(int) * (touchedHi[r] - touchedLo[r] + 1));
      memset(reachEnd + touchedLo[r], 0, touchedHi[r] - touchedLo[r] + 1);
    }
  int wordLo[2] = { 1 << 30, 1 << 30 }, wordHi[2] = { -1, -1 }; /* bucket words drained per range: every state written lies in them */
  int start = figs[f][1] * W + figs[f][0];
  reachCost[start] = 0;
  reachParent[start] = -1;
  const int off[8] = { 1, -1, W, -W, W + 1, -W + 1, W - 1, -W - 1 };
  memcpy(OFF, off, sizeof off);
  uint64_t magic = 0xffffffffull / (uint64_t)W + 1;
  bucketPush(start, 0);
  /* Done when NB buckets in a row were empty: a step costs less than NB. */
  for (int c = 0, idle = 0; idle < NB; c++) {
    int b = c & (NB - 1);
    if (bucketHi[b][0] < bucketLo[b][0] && bucketHi[b][1] < bucketLo[b][1]) { idle++; continue; }
    idle = 0;
    int expand = c < mp; /* every step costs at least 1 MP: states at cost mp are only marked */
    for (int range = 0; range < 2; range++) { /* range 0, then 1: increasing state */
    int lo = bucketLo[b][range], hi = bucketHi[b][range];
    if (hi < lo) continue;
    bucketLo[b][range] = 1 << 30; bucketHi[b][range] = -1;
    if (lo < wordLo[range]) wordLo[range] = lo;
    if (hi > wordHi[range]) wordHi[range] = hi;
    for (int w = lo; w <= hi; w++) {
      uint32_t word = buckets[b][w];
      if (!word) continue;
      buckets[b][w] = 0;
      while (word) {
        int i = (w << 5) | __builtin_ctz(word);
        word &= word - 1;
        if (reachCost[i] != c) continue;
        if (!large) { /* canEnd for one cell, without its coordinates */
          if (owner[i] < 0 || owner[i] == f) reachEnd[i] = 1;
          if (expand) expandSmall(i, c);
          continue;
        }
        int o = i >= plane, r = i - o * plane, y = (int)(((uint64_t)r * magic) >> 32), x = r - y * W;
        if (i == start || !otherLarge || canEnd(x, y, o)) reachEnd[i] = 1;
        if (expand) expandLarge(i, x, y, o, c);
      }
    }
    }
  }
  for (int r = 0; r < 2; r++) { /* an empty range (orientation 1 of most figures) stays empty */
    touchedLo[r] = wordHi[r] < 0 ? 0 : wordLo[r] << 5;
    touchedHi[r] = wordHi[r] < 0 ? -1 : wordHi[r] << 5 | 31;
  }
  return orients;
}

/* ------------------------------------------------------------------ driver */

static double nowNs(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}
static int cmpd(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }
static volatile int sink;

/* Median ns per call over 21 samples, each a batch of at least 5 ms. */
static double measure(int kind, int f, int mp) {
  long calls = 1;
  for (;;) {
    double t = nowNs();
    for (long i = 0; i < calls; i++) { if (kind == 0) sightMap(f); else sink += reach(f, mp); }
    if (nowNs() - t >= 5e6) break;
    calls *= 2;
  }
  double times[21];
  for (int s = 0; s < 21; s++) {
    double t = nowNs();
    for (long i = 0; i < calls; i++) { if (kind == 0) sightMap(f); else sink += reach(f, mp); }
    times[s] = (nowNs() - t) / calls;
  }
  qsort(times, 21, sizeof(double), cmpd);
  return times[10];
}

static int readInt(void) {
  int v;
  if (scanf("%d", &v) != 1) { fprintf(stderr, "native core: bad input\n"); exit(2); }
  return v;
}
static void printBytes(const char *name, const uint8_t *a, int n) {
  printf("\"%s\":[", name);
  for (int i = 0; i < n; i++) printf(i ? ",%d" : "%d", a[i]);
  printf("]");
}
static void printInts(const char *name, const int *a, int n) {
  printf("\"%s\":[", name);
  for (int i = 0; i < n; i++) printf(i ? ",%d" : "%d", a[i]);
  printf("]");
}

/* Reach served batch by batch (bench/native.ts serveNative): after one board on stdin, commands
   "t f mp calls copy" time `calls` reaches (with copy, each also copies cost and end into freshly
   allocated arrays, as Board.reach copies them into new typed arrays) and print the batch's ns;
   "a f mp" prints cost, parent (of reached states, else -1) and end; "s f calls" times `calls`
   doom2016 sight maps of figure f; "p" prints a fresh page's and a warm page's cost. The caller interleaves these
   batches with the Wasm's, so the machine's speed changes hit both sides alike. */
static int serve(void) {
  int f, mp, calls, copy;
  char cmd[8];
  while (scanf("%7s", cmd) == 1) {
    if (cmd[0] == 't' && scanf("%d %d %d %d", &f, &mp, &calls, &copy) == 4) {
      double t = nowNs();
      for (int i = 0; i < calls; i++) {
        int n = reach(f, mp) * W * H;
        if (copy) {
          int *cost = malloc(sizeof(int) * n);
          uint8_t *end = malloc(n);
          memcpy(cost, reachCost, sizeof(int) * n);
          memcpy(end, reachEnd, n);
          sink += cost[n - 1] + end[n - 1];
          free(cost);
          free(end);
        }
      }
      printf("%.0f\n", nowNs() - t);
    } else if ((cmd[0] == 's' || cmd[0] == 'g' || cmd[0] == 'd') && scanf("%d %d", &f, &calls) == 2) {
      /* s: the best sight map for the board; g: the general sweep whatever the board; d: on an open
         board, the sweep that visits every corner (sightMapOpen) */
      double t = nowNs();
      for (int i = 0; i < calls; i++) { if (cmd[0] == 's') sightMap(f); else if (cmd[0] == 'd' && openBoard) sightMapOpen(f); else sightMap2016(f); }
      sink += outRange[W * H - 1];
      printf("%.0f\n", nowNs() - t);
    } else if (cmd[0] == 'p') {
      /* "p": what a fresh page costs this machine (an anonymous page's first touch, best of 5 runs of
         4096 pages; each run mmaps and unmaps its own), and a warm one's touch, in ns: the price of
         the new memory a snapshot the caller keeps is written into. */
      size_t bytes = (size_t)4096 * 4096;
      double fresh = 1e18, warm = -1;
      for (int r = 0; r < 5; r++) {
        volatile uint8_t *m = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if ((void *)m == MAP_FAILED) { fresh = warm = -1; break; } /* answered all the same: the caller waits for a line */
        double t = nowNs();
        for (size_t i = 0; i < bytes; i += 4096) m[i] = 1;
        t = (nowNs() - t) / 4096;
        if (t < fresh) fresh = t;
        if (r < 4) munmap((void *)m, bytes);
        else {
          t = nowNs();
          for (size_t i = 0; i < bytes; i += 4096) m[i]++;
          warm = (nowNs() - t) / 4096;
          munmap((void *)m, bytes);
        }
      }
      printf("%.1f %.1f\n", fresh, warm);
    } else if (cmd[0] == 'a' && scanf("%d %d", &f, &mp) == 2) {
      int n = reach(f, mp) * W * H;
      for (int i = 0; i < n; i++) if (reachCost[i] < 0) reachParent[i] = -1;
      printf("{");
      printInts("cost", reachCost, n); printf(",");
      printInts("parent", reachParent, n); printf(",");
      printBytes("end", reachEnd, n);
      printf("}\n");
    } else {
      fprintf(stderr, "native core: bad command\n");
      return 2;
    }
    fflush(stdout);
  }
  return 0;
}

int main(int argc, char **argv) {
  buildTables();
  for (int b = 0; b < NB; b++) for (int r = 0; r < 2; r++) { bucketLo[b][r] = 1 << 30; bucketHi[b][r] = -1; }
  int boards = readInt(), serving = argc > 1 && strcmp(argv[1], "serve") == 0;
  if (!serving) printf("[");
  for (int b = 0; b < boards; b++) {
    W = readInt(); H = readInt(); NF = readInt();
    int sf = readInt(), rf = readInt(), mp = readInt();
    if (W < 1 || H < 1 || W > MAXS || H > MAXS || NF < 0 || NF > MAXF) { fprintf(stderr, "native core: bad board\n"); return 2; }
    for (int i = 0; i < W * H; i++) cells[i] = (uint8_t)readInt();
    for (int i = 0; i < (H + 1) * W; i++) hedges[i] = (uint8_t)readInt();
    for (int i = 0; i < H * (W + 1); i++) vedges[i] = (uint8_t)readInt();
    for (int f = 0; f < NF; f++) for (int k = 0; k < 6; k++) figs[f][k] = readInt();
    commit();
    if (serving) return serve();
    double tSight = measure(0, sf, 0);
    double tReach = measure(1, rf, mp);
    sightMap(sf);
    int orients = reach(rf, mp);
    printf(b ? ",{" : "{");
    printf("\"sightNs\":%.1f,\"reachNs\":%.1f,", tSight, tReach);
    printBytes("los", outLos, W * H); printf(",");
    printBytes("cover", outCover, W * H); printf(",");
    printInts("range", outRange, W * H); printf(",");
    printInts("cost", reachCost, orients * W * H); printf(",");
    printBytes("end", reachEnd, orients * W * H);
    printf("}");
  }
  printf("]\n");
  return 0;
}
