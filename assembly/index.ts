// The grid core's exported surface. JavaScript writes the board into the exported regions,
// calls `commit`, then runs batch queries whose results land in the output regions.
import {
  CELLS, D20, DIST, DOOM2004, DOOM2016, FIGS, FIG_COVER, FIG_LOS, FIG_RANGE, H, HEDGES, INFO, MAX_FIGURES, MAX_SIDE, NFIG,
  OUT_COVER, OUT_LOS, OUT_RANGE, REACH_COST, REACH_END, REACH_PARENT, REACHED, RULESET, VEDGES, W, ensureMemory, figH, figW,
  figX, figY, inRect, onMap, ownerAt, rebuildOccupancy, setDims, OWNER, TELEPORTERS, STEP_SIGHT, STEP_MOVE, STEP_STRICT,
  COVER_CELLS, RAYS_SIGHT, NTELE, THREAT_ENEMIES, STAND, RAYS_COVER, OUTLINE_H, OUTLINE_V, LARGE_CELLS,
} from './board';
export { placeFigure, dropFigure, setEdge, restoreScalars } from './board';
export { threatMap, threatPtr } from './threat';
import { bucketsReset } from './buckets';
import { coverD20, coverMapD20, losD20, sightMapD20 } from './d20';
import { buildQuadTable, buildRoundTable, setSpaces, walk } from './line';
import { reach as reachImpl, reachInit } from './reach';
export { reachCount } from './reach';
export { reachInto, reachSlotCostPtr, reachSlotEndPtr, reachSlotRelease, reachSlotTake } from './reach-slots';
import { los2004, sightMap2004 } from './sight2004';
import { openBoard, sightMapOpen } from './open2016';
import { losCover2016, losMapBytes2016, sightMap2016 } from './sight2016';
import { DISTANCE_D20, RANGE_2004, RANGE_2016, distanceBetween, distances, minDist } from './steps';

export function init(): i32 {
  if (ensureMemory() != 0) return 1;
  buildRoundTable();
  buildQuadTable();
  bucketsReset();
  reachInit();
  return 0;
}

export function maxSide(): i32 { return MAX_SIDE; }
export function maxFigures(): i32 { return MAX_FIGURES; }
export function cellsPtr(): usize { return CELLS; }
export function hEdgesPtr(): usize { return HEDGES; }
export function vEdgesPtr(): usize { return VEDGES; }
export function figsPtr(): usize { return FIGS; }
export function outLosPtr(): usize { return OUT_LOS; }
export function outCoverPtr(): usize { return OUT_COVER; }
export function outRangePtr(): usize { return OUT_RANGE; }
export function figLosPtr(): usize { return FIG_LOS; }
export function figCoverPtr(): usize { return FIG_COVER; }
export function figRangePtr(): usize { return FIG_RANGE; }
export function reachCostPtr(): usize { return REACH_COST; }
export function reachParentPtr(): usize { return REACH_PARENT; }
export function reachEndPtr(): usize { return REACH_END; }
export function reachedPtr(): usize { return REACHED; }
export function infoPtr(): usize { return INFO; }
// The regions that hold a board's state (saved and restored by JavaScript when boards take turns),
// by number: owner, teleporters, sight/move/strict steps, cover cells, sight/cover rays, outline h/v,
// large-figure cells.
export function statePtr(k: i32): usize {
  switch (k) {
    case 10: return LARGE_CELLS;
    case 0: return OWNER;
    case 1: return TELEPORTERS;
    case 2: return STEP_SIGHT;
    case 3: return STEP_MOVE;
    case 4: return STEP_STRICT;
    case 5: return COVER_CELLS;
    case 6: return RAYS_SIGHT;
    case 7: return RAYS_COVER;
    case 8: return OUTLINE_H;
    default: return OUTLINE_V;
  }
}
export function teleporterCount(): i32 { return NTELE; }

/** Start a new board: clears cells and edges. Ruleset 0 doom2016, 1 doom2004, 2 d20. */
export function setBoard(w: i32, h: i32, ruleset: i32): void {
  setDims(w, h, ruleset);
}

/** After cells, edges or the figure table changed. */
export function commit(nfig: i32): void {
  rebuildOccupancy(nfig);
}

/** One line test for explanations; returns 0 clear or the clause (blocker in INFO). */
export function lineTest(
  px: i32, py: i32, qx: i32, qy: i32, mask: i32, mode: i32, flags: i32,
  ax: i32, ay: i32, aw: i32, ah: i32, tx: i32, ty: i32, tw: i32, th: i32,
): i32 {
  setSpaces(ax, ay, aw, ah, tx, ty, tw, th);
  return walk(px, py, qx, qy, mask, mode, flags);
}

/** LOS (bit 0), cover (bit 1) between two rectangles; `attacker`/`target` are figure indices or -1. */
function losCover(ax: i32, ay: i32, aw: i32, ah: i32, tx: i32, ty: i32, tw: i32, th: i32, attacker: i32, target: i32): i32 {
  if (RULESET == DOOM2016) return losCover2016(ax, ay, aw, ah, tx, ty, tw, th);
  if (RULESET == DOOM2004) return los2004(ax, ay, aw, ah, tx, ty, tw, th) ? 1 : 0;
  if (!losD20(ax, ay, aw, ah, tx, ty, tw, th)) return 0;
  return 1 | (coverD20(ax, ay, aw, ah, tx, ty, tw, th, attacker, target) ? 2 : 0);
}

function rangeKind(): i32 {
  return RULESET == DOOM2016 ? RANGE_2016 : RULESET == DOOM2004 ? RANGE_2004 : DISTANCE_D20;
}

/** LOS, cover and range from figure f to every cell (OUT_LOS, OUT_COVER, OUT_RANGE). */
export function sightMap(f: i32): void {
  const ax = figX(f), ay = figY(f), aw = figW(f), ah = figH(f);
  if (RULESET == DOOM2016) {
    if (openBoard()) sightMapOpen(ax, ay, aw, ah);
    else sightMap2016(ax, ay, aw, ah);
    return;
  }
  if (RULESET == DOOM2004) {
    sightMap2004(ax, ay, aw, ah);
    return;
  }
  distances(ax, ay, aw, ah, DISTANCE_D20); // the only ruleset left
  sightMapD20(ax, ay, aw, ah, f);
}

/**
 * LOS only from figure f to every cell, in OUT_LOS (OUT_COVER and OUT_RANGE are left as they
 * are): sightMap's LOS without the cover and the count of spaces, which cost the most of it.
 */
export function losMap(f: i32): void {
  const ax = figX(f), ay = figY(f), aw = figW(f), ah = figH(f);
  if (RULESET == DOOM2016) {
    if (openBoard()) sightMapOpen(ax, ay, aw, ah); // cheap already: every space is seen
    else losMapBytes2016(ax, ay, aw, ah);
  } else if (RULESET == DOOM2004) sightMap2004(ax, ay, aw, ah, false);
  else sightMapD20(ax, ay, aw, ah, f, false);
}

/** Range only from figure f to every cell, in OUT_RANGE (-1 where no count reaches): sightMap's range without its LOS and cover. */
export function rangeMap(f: i32): void {
  distances(figX(f), figY(f), figW(f), figH(f), rangeKind());
  memory.copy(OUT_RANGE, DIST, <usize>(W * H) << 2);
}

/**
 * d20 only: cover and range from figure f to every cell, with the LOS map JavaScript wrote into
 * OUT_LOS (sightMap's of the same terrain and space; see coverMapD20).
 */
export function sightMapCoverD20(f: i32): void {
  const ax = figX(f), ay = figY(f), aw = figW(f), ah = figH(f);
  distances(ax, ay, aw, ah, DISTANCE_D20);
  coverMapD20(ax, ay, aw, ah, f);
}

/** LOS, cover and range from figure f to every figure (FIG_LOS, FIG_COVER, FIG_RANGE). */
export function sightToFigures(f: i32): void {
  const ax = figX(f), ay = figY(f), aw = figW(f), ah = figH(f);
  distances(ax, ay, aw, ah, rangeKind());
  for (let t = 0; t < NFIG; t++) {
    const tx = figX(t), ty = figY(t), tw = figW(t), th = figH(t);
    const r = t == f ? 1 : losCover(ax, ay, aw, ah, tx, ty, tw, th, f, t);
    store<u8>(FIG_LOS + <usize>t, <u8>(r & 1));
    store<u8>(FIG_COVER + <usize>t, <u8>((r >> 1) & 1));
    store<i32>(FIG_RANGE + (<usize>t << 2), t == f ? 0 : minDist(tx, ty, tw, th));
  }
}

/** One pair: los | cover << 1 | (range + 1) << 2. */
export function sight(f: i32, t: i32): i32 {
  const ax = figX(f), ay = figY(f), aw = figW(f), ah = figH(f);
  const tx = figX(t), ty = figY(t), tw = figW(t), th = figH(t);
  if (t == f) return 1 | (1 << 2);
  const range = distanceBetween(ax, ay, aw, ah, tx, ty, tw, th, rangeKind());
  return losCover(ax, ay, aw, ah, tx, ty, tw, th, f, t) | ((range + 1) << 2);
}

/** Reach of figure f within mp; returns the number of orientations (1 or 2). */
export function reach(f: i32, mp: i32): i32 {
  return reachImpl(f, mp);
}
