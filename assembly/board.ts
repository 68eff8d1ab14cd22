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
export const RECIP: usize = (CHAIN + <usize>MAX_CORNERS * 4 + 15) & ~(<usize>15); // sight maps: a u64 reciprocal per d ≤ MAX_SIDE + 1
export const COVER_ALL: usize = (RECIP + <usize>(MAX_SIDE + 2) * 8 + 15) & ~(<usize>15);
export const FIG_LOS: usize = (COVER_ALL + <usize>MAX_CELLS + 15) & ~(<usize>15);
export const FIG_COVER: usize = (FIG_LOS + <usize>MAX_FIGURES + 15) & ~(<usize>15);
export const FIG_RANGE: usize = (FIG_COVER + <usize>MAX_FIGURES + 15) & ~(<usize>15);
// A reach answer, in a row: costs (i32), end flags (u8) and the states reached in the order the
// search settled them (state | cost << 17 | end << 29). A ReachBuffer's slot (SLOTS) repeats this
// layout, so that a search writes either with the same constant offsets (assembly/reach.ts SHIFT).
export const SLOT_STATES: usize = <usize>MAX_CELLS * 2;
export const REACH_COST: usize = (FIG_RANGE + <usize>MAX_FIGURES * 4 + 15) & ~(<usize>15);
export const REACH_END: usize = REACH_COST + SLOT_STATES * 4;
export const REACHED: usize = REACH_END + SLOT_STATES;
export const SLOT_BYTES: usize = SLOT_STATES * 9;
export const REACH_PARENT: usize = (REACH_COST + SLOT_BYTES + 15) & ~(<usize>15);
// Bucket queue (assembly/buckets.ts): per bucket, one bit per search state, and two ranges of words
// in use (a rotating large figure's two orientations each have their own).
export const BUCKET_COUNT: i32 = 8; // more than the largest step cost (4: a d20 diagonal into slow terrain)
export const BUCKET_WORDS: i32 = (MAX_CELLS * 2) >> 5;
export const BUCKETS: usize = (REACH_PARENT + <usize>MAX_CELLS * 2 * 4 + 15) & ~(<usize>15);
export const BUCKET_RANGE: usize = (BUCKETS + <usize>BUCKET_COUNT * BUCKET_WORDS * 4 + 15) & ~(<usize>15);
export const INFO: usize = (BUCKET_RANGE + <usize>BUCKET_COUNT * 16 + 15) & ~(<usize>15);
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
// down (an edge, or no space there). Built and updated with the steps (crossEdge).
export const LARGE_CELLS: usize = (STAND + <usize>MAX_CELLS + 15) & ~(<usize>15);
// doom2016 large figures' moves per search state (u16), filled lazily by reach (assembly/reach.ts).
export const LARGE_MOVES: usize = (LARGE_CELLS + <usize>MAX_CELLS + 15) & ~(<usize>15);
// Reach answers kept for ReachBuffers (assembly/reach-slots.ts), laid out as REACH_COST's, then per
// slot its meta (i32 ×4).
export const REACH_SLOTS: i32 = 8;
export const SLOTS: usize = (LARGE_MOVES + <usize>MAX_CELLS * 2 * 2 + 15) & ~(<usize>15);
export const SLOT_META: usize = SLOTS + SLOT_BYTES * <usize>REACH_SLOTS;
// The range count by rows (assembly/range-rows.ts): its open-step and obstacle masks, kept while the
// board's steps are (LARGE_VERSION), then the count's own rows.
export const RANGE_ROWS: usize = (SLOT_META + <usize>REACH_SLOTS * 16 + 15) & ~(<usize>15);
export const MEMORY_END: usize = (RANGE_ROWS + <usize>(MAX_SIDE + 2) * 96 + 15) & ~(<usize>15);
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

/** Build the per-board tables: open steps per cell, blocking rays per corner (OWNER and COVER_CELLS: rebuildOccupancy). */
export function prepare(): void {
  LARGE_VERSION++;
  const n = <usize>(W * H);
  memory.fill(STEP_SIGHT, 0, n);
  memory.fill(STEP_MOVE, 0, n);
  memory.fill(STEP_STRICT, 0, n);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) store<u8>(LARGE_CELLS + <usize>(y * W + x), <u8>onMap(x, y));
  // Every step is decided by one edge (orthogonal) or one corner's rays (diagonal). The outline of
  // difficult terrain depends on cells only: built here, never updated; the corners read it.
  for (let Y = 0; Y <= H; Y++)
    for (let x = 0; x < W; x++) {
      store<u8>(OUTLINE_H + <usize>(Y * W + x), <u8>hOutlineOf(x, Y));
      crossEdge(hEdge(x, Y), x, Y - 1, x, Y, 2);
    }
  for (let y = 0; y < H; y++)
    for (let X = 0; X <= W; X++) {
      store<u8>(OUTLINE_V + <usize>(y * (W + 1) + X), <u8>vOutlineOf(X, y));
      crossEdge(vEdge(X, y), X - 1, y, X, y, 0);
    }
  for (let Y = 0; Y <= H; Y++)
    for (let X = 0; X <= W; X++) refreshCorner(X, Y);
}

@inline function setBit(at: usize, bit: i32, on: bool): void {
  store<u8>(at, <u8>((<i32>load<u8>(at) & ~bit) | (on ? bit : 0)));
}

/** Cell i's step `bit` in the three step tables: open for range, for movement, for d20 movement. */
function setSteps(i: usize, bit: i32, sight: bool, move: bool, strict: bool): void {
  setBit(STEP_SIGHT + i, bit, sight);
  setBit(STEP_MOVE + i, bit, move);
  setBit(STEP_STRICT + i, bit, strict);
}

/**
 * The edge of `kind` between cell a and cell b, one step k from a (0 right, 2 down): the step across
 * it both ways (steps to or from a space off the map stay closed), and a's LARGE_CELLS bit (2 no
 * step right, 4 no step down: a wall or door there, or no space).
 */
function crossEdge(kind: i32, ax: i32, ay: i32, bx: i32, by: i32, k: i32): void {
  if (!onMap(ax, ay)) return;
  const a = <usize>(ay * W + ax);
  const open = onMap(bx, by);
  setBit(LARGE_CELLS + a, 2 + k, !open || blocks(LARGE_EDGES_2016, kind));
  if (!open) return;
  const sight = !blocks(SIGHT_EDGES, kind), move = !blocks(MOVE_EDGES, kind);
  setSteps(a, 1 << k, sight, move, move);
  setSteps(<usize>(by * W + bx), 2 << k, sight, move, move); // the step back, k + 1
}

/**
 * Corner (X,Y): its blocking rays (sight, and cover with the outline) and the two diagonal steps
 * through it, both ways. A diagonal is blocked only with blocking rays on both of its sides
 * (clause 1.1.2); a d20 move (strict) passes no wall end at all. Rays: 1 N, 2 E, 4 S, 8 W.
 */
function refreshCorner(X: i32, Y: i32): void {
  const c = <usize>(Y * (W + 1) + X);
  // rayMask for each mask, reading the four edges once; cover adds the outline (RAYS_COVER: COVER_EDGES_2016).
  const n = vEdge(X, Y - 1), e = hEdge(X, Y), s = vEdge(X, Y), w = hEdge(X - 1, Y);
  const sight = raysOf(SIGHT_EDGES, n, e, s, w), move = raysOf(MOVE_EDGES, n, e, s, w);
  store<u8>(RAYS_SIGHT + c, <u8>sight);
  store<u8>(RAYS_COVER + c, <u8>(sight | rayMask(X, Y, OUTLINE)));
  // (X-1,Y-1) ↘ (X,Y), sides N+E and S+W; (X,Y-1) ↙ (X-1,Y), sides N+W and S+E.
  if (onMap(X - 1, Y - 1) && onMap(X, Y)) diagonal(<usize>((Y - 1) * W + X - 1), 1 << 4, <usize>(Y * W + X), 1 << 7, sight, move, 3, 12);
  if (onMap(X, Y - 1) && onMap(X - 1, Y)) diagonal(<usize>((Y - 1) * W + X), 1 << 6, <usize>(Y * W + X - 1), 1 << 5, sight, move, 9, 6);
}

@inline function raysOf(mask: i32, n: i32, e: i32, s: i32, w: i32): i32 {
  return ((mask >> n) & 1) | (((mask >> e) & 1) << 1) | (((mask >> s) & 1) << 2) | (((mask >> w) & 1) << 3);
}

/** The diagonal step between cells i and j (`bit` from i, `back` from j) past a corner with these rays; side1, side2: its sides' rays. */
function diagonal(i: usize, bit: i32, j: usize, back: i32, sight: i32, move: i32, side1: i32, side2: i32): void {
  const s = (sight & side1) == 0 || (sight & side2) == 0;
  const m = (move & side1) == 0 || (move & side2) == 0;
  setSteps(i, bit, s, m, move == 0);
  setSteps(j, back, s, m, move == 0);
}

// ---------------------------------------------------------------- incremental updates
// Each touches only what the change can affect: the figure's cells in OWNER and COVER_CELLS, or
// the steps, rays and LARGE_CELLS bits an edge decides (setEdge).

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

/**
 * Set one edge: horizontal edge index Y*W+x, or vertical edge index y*(W+1)+X. An edge decides
 * only the step across it, the LARGE_CELLS bit of the cell above or left of it, and the rays at
 * its two end corners (so the diagonal steps through them): only those are recomputed.
 */
export function setEdge(horizontal: i32, index: i32, kind: i32): void {
  LARGE_VERSION++; // the kept large-figure moves (assembly/reach.ts) read LARGE_CELLS
  if (horizontal != 0) {
    store<u8>(HEDGES + <usize>index, <u8>kind);
    const Y = index / W, x = index - Y * W;
    crossEdge(kind, x, Y - 1, x, Y, 2);
    refreshCorner(x, Y);
    refreshCorner(x + 1, Y);
  } else {
    store<u8>(VEDGES + <usize>index, <u8>kind);
    const y = index / (W + 1), X = index - y * (W + 1);
    crossEdge(kind, X - 1, y, X, y, 0);
    refreshCorner(X, y);
    refreshCorner(X, y + 1);
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

/** Rebuild the cell → figure map, the cover cells and the teleporter list from the figure table, then the tables. */
export function rebuildOccupancy(nfig: i32): void {
  NFIG = nfig;
  const n = W * H;
  memory.fill(OWNER, 0xff, <usize>n << 2); // every i32 reads -1
  // Difficult interiors give no cover (RULES §2.1): only figures' cells block cover lines.
  memory.fill(COVER_CELLS, 0, <usize>n);
  for (let f = 0; f < nfig; f++) markFigure(f, f);
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
