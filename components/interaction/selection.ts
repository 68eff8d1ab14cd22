/**
 * What a selection shows, from batch queries of the grid core (never one Wasm call per cell):
 * reachable placements with their cost, the LOS fog, the cheapest path to a hovered cell, and the
 * explanation of LOS/cover/range to a target.
 */
import type { Board } from '../../src/core/board.ts';
import type { BoardData, Placement, ReachMap, SightExplanation } from '../../src/core/types.ts';
import type { GameView } from '../../src/rules/types.ts';
import { RULESETS, type Ruleset } from '../../src/core/types.ts';
import type { ReachCell } from '../render/overlays.ts';

export interface Selection {
  reach: ReachMap | null;
  cells: ReachCell[];
  los: Uint8Array | null;
}

/** Reachable end placements (orientation 0) within `mp`, with their cost, and the LOS fog. */
export function selectionOf(board: Board, id: string, mp: number, withFog = true): Selection {
  const reach = board.reach(id, mp);
  const cells: ReachCell[] = [];
  const { width, end, cost } = reach;
  for (let i = 0; i < width * reach.height; i++) {
    if (end[i] && cost[i] > 0) cells.push({ x: i % width, y: Math.floor(i / width), cost: cost[i] });
  }
  return { reach, cells, los: withFog ? board.losMap(id) : null };
}

/** One cheapest path to (x, y) in orientation 0, or null. */
export function pathTo(board: Board, id: string, mp: number, reach: ReachMap | null, x: number, y: number): Placement[] | null {
  if (!reach || x < 0 || y < 0 || x >= reach.width || y >= reach.height) return null;
  const i = y * reach.width + x;
  if (!reach.end[i] || reach.cost[i] <= 0) return null;
  return board.path(id, mp, { x, y, o: 0 })?.steps ?? null;
}

export function explainTarget(board: Board, id: string, target: string): SightExplanation {
  return board.explain(id, target);
}

/** The grid core's board for a rules engine's view (for costs, paths and explanations in play mode). */
export function boardDataOfView(v: GameView): BoardData | null {
  if (!RULESETS.includes(v.ruleset as Ruleset)) return null;
  return {
    ruleset: v.ruleset as Ruleset,
    width: v.board.width,
    height: v.board.height,
    cells: Uint8Array.from(v.board.cells),
    hEdges: Uint8Array.from(v.board.hEdges),
    vEdges: Uint8Array.from(v.board.vEdges),
    figures: v.figures.map((f) => ({
      id: f.id, side: f.side, x: f.x, y: f.y, w: f.w, h: f.h,
      ...(v.ruleset === 'doom2016' && f.side === 'marines' ? { teleports: true } : {}),
    })),
  };
}
