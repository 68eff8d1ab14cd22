/**
 * Which way a doom2004 move goes (RULES §3 movement, obstacles). In the box game the player moves
 * space by space, so going through a damaging obstacle (1 wound) or around it (more spaces) are
 * both moves. A `move` names its route: the cheapest path (default), among them one entering no
 * damaging obstacle when there is one (**Ruling**); `avoid-hazards`, the cheapest path entering
 * none; or waypoints, spaces passed in that order, each leg taken as the default takes it.
 */
import { Cell } from '../../core/types.ts';
import type { Refusal } from '../types.ts';
import type { Board } from '../../core/board.ts';
import { boardOf, cellBits, cellsOf, hiddenCells, queryBoardOf, refuse, unpack, type BoardOptions, type D4Figure, type D4State } from './state.ts';

type Place = { x: number; y: number; o: number };
export interface Route { cost: number; steps: Place[] }
/** At most this many waypoints in a move (a route through every space of a large map still fits). */
export const MAX_WAYPOINTS = 64;

/** The movement board for `f`: unrevealed cells are off the map, except teleporters for marines. A board of its own. */
export function movementBoard(s: D4State, f: D4Figure, block: number[] = []): Board {
  return boardOf(s, movementView(s, f, block));
}

/** `movementBoard` shared with the rules' earlier queries (state.ts queryBoardOf): only to be queried. */
export function queryMovementBoard(s: D4State, f: D4Figure, block: number[] = []): Board {
  return queryBoardOf(s, movementView(s, f, block));
}

function movementView(s: D4State, f: D4Figure, block: number[]): BoardOptions {
  const hidden = hiddenCells(s);
  if (f.marine) for (const i of [...hidden]) if ((cellBits(s, i) & Cell.teleporter) !== 0) hidden.delete(i);
  return { block, voidCells: hidden };
}

/**
 * The damaging obstacles a move from `from` to `to` could enter, as cells to block: all but those
 * under the figure at either end (it covers those already, or ends on them whatever the way).
 */
function hazardsBetween(s: D4State, f: D4Figure, from: { x: number; y: number }, to: { x: number; y: number }): number[] {
  const W = s.board.width;
  const ends = new Set([...cellsOf({ ...from, w: f.w, h: f.h }), ...cellsOf({ ...to, w: f.w, h: f.h })].map(([x, y]) => y * W + x));
  const out: number[] = [];
  unpack(s.board.cells).forEach((c, i) => (c & Cell.hazard) !== 0 && !ends.has(i) && out.push(i));
  return out;
}

/** One leg from where `f` stands (or `from`) to `to` within `mp`: the default route, or with `avoid` one entering no damaging obstacle. */
function leg(s: D4State, f: D4Figure, to: Place, mp: number, avoid: boolean, from: { x: number; y: number } = f): Route | null {
  const idx = s.figures.indexOf(f);
  const board = (block: number[]) => {
    if (from === f) return queryMovementBoard(s, f, block);
    const b = movementBoard(s, f, block);
    b.moveFigure(idx, from.x, from.y);
    return b;
  };
  const hazards = hazardsBetween(s, f, from, to);
  // A safe path may still come back onto a damaging obstacle it started on: checked, not assumed.
  const safe = (limit: number) => {
    const p = board(hazards).path(idx, limit, to);
    return p && !entersHazard(s, f, p.steps) ? p : null;
  };
  if (avoid) return safe(mp);
  const cheapest = board([]).path(idx, mp, to);
  if (!cheapest || !hazards.length || !entersHazard(s, f, cheapest.steps)) return cheapest;
  // Among the cheapest paths, one entering no damaging obstacle when there is one.
  const around = safe(cheapest.cost);
  return around && around.cost === cheapest.cost ? around : cheapest;
}

const onHazard = (s: D4State, f: D4Figure, at: { x: number; y: number }) =>
  cellsOf({ x: at.x, y: at.y, w: f.w, h: f.h }).some(([x, y]) => (cellBits(s, y * s.board.width + x) & Cell.hazard) !== 0);

const isSpace = (v: unknown): v is { x: number; y: number } =>
  typeof v === 'object' && v !== null && Number.isInteger((v as { x?: unknown }).x) && Number.isInteger((v as { y?: unknown }).y);

/** The route of `f` to `to` with `mp` that the command's `route` names, or why not. */
export function planRoute(s: D4State, f: D4Figure, to: Place, mp: number, route: unknown): Route | Refusal {
  const where = `(${to.x},${to.y})`;
  const blocked = `${f.id} cannot end a move at ${where} with ${Math.max(0, mp)} spaces of movement (enemies, obstacles and barrels block, unrevealed areas are closed, and no move may end on a figure)`;
  if (route === undefined || route === 'cheapest' || route === 'avoid-hazards') {
    const r = mp > 0 ? leg(s, f, to, mp, route === 'avoid-hazards') : null;
    if (r && r.cost > 0) return r;
    if (route !== 'avoid-hazards' || !(mp > 0 && leg(s, f, to, mp, false))) return refuse('RULES §3 movement', blocked);
    return refuse('RULES §3 movement', `no way for ${f.id} to ${where} within ${mp} spaces of movement avoids the damaging obstacles (route "cheapest" goes through them)`);
  }
  if (!Array.isArray(route) || !route.length || route.length > MAX_WAYPOINTS || !route.every(isSpace)) {
    return refuse('command', `"route" must be "cheapest", "avoid-hazards" or a list of 1 to ${MAX_WAYPOINTS} waypoints {x, y}`);
  }
  const steps: Place[] = [{ x: f.x, y: f.y, o: 0 }];
  let cost = 0;
  for (const [k, w] of [...route, to].entries()) {
    const at = steps[steps.length - 1];
    const place = { x: w.x, y: w.y, o: 0 };
    const last = k === route.length;
    let r: Route | null = null;
    try {
      r = mp - cost > 0 ? leg(s, f, place, mp - cost, false, k ? at : undefined) : null;
    } catch {
      r = null; // the figure does not fit at the previous waypoint: refused below for that one
    }
    if (!r || r.cost === 0) {
      const what = last ? `the end of the move ${where}` : `waypoint ${k + 1} (${w.x},${w.y})`;
      return refuse('RULES §3 movement', `${f.id} cannot go from (${at.x},${at.y}) to ${what} with the ${Math.max(0, mp - cost)} spaces of movement left (each waypoint must be a space it could stop on, in reach of the one before)`);
    }
    cost += r.cost;
    steps.push(...r.steps.slice(1));
  }
  return { cost, steps };
}

/** Does a route enter a damaging obstacle (the figure's footprint moving onto one it did not cover)? */
export function entersHazard(s: D4State, f: D4Figure, steps: Place[]): boolean {
  const W = s.board.width;
  for (let k = 1; k < steps.length; k++) {
    const before = new Set(cellsOf({ ...steps[k - 1], w: f.w, h: f.h }).map(([x, y]) => y * W + x));
    if (cellsOf({ ...steps[k], w: f.w, h: f.h }).some(([x, y]) => !before.has(y * W + x) && (cellBits(s, y * W + x) & Cell.hazard) !== 0)) return true;
  }
  return false;
}

/**
 * Destinations (y*W+x) where the default route enters a damaging obstacle and a dearer one avoiding
 * them all fits `mp`: legalActions offers both there. `cheapest`: the reach costs of the default.
 */
export function hazardDetours(s: D4State, f: D4Figure, mp: number, cheapest: Map<number, number>): number[] {
  const W = s.board.width;
  const hazards = hazardsBetween(s, f, f, { x: f.x, y: f.y });
  if (!hazards.length || !cheapest.size) return [];
  const idx = s.figures.indexOf(f);
  const safe = queryMovementBoard(s, f, hazards).reach(idx, mp);
  const startsOnHazard = onHazard(s, f, f);
  const out: number[] = [];
  for (const [i, cost] of cheapest) {
    const to = { x: i % W, y: Math.floor(i / W), o: 0 };
    // The reach blocks the obstacles under the end too: an end on one is asked for on its own; so
    // is a dearer way round when the figure stands on one (a path may come back onto it).
    const around = onHazard(s, f, to) || (startsOnHazard && safe.end[i] && safe.cost[i] > cost)
      ? (leg(s, f, to, mp, true)?.cost ?? -1)
      : safe.end[i] ? safe.cost[i] : -1;
    if (around > cost) out.push(i);
  }
  return out;
}
