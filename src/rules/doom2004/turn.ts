/**
 * doom2004 turn structure (RULES §3 marine actions, orders, frags, objectives). RULES §3 leaves the
 * order of play open; the rulings here are listed in README ("doom2004 rulings"):
 *  - A round is the sides' phases in scenario order (normally the marines, then the invader).
 *  - Marine phase: each marine takes one turn, in any order: (respawn if fragged, then) announce an
 *    action — Sprint (2× speed), Advance (speed and one attack, in any order), Attack (two attacks),
 *    Ready (speed OR one attack, then the chosen order is placed when the turn ends) — act, end.
 *  - Invader phase: the invader activates each figure at most once (its speed in spaces and one
 *    attack, in any order) and ends the turn when it likes.
 */
import { Cell } from '../../core/types.ts';
import type { Objective } from '../../scenario/types.ts';
import type { GameEvent, Refusal } from '../types.ts';
import { wound } from './damage.ts';
import { cellsOf, unpack, figureAt, hasCell, hiddenCells, rangeFrom, refuse, ORDERS, type D4Figure, type D4State, type D4Turn, type Order } from './state.ts';

export const ACTIONS = ['sprint', 'advance', 'attack', 'ready'] as const;
export type Action = (typeof ACTIONS)[number];
export const ADRENALINE_BONUS = 4;
export const RESPAWN_MIN = 8;
export const RESPAWN_MAX = 16;

/** Movement and attacks an action gives (RULES §3 marine actions). */
export function actionAllowance(f: D4Figure, action: Action, adrenaline: boolean): { mp: number; attacks: number } {
  const bonus = adrenaline ? ADRENALINE_BONUS : 0;
  switch (action) {
    case 'sprint': return { mp: 2 * f.speed + bonus, attacks: 0 };
    case 'advance': return { mp: f.speed + bonus, attacks: 1 };
    case 'attack': return { mp: bonus, attacks: 2 };
    case 'ready': return { mp: f.speed + bonus, attacks: 1 };
  }
}

/** Marines of the game, on the board or waiting to respawn. */
export const allMarines = (s: D4State): D4Figure[] => [...s.figures.filter((f) => f.marine), ...s.fragged.map((x) => x.figure)];

/** Why marine `id` may not start its turn with this action (null when it may). */
export function actionRefusal(s: D4State, f: D4Figure, action: unknown, order: unknown, adrenaline: unknown): Refusal | null {
  if (!ACTIONS.includes(action as Action)) return refuse('command', `"action" must be one of ${ACTIONS.join(', ')}`);
  if (adrenaline !== undefined && typeof adrenaline !== 'boolean') return refuse('command', '"adrenaline" must be true or false');
  if (adrenaline && f.adrenaline < 1) return refuse('RULES §3 adrenaline', `${f.id} has no adrenaline token`);
  if (action === 'ready') {
    if (!ORDERS.includes(order as Order)) return refuse('command', `a Ready action places an order: "order" must be one of ${ORDERS.join(', ')}`);
    if (order === 'heal' && !f.medic) return refuse('RULES §3 heal', `only a marine with the Medic card may place a heal order; ${f.id} is no medic`);
    // Guard, dodge and heal end when this turn begins; an aim order stays until used, wounded or moved.
    const kept = f.order === 'aim' ? 'aim' : null;
    if (kept) return refuse('RULES §3 orders', `${f.id} already has an ${kept} order: a marine has one order at a time`);
  } else if (order !== undefined) {
    return refuse('command', 'only a Ready action places an order');
  }
  return null;
}

/** Start a marine's turn: orders that end "at the beginning of the marine's next turn" go. */
export function startMarineTurn(s: D4State, f: D4Figure, action: Action, order: Order | null, adrenaline: boolean, events: GameEvent[]): void {
  if (f.order && f.order !== 'aim') {
    events.push({ type: 'order-lost', figure: f.id, order: f.order, why: 'turn began' });
    f.order = null;
  }
  if (adrenaline) f.adrenaline--;
  const { mp, attacks } = actionAllowance(f, action, adrenaline);
  s.turn = { figure: f.id, action, mp, attacks, readyUse: null, order, moved: false };
  events.push({ type: 'action', figure: f.id, action, order, adrenaline, mp, attacks });
}

export function startActivation(s: D4State, f: D4Figure, events: GameEvent[]): void {
  s.turn = { figure: f.id, action: null, mp: f.speed, attacks: 1, readyUse: null, order: null, moved: false };
  events.push({ type: 'activated', figure: f.id, mp: f.speed });
}

/** Ready: the marine moved, so it may no longer attack (or attacked, so may no longer move). */
export function useReady(t: D4Turn, use: 'move' | 'attack'): void {
  if (t.action !== 'ready' || t.readyUse) return;
  t.readyUse = use;
  if (use === 'move') t.attacks = 0;
  else t.mp = 0;
}

/**
 * End the current turn/activation: a figure that stayed on a damaging obstacle all turn takes a
 * wound (Ruling: it did not move this turn), the Ready order is placed, berserk fades.
 */
export function endTurn(s: D4State, events: GameEvent[]): void {
  const t = s.turn!;
  s.turn = null;
  s.done.push(t.figure);
  const f = s.figures.find((g) => g.id === t.figure);
  events.push({ type: t.action ? 'turn-ended' : 'activation-ended', figure: t.figure });
  if (f && !t.moved && cellsOf(f).some(([x, y]) => hasCell(s, x, y, Cell.hazard))) wound(s, f, 1, 'damaging obstacle (stayed all turn)', events);
  const g = s.figures.find((x) => x.id === t.figure) ?? s.fragged.find((x) => x.figure.id === t.figure)?.figure;
  if (g && g.marine) {
    if (t.order && s.figures.includes(g) && g.order === null) {
      g.order = t.order;
      events.push({ type: 'order-placed', figure: g.id, order: t.order });
    }
    if (g.berserk > 0) {
      g.berserk--;
      events.push({ type: g.berserk === 0 ? 'berserk-ended' : 'berserk-faded', figure: g.id });
    }
  }
  advance(s, events);
}

/** Does the side of the current phase still have something to do? */
function phaseOpen(s: D4State): boolean {
  if (s.phase === 'marines') return allMarines(s).some((f) => !s.done.includes(f.id));
  return s.figures.some((f) => !f.marine && !s.done.includes(f.id));
}

/** Move on to the next phase (and round) when the current one has nothing left. */
export function advance(s: D4State, events: GameEvent[], force = false): void {
  if (s.turn || s.winner !== null) return;
  for (let k = 0; k < 4 && (force || !phaseOpen(s)); k++) {
    force = false;
    const order: ('marines' | 'invaders')[] = s.sides[0] === s.marineSide ? ['marines', 'invaders'] : ['invaders', 'marines'];
    const next = order[(order.indexOf(s.phase) + 1) % 2];
    if (next === order[0]) {
      s.round++;
      events.push({ type: 'round-started', round: s.round });
    }
    s.phase = next;
    s.done = [];
    events.push({ type: 'phase-started', side: next === 'marines' ? s.marineSide : s.invaderSide, round: s.round });
  }
}

/**
 * Respawn spaces (RULES §3 frags): revealed empty spaces 8–16 spaces from the frag space; else
 * those closest to that band. Ruling: "empty" = no figure, obstacle, barrel or damaging obstacle;
 * distance = doom2004 range (a path around walls, closed doors and obstacles); spaces no path
 * reaches are used only when no other space is empty.
 */
export function respawnSpaces(s: D4State, at: { x: number; y: number }): number[] {
  const range = rangeFrom(s, at.x, at.y);
  const hidden = hiddenCells(s);
  const W = s.board.width;
  let best = Infinity;
  let out: number[] = [];
  unpack(s.board.cells).forEach((c, i) => {
    if ((c & Cell.on) === 0 || (c & (Cell.obstacle | Cell.barrel | Cell.hazard)) !== 0 || hidden.has(i)) return;
    if (figureAt(s, i % W, Math.floor(i / W))) return;
    const r = range[i];
    const miss = r < 0 ? 1e6 : r < RESPAWN_MIN ? RESPAWN_MIN - r : r > RESPAWN_MAX ? r - RESPAWN_MAX : 0;
    if (miss < best) {
      best = miss;
      out = [];
    }
    if (miss === best) out.push(i);
  });
  return out;
}

/** Winner by the scenario's objectives: eliminate (default for both sides) and frags. */
export function checkWinner(s: D4State, events: GameEvent[]): void {
  if (s.winner !== null) return;
  const objectives: Objective[] = s.objectives.length ? s.objectives : s.sides.map((side) => ({ kind: 'eliminate', side }));
  for (const o of objectives) {
    let won = false;
    if (o.kind === 'frags') {
      const n = typeof o.frags === 'number' ? o.frags : 6;
      won = o.side === s.invaderSide && s.fragPoints >= n;
    } else if (o.kind === 'eliminate') {
      // No enemy on the board, none waiting to respawn, none in an unrevealed area.
      const enemyMarines = o.side !== s.marineSide;
      won = !s.figures.some((f) => f.marine === enemyMarines)
        && (!enemyMarines || s.fragged.length === 0)
        && !s.areas.some((a) => !a.revealed && a.figures.some((f) => (f.side === s.marineSide) === enemyMarines));
    }
    if (won) {
      s.winner = o.side;
      s.turn = null;
      s.pending = null;
      s.chain = null;
      s.window = null;
      events.push({ type: 'game-over', winner: o.side, objective: o.kind });
      return;
    }
  }
}

/**
 * After any command: a turn whose figure is gone ends; a blow-through walk whose figure is gone
 * stops. `hold`: the phase does not move on yet (a guard window may still open; the caller advances).
 */
export function tidy(s: D4State, events: GameEvent[], hold = false): void {
  if (s.chain && !s.figures.some((f) => f.id === s.chain!.figure)) s.chain = null;
  if (s.turn && !s.figures.some((f) => f.id === s.turn!.figure) && !s.pending) {
    const t = s.turn;
    s.turn = null;
    s.done.push(t.figure);
    events.push({ type: t.action ? 'turn-ended' : 'activation-ended', figure: t.figure, why: 'removed' });
    if (!hold) advance(s, events);
  }
}

