/**
 * doom2004 movement (RULES §3 movement actions, obstacles, teleporters, ducts, doors, tokens):
 * moves along the core's cheapest path, damaging obstacles, doors and security doors, picking up
 * and giving tokens, duct hops.
 */
import { Cell, EdgeKind } from '../../core/types.ts';
import type { GameEvent, Refusal } from '../types.ts';
import { wound } from './damage.ts';
import { cellBits, dataOf, doorEdge, cellsOf, setEdge, figureAt, hiddenCells, isRefusal, onMap, queryBoardOf, refuse, STANDARD_WEAPONS, type D4Door, type D4Figure, type D4State, type D4Token } from './state.ts';
import { movementBoard, planRoute, queryMovementBoard } from './route.ts';

/** A health token returns up to 3 wounds (RULES §3 tokens). */
export const HEALTH_TOKEN_HEAL = 3;
export const DOOR_COST = 2;
export const GIVE_COST = 1;
export const HOP_COST = 1;

export { movementBoard };

/** Where `f` may end a move with `mp` movement: indices y*W+x with their cost (> 0). */
export function reachable(s: D4State, f: D4Figure, mp: number): Map<number, number> {
  const out = new Map<number, number>();
  if (mp <= 0) return out;
  const r = queryMovementBoard(s, f).reach(s.figures.indexOf(f), mp);
  for (let i = 0; i < r.end.length; i++) if (r.end[i] && r.cost[i] > 0) out.set(i, r.cost[i]);
  return out;
}

/**
 * Move `f` to `to` spending at most `mp`, by the route the command names (route.ts: the cheapest
 * path by default). Each step whose new spaces include a damaging obstacle deals 1 automatic wound
 * (RULES §3); a figure killed on the way stops there, the whole route's cost spent.
 */
export function moveFigure(s: D4State, f: D4Figure, to: unknown, mp: number, events: GameEvent[], route?: unknown): Refusal | number {
  const t = to as { x?: unknown; y?: unknown } | null;
  if (!t || typeof t !== 'object' || !Number.isInteger(t.x) || !Number.isInteger(t.y)) return refuse('command', '"to" must be a space {x, y} with integers');
  const x = t.x as number;
  const y = t.y as number;
  const plan = planRoute(s, f, { x, y, o: 0 }, mp, route);
  if (isRefusal(plan)) return plan;
  const { steps, cost } = plan;
  const W = s.board.width;
  const from = { x: f.x, y: f.y };
  events.push({ type: 'moved', figure: f.id, from, to: { x, y }, cost, path: steps.map((p) => ({ x: p.x, y: p.y })) });
  for (let k = 1; k < steps.length && s.figures.includes(f); k++) {
    const before = new Set(cellsOf(f).map(([cx, cy]) => cy * W + cx));
    const teleported = Math.max(Math.abs(steps[k].x - f.x), Math.abs(steps[k].y - f.y)) > 1;
    f.x = steps[k].x;
    f.y = steps[k].y;
    if (teleported) events.push({ type: 'teleported', figure: f.id, to: { x: f.x, y: f.y } });
    const entered = cellsOf(f).some(([cx, cy]) => !before.has(cy * W + cx) && (cellBits(s, cy * W + cx) & Cell.hazard) !== 0);
    if (entered) wound(s, f, 1, 'damaging obstacle', events);
  }
  if (f.marine && f.order === 'aim' && s.figures.includes(f)) {
    f.order = null;
    events.push({ type: 'order-lost', figure: f.id, order: 'aim', why: 'moved' });
  }
  return cost;
}

// ------------------------------------------------------------------ doors

export function doorById(s: D4State, id: unknown): D4Door | Refusal {
  const d = s.doors.find((x) => x.id === id);
  return d ?? refuse('command', `no door ${JSON.stringify(id)} (doors: ${s.doors.map((x) => x.id).join(', ') || 'none'})`);
}

/** Why `f` may not open (or close) door `d` now, or null. Cost is checked by the caller. */
export function doorRefusal(s: D4State, f: D4Figure, d: D4Door, open: boolean): Refusal | null {
  const verb = open ? 'open' : 'close';
  if (d.open === open) return refuse('RULES §3 doors', `${d.id} is already ${open ? 'open' : 'closed'}`);
  if (!cellsOf(f).some(([x, y]) => d.cells.includes(y * s.board.width + x))) {
    return refuse('RULES §3 doors', `${f.id} must stand on a space next to ${d.id} to ${verb} it`);
  }
  if (d.key !== null) {
    if (!f.marine) return refuse('RULES §3 security doors', `invaders can never open or close a security door (${d.id}, ${d.key} key)`);
    if (!s.keys.includes(d.key)) return refuse('RULES §3 security doors', `${d.id} is locked until a marine finds the ${d.key} key`);
  }
  if (!open) {
    // The door line is blocked by a figure on both sides of it (an oversized invader).
    const W = s.board.width;
    for (const e of d.edges.map(doorEdge)) {
      const [a, b] = e.horizontal
        ? [[e.index % W, Math.floor(e.index / W) - 1], [e.index % W, Math.floor(e.index / W)]]
        : [[(e.index % (W + 1)) - 1, Math.floor(e.index / (W + 1))], [e.index % (W + 1), Math.floor(e.index / (W + 1))]];
      const fa = figureAt(s, a[0], a[1]);
      if (fa && fa === figureAt(s, b[0], b[1])) return refuse('RULES §3 doors', `${fa.id} blocks the door line of ${d.id}`);
    }
  }
  return null;
}

export function setDoor(s: D4State, d: D4Door, open: boolean): void {
  d.open = open;
  for (const e of d.edges.map(doorEdge)) setEdge(s, e.horizontal, e.index, open ? EdgeKind.none : EdgeKind.door);
}

// ------------------------------------------------------------------ tokens

/** Why marine `f` may not pick up token `t` (on its space; health only when wounded). */
export function pickUpRefusal(s: D4State, f: D4Figure, t: D4Token): Refusal | null {
  if (!f.marine) return refuse('RULES §3 tokens', 'equipment tokens may only be picked up by marines');
  if (!cellsOf(f).some(([x, y]) => x === t.x && y === t.y)) return refuse('RULES §3 tokens', `${t.id} is at (${t.x},${t.y}), not on ${f.id}'s space`);
  if (t.kind === 'health' && f.wounds === 0) return refuse('RULES §3 health', `${f.id} is at full health and cannot pick up ${t.id}`);
  return null;
}

export function pickUp(s: D4State, f: D4Figure, t: D4Token, events: GameEvent[]): void {
  s.tokens.splice(s.tokens.indexOf(t), 1);
  s.taken.push({ token: t.id, kind: t.kind, by: f.id });
  const ev: GameEvent = { type: 'picked-up', figure: f.id, token: t.id, kind: t.kind };
  switch (t.kind) {
    case 'ammo':
      f.ammo[t.ammo!] = (f.ammo[t.ammo!] ?? 0) + 1;
      ev.ammo = t.ammo;
      break;
    case 'armor':
      f.armor++;
      ev.armor = f.armor;
      break;
    case 'health': {
      const healed = Math.min(HEALTH_TOKEN_HEAL, f.wounds);
      f.wounds -= healed;
      ev.healed = healed;
      break;
    }
    case 'key':
      if (!s.keys.includes(t.color!)) s.keys.push(t.color!);
      ev.color = t.color;
      break;
    case 'weapon':
      if (!f.weapons.includes(t.weapon!) && !STANDARD_WEAPONS.includes(t.weapon!)) f.weapons.push(t.weapon!);
      ev.weapon = t.weapon;
      break;
    case 'adrenaline':
      f.adrenaline++;
      break;
    case 'berserk':
      // Unfaded now, half-faded at the end of the next turn, gone at the end of the one after.
      f.berserk = 3;
      break;
  }
  events.push(ev);
}

/** Marines adjacent to `f` (range 1 around walls and doors, by the core). */
export function adjacentMarines(s: D4State, f: D4Figure): D4Figure[] {
  const range = queryBoardOf(s).rangeMap(s.figures.indexOf(f));
  return s.figures.filter((g) => g !== f && g.marine && cellsOf(g).some(([x, y]) => range[y * s.board.width + x] === 1));
}

/** Give one weapon or ammo token to an adjacent marine (RULES §3: 1 space of movement). */
export function giveRefusal(s: D4State, f: D4Figure, to: unknown, weapon: unknown, ammo: unknown): Refusal | D4Figure {
  if (!f.marine) return refuse('RULES §3 tokens', 'only marines give tokens');
  const g = s.figures.find((x) => x.id === to);
  if (!g) return refuse('command', `"to" must be a marine on the board, got ${JSON.stringify(to)}`);
  if (!adjacentMarines(s, f).includes(g)) return refuse('RULES §3 give', `${g.id} is not a marine adjacent to ${f.id}`);
  if ((weapon === undefined) === (ammo === undefined)) return refuse('command', 'give exactly one "weapon" or one "ammo" token');
  if (weapon !== undefined) {
    if (typeof weapon !== 'string' || !f.weapons.includes(weapon)) return refuse('RULES §3 give', `${f.id} has no ${JSON.stringify(weapon)} weapon token to give (the standard weapons are not tokens)`);
  } else if (typeof ammo !== 'string' || (f.ammo[ammo] ?? 0) < 1) {
    return refuse('RULES §3 give', `${f.id} has no ${JSON.stringify(ammo)} ammo token to give`);
  }
  return g;
}

// ------------------------------------------------------------------ ducts

/** Why invader `f` may not hop through the ducts to (x,y). Ruling: 1×1 scuttlers only. */
export function hopRefusal(s: D4State, f: D4Figure, to: unknown): Refusal | number {
  if (f.marine || !(dataOf(s).units[f.type].abilities ?? []).includes('scuttle')) return refuse('RULES §3 ducts', `only invaders with the scuttle ability use ducts; ${f.id} has not`);
  if (f.w * f.h !== 1) return refuse('RULES §3 ducts', `${f.id} is too large for the ducts (Ruling: 1×1 figures only)`);
  const t = to as { x?: unknown; y?: unknown } | null;
  if (!t || typeof t !== 'object' || !Number.isInteger(t.x) || !Number.isInteger(t.y)) return refuse('command', '"to" must be a space {x, y} with integers');
  const [x, y] = [t.x as number, t.y as number];
  const W = s.board.width;
  if (!s.ducts.includes(f.y * W + f.x)) return refuse('RULES §3 ducts', `${f.id} is not on a duct`);
  if (!onMap(s, x, y) || !s.ducts.includes(y * W + x) || (x === f.x && y === f.y)) return refuse('RULES §3 ducts', `(${x},${y}) is not another duct`);
  if (hiddenCells(s).has(y * W + x)) return refuse('RULES §3 ducts', `the duct at (${x},${y}) has not been revealed`);
  const there = figureAt(s, x, y);
  if (there) return refuse('RULES §3 ducts', `the duct at (${x},${y}) is blocked by ${there.id}`);
  return y * W + x;
}
