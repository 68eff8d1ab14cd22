/**
 * Telefrags (RULES §2.2): a marine arriving by a teleporter hop on a teleporter space held by a
 * demon (small or large) kills it, without the extra MP — at the end of a move or on the way
 * (README ruling: telefrags happen on the way).
 */
import type { Board } from '../../core/board.ts';
import { Cell } from '../../core/types.ts';
import { activeTeleporters, cellIndex, figureAt } from './geometry.ts';
import { boardOf, queryBoardOf } from './board.ts';
import type { Doom2016Figure, Doom2016State } from './types.ts';

type Step = { x: number; y: number; o: number };
export interface Route { cost: number; steps: Step[] }
/** A demon killed by a hop onto its teleporter space, arriving at `step` of the path. */
export interface Telefrag { figure: string; step: number }

const ACTIVE = Cell.on | Cell.teleporter;
const isActive = (s: Doom2016State, x: number, y: number) => (s.board.cells[cellIndex(s, x, y)] & ACTIVE) === ACTIVE;

/**
 * The cheapest way for marine `f` to arrive on teleporter space `t` by a hop: the cheapest other
 * active teleporter it reaches (an occupied one too: it only takes off there), then the hop
 * (1 MP, +1 onto difficult terrain, never the extra MP for a demon). Null when `mp` is too few.
 */
export function hopOnto(s: Doom2016State, f: Doom2016Figure, mp: number, t: { x: number; y: number }): Route | null {
  const board = queryBoardOf(s);
  const fi = s.figures.indexOf(f);
  const reach = board.reach(fi, Math.max(0, mp));
  const hop = 1 + ((s.board.cells[cellIndex(s, t.x, t.y)] & Cell.difficult) ? 1 : 0);
  let from: { x: number; y: number } | null = null;
  let best = -1;
  for (const p of activeTeleporters(s)) {
    if (p.x === t.x && p.y === t.y) continue;
    const c = reach.cost[cellIndex(s, p.x, p.y)];
    if (c >= 0 && c + hop <= mp && (best < 0 || c < best)) [from, best] = [p, c];
  }
  if (!from) return null;
  const path = board.path(fi, Math.max(0, mp), { x: from.x, y: from.y, o: 0 }, true)!;
  return { cost: best + hop, steps: [...path.steps, { x: t.x, y: t.y, o: 0 }] };
}

/**
 * A marine's move that telefrags a large demon on the way and then goes on through spaces the
 * demon held: the grid core prices the rest with the demon still there (+1 MP per space of it,
 * no end on it), so the rest is searched again without it. The cheapest such route to `to`, or
 * null. (One large demon per move: a second one telefragged on the same move is priced as if alive.)
 */
export function throughLargeTelefrag(s: Doom2016State, f: Doom2016Figure, mp: number, to: Step): Route | null {
  let best: Route | null = null;
  for (const { board, arrival } of afterLargeTelefrags(s, f, mp)) {
    const rest = board.path(f.id, mp - arrival.cost, to);
    const cost = arrival.cost + (rest?.cost ?? 0);
    if (rest?.cost && (!best || cost < best.cost)) best = { cost, steps: [...arrival.steps, ...rest.steps.slice(1)] };
  }
  return best;
}

/** Where marine `f` can go with `mp` after a telefrag of a large demon on the way (see throughLargeTelefrag), as cell indices. */
export function largeTelefragDestinations(s: Doom2016State, f: Doom2016Figure, mp: number): Set<number> {
  const out = new Set<number>();
  for (const { board, arrival } of afterLargeTelefrags(s, f, mp)) {
    const reach = board.reach(f.id, mp - arrival.cost);
    reach.end.forEach((e, i) => e && reach.cost[i] > 0 && out.add(i));
  }
  out.delete(cellIndex(s, f.x, f.y));
  return out;
}

/** Every hop of marine `f` onto a large demon's active-teleporter space that `mp` affords: the board after it (the demon gone, `f` there). */
function afterLargeTelefrags(s: Doom2016State, f: Doom2016Figure, mp: number) {
  const out: { board: Board; arrival: Route }[] = [];
  for (const demon of s.figures) {
    if (demon.side !== s.invaderSide || demon.w * demon.h === 1) continue;
    for (let y = demon.y; y < demon.y + demon.h; y++) {
      for (let x = demon.x; x < demon.x + demon.w; x++) {
        const arrival = isActive(s, x, y) ? hopOnto(s, f, mp, { x, y }) : null;
        if (!arrival) continue;
        const board = boardOf(s, [demon.id]);
        board.moveFigure(f.id, x, y);
        out.push({ board, arrival });
      }
    }
  }
  return out;
}

/**
 * The demons a marine's path kills by telefrag, each with the step that arrives on it: a step from
 * an active teleporter onto another one held by a demon is a hop (cheaper than stepping into a
 * hostile space, so the one a cheapest path prices). `spare`: a staggered demon the move ends on
 * to glory-kill it instead (the +1 MP paid for that).
 */
export function telefragsOn(s: Doom2016State, steps: Step[], spare?: string): Telefrag[] {
  const out: Telefrag[] = [];
  for (let k = 1; k < steps.length; k++) {
    const p = steps[k - 1];
    const q = steps[k];
    if (!isActive(s, p.x, p.y) || !isActive(s, q.x, q.y)) continue;
    const demon = figureAt(s, q.x, q.y);
    if (demon && demon.side === s.invaderSide && demon.id !== spare && !out.some((t) => t.figure === demon.id)) out.push({ figure: demon.id, step: k });
  }
  return out;
}
