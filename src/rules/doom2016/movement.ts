/**
 * Moving (RULES §2.2): paths and costs from the grid core; then what entering spaces does —
 * glory kills, telefrags, activating teleporters — and displacing small figures under a large one.
 */
import { Cell, EdgeKind } from '../../core/types.ts';
import type { Command, GameEvent, Refusal } from '../types.ts';
import { actingFigure, isRefusal, refuse } from './common.ts';
import { cellIndex, covers, displacementOptions, figureAt, inMap, isLarge, isStaggered } from './geometry.ts';
import { gloryKill, killFigure } from './damage.ts';
import { revealPortals } from './invader.ts';
import { boardOf, queryBoardOf } from './state.ts';
import { hopOnto, telefragsOn, throughLargeTelefrag, type Route, type Telefrag } from './telefrag.ts';
import type { Doom2016Figure, Doom2016State } from './types.ts';

export interface MovePlan {
  cost: number;
  steps: { x: number; y: number; o: number }[];
  /** Demons on active teleporters killed by the marine's hops onto them, on the way or at the end. */
  telefrags: Telefrag[];
  /** A staggered demon whose space is the destination (glory kill). */
  glory?: string;
}

/** How `f` can get to `to` with `mp` MP, or why not. */
export function planMove(s: Doom2016State, f: Doom2016Figure, mp: number, to: { x: number; y: number; o: number }): MovePlan | Refusal {
  const route = cheapestRoute(s, f, mp, to);
  if (isRefusal(route)) return route;
  if (f.side !== s.marineSide) return { ...route, telefrags: [] };
  return { ...route, telefrags: telefragsOn(s, route.steps, route.glory) };
}

function cheapestRoute(s: Doom2016State, f: Doom2016Figure, mp: number, to: { x: number; y: number; o: number }): (Route & { glory?: string }) | Refusal {
  const fi = s.figures.indexOf(f);
  const marine = f.side === s.marineSide;
  const target = figureAt(s, to.x, to.y);
  if (marine && target && target.side === s.invaderSide && to.o === 0) {
    const teleporter = (s.board.cells[cellIndex(s, to.x, to.y)] & Cell.teleporter) !== 0;
    if (isStaggered(s, target)) {
      // Glory kill: the marine enters the staggered demon's space (+1 MP for a hostile figure) and kills it.
      const board = boardOf(s, [target.id]);
      const path = board.path(board.figureIndex(f.id), mp, to);
      if (path && path.cost + 1 <= mp) return { cost: path.cost + 1, steps: path.steps, glory: target.id };
    }
    // Telefrag (RULES §2.2): a hop from another active teleporter onto any space of a demon (small
    // or large) on a teleporter kills it, without the extra MP.
    const hop = teleporter ? hopOnto(s, f, mp, to) : null;
    if (hop) return hop;
  }
  const path = queryBoardOf(s).path(fi, Math.max(0, mp), to);
  // A marine may also go on through the spaces of a large demon it telefragged on the way.
  const through = marine && !(to.x === f.x && to.y === f.y) ? throughLargeTelefrag(s, f, mp, to) : null;
  if (through && (!path || through.cost < path.cost)) return through;
  if (!path || path.cost === 0) {
    if (!inMap(s, to.x, to.y)) return refuse('RULES §2.2 movement', `(${to.x},${to.y}) is not a space of the map`);
    const other = figureAt(s, to.x, to.y);
    if (other && other !== f && !(isLarge(f) && !isLarge(other))) {
      return refuse('RULES §2.2 movement', `${f.id} may not end its movement in an occupied space (${other.id} is at (${to.x},${to.y}))`);
    }
    return refuse('RULES §2.2 movement', `${f.id} cannot reach (${to.x},${to.y})${to.o ? ' rotated' : ''} with ${mp} MP`);
  }
  return { cost: path.cost, steps: path.steps };
}

export function move(s: Doom2016State, c: Command): GameEvent[] | Refusal {
  const acting = actingFigure(s, c);
  if (isRefusal(acting)) return acting;
  const { f, a } = acting;
  const to = c.to as { x?: unknown; y?: unknown; o?: unknown } | undefined;
  if (!to || !Number.isInteger(to.x) || !Number.isInteger(to.y) || (to.o !== undefined && to.o !== 0 && to.o !== 1)) {
    return refuse('command', '"to" must be {x, y} with integers (and o: 0 or 1 to rotate a large figure)');
  }
  const dest = { x: to.x as number, y: to.y as number, o: (to.o as number | undefined) ?? 0 };
  const plan = planMove(s, f, a.mp, dest);
  if (isRefusal(plan)) return plan;
  const from = { x: f.x, y: f.y };
  a.mp -= plan.cost;
  f.x = dest.x;
  f.y = dest.y;
  if (dest.o === 1) [f.w, f.h] = [f.h, f.w];
  const events: GameEvent[] = [{ type: 'moved', figure: f.id, from, to: { x: f.x, y: f.y }, rotated: dest.o === 1, cost: plan.cost, mp: a.mp, path: plan.steps.map(({ x, y }) => ({ x, y })) }];
  if (f.side === s.marineSide) enterSpaces(s, f, plan, a, events);
  if (isLarge(f)) displaceUnder(s, f, events);
  return events;
}

/**
 * A marine entering spaces, in path order: a hop onto a demon's teleporter telefrags it;
 * staggered demons entered are glory-killed (the destination's too); inactive teleporters activate.
 */
function enterSpaces(s: Doom2016State, f: Doom2016Figure, plan: MovePlan, a: { mp: number }, events: GameEvent[]): void {
  plan.steps.forEach((p, k) => {
    if (k === 0) return;
    for (const t of plan.telefrags) if (t.step === k) killFigure(s, s.figures.find((g) => g.id === t.figure)!, events, { by: f.id, how: 'telefrag' });
    const demon = s.figures.find((g) => g !== f && g.side === s.invaderSide && covers(g, p.x, p.y));
    if (demon && isStaggered(s, demon)) gloryKill(s, f, demon, a, events);
    const i = cellIndex(s, p.x, p.y);
    const n = s.inactiveTeleporters.indexOf(i);
    if (n >= 0) {
      s.inactiveTeleporters.splice(n, 1);
      s.board.cells[i] |= Cell.teleporter;
      events.push({ type: 'teleporter-activated', at: { x: p.x, y: p.y }, by: f.id });
    }
  });
}

/**
 * Small figures under a large figure's new footprint are displaced (RULES §2.2): each in turn, to
 * the nearest space it could reach by normal movement; with more than one such space its
 * controller chooses (place-displaced) before play goes on. Ruling: a figure with no such space
 * is killed.
 */
function displaceUnder(s: Doom2016State, big: Doom2016Figure, events: GameEvent[]): void {
  const under = s.figures.filter((g) => g !== big && !isLarge(g) && covers(big, g.x, g.y));
  if (!under.length) return;
  s.figures = s.figures.filter((g) => !under.includes(g));
  placeNextDisplaced(s, big.id, under, events);
}

/** Place waiting displaced figures until one needs its controller's choice, or none is left. */
function placeNextDisplaced(s: Doom2016State, by: string, waiting: Doom2016Figure[], events: GameEvent[]): void {
  s.pending = null;
  while (waiting.length) {
    const g = waiting.shift()!;
    const options = displacementOptions(s, g);
    if (options.length > 1) {
      s.pending = { kind: 'displace', by, figure: g, options, waiting };
      events.push({ type: 'displacement-choice', figure: g.id, by, options });
      return;
    }
    if (!options.length) {
      // Back on the board only to be removed as killed (kill token, reshuffle for a marine).
      s.figures.push(g);
      killFigure(s, g, events, { by, how: 'no space to be displaced to' });
      continue;
    }
    putDisplaced(s, g, by, options[0], events);
  }
}

function putDisplaced(s: Doom2016State, g: Doom2016Figure, by: string, to: { x: number; y: number }, events: GameEvent[]): void {
  const from = { x: g.x, y: g.y };
  g.x = to.x;
  g.y = to.y;
  s.figures.push(g);
  events.push({ type: 'displaced', figure: g.id, by, from, to: { x: to.x, y: to.y } });
}

/** The displaced figure's controller picks one of its nearest spaces (RULES §2.2). */
export function placeDisplaced(s: Doom2016State, c: Command): GameEvent[] | Refusal {
  const p = s.pending;
  if (p?.kind !== 'displace') return refuse('RULES §2.2 displacement', 'no displaced figure is waiting to be placed');
  if (c.figure !== p.figure.id) return refuse('RULES §2.2 displacement', `${p.figure.id} is the displaced figure waiting to be placed`);
  const to = c.to as { x?: unknown; y?: unknown } | undefined;
  if (!to || !Number.isInteger(to.x) || !Number.isInteger(to.y)) return refuse('command', '"to" must be {x, y} with integers');
  const spot = p.options.find((o) => o.x === to.x && o.y === to.y);
  if (!spot) {
    return refuse('RULES §2.2 displacement', `${p.figure.id} goes to a nearest space it could move to: ${p.options.map((o) => `(${o.x},${o.y})`).join(', ')}, not (${to.x},${to.y})`);
  }
  const events: GameEvent[] = [];
  putDisplaced(s, p.figure, p.by, spot, events);
  placeNextDisplaced(s, p.by, p.waiting, events);
  return events;
}

type DoorEdge = { x1: number; y1: number; x2: number; y2: number };

/**
 * The door a door edge belongs to: the straight run of door edges it is part of (**Ruling**, RULES
 * §2.2 "the door is removed for good": a door drawn over two spaces, like the tutorial's, is one
 * door, and opening it from either space opens all of it). Just the edge when it is no door.
 */
export function doorRun(s: Doom2016State, x1: number, y1: number, x2: number, y2: number): DoorEdge[] {
  const { width: w, height: h, hEdges, vEdges } = s.board;
  const vertical = y1 === y2; // cells side by side: the edge between them runs north–south
  const x = Math.max(x1, x2);
  const y = Math.max(y1, y2);
  const isDoor = (k: number) => (vertical ? k >= 0 && k < h && vEdges[k * (w + 1) + x] === EdgeKind.door : k >= 0 && k < w && hEdges[y * w + k] === EdgeKind.door);
  const at = vertical ? y : x;
  if (!isDoor(at)) return [{ x1, y1, x2, y2 }];
  let lo = at;
  let hi = at;
  while (isDoor(lo - 1)) lo--;
  while (isDoor(hi + 1)) hi++;
  const out: DoorEdge[] = [];
  for (let k = lo; k <= hi; k++) out.push(vertical ? { x1: x - 1, y1: k, x2: x, y2: k } : { x1: k, y1: y - 1, x2: k, y2: y });
  return out;
}

/** Open the closed door next to the figure, one of the two cells given its (1 MP): all of its run of door edges (doorRun). */
export function openDoor(s: Doom2016State, c: Command): GameEvent[] | Refusal {
  const acting = actingFigure(s, c);
  if (isRefusal(acting)) return acting;
  const { f, a } = acting;
  const d = c.door as { x1?: unknown; y1?: unknown; x2?: unknown; y2?: unknown } | undefined;
  if (!d || ![d.x1, d.y1, d.x2, d.y2].every(Number.isInteger)) return refuse('command', '"door" must be {x1, y1, x2, y2}: the two cells on either side of the door');
  const [x1, y1, x2, y2] = [d.x1, d.y1, d.x2, d.y2] as number[];
  if (!covers(f, x1, y1) && !covers(f, x2, y2)) return refuse('RULES §2.2 doors', `${f.id} is not next to the door between (${x1},${y1}) and (${x2},${y2})`);
  if (a.mp < 1) return refuse('RULES §2.2 doors', `opening a door costs 1 MP; ${f.id} has ${a.mp}`);
  if (f.side === s.invaderSide && !s.mission.demonsOpenDoors && s.tokens.some((t) => t.kind === 'portal')) {
    return refuse('RULES §2.4 portals', 'demons cannot open doors while portals are on the board (mission rule)');
  }
  const board = boardOf(s);
  const run = doorRun(s, x1, y1, x2, y2);
  try {
    for (const e of run) board.openDoor(e.x1, e.y1, e.x2, e.y2);
  } catch (e) {
    return refuse('RULES §2.2 doors', (e as Error).message.replace(/^Invalid (board|query): /, ''));
  }
  s.board.hEdges = [...board.data.hEdges];
  s.board.vEdges = [...board.data.vEdges];
  a.mp -= 1;
  s.doorsOpened++;
  const events: GameEvent[] = [{ type: 'door-opened', figure: f.id, door: { x1, y1, x2, y2 }, ...(run.length > 1 ? { edges: run } : {}), mp: a.mp }];
  // Portals are removed once they summon, so only the first door a marine opens triggers this.
  if (f.side === s.marineSide && s.mission.summon === 'first-door' && s.tokens.some((t) => t.kind === 'portal')) revealPortals(s, events);
  return events;
}
