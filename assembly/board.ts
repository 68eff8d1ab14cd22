// Board storage in fixed regions of linear memory. JavaScript writes cells, edges and the figure
// table straight into these regions, then calls `commit`; queries never allocate.

export const MAX_SIDE: i32 = 256;
export const MAX_CELLS: i32 = MAX_SIDE * MAX_SIDE;
export const MAX_CORNERS: i32 = (MAX_SIDE + 1) * (MAX_SIDE + 1);
export const MAX_FIGURES: i32 = 1024;
export const FIG_FIELDS: i32 = 8; // x, y, w, h, side, teleports, large, spare

// Edge kinds and cell bits: the same numbers as src/core/types.ts.
export const WALL: u8 = 1;
export const C_ON: u8 = 1;
export const C_DIFFICULT: u8 = 2;
export const C_OBSTACLE: u8 = 4;
export const C_BARREL: u8 = 8;
export const C_LOW: u8 = 16;
export const C_TELEPORTER: u8 = 32;

// Edge masks (bit 1 << kind), as src/core/masks.ts.
export const SIGHT_EDGES: i32 = (1 << 1) | (1 << 2) | (1 << 3);
export const MOVE_EDGES: i32 = SIGHT_EDGES | (1 << 4);
export const LARGE_EDGES_2016: i32 = (1 << 1) | (1 << 2);
// Not an edge kind: the outline of difficult terrain (an edge between a difficult and a
// non-difficult space) blocks doom2016 cover lines by clauses 1.1.1 and 1.1.2 (RULES §2.1).
export const OUTLINE: i32 = 1 << 5;
export const OUTLINE_KIND: i32 = 5; // reported as the kind of an outline edge
export const COVER_EDGES_2016: i32 = SIGHT_EDGES | OUTLINE;

// Rulesets.
export const DOOM2016: i32 = 0;
export const DOOM2004: i32 = 1;
export const D20: i32 = 2;

// Region offsets: compile-time constants (each rounded up to 16 bytes), so that every access folds
// its region into the load's offset instead of reading a global. Static data (memory.data) lives below;
// `ensureMemory` checks that __heap_base stays below the first region.
const REGIONS_BASE: usize = 4096;
export const CELLS: usize = REGIONS_BASE;
export const HEDGES: usize = (CELLS + <usize>MAX_CELLS + 15) & ~(<usize>15);
export const VEDGES: usize = (HEDGES + <usize>(MAX_SIDE + 1) * MAX_SIDE + 15) & ~(<usize>15);
export const OWNER: usize = (VEDGES + <usize>(MAX_SIDE + 1) * MAX_SIDE + 15) & ~(<usize>15);
export const FIGS: usize = (OWNER + <usize>MAX_CELLS * 4 + 15) & ~(<usize>15);
export const TELEPORTERS: usize = (FIGS + <usize>MAX_FIGURES * FIG_FIELDS * 4 + 15) & ~(<usize>15);
// Query outputs and scratch.
export const OUT_LOS: usize = (TELEPORTERS + <usize>MAX_CELLS * 4 + 15) & ~(<usize>15);
export const OUT_COVER: usize = (OUT_LOS + <usize>MAX_CELLS + 15) & ~(<usize>15);
export const OUT_RANGE: usize = (OUT_COVER + <usize>MAX_CELLS + 15) & ~(<usize>15);
export const DIST: usize = (OUT_RANGE + <usize>MAX_CELLS * 4 + 15) & ~(<usize>15);
export const QUEUE: usize = (DIST + <usize>MAX_CELLS * 4 + 15) & ~(<usize>15);
export const COPRIME: usize = (QUEUE + <usize>MAX_CELLS * 4 + 15) & ~(<usize>15); // sight maps: 1 where gcd(a, b) == 1, at a*(MAX_SIDE+1)+b
export const CHAIN: usize = (COPRIME + <usize>MAX_CORNERS + 15) & ~(<usize>15); // LOS-only sight maps: per corner, its line's state
export const COVER_ALL: usize = (CHAIN + <usize>MAX_CORNERS * 4 + 15) & ~(<usize>15);
export const FIG_LOS: usize = (COVER_ALL + <usize>MAX_CELLS + 15) & ~(<usize>15);
export const FIG_COVER: usize = (FIG_LOS + <usize>MAX_FIGURES + 15) & ~(<usize>15);
export const FIG_RANGE: usize = (FIG_COVER + <usize>MAX_FIGURES + 15) & ~(<usize>15);
export const REACH_COST: usize = (FIG_RANGE + <usize>MAX_FIGURES * 4 + 15) & ~(<usize>15);
export const REACH_PARENT: usize = (REACH_COST + <usize>MAX_CELLS * 2 * 4 + 15) & ~(<usize>15);
export const REACH_END: usize = (REACH_PARENT + <usize>MAX_CELLS * 2 * 4 + 15) & ~(<usize>15);
// Bucket queue (assembly/buckets.ts): per bucket, one bit per search state, and the range of words in use.
export const BUCKET_COUNT: i32 = 8; // more than the largest step cost (4: a d20 diagonal into slow terrain)
export const BUCKET_WORDS: i32 = (MAX_CELLS * 2) >> 5;
export const BUCKETS: usize = (REACH_END + <usize>MAX_CELLS * 2 + 15) & ~(<usize>15);
export const BUCKET_RANGE: usize = (BUCKETS + <usize>BUCKET_COUNT * BUCKET_WORDS * 4 + 15) & ~(<usize>15);
export const INFO: usize = (BUCKET_RANGE + <usize>BUCKET_COUNT * 8 + 15) & ~(<usize>15);
export const ROUND_LUT: usize = (INFO + 128 + 15) & ~(<usize>15);
export const QUAD_LUT: usize = (ROUND_LUT + 2048 + 15) & ~(<usize>15);
// Per-board tables built by `prepare` after every upload.
export const STEP_SIGHT: usize = (QUAD_LUT + 128 + 15) & ~(<usize>15); // open 8-steps for range (1.2, sight edges)
export const STEP_MOVE: usize = (STEP_SIGHT + <usize>MAX_CELLS + 15) & ~(<usize>15); // open 8-steps for small figures (1.2)
export const STEP_STRICT: usize = (STEP_MOVE + <usize>MAX_CELLS + 15) & ~(<usize>15); // d20: no diagonal past any wall end
export const COVER_CELLS: usize = (STEP_STRICT + <usize>MAX_CELLS + 15) & ~(<usize>15); // cells holding a figure
export const RAYS_SIGHT: usize = (COVER_CELLS + <usize>MAX_CELLS + 15) & ~(<usize>15); // blocking rays per corner
export const RAYS_COVER: usize = (RAYS_SIGHT + <usize>MAX_CORNERS + 15) & ~(<usize>15); // the same with outline edges (doom2016 cover)
export const OUTLINE_H: usize = (RAYS_COVER + <usize>MAX_CORNERS + 15) & ~(<usize>15); // 1 on outline edges, laid out as HEDGES
export const OUTLINE_V: usize = (OUTLINE_H + <usize>(MAX_SIDE + 1) * MAX_SIDE + 15) & ~(<usize>15); // laid out as VEDGES
export const BLOCK_MAP: usize = (OUTLINE_V + <usize>(MAX_SIDE + 1) * MAX_SIDE + 15) & ~(<usize>15); // per-query cover cells
export const CLEAR_CORNERS: usize = (BLOCK_MAP + <usize>MAX_CELLS + 15) & ~(<usize>15); // sight map: corners with a clear cover line, per cell
export const SCRATCH: usize = (CLEAR_CORNERS + <usize>MAX_CELLS + 15) & ~(<usize>15);
export const SCRATCH_CAP: i32 = MAX_CORNERS;
export const THREAT_ENEMIES: usize = (SCRATCH + <usize>SCRATCH_CAP * 4 + 15) & ~(<usize>15); // figure index per enemy
export const STAND: usize = (THREAT_ENEMIES + <usize>MAX_FIGURES * 4 + 15) & ~(<usize>15); // where the footprint may stand
// Per cell, for doom2016 large figures (walls and doors): 1 on the map, 2 no step right, 4 no step
// down (an edge, or no space there). Built with the steps (prepareCells), so updated with them.
export const LARGE_CELLS: usize = (STAND + <usize>MAX_CELLS + 15) & ~(<usize>15);
// doom2016 large figures' moves per search state (u16), filled lazily by reach (assembly/reach.ts).
export const LARGE_MOVES: usize = (LARGE_CELLS + <usize>MAX_CELLS + 15) & ~(<usize>15);
export const MEMORY_END: usize = (LARGE_MOVES + <usize>MAX_CELLS * 2 * 2 + 15) & ~(<usize>15);
// The threat map's output is laid out after MEMORY_END, sized per call (memory grows on demand).

export let W: i32 = 0;
export let H: i32 = 0;
export let NFIG: i32 = 0;
export let NTELE: i32 = 0;
export let RULESET: i32 = 0;
/** Changes whenever LARGE_CELLS may have changed (rebuilt, updated, or another board restored). */
export let LARGE_VERSION: i32 = 0;

/** Make sure the memory holds every region; returns 0 on success. */
export function ensureMemory(): i32 {
  if (__heap_base > REGIONS_BASE) return 1;
  const have = <usize>memory.size() << 16;
  if (have >= MEMORY_END) return 0;
  const pages = <i32>((MEMORY_END - have + 0xffff) >> 16);
  return memory.grow(pages) < 0 ? 1 : 0;
}

export function setDims(w: i32, h: i32, ruleset: i32): void {
  W = w;
  H = h;
  RULESET = ruleset;
  memory.fill(CELLS, 0, <usize>MAX_CELLS);
  memory.fill(HEDGES, 0, <usize>(MAX_SIDE + 1) * MAX_SIDE);
  memory.fill(VEDGES, 0, <usize>(MAX_SIDE + 1) * MAX_SIDE);
}

/** Step direction k (0..7): 4 orthogonal then 4 diagonal, as assembly/steps.ts dirX/dirY. */
@inline export function stepDX(k: i32): i32 { return k == 0 || k == 4 || k == 5 ? 1 : k == 1 || k == 6 || k == 7 ? -1 : 0; }
@inline export function stepDY(k: i32): i32 { return k == 2 || k == 4 || k == 6 ? 1 : k == 3 || k == 5 || k == 7 ? -1 : 0; }

/** One step from (x,y) by (dx,dy), judging edges and the corner only. `strict`: d20 corners. */
export function stepOpen(mask: i32, strict: bool, x: i32, y: i32, dx: i32, dy: i32): bool {
  if (!onMap(x + dx, y + dy)) return false;
  if (dx == 0) return !blocks(mask, dy > 0 ? hEdge(x, y + 1) : hEdge(x, y));
  if (dy == 0) return !blocks(mask, dx > 0 ? vEdge(x + 1, y) : vEdge(x, y));
  const rays = rayMask(x + (dx > 0 ? 1 : 0), y + (dy > 0 ? 1 : 0), mask);
  if (strict) return rays == 0;
  // Blocked only with blocking rays on both sides of the diagonal (clause 1.1.2).
  const left = (dx > 0 ? (rays >> 2) & 1 : rays & 1) | (dy > 0 ? (rays >> 3) & 1 : (rays >> 1) & 1);
  const right = (dx > 0 ? rays & 1 : (rays >> 2) & 1) | (dy > 0 ? (rays >> 1) & 1 : (rays >> 3) & 1);
  return left == 0 || right == 0;
}

/** Build the per-board tables: open steps per cell, blocking rays per corner, cover cells. */
export function prepare(): void {
  prepareCells(0, 0, W - 1, H - 1);
  // The outline of difficult terrain depends on cells only: built here, never updated.
  for (let Y = 0; Y <= H; Y++)
    for (let x = 0; x < W; x++) store<u8>(OUTLINE_H + <usize>(Y * W + x), <u8>hOutlineOf(x, Y));
  for (let y = 0; y < H; y++)
    for (let X = 0; X <= W; X++) store<u8>(OUTLINE_V + <usize>(y * (W + 1) + X), <u8>vOutlineOf(X, y));
  prepareCorners(0, 0, W, H);
}

/** Open steps and cover cells for the cells x0..x1 × y0..y1 (clamped to the map). */
export function prepareCells(x0: i32, y0: i32, x1: i32, y1: i32): void {
  x0 = max(x0, 0); y0 = max(y0, 0); x1 = min(x1, W - 1); y1 = min(y1, H - 1);
  LARGE_VERSION++;
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      let sight = 0, move = 0, strict = 0, large = 0;
      if (onMap(x, y)) {
        // A wall or door to the right or below, or no space there: the same for every use of LARGE_CELLS.
        large = 1 | (stepOpen(LARGE_EDGES_2016, false, x, y, 1, 0) ? 0 : 2) | (stepOpen(LARGE_EDGES_2016, false, x, y, 0, 1) ? 0 : 4);
        for (let k = 0; k < 8; k++) {
          const dx = stepDX(k), dy = stepDY(k);
          if (stepOpen(SIGHT_EDGES, false, x, y, dx, dy)) sight |= 1 << k;
          if (stepOpen(MOVE_EDGES, false, x, y, dx, dy)) move |= 1 << k;
          if (stepOpen(MOVE_EDGES, true, x, y, dx, dy)) strict |= 1 << k;
        }
      }
      const i = <usize>(y * W + x);
      store<u8>(STEP_SIGHT + i, <u8>sight);
      store<u8>(STEP_MOVE + i, <u8>move);
      store<u8>(STEP_STRICT + i, <u8>strict);
      store<u8>(LARGE_CELLS + i, <u8>large);
      // Difficult interiors give no cover (RULES §2.1): only figures' cells block cover lines.
      store<u8>(COVER_CELLS + i, <u8>(ownerAt(x, y) >= 0 ? 1 : 0));
    }
}

/** Blocking rays (sight, and cover with the outline) for the corners X0..X1 × Y0..Y1 (clamped). */
export function prepareCorners(X0: i32, Y0: i32, X1: i32, Y1: i32): void {
  X0 = max(X0, 0); Y0 = max(Y0, 0); X1 = min(X1, W); Y1 = min(Y1, H);
  for (let Y = Y0; Y <= Y1; Y++)
    for (let X = X0; X <= X1; X++) {
      store<u8>(RAYS_SIGHT + <usize>(Y * (W + 1) + X), <u8>rayMask(X, Y, SIGHT_EDGES));
      store<u8>(RAYS_COVER + <usize>(Y * (W + 1) + X), <u8>rayMask(X, Y, COVER_EDGES_2016));
    }
}

// ---------------------------------------------------------------- incremental updates
// Each touches only what the change can affect: the figure's cells in OWNER and COVER_CELLS, or
// the rays at an edge's two end corners and the steps of the cells round them.

/** Mark the cells of figure f's footprint in OWNER (as `who`) and COVER_CELLS. */
export function markFigure(f: i32, who: i32): void {
  const fx = figX(f), fy = figY(f), fw = figW(f), fh = figH(f);
  for (let y = fy; y < fy + fh; y++)
    for (let x = fx; x < fx + fw; x++) {
      const i = <usize>(y * W + x);
      store<i32>(OWNER + (i << 2), who);
      store<u8>(COVER_CELLS + i, <u8>(who >= 0 ? 1 : 0));
    }
}

/** Put figure f (f == NFIG appends one) at x,y with footprint w×h. */
export function placeFigure(f: i32, x: i32, y: i32, w: i32, h: i32, side: i32, teleports: i32): void {
  if (f < NFIG) markFigure(f, -1);
  else NFIG = f + 1;
  const p = FIGS + (<usize>(f * FIG_FIELDS) << 2);
  store<i32>(p, x);
  store<i32>(p + 4, y);
  store<i32>(p + 8, w);
  store<i32>(p + 12, h);
  store<i32>(p + 16, side);
  store<i32>(p + 20, teleports);
  store<i32>(p + 24, w * h > 1 ? 1 : 0);
  markFigure(f, f);
}

/** Remove figure f; later figures move down one index, as in the figure list. */
export function dropFigure(f: i32): void {
  markFigure(f, -1);
  const row = <usize>FIG_FIELDS << 2;
  memory.copy(FIGS + <usize>f * row, FIGS + <usize>(f + 1) * row, <usize>(NFIG - f - 1) * row);
  NFIG--;
  for (let g = f; g < NFIG; g++) markFigure(g, g);
}

/** Set one edge: horizontal edge index Y*W+x, or vertical edge index y*(W+1)+X. */
export function setEdge(horizontal: i32, index: i32, kind: i32): void {
  if (horizontal != 0) {
    store<u8>(HEDGES + <usize>index, <u8>kind);
    const x = index % W, Y = index / W;
    prepareCorners(x, Y, x + 1, Y);
    prepareCells(x - 1, Y - 1, x + 1, Y);
  } else {
    store<u8>(VEDGES + <usize>index, <u8>kind);
    const X = index % (W + 1), y = index / (W + 1);
    prepareCorners(X, y, X, y + 1);
    prepareCells(X - 1, y - 1, X, y + 1);
  }
}

/** Reinstate a board saved by JavaScript (regions copied back): only the scalars live here. */
export function restoreScalars(w: i32, h: i32, ruleset: i32, nfig: i32, ntele: i32): void {
  W = w;
  H = h;
  RULESET = ruleset;
  NFIG = nfig;
  NTELE = ntele;
  LARGE_VERSION++;
}

/** Rebuild the cell → figure map and teleporter list from the figure table. */
export function rebuildOccupancy(nfig: i32): void {
  NFIG = nfig;
  const n = W * H;
  for (let i = 0; i < n; i++) store<i32>(OWNER + (<usize>i << 2), -1);
  for (let f = 0; f < nfig; f++) {
    const fx = figX(f), fy = figY(f), fw = figW(f), fh = figH(f);
    for (let y = fy; y < fy + fh; y++)
      for (let x = fx; x < fx + fw; x++) store<i32>(OWNER + (<usize>(y * W + x) << 2), f);
  }
  NTELE = 0;
  for (let i = 0; i < n; i++) {
    if ((load<u8>(CELLS + <usize>i) & (C_ON | C_TELEPORTER)) == (C_ON | C_TELEPORTER)) {
      store<i32>(TELEPORTERS + (<usize>NTELE << 2), i);
      NTELE++;
    }
  }
  prepare();
}

@inline export function figField(f: i32, k: i32): i32 {
  return load<i32>(FIGS + (<usize>(f * FIG_FIELDS + k) << 2));
}
@inline export function figX(f: i32): i32 { return figField(f, 0); }
@inline export function figY(f: i32): i32 { return figField(f, 1); }
@inline export function figW(f: i32): i32 { return figField(f, 2); }
@inline export function figH(f: i32): i32 { return figField(f, 3); }
@inline export function figSide(f: i32): i32 { return figField(f, 4); }
@inline export function figTeleports(f: i32): bool { return figField(f, 5) != 0; }

@inline export function onMap(x: i32, y: i32): bool {
  return <u32>x < <u32>W && <u32>y < <u32>H && (load<u8>(CELLS + <usize>(y * W + x)) & C_ON) != 0;
}
@inline export function cellBits(x: i32, y: i32): u8 {
  return <u32>x < <u32>W && <u32>y < <u32>H ? load<u8>(CELLS + <usize>(y * W + x)) : 0;
}
@inline export function ownerAt(x: i32, y: i32): i32 {
  return <u32>x < <u32>W && <u32>y < <u32>H ? load<i32>(OWNER + (<usize>(y * W + x) << 2)) : -1;
}
/** Horizontal edge on line y=Y from corner (x,Y) to (x+1,Y); outside the map reads as wall. */
@inline export function hEdge(x: i32, Y: i32): i32 {
  return <u32>x < <u32>W && <u32>Y <= <u32>H ? <i32>load<u8>(HEDGES + <usize>(Y * W + x)) : <i32>WALL;
}
/** Vertical edge on line x=X from corner (X,y) to (X,y+1). */
@inline export function vEdge(X: i32, y: i32): i32 {
  return <u32>y < <u32>H && <u32>X <= <u32>W ? <i32>load<u8>(VEDGES + <usize>(y * (W + 1) + X)) : <i32>WALL;
}
@inline export function blocks(mask: i32, kind: i32): bool {
  return ((mask >> kind) & 1) != 0;
}
/** An on-map space with difficult terrain. */
@inline export function difficultAt(x: i32, y: i32): bool {
  return (cellBits(x, y) & (C_ON | C_DIFFICULT)) == (C_ON | C_DIFFICULT);
}
/** The horizontal edge (x,Y)–(x+1,Y) lies between a difficult and a non-difficult space. */
function hOutlineOf(x: i32, Y: i32): bool {
  return difficultAt(x, Y - 1) != difficultAt(x, Y);
}
/** The vertical edge (X,y)–(X,y+1) lies between a difficult and a non-difficult space. */
function vOutlineOf(X: i32, y: i32): bool {
  return difficultAt(X - 1, y) != difficultAt(X, y);
}
/** The outline tables (built by `prepare`), read like the edges they lie on; none off the map. */
@inline export function hOutline(x: i32, Y: i32): bool {
  return <u32>x < <u32>W && <u32>Y <= <u32>H && load<u8>(OUTLINE_H + <usize>(Y * W + x)) != 0;
}
@inline export function vOutline(X: i32, y: i32): bool {
  return <u32>y < <u32>H && <u32>X <= <u32>W && load<u8>(OUTLINE_V + <usize>(y * (W + 1) + X)) != 0;
}
/** Does the horizontal edge block lines of `mask` (its kind, or the outline when OUTLINE is set)? */
export function hBlocks(mask: i32, x: i32, Y: i32): bool {
  return blocks(mask, hEdge(x, Y)) || ((mask & OUTLINE) != 0 && hOutline(x, Y));
}
export function vBlocks(mask: i32, X: i32, y: i32): bool {
  return blocks(mask, vEdge(X, y)) || ((mask & OUTLINE) != 0 && vOutline(X, y));
}
/** The kind to report for a blocking edge: its own kind, else OUTLINE_KIND. */
export function hKind(mask: i32, x: i32, Y: i32): i32 {
  const k = hEdge(x, Y);
  return blocks(mask, k) ? k : OUTLINE_KIND;
}
export function vKind(mask: i32, X: i32, y: i32): i32 {
  const k = vEdge(X, y);
  return blocks(mask, k) ? k : OUTLINE_KIND;
}
/** Blocking rays at corner (X,Y) as bits: 1 N, 2 E, 4 S, 8 W. */
@inline export function rayMask(X: i32, Y: i32, mask: i32): i32 {
  return (<i32>vBlocks(mask, X, Y - 1)) |
    (<i32>hBlocks(mask, X, Y) << 1) |
    (<i32>vBlocks(mask, X, Y) << 2) |
    (<i32>hBlocks(mask, X - 1, Y) << 3);
}
@inline export function inRect(x: i32, y: i32, rx: i32, ry: i32, rw: i32, rh: i32): bool {
  return x >= rx && y >= ry && x < rx + rw && y < ry + rh;
}
